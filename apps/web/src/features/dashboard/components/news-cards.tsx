import { Card, Carousel, Col, Row, Typography } from 'antd';
import DOMPurify from 'dompurify';
import { useNavigate } from 'react-router';
import type { Porlet } from '@portal/contract';

type NewsProps = { porlets: Porlet[]; profile: number; mobile: boolean };

/** Text and html cards; banners on desktop only, every 5 s (access.md §2). */
export function NewsCards({ porlets, profile, mobile }: NewsProps) {
  const cards = porlets.filter((p): p is Extract<Porlet, { tipo: 'texto' | 'html' }> => p.tipo === 'texto' || p.tipo === 'html');
  const banners = porlets.find((p): p is Extract<Porlet, { tipo: 'banners' }> => p.tipo === 'banners');
  return (
    <>
      {cards.length > 0 && (
        <Row gutter={[12, 12]}>
          {cards.map((c) => (
            <Col key={c.id} xs={24} md={12}>
              <Card size="small" title={c.titulo} className="news-card" data-testid={`porlet-${c.id}`}>
                {c.tipo === 'texto' ? (
                  <Typography.Paragraph style={{ marginBottom: 0 }}>{c.texto}</Typography.Paragraph>
                ) : (
                  // Cleaned on the server and again here before it reaches the DOM.
                  <div className="html-card" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(c.html, { ADD_ATTR: ['target'] }) }} />
                )}
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {banners && !mobile && <Banners banners={banners} profile={profile} />}
    </>
  );
}

function Banners({ banners, profile }: { banners: Extract<Porlet, { tipo: 'banners' }>; profile: number }) {
  const navigate = useNavigate();
  return (
    <div data-testid="banners">
    <Carousel autoplay={{ dotDuration: true }} autoplaySpeed={5000} className="banner-carousel">
      {banners.items.map((b) => (
        <div key={b.titulo}>
          <div className="banner" style={{ backgroundImage: `url("${b.imagen}")` }}>
            <div className="banner-text">
              <div className="banner-title">{b.titulo}</div>
              <div className="banner-body">{b.texto}</div>
              {b.link && (
                <a
                  className="banner-link"
                  href={/^https?:/i.test(b.link) ? b.link : `#/${profile}/${b.link}`}
                  target={/^https?:/i.test(b.link) ? '_blank' : undefined}
                  rel={/^https?:/i.test(b.link) ? 'noopener noreferrer' : undefined}
                  onClick={(e) => {
                    if (!/^https?:/i.test(b.link!)) {
                      e.preventDefault();
                      navigate(`/${profile}/${b.link}`);
                    }
                  }}
                >
                  {b.link_texto ?? 'Ver más'}
                </a>
              )}
            </div>
          </div>
        </div>
      ))}
    </Carousel>
    </div>
  );
}
