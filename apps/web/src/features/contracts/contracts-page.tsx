import { useMemo, useState } from 'react';
import { Alert, Button, Radio, Spin, Tabs, Tag, Typography } from 'antd';
import { lazyOverlay } from '../../lib/lazy-overlay';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { contractMsg, fiscalMsg, formatDateSlash, msg, type ContractRow } from '@portal/contract';
import { ApiError, errorMessage } from '../../lib/api';
import { useIsMobile } from '../../lib/device';
import { ListPageHeader, useLoadMoreOnView } from '../../lib/list-page';
import { printBase64Pdf } from '../../lib/files';
import { useNotify } from '../../lib/notify';
import { useSession } from '../../lib/session-store';
import { useFeedback } from '../../lib/feedback';
import { exportContracts, fetchContractPrint, useContracts } from './api/contracts';
import { ContractsList } from './components/contracts-list';
import { hasSearchFilters, searchFromParams, searchToParams, type ContractSearch } from './search-rules';
import './contracts.css';

const ContractDrawer = lazyOverlay(() => import('./components/contract-drawer').then((m) => m.ContractDrawer), (p) => p.contract != null);
const ContractSearchDrawer = lazyOverlay(() => import('./components/contract-search-drawer').then((m) => m.ContractSearchDrawer), (p) => p.open);

/**
 * /{profile}/contratos and /{profile}/contratos/{grano} (statements.md §2 'Contracts'): a tab per grain, the summary
 * radio, the kilograms of the filter, the contracts 7 at a time with rows that expand to what was applied to them, the
 * search drawer (dates, harvests), the detail drawer with its print options and the exports. Filters live in the URL.
 */
