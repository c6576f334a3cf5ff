import { lazy, Suspense } from 'react';
import { Col, Row, Skeleton, Space, theme } from 'antd';
import { useNavigate, useOutletContext, useSearchParams } from 'react-router';
import { msg, type Porlet } from '@portal/contract';
import { errorMessage } from '../../lib/api';
import { ErrorResult } from '../../lib/error-result';
import { useIsMobile } from '../../lib/device';
import { useSession } from '../../lib/session-store';
import { useAfterFirstPaint } from '../../lib/after-paint';
import type { ShellContext } from '../../lib/shell-context';
import { useDashboard } from './api/get-dashboard';
import { useSellers, useZones } from './api/get-filter-lists';
import { SummaryCards } from './components/summary-cards';
import { BarChartCard } from './components/bar-chart-card';
import { GrainPosition } from './components/grain-position';
import { NewsCards } from './components/news-cards';
import { TableCard } from './components/table-card';
import { ProductCarousels } from './components/product-carousels';
import { liveSearchParams } from '../../lib/url-params';

// The zone dashboard's filters (Select) load with it only: the customer's dashboard has none.
const StaffFilters = lazy(() => import('./components/staff-filters').then((m) => ({ default: m.StaffFilters })));

const TITLES: Record<number, string> = { 1: 'Inicio', 2: 'Tablero del vendedor', 3: 'Tablero de la zona', 4: 'Inicio', 5: 'Inicio', 6: 'Inicio' };

/** /{profile}/dashboard: computed by the server for the company, entity and profile. Filters live in the URL. */
export function DashboardPage() {
  const { profile, adminweb } = useOutletContext<ShellContext>();
  const { host, entity } = useSession();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const vendedor = params.get('vendedor') ? Number(params.get('vendedor')) : undefined;
  const zona = params.get('zona') ? Number(params.get('zona')) : undefined;
  const staff = profile === 2 || profile === 3;
  const dashboard = useDashboard({ cuit: host?.cuit ?? null, entity: entity?.codent ?? null, profile, vendedor, zona });
  const sellers = useSellers(host?.cuit ?? null, profile === 3 && adminweb);
  const zones = useZones(host?.cuit ?? null, profile === 3 && adminweb);

  function setFilter(key: 'vendedor' | 'zona', value: number | undefined) {
    const next = liveSearchParams();
    if (value === undefined) next.delete(key);
    else next.set(key, String(value));
    setParams(next, { replace: true });
  }

  // What the phone's first screenful does not show (the charts, the tables, the grain position) is drawn a frame after
  // the news and the summary, so the figures paint without waiting for them (docs/decisions/web-delivery.md,
  // 'Dashboard'): their render and the charts' measuring of their width (a forced layout) came before the first paint.
  const below = useAfterFirstPaint(dashboard.isSuccess);

  const porlets = dashboard.data?.porlets ?? [];
  const of = <T extends Porlet['tipo']>(tipo: T) => porlets.filter((p): p is Extract<Porlet, { tipo: T }> => p.tipo === tipo);
  // An administrator picks any seller; a zone manager the sellers of the zone, as 'Ventas por vendedor' lists them.
  const zoneSellers = of('barras').find((p) => p.id === 'ventas-vendedor')?.serie.map((b) => ({ id: Number(b.label), descripcion: b.nombre }));
  const sellerOptions = adminweb ? (sellers.data ?? []) : (zoneSellers ?? []);

  return (
    <div className="page dashboard">
      <div className="page-heading">
        <div>
          {/* Plain elements drawn like Typography's (Typography is not worth its weight on the first page). */}
          <h3 className="heading-3 page-title">{TITLES[profile] ?? 'Inicio'}</h3>
          <span className="text-secondary dashboard-context">
            <span data-testid="dashboard-entity">
              {entity?.label} · Código {entity?.codent}
            </span>
            {' · '}
            <span data-testid="dashboard-company">{host?.razonsocial}</span>
          </span>
        </div>
        {profile === 3 && (
          <Suspense fallback={null}>
            <StaffFilters vendedor={vendedor} zona={zona} sellers={sellerOptions} zones={adminweb ? zones.data : undefined} onFilter={setFilter} />
          </Suspense>
        )}
      </div>
      {dashboard.isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : dashboard.isError ? (
        <ErrorResult status="warning" title={msg.errorCargarDatos} subTitle={errorMessage(dashboard.error, msg.errorObtenerDatos)} />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <NewsCards porlets={porlets} profile={profile} mobile={mobile} />
          {of('resumen').map((p) => (
            <SummaryCards key={p.id} porlet={p} />
          ))}
          {profile === 1 && host && entity && (
            <ProductCarousels cuit={host.cuit} entity={entity.codent} mobile={mobile} onProduct={(id) => navigate(`/${profile}/pedidos/${id}`)} />
          )}
          {below && (of('barras').length > 0 || of('tabla').length > 0) && (
            <Row gutter={[12, 12]}>
              {of('barras').map((p) => (
                <Col key={p.id} xs={24} lg={p.orientacion === 'horizontal' && !staff ? 24 : 12}>
                  <BarChartCard
                    porlet={p}
                    color={token.colorPrimary}
                    mobile={mobile}
                    onBarClick={p.link ? (label) => navigate(`/${profile}/${p.link}/${encodeURIComponent(label)}`) : undefined}
                  />
                </Col>
              ))}
              {of('tabla').map((p) => (
                <Col key={p.id} xs={24} lg={12}>
                  <TableCard porlet={p} />
                </Col>
              ))}
            </Row>
          )}
          {below && profile === 1 && (
            <GrainPosition
              rows={dashboard.data?.etenet_fichares.items ?? []}
              mobile={mobile}
              onRow={(r) => navigate(`/1/granos/${encodeURIComponent(r.cereal)}/${encodeURIComponent(r.cosecha)}`)}
            />
          )}
        </Space>
      )}
    </div>
  );
}
