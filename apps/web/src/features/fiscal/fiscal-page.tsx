import { useMemo, useState } from 'react';
import { Alert, Button, Spin, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { lazyOverlay } from '../../lib/lazy-overlay';
import { useSearchParams } from 'react-router';
import { fiscalMsg, formatDateSlash, msg, type FiscalDocument } from '@portal/contract';
import { errorMessage } from '../../lib/api';
import { useIsMobile } from '../../lib/device';
import { ListPageHeader } from '../../lib/list-page';
import { useSession } from '../../lib/session-store';
import { useFiscalMovements } from './api/list-movements';
import { MovementsList } from './components/movements-list';
import { defaultSearch, isDefaultRange, searchFromParams, searchToParams, type FiscalSearch } from './search-rules';
import { useMovementActions } from './use-movement-actions';
import { useToday } from './use-today';
import './fiscal.css';

const MovementDrawer = lazyOverlay(() => import('./components/movement-drawer').then((m) => m.MovementDrawer), (p) => p.movement != null);
const SearchDrawer = lazyOverlay(() => import('./components/search-drawer').then((m) => m.SearchDrawer), (p) => p.open);

/**
 * /{profile}/cfiscales: the entity's fiscal documents (ordering.md 'Fiscal documents screen'). The search lives in
 * the URL; the list loads 7 at a time; exports and the bulk download cover everything the search matches.
 */
export function FiscalPage() {
  const { host, entity } = useSession();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const paramsKey = params.toString();
  // The default range follows the day: a screen left open past midnight moves on to today's range.
  const today = useToday();
  // useSearchParams answers the same object until the URL's query changes.
  const search = useMemo(() => searchFromParams(params, today), [params, today]);
  const list = useFiscalMovements({ cuit: host?.cuit ?? null, entity: entity?.codent ?? null, search });
  const actions = useMovementActions();
  const [searchOpen, setSearchOpen] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  // Selected rows, kept with the search they were picked in: a new search starts with none.
  const [selection, setSelection] = useState<{ key: string; ids: string[] }>({ key: paramsKey, ids: [] });
  const selectedIds = useMemo(() => new Set(selection.key === paramsKey ? selection.ids : []), [selection, paramsKey]);

  const pages = useMemo(() => list.data?.pages ?? [], [list.data]);
  const items = useMemo(() => pages.flatMap((p) => p.items), [pages]);
  const first = pages[0];
  const selectedItems = items.filter((d) => selectedIds.has(d.id));
  const open = items.find((d) => d.id === openId) ?? null;

  function handleSearch(next: FiscalSearch) {
    setSearchOpen(false);
    setParams(searchToParams(next));
    window.scrollTo({ top: 0 });
  }

  function handleReset() {
    setParams(searchToParams(defaultSearch()));
  }

  const filtered = !isDefaultRange(search) || search.descom.length > 0;
  const zipping = actions.busy?.kind === 'zip';

  return (
    <div className="page fiscal-page">
      <ListPageHeader
        title="Comprobantes fiscales"
        toolbarClassName="fiscal-toolbar"
        searchLabel="Buscar comprobantes"
        onSearch={() => setSearchOpen(true)}
        exporting={actions.busy?.kind}
        onExport={(type) => actions.handleExport(search, type)}
      >
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={zipping}
            onClick={() => actions.handleBulk(selectedItems, search, () => setSelection({ key: paramsKey, ids: [] }))}
          >
            Descargar comprobantes
          </Button>
      </ListPageHeader>

      <Alert type="info" showIcon className="fiscal-info" title={fiscalMsg.infoTipoCambio} />

      <div className="fiscal-summary" data-testid="fiscal-summary">
        <Tag className="fiscal-range-tag">
          Del {formatDateSlash(search.fechadesde)} al {formatDateSlash(search.fechahasta)}
        </Tag>
        {search.descom.map((d) => (
          <Tag key={d}>{d}</Tag>
        ))}
        {filtered && (
          <Button type="link" size="small" onClick={handleReset}>
            Quitar filtros
          </Button>
        )}
        {first && (
          <Typography.Text type="secondary" className="fiscal-totals">
            {first.total} {first.total === 1 ? 'comprobante' : 'comprobantes'}
            {first.resumenes.map((r) => ` · Total ${r.moneda}: ${r.total_con_formato}`).join('')}
          </Typography.Text>
        )}
      </div>

      {selectedIds.size > 0 && (
        <div className="fiscal-selection" data-testid="fiscal-selection">
          <Typography.Text>
            {selectedIds.size === 1 ? '1 comprobante seleccionado' : `${selectedIds.size} comprobantes seleccionados`}
          </Typography.Text>
          <Button type="link" size="small" onClick={() => setSelection({ key: paramsKey, ids: [] })}>
            Quitar selección
          </Button>
        </div>
      )}

      {list.isError && <Alert type="error" showIcon className="fiscal-error" title={msg.errorCargarDatos} description={errorMessage(list.error, msg.errorObtenerDatos)} />}

      <MovementsList
        items={list.isError ? [] : items}
        query={list}
        mobile={mobile}
        busy={actions.busy}
        selected={selectedIds}
        emptyText={fiscalMsg.noHayMasRegistros}
        onSelect={(ids) => setSelection({ key: paramsKey, ids })}
        onOpen={(d: FiscalDocument) => setOpenId(d.id)}
        onPrint={actions.handlePrint}
        onDownload={actions.handleDownload}
        onShare={actions.handleShare}
      />

      {!list.isError && pages.length > 0 && (
        <div className="fiscal-more">
          {list.isFetchingNextPage ? (
            <Spin tip={fiscalMsg.cargando} size="small">
              <div className="fiscal-more-spin" />
            </Spin>
          ) : list.hasNextPage ? (
            <Button onClick={() => void list.fetchNextPage()}>Mostrar más movimientos</Button>
          ) : (
            items.length > 0 && <Typography.Text type="secondary">{fiscalMsg.noHayMasRegistros}</Typography.Text>
          )}
        </div>
      )}

      <SearchDrawer
        open={searchOpen}
        mobile={mobile}
        search={search}
        tipos={first?.tipodecomprobantes.map((t) => t.descripcion) ?? []}
        onClose={() => setSearchOpen(false)}
        onSearch={handleSearch}
      />
      <MovementDrawer
        movement={open}
        mobile={mobile}
        busy={actions.busy}
        onClose={() => setOpenId(null)}
        onPrint={actions.handlePrint}
        onDownload={actions.handleDownload}
        onShare={actions.handleShare}
      />
    </div>
  );
}
