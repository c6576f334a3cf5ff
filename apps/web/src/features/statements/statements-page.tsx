import { useMemo, useState } from 'react';
import { Alert, Button, Radio, Spin, Tabs, Tag, Typography } from 'antd';
import { lazyOverlay } from '../../lib/lazy-overlay';
import { useSearchParams } from 'react-router';
import { fiscalMsg, formatDateSlash, formatMoney, msg, parseAmountText, statementMsg, STATEMENT_VIEWS, type StatementMovement, type StatementView } from '@portal/contract';
import { ApiError, errorMessage } from '../../lib/api';
import { useIsMobile } from '../../lib/device';
import { ListPageHeader, useLoadMoreOnView } from '../../lib/list-page';
import { printBase64Pdf } from '../../lib/files';
import { useNotify } from '../../lib/notify';
import { useSession } from '../../lib/session-store';
import { useStatement } from './api/list-statement';
import { exportStatement } from './api/export-statement';
import { fetchPrint } from './api/print-movement';
import { BalanceCarousel } from './components/balance-carousel';
import { MovementsList } from './components/movements-list';
import { hasSearchFilters, searchFromParams, searchToParams, type StatementSearch } from './search-rules';
import './statements.css';
import { useFeedback } from '../../lib/feedback';

const MovementDrawer = lazyOverlay(() => import('./components/movement-drawer').then((m) => m.MovementDrawer), (p) => p.movement != null);
const SearchDrawer = lazyOverlay(() => import('./components/search-drawer').then((m) => m.SearchDrawer), (p) => p.open);

/** A filter amount from the URL as money ('500000.00' → '$ 500.000,00'); as it came when it is not an amount. */
const moneyText = (v: string) => {
  const n = parseAmountText(v);
  return n === null ? v : formatMoney(n);
};

/**
 * /{profile}/cronologico, /financiero, /canjes (statements.md §2): the balance carousel, currency tabs, the
 * summary radio, account-type chips, the movements with their running balance 7 at a time, the movement
 * drawer, the search drawer and the exports. Every filter lives in the URL.
 */
