import { memo } from 'react';
import { Col, Row, Statistic } from 'antd';
import type { Porlet } from '@portal/contract';
import { Panel } from '../../../lib/panel';

type SummaryCardsProps = { porlet: Extract<Porlet, { tipo: 'resumen' }> };

const TONE: Record<string, string | undefined> = { alerta: '#C62828', positivo: '#2E7D32', normal: undefined };

/** The summary's figures; drawn again only when its answer changes (not when the page draws its charts). */
export const SummaryCards = memo(function SummaryCards({ porlet }: SummaryCardsProps) {
  return (
    <Row gutter={[12, 12]} data-testid={`porlet-${porlet.id}`}>
      {porlet.items.map((item) => (
        <Col key={item.id} flex="1 1 170px">
          <Panel className="summary-card" data-testid={`summary-${item.id}`}>
            <Statistic title={item.label} value={item.valor_con_formato} styles={{ content: { color: TONE[item.tono], fontSize: 20 } }} />
            {item.detalle && (
              <span className="text-secondary summary-detail">{item.detalle}</span>
            )}
          </Panel>
        </Col>
      ))}
    </Row>
  );
});
