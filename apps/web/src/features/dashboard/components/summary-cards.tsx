import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { Porlet } from '@portal/contract';

type SummaryCardsProps = { porlet: Extract<Porlet, { tipo: 'resumen' }> };

const TONE: Record<string, string | undefined> = { alerta: '#C62828', positivo: '#2E7D32', normal: undefined };

export function SummaryCards({ porlet }: SummaryCardsProps) {
  return (
    <Row gutter={[12, 12]} data-testid={`porlet-${porlet.id}`}>
      {porlet.items.map((item) => (
        <Col key={item.id} flex="1 1 170px">
          <Card size="small" className="summary-card" data-testid={`summary-${item.id}`}>
            <Statistic title={item.label} value={item.valor_con_formato} styles={{ content: { color: TONE[item.tono], fontSize: 20 } }} />
            {item.detalle && (
              <Typography.Text type="secondary" className="summary-detail">
                {item.detalle}
              </Typography.Text>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