export function ContractsPage() {
  const { grano, profile } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const notify = useNotify();
  const { notification } = useFeedback();
  const { host, entity } = useSession();
  // useSearchParams answers the same object until the URL's query changes.
  const search = useMemo(() => searchFromParams(grano, params), [grano, params]);
  const list = useContracts({ cuit: host?.cuit ?? null, entity: entity?.codent ?? null, search });
  const [searchOpen, setSearchOpen] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [printing, setPrinting] = useState<1 | 2 | null>(null);
  const [exporting, setExporting] = useState<'pdf' | 'excel' | null>(null);

  const pages = useMemo(() => list.data?.pages ?? [], [list.data]);
  const items = useMemo(() => pages.flatMap((p) => p.items), [pages]);
  const first = pages[0];
  const current = first?.grano ?? search.grano;
  const open = items.find((c) => c.id === openId) ?? null;

  function update(patch: Partial<ContractSearch>) {
    const next = { ...search, ...patch };
    const path = `/${profile ?? 1}/contratos${next.grano ? `/${encodeURIComponent(next.grano)}` : ''}`;
    const qs = searchToParams(next).toString();
    if ((next.grano ?? null) !== (search.grano ?? null)) navigate(`${path}${qs ? `?${qs}` : ''}`);
    else setParams(searchToParams(next));
    window.scrollTo({ top: 0 });
  }

  // On a phone the next batch loads by itself when 'Mostrar más contratos' scrolls into view.
  const moreRef = useLoadMoreOnView(mobile, list, items.length);

  function handlePrint(c: ContractRow, which: 1 | 2) {
    const noPrint = (description?: string) => notification.warning({ title: contractMsg.sinImpresion, description, placement: 'bottomRight', duration: 9 });
    const printable = which === 1 ? c.imprime1 : c.imprime2;
    if (!printable) {
      noPrint();
      return;
    }
    if (printing) return;
    setPrinting(which);
    const key = which === 1 ? { codcom: c.codcom1, codtal: c.codtal1, numero: c.numero1 } : { codcom: c.codcom2, codtal: c.codtal2, numero: c.numero2 };
    fetchContractPrint(key)
      .then((a) => (a.success ? printBase64Pdf(a.archivos.archivo) : noPrint(a.msg)))
      .catch((e: unknown) => (e instanceof ApiError && e.status === 404 ? noPrint(e.message) : notify.error('Error', errorMessage(e, msg.errorInterno))))
      .finally(() => setPrinting(null));
  }

  function handleExport(type: 'pdf' | 'excel') {
    if (exporting) return;
    setExporting(type);
    exportContracts(search, current, type)
      .catch((e: unknown) => notify.error(fiscalMsg.errorDescargaArchivo, errorMessage(e, msg.errorInterno)))
      .finally(() => setExporting(null));
  }

  const t = first?.totales;
  const loadedAll = !list.isError && pages.length > 0 && !list.hasNextPage;

  return (
    <div className="page contract-page" data-testid="contracts-page">
      <ListPageHeader
        title="Contratos"
        toolbarClassName="contract-toolbar"
        searchLabel="Buscar contratos"
        onSearch={() => setSearchOpen(true)}
        exporting={exporting}
        onExport={handleExport}
      />

      {first && first.granos.length > 0 && (
        <Tabs activeKey={current ?? undefined} onChange={(g) => update({ grano: g })} items={first.granos.map((g) => ({ key: g.grano, label: g.descripcion }))} />
      )}

      {t && (
        <div className="contract-kpis" data-testid="contract-kpis">
          {(
            [
              ['Contratados', t.kilos_con_formato],
              ['Entregados', t.entregados_con_formato],
              ['A entregar', t.pendientes_con_formato],
              ['Fijados', t.fijados_con_formato],
              ['Facturados', t.facturados_con_formato],
              ['Cobrados', t.cobrados_con_formato],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="contract-kpi">
              <Typography.Text type="secondary" className="contract-kpi-title">
                {label}
              </Typography.Text>
              <span className="contract-kpi-value">{value} kg</span>
            </div>
          ))}
        </div>
      )}

      {first && (
        <Radio.Group
          className="contract-summary"
          value={search.codres}
          optionType={mobile ? 'default' : 'button'}
          onChange={(e) => update({ codres: e.target.value as ContractSearch['codres'] })}
          options={first.resumenes.map((r) => ({ value: r.codres, label: r.desres }))}
        />
      )}

      {hasSearchFilters(search) && (
        <div className="contract-active-search" data-testid="contract-active-search">
          {(search.fechadesde || search.fechahasta) && (
            <Tag>
              {search.fechadesde ? `Desde ${formatDateSlash(search.fechadesde)}` : ''} {search.fechahasta ? `hasta ${formatDateSlash(search.fechahasta)}` : ''}
            </Tag>
          )}
          {search.cosechas.map((c) => (
            <Tag key={c}>Cosecha {c}</Tag>
          ))}
          <Button type="link" size="small" onClick={() => update({ fechadesde: null, fechahasta: null, cosechas: [] })}>
            Quitar filtros
          </Button>
        </div>
      )}

      {first && (
        <Typography.Text type="secondary" className="contract-count">
          {first.total} {first.total === 1 ? 'contrato' : 'contratos'}
        </Typography.Text>
      )}

      {list.isError && <Alert type="error" showIcon className="contract-error" title={contractMsg.errorCargarDatos} description={errorMessage(list.error, msg.errorObtenerDatos)} />}

      <ContractsList
        items={list.isError ? [] : items}
        totals={t ?? null}
        query={list}
        mobile={mobile}
        emptyText={contractMsg.noHayMasRegistros}
        onOpen={(c) => setOpenId(c.id)}
      />

      {!list.isError && pages.length > 0 && (
        <div className="contract-more" ref={moreRef}>
          {list.isFetchingNextPage ? (
            <>
              <Spin size="small" />
              <Typography.Text type="secondary">{msg.cargando}</Typography.Text>
            </>
          ) : list.hasNextPage ? (
            <Button onClick={() => void list.fetchNextPage()}>Mostrar más contratos</Button>
          ) : (
            loadedAll && items.length > 0 && <Typography.Text type="secondary">{contractMsg.noHayMasRegistros}</Typography.Text>
          )}
        </div>
      )}

      <ContractSearchDrawer
        open={searchOpen}
        mobile={mobile}
        search={search}
        harvests={first?.cosechas ?? []}
        onClose={() => setSearchOpen(false)}
        onSearch={(next) => {
          setSearchOpen(false);
          update(next);
        }}
      />
      <ContractDrawer contract={open} mobile={mobile} printing={printing} onClose={() => setOpenId(null)} onPrint={handlePrint} />
    </div>
  );
}
