import { lazy, memo, Suspense } from 'react';
import { Col, Row } from 'antd';
import DOMPurify from 'dompurify';
import type { Porlet } from '@portal/contract';
import { Panel } from '../../../lib/panel';

// Banners are a desktop feature: the carousel's code is not downloaded on a phone (docs/decisions/web-delivery.md).
const Banners = lazy(() => import('./banners').then((m) => ({ default: m.Banners })));

type NewsProps = { porlets: Porlet[]; profile: number; mobile: boolean };

/**
 * Text and html cards; banners on desktop only, every 5 s (access.md §2). Drawn again only when its answer changes
 * (not when the page draws its charts a frame later: the html cards are sanitised on each draw).
 */
export const NewsCards = memo(function NewsCards({ porlets, profile, mobile }: NewsProps) {
  const cards = porlets.filter((p): p is Extract<Porlet, { tipo: 'texto' | 'html' }> => p.tipo === 'texto' || p.tipo === 'html');
  const banners = porlets.find((p): p is Extract<Porlet, { tipo: 'banners' }> => p.tipo === 'banners');
  return (
    <>
      {cards.length > 0 && (
        <Row gutter={[12, 12]}>
          {cards.map((c) => (
            <Col key={c.id} xs={24} md={12}>
              <Panel title={c.titulo} className="news-card" data-testid={`porlet-${c.id}`}>
                {c.tipo === 'texto' ? (
                  <p className="news-text">{c.texto}</p>
                ) : (
                  // Cleaned on the server and again here before it reaches the DOM.
                  <div className="html-card" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(c.html, { ADD_ATTR: ['target'] }) }} />
                )}
              </Panel>
            </Col>
          ))}
        </Row>
      )}
      {banners && !mobile && (
        // The carousel's own height is kept while its code arrives, so the page below does not jump.
        <Suspense fallback={<div className="banner-carousel banner-placeholder" />}>
          <Banners banners={banners} profile={profile} />
        </Suspense>
      )}
    </>
  );
});