export function StatementsPage({ view }: { view: StatementView }) {
  const { host, entity } = useSession();
  const mobile = useIsMobile();
  const notify = useNotify();
  const { notification } = useFeedback();
  const [params, setParams] = useSearchParams();
  // useSearchParams answers the same object until the URL's query changes.
  const search = useMemo(() => searchFromParams(params), [params]);
  const list = useStatement({ cuit: host?.cuit ?? null, entity: entity?.codent ?? null, view, search });
  const [searchOpen, setSearchOpen] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [printing, setPrinting] = useState<string | null>(null);
  const [exporting, setExporting] = useState<'pdf' | 'excel' | null>(null);

  const pages = useMemo(() => list.data?.pages ?? [], [list.data]);
  const items = useMemo(() => pages.flatMap((p) => p.items), [pages]);
  const first = pages[0];
  const moneda = first?.moneda ?? search.moneda;
  const open = items.find((m) => m.id === openId) ?? null;
  const title = STATEMENT_VIEWS[view].title;

  function update(patch: Partial<StatementSearch>) {
    setParams(searchToParams({ ...search, ...patch }));
    window.scrollTo({ top: 0 });
  }

  // On a phone the next batch loads by itself when 'Mostrar más movimientos' scrolls into view (§2).
  const moreRef = useLoadMoreOnView(mobile, list, items.length);

  function handlePrint(m: StatementMovement) {
    const noPrint = (description?: string) =>
      notification.warning({ title: statementMsg.sinImpresion, description, placement: 'bottomRight', duration: 9 });
    if (!m.imprime) {
      noPrint();
      return;
    }
    if (printing) return;
    setPrinting(m.id);
    fetchPrint({ codcom: m.codcom, codtal: m.codtal, numero: m.numero })
      .then((a) => (a.success ? printBase64Pdf(a.archivos.archivo) : noPrint(a.msg)))
      .catch((e: unknown) => (e instanceof ApiError && e.status === 404 ? noPrint(e.message) : notify.error('Error', errorMessage(e, msg.errorInterno))))
      .finally(() => setPrinting(null));
  }

  function handleExport(type: 'pdf' | 'excel') {
    if (exporting) return;
    setExporting(type);
    exportStatement(view, search, moneda, type)
      .catch((e: unknown) => notify.error(fiscalMsg.errorDescargaArchivo, errorMessage(e, msg.errorInterno)))
      .finally(() => setExporting(null));
  }

  const filtered = hasSearchFilters(search);
  const loadedAll = !list.isError && pages.length > 0 && !list.hasNextPage;

  return (
    <div className="page statement-page" data-testid={`statement-${view}`}>
      <ListPageHeader
        title={title}
        toolbarClassName="statement-toolbar"
        searchLabel="Buscar movimientos"
        onSearch={() => setSearchOpen(true)}
        exporting={exporting}
        onExport={handleExport}
      />

      {first && (
        <BalanceCarousel values={first.valoresdectasctes} mobile={mobile} activeTipocc={search.tipocc} onPick={(t) => update({ tipocc: search.tipocc === t ? null : t })} />
      )}

      {first && first.monedasdemovimientos.length > 0 && (
        <Tabs
          className="statement-currencies"
          activeKey={moneda ?? undefined}
          onChange={(k) => update({ moneda: k as StatementSearch['moneda'] })}
          items={first.monedasdemovimientos.map((c) => ({ key: c.moneda, label: c.moneda === 'ARS' ? 'Pesos (ARS)' : 'Dólares (USD)' }))}
        />
      )}

      {first && (
        <div className="statement-filters">
          <Radio.Group
            className="statement-summary"
            value={search.codres}
            onChange={(e) => update({ codres: e.target.value as StatementSearch['codres'] })}
            options={first.resumenes.map((r) => ({ value: r.codres, label: r.desres }))}
            optionType={mobile ? 'default' : 'button'}
          />
          {first.tipodectasctes.length > 1 && (
            <div className="statement-account-types" data-testid="statement-account-types">
              <Tag.CheckableTag checked={!search.tipocc} onChange={() => update({ tipocc: null })}>
                Todas las cuentas
              </Tag.CheckableTag>
              {first.tipodectasctes.map((t) => (
                <Tag.CheckableTag key={t.tipocc} checked={search.tipocc === t.tipocc} onChange={() => update({ tipocc: search.tipocc === t.tipocc ? null : t.tipocc })}>
                  {t.descri}
                </Tag.CheckableTag>
              ))}
            </div>
          )}
        </div>
      )}

      {filtered && (
        <div className="statement-active-search" data-testid="statement-active-search">
          {(search.fechadesde || search.fechahasta) && (
            <Tag>
              {search.fechadesde ? `Desde ${formatDateSlash(search.fechadesde)}` : ''} {search.fechahasta ? `hasta ${formatDateSlash(search.fechahasta)}` : ''}
            </Tag>
          )}
          {search.importedsd && <Tag>Importe desde {moneyText(search.importedsd)}</Tag>}
          {search.importehst && <Tag>Importe hasta {moneyText(search.importehst)}</Tag>}
          {search.descom.map((d) => (
            <Tag key={d}>{d}</Tag>
          ))}
          {search.credito && <Tag>Créditos</Tag>}
          {search.debito && <Tag>Débitos</Tag>}
          <Button
            type="link"
            size="small"
            onClick={() => update({ fechadesde: null, fechahasta: null, importedsd: null, importehst: null, descom: [], credito: false, debito: false })}
          >
            Quitar filtros
          </Button>
        </div>
      )}

      {first && (
        <Typography.Text type="secondary" className="statement-count">
          {first.total} {first.total === 1 ? 'movimiento' : 'movimientos'}
        </Typography.Text>
      )}

      {list.isError && <Alert type="error" showIcon className="statement-error" title={statementMsg.errorCargarDatos} description={errorMessage(list.error, msg.errorObtenerDatos)} />}

      <MovementsList
        items={list.isError ? [] : items}
        query={list}
        mobile={mobile}
        financial={view === 'financiero'}
        printing={printing}
        emptyText={statementMsg.noHayMasRegistros}
        onOpen={(m) => setOpenId(m.id)}
        onPrint={handlePrint}
      />

      {!list.isError && pages.length > 0 && (
        <div className="statement-more" ref={moreRef}>
          {list.isFetchingNextPage ? (
            <Spin size="small" />
          ) : list.hasNextPage ? (
            <Button onClick={() => void list.fetchNextPage()}>Mostrar más movimientos</Button>
          ) : (
            loadedAll && items.length > 0 && <Typography.Text type="secondary">{statementMsg.noHayMasRegistros}</Typography.Text>
          )}
          {list.isFetchingNextPage && <Typography.Text type="secondary">{statementMsg.cargando}</Typography.Text>}
        </div>
      )}

      <SearchDrawer
        open={searchOpen}
        mobile={mobile}
        search={search}
        tipos={first?.tipodecomprobantes.map((t) => t.descom) ?? []}
        onClose={() => setSearchOpen(false)}
        onSearch={(next) => {
          setSearchOpen(false);
          update(next);
        }}
      />
      <MovementDrawer movement={open} mobile={mobile} printing={printing === open?.id} onClose={() => setOpenId(null)} onPrint={handlePrint} />
    </div>
  );
}

export const ChronologicalPage = () => <StatementsPage key="cronologico" view="cronologico" />;
export const FinancialPage = () => <StatementsPage key="financiero" view="financiero" />;
export const ExchangePage = () => <StatementsPage key="canjes" view="canjes" />;
