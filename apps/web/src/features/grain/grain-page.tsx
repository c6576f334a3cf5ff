import { useMemo, useState } from 'react';
import { Alert, Button, Radio, Select, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { Carousel } from '../../lib/carousel';
import { lazyOverlay } from '../../lib/lazy-overlay';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { fiscalMsg, formatDateSlash, GRAIN_VOUCHERS, msg, parseFiscalDate, type GrainResponse, type GrainRow } from '@portal/contract';
import { errorMessage } from '../../lib/api';
import { useIsMobile } from '../../lib/device';
import { ListEmpty } from '../../lib/list-empty';
import { ListPageHeader, useLoadMoreOnView } from '../../lib/list-page';
import { useNotify } from '../../lib/notify';
import { useSession } from '../../lib/session-store';
import { exportGrain, useGrainDetail, useGrainLedger, type GrainSearch } from './api/grain';
import type { GrainDates } from './components/grain-search-drawer';
import './grain.css';

const GrainSearchDrawer = lazyOverlay(() => import('./components/grain-search-drawer').then((m) => m.GrainSearchDrawer), (p) => p.open);

/**
 * /{profile}/granos/{grano}/{cosecha}: 'FICHA DE GRANOS' (statements.md §2): a tab per grain, harvest
 * multi-select, summary option, six balance values per slide, the ledger with column totals, the 'DP' badge,
 * certificates that expand to their loads, PDF/EXCEL (no ZIP), 7 rows at a time.
 */
export function GrainPage() {
  const { grano, cosecha } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const notify = useNotify();
  const { host, entity } = useSession();
  const codres = (['ENT', 'SAL'].includes(params.get('codres') ?? '') ? params.get('codres') : 'TOD') as GrainSearch['codres'];
  const cosechas = useMemo(() => (cosecha ? cosecha.split(',').filter(Boolean) : []), [cosecha]);
  const codcomParam = params.get('codcom');
  const dates: GrainDates = {
    fechaDesde: parseFiscalDate(params.get('desde') ?? ''),
    fechaHasta: parseFiscalDate(params.get('hasta') ?? ''),
    codcom: GRAIN_VOUCHERS.some((v) => v.codcom === codcomParam) ? codcomParam : null,
  };
  const search: GrainSearch = { grano: grano ?? null, cosechas, codres, ...dates };
  const [searchOpen, setSearchOpen] = useState(false);
  const list = useGrainLedger(host?.cuit ?? null, entity?.codent ?? null, search);
  const [exporting, setExporting] = useState<'pdf' | 'excel' | null>(null);
  const pages = list.data?.pages ?? [];
  const first: GrainResponse | undefined = pages[0];
  const items = pages.flatMap((p) => p.items);
  const current = first?.grano ?? grano ?? null;

  /** The summary and the search live in the query; the grain and harvests in the path. */
  function setQuery(next: { codres?: GrainSearch['codres'] } & Partial<GrainDates>) {
    const v = { codres, ...dates, ...next };
    const p = new URLSearchParams();
    if (v.codres !== 'TOD') p.set('codres', v.codres);
    if (v.fechaDesde) p.set('desde', v.fechaDesde);
    if (v.fechaHasta) p.set('hasta', v.fechaHasta);
    if (v.codcom) p.set('codcom', v.codcom);
    setParams(p);
  }

  // On a phone the next batch loads by itself when 'Mostrar más movimientos' scrolls into view (§2).
  const moreRef = useLoadMoreOnView(mobile, list, items.length);

  const go = (g: string | null, hs: string[]) => navigate(`/1/granos/${encodeURIComponent(g ?? '')}${hs.length ? `/${encodeURIComponent(hs.join(','))}` : ''}${params.toString() ? `?${params}` : ''}`);

  function handleExport(type: 'pdf' | 'excel') {
    setExporting(type);
    exportGrain({ ...search, grano: current }, type)
      .catch((e: unknown) => notify.error(fiscalMsg.errorDescargaArchivo, errorMessage(e, msg.errorInterno)))
      .finally(() => setExporting(null));
  }

  const perSlide = mobile ? 1 : 6;
  const values = first?.valoresdegranos ?? [];
  const slides: (typeof values)[] = [];
  for (let i = 0; i < values.length; i += perSlide) slides.push(values.slice(i, i + perSlide));

  const num = (key: 'entradas_con_formato' | 'certificados_con_formato' | 'salidas_con_formato' | 'saldo_con_formato') => (_: unknown, r: GrainRow) => (
    <span className="grain-kg">{r[key]}</span>
  );

  return (
    <div className="page grain-page">
      <ListPageHeader
        title="FICHA DE GRANOS"
        toolbarClassName="grain-toolbar"
        searchLabel="Buscar movimientos"
        onSearch={() => setSearchOpen(true)}
        exporting={exporting}
        onExport={handleExport}
      />
      {first && first.granos.length > 0 && (
        <Tabs activeKey={current ?? undefined} onChange={(g) => go(g, [])} items={first.granos.map((g) => ({ key: g.grano, label: g.descripcion }))} />
      )}
      {slides.length > 0 && (
        <div className="grain-carousel" data-testid="grain-carousel">
          <Carousel autoplay={slides.length > 1} autoplaySpeed={10_000} dots={slides.length > 1}>
            {slides.map((slide, i) => (
              <div key={i}>
                <div className="grain-slide" style={{ gridTemplateColumns: `repeat(${perSlide}, minmax(0, 1fr))` }}>
                  {slide.map((v) => (
                    <div key={v.descri} className="grain-value" data-testid="grain-value">
                      <Typography.Text type="secondary" className="grain-value-title">
                        {v.descri}
                      </Typography.Text>
                      <span className="grain-value-amount">{v.valor}</span>
                    </div>
                  ))}
                </div>
              </div>
            ))}
          </Carousel>
        </div>
      )}
      {first && (
        <div className="grain-filters">
          <Select
            mode="multiple"
            allowClear
            className="grain-harvests"
            placeholder="Todas las cosechas"
            aria-label="Cosechas"
            value={cosechas}
            onChange={(hs: string[]) => go(current, hs)}
            options={first.cosechas.map((c) => ({ value: c.cosecha, label: c.descripcion }))}
          />
          <Radio.Group
            value={codres}
            optionType={mobile ? 'default' : 'button'}
            onChange={(e) => setQuery({ codres: e.target.value as GrainSearch['codres'] })}
            options={first.resumenes.map((r) => ({ value: r.codres, label: r.desres }))}
          />
        </div>
      )}
      {(dates.fechaDesde || dates.fechaHasta || dates.codcom) && (
        <div className="grain-active-search" data-testid="grain-active-search">
          {(dates.fechaDesde || dates.fechaHasta) && (
            <Tag>
              {dates.fechaDesde ? `Desde ${formatDateSlash(dates.fechaDesde)} ` : ''}
              {dates.fechaHasta ? `hasta ${formatDateSlash(dates.fechaHasta)}` : ''}
            </Tag>
          )}
          {dates.codcom && <Tag>{GRAIN_VOUCHERS.find((v) => v.codcom === dates.codcom)?.descom}</Tag>}
          <Button type="link" size="small" onClick={() => setQuery({ fechaDesde: null, fechaHasta: null, codcom: null })}>
            Quitar filtros
          </Button>
        </div>
      )}
      {first && (
        <Typography.Text type="secondary" className="grain-count">
          {first.total} {first.total === 1 ? 'movimiento' : 'movimientos'}
        </Typography.Text>
      )}
      {list.isError && <Alert type="error" showIcon title={msg.errorCargarDatos} description={errorMessage(list.error, msg.errorObtenerDatos)} />}
      {mobile ? (
        <GrainCards items={items} query={list} totals={first?.totales ?? null} />
      ) : (
        <Table<GrainRow>
          rowKey="id"
          size="middle"
          className="grain-table"
          dataSource={items}
          pagination={false}
          scroll={{ x: 820 }}
          locale={{ emptyText: <ListEmpty query={list} text={msg.noHayMasRegistros} /> }}
          onRow={(r) => ({ 'data-testid': `grain-row-${r.id}` }) as React.HTMLAttributes<HTMLTableRowElement>}
          expandable={{ rowExpandable: (r) => r.expande, expandedRowRender: (r) => <GrainDetail row={r} /> }}
          columns={[
            { title: 'Fecha', dataIndex: 'fecha', width: 100 },
            {
              title: 'Comprobante',
              key: 'comprobante',
              render: (_, r) => (
                <span>
                  {r.deslar2}{' '}
                  {r.directo && (
                    <Tag color="blue" className="grain-dp">
                      DP
                    </Tag>
                  )}
                </span>
              ),
            },
            { title: 'Número', dataIndex: 'numpre', width: 132 },
            { title: 'Cosecha', dataIndex: 'cosecha', width: 90 },
            { title: 'Entradas', key: 'e', align: 'right', render: num('entradas_con_formato') },
            { title: 'Certificados', key: 'c', align: 'right', render: num('certificados_con_formato') },
            { title: 'Salidas', key: 's', align: 'right', render: num('salidas_con_formato') },
            { title: 'Saldo', key: 'saldo', align: 'right', render: num('saldo_con_formato') },
          ]}
          summary={() =>
            first ? (
              <Table.Summary.Row className="grain-totals" data-testid="grain-totals">
                <Table.Summary.Cell index={0} colSpan={5}>
                  <strong>Totales (kg)</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">{first.totales.entradas_con_formato}</Table.Summary.Cell>
                <Table.Summary.Cell index={6} align="right">{first.totales.certificados_con_formato}</Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="right">{first.totales.salidas_con_formato}</Table.Summary.Cell>
                <Table.Summary.Cell index={8} align="right">
                  <strong>{first.totales.saldo_con_formato}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      )}
      {pages.length > 0 && (
        <div className="grain-more" ref={moreRef}>
          {list.isFetchingNextPage ? (
            <Spin size="small" />
          ) : list.hasNextPage ? (
            <Button onClick={() => void list.fetchNextPage()}>Mostrar más movimientos</Button>
          ) : (
            items.length > 0 && <Typography.Text type="secondary">{msg.noHayMasRegistros}</Typography.Text>
          )}
        </div>
      )}
      <GrainSearchDrawer
        open={searchOpen}
        mobile={mobile}
        value={dates}
        tipos={first?.tipodecomprobantes ?? []}
        onClose={() => setSearchOpen(false)}
        onSearch={(next) => {
          setSearchOpen(false);
          setQuery(next);
        }}
      />
    </div>
  );
}

/** The ledger on a phone: a card per movement with its kilograms and the balance; certificates open their loads. */
function GrainCards({ items, query, totals }: { items: GrainRow[]; query: { isPending: boolean; isError: boolean }; totals: GrainResponse['totales'] | null }) {
  const [open, setOpen] = useState<string | null>(null);
  if (items.length === 0) return <ListEmpty query={query} text={msg.noHayMasRegistros} />;
  return (
    <div className="grain-cards">
      {items.map((r) => {
        const move = r.entradas ? `+${r.entradas_con_formato}` : r.salidas ? `−${r.salidas_con_formato}` : r.certificados_con_formato;
        return (
          <article key={r.id} className="grain-card" data-testid={`grain-row-${r.id}`}>
            <div className="grain-card-head">
              <div className="grain-card-title">
                <Typography.Text strong>
                  {r.deslar2}{' '}
                  {r.directo && (
                    <Tag color="blue" className="grain-dp">
                      DP
                    </Tag>
                  )}
                </Typography.Text>
                <Typography.Text type="secondary" className="grain-card-sub">
                  {r.fecha} · {r.numpre} · {r.cosecha}
                </Typography.Text>
              </div>
              <span className={`grain-kg grain-card-move ${r.salidas ? 'is-out' : r.entradas ? 'is-in' : ''}`}>{move} kg</span>
            </div>
            <div className="grain-card-foot">
              {r.expande ? (
                <Button type="link" size="small" className="grain-card-toggle" onClick={() => setOpen(open === r.id ? null : r.id)}>
                  {open === r.id ? 'Ocultar descargas' : 'Ver descargas'}
                </Button>
              ) : (
                <span />
              )}
              <span className="grain-card-balance">
                <Typography.Text type="secondary">Saldo </Typography.Text>
                <span className="grain-kg">{r.saldo_con_formato} kg</span>
              </span>
            </div>
            {open === r.id && <GrainDetail row={r} />}
          </article>
        );
      })}
      {totals && items.length > 0 && (
        <div className="grain-card grain-totals-card" data-testid="grain-totals">
          <Typography.Text strong>Totales (kg)</Typography.Text>
          <div className="grain-totals-grid">
            <span>Entradas</span>
            <span className="grain-kg">{totals.entradas_con_formato}</span>
            <span>Certificados</span>
            <span className="grain-kg">{totals.certificados_con_formato}</span>
            <span>Salidas</span>
            <span className="grain-kg">{totals.salidas_con_formato}</span>
            <strong>Saldo</strong>
            <strong className="grain-kg">{totals.saldo_con_formato}</strong>
          </div>
        </div>
      )}
    </div>
  );
}

function GrainDetail({ row }: { row: GrainRow }) {
  const detail = useGrainDetail({ codcom: row.codcom2, codtal: row.codtal2, numero: row.numero2 });
  if (detail.isLoading) return <Spin size="small" />;
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      data-testid="grain-detail"
      dataSource={detail.data?.items ?? []}
      columns={[
        { title: 'Fecha', dataIndex: 'fecha' },
        { title: 'Comprobante', dataIndex: 'deslar2' },
        { title: 'Número', dataIndex: 'numpre' },
        { title: 'Entradas', dataIndex: 'entradas_con_formato', align: 'right' },
        { title: 'Certificados', dataIndex: 'certificados_con_formato', align: 'right' },
        { title: 'Salidas', dataIndex: 'salidas_con_formato', align: 'right' },
      ]}
    />
  );
}
