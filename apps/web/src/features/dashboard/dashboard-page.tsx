import { Card, Col, Row, Typography } from 'antd';
import { useSession } from '../../lib/session-store';
import { formatCuit } from '@portal/contract';

/**
 * /{profile}/dashboard. The porlets (cards, charts, grain position) come from the dashboard call of the
 * administration-and-dashboards issue; until then the page greets the user in the chosen company and entity.
 */
export function DashboardPage() {
  const { host, entity } = useSession();
  return (
    <div className="page">
      <Typography.Title level={3} className="page-title">
        Inicio
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title="Empresa" data-testid="dashboard-company">
            <Typography.Text strong>{host?.razonsocial}</Typography.Text>
            <br />
            <Typography.Text type="secondary">CUIT {host ? formatCuit(host.cuit) : ''}</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="Entidad" data-testid="dashboard-entity">
            <Typography.Text strong>{entity?.label}</Typography.Text>
            <br />
            <Typography.Text type="secondary">Código {entity?.codent}</Typography.Text>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
