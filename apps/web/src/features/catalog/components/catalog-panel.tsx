import { lazy, Suspense, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Badge, Button, Empty, Input, Pagination, Segmented, Skeleton, Typography } from 'antd';
import { ErrorResult } from '../../../lib/error-result';
import { AppstoreOutlined, BarsOutlined, FilterOutlined, ImportOutlined, TableOutlined } from '@ant-design/icons';
import { formatNumber, orderingMsg, quickOrderMsg } from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/device';
import { useNotify } from '../../../lib/notify';
import { useSession } from '../../../lib/session-store';
import { QuickOrderDialog, useAddToCart, useCart, type CartKind } from '../../cart';
import { useCatalogSearch, useQuickEntryProducts } from '../api/search-products';
import { activeFilterCount, PAGE_SIZE, searchState, useCatalogParams, type CatalogView } from '../catalog-params';
import type { CatalogProduct } from '../types';
import { ActiveFilters, FilterPanel } from './filter-panel';
import { lazyOverlay } from '../../../lib/lazy-overlay';
import { ProductCard, ProductRow } from './product-card';

// 'Carga rápida' (Ant Design's Table) loads when that view is first chosen: the catalogue opens as a grid.
const QuickEntryTable = lazy(() => import('./quick-entry-table').then((m) => ({ default: m.QuickEntryTable })));

// A phone's filter drawer (Drawer, checkboxes, the facets' selects) loads when 'Filtros' first opens it.
const FilterDrawer = lazyOverlay(() => import('./filter-drawer').then((m) => m.FilterDrawer), (p) => p.open);

type CatalogPanelProps = { kind: CartKind; profile: number };

const SEARCH_DELAY_MS = 350;

/**
 * The catalogue of 'Nuevo pedido' and 'Nueva orden de compra': search, filters, list / grid / quick entry, 12 per
 * page, adding to the cart. Search text, filters, view and page are in the URL.
 */
export function CatalogPanel({ kind, profile }: CatalogPanelProps) {
  const { host } = useSession();
  const cuit = host?.cuit ?? '';
  const mobile = useIsMobile();
  const notify = useNotify();
  const params = useCatalogParams('grilla');
  const { patron, page, filters } = params;
  // The purchase-order screen has no quick entry (ordering.md §2: search, filters, cart, paginated list).
  const view: CatalogView = kind === 'purchase' && params.view === 'rapida' ? 'grilla' : params.view;
  const [text, setText] = useState(patron);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [quickOpen, setQuickOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const state = searchState(patron);

  useEffect(() => setText(patron), [patron]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = useCatalogSearch({ kind, patron, filters, page });
  const quick = useQuickEntryProducts({ kind, patron, filters }, view === 'rapida');
  const cart = useCart(kind);
  const add = useAddToCart(kind);
  const [addingId, setAddingId] = useState<number | null>(null);

  const inCart = useMemo(() => {
    const m = new Map<number, number>();
    for (const l of cart.data?.carrito.productos ?? []) m.set(l.producto_id, l.cantidad);
    return m;
  }, [cart.data]);

  const failed = view === 'rapida' ? quick.isError : search.isError;
  const failure = view === 'rapida' ? quick.error : search.error;
  const reportFailure = useEffectEvent(() => notify.error(orderingMsg.errorBuscarProductos, errorMessage(failure, '')));
  // One notice each time the list shown turns to failed.
  useEffect(() => {
    if (failed) reportFailure();
  }, [failed]);

  function handleText(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => params.setPatron(value), SEARCH_DELAY_MS);
  }
  function handleSearchNow(value: string) {
    clearTimeout(timer.current);
    if (value !== patron) params.setPatron(value);
  }

  async function addLines(lines: Array<{ product: CatalogProduct; cantidad: number }>): Promise<boolean> {
    try {
      await add.mutateAsync({ lines: lines.map((l) => ({ producto_id: l.product.id, pedido_cantidad: l.cantidad })), suma: true });
      notify.success(orderingMsg.productosAgregados);
      return true;
    } catch (e) {
      notify.error(`${orderingMsg.errorAgregarProductos} ${errorMessage(e, orderingMsg.errorGenerico)}`);
      return false;
    }
  }
  async function handleAddOne(product: CatalogProduct, cantidad: number) {
    setAddingId(product.id);
    await addLines([{ product, cantidad }]);
    setAddingId(null);
  }

  const products = state === 'short' || search.isError ? [] : (search.data?.productos ?? []);
  const total = state === 'short' || search.isError ? 0 : (search.data?.total ?? 0);
  const quickProducts = state === 'short' || quick.isError ? [] : (quick.data?.pages.flatMap((p) => p.productos) ?? []);
  const detailHref = (p: CatalogProduct) => (kind === 'sales' ? `/${profile}/pedidos/detalle/${p.id}` : null);
  const itemProps = (p: CatalogProduct) => ({
    product: p,
    cuit,
    detailHref: detailHref(p),
    inCart: inCart.get(p.id) ?? null,
    adding: addingId === p.id,
    onAdd: handleAddOne,
  });
  const filterCount = activeFilterCount(filters);

  const viewOptions = [
    { value: 'grilla', icon: <AppstoreOutlined />, label: mobile ? undefined : 'Grilla', title: 'Grilla' },
    { value: 'lista', icon: <BarsOutlined />, label: mobile ? undefined : 'Lista', title: 'Lista' },
    ...(kind === 'sales' ? [{ value: 'rapida', icon: <TableOutlined />, label: mobile ? undefined : 'Carga rápida', title: 'Carga rápida' }] : []),
  ];

  let results: React.ReactNode;
  if (state === 'short') {
    results = <Empty description={`Escriba al menos 3 caracteres para buscar.`} data-testid="catalog-short" />;
  } else if (failed) {
    results = <ErrorResult status="warning" title={orderingMsg.errorBuscarProductos} subTitle={errorMessage(failure, '')} data-testid="catalog-error" />;
  } else if (view === 'rapida') {
    results = (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <QuickEntryTable
          products={quickProducts}
          cuit={cuit}
          loading={quick.isLoading}
          hasMore={Boolean(quick.hasNextPage)}
          loadingMore={quick.isFetchingNextPage}
          adding={add.isPending}
          onMore={() => void quick.fetchNextPage()}
          onAdd={addLines}
          onNothingSelected={() => notify.warning(orderingMsg.sinCantidadSeleccionada)}
        />
      </Suspense>
    );
  } else if (search.isLoading) {
    results = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (products.length === 0) {
    results = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        data-testid="catalog-empty"
        description={
          <>
            <Typography.Text strong>{orderingMsg.sinProductos}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{orderingMsg.sinProductosHint}</Typography.Text>
          </>
        }
      />
    );
  } else {
    results = (
      <>
        <div className={view === 'grilla' ? 'product-grid' : 'product-rows'} data-testid="catalog-results" aria-busy={search.isFetching}>
          {products.map((p) => (view === 'grilla' ? <ProductCard key={p.id} {...itemProps(p)} /> : <ProductRow key={p.id} {...itemProps(p)} />))}
        </div>
        <Pagination
          className="catalog-pagination"
          current={page}
          pageSize={PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          hideOnSinglePage
          simple={mobile}
          onChange={(p) => {
            params.setPage(p);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      </>
    );
  }

  return (
    <div data-testid={`catalog-${kind}`}>
      <div className="catalog-toolbar">
        <Input.Search
          className="catalog-search"
          placeholder={orderingMsg.buscarProductos}
          aria-label={orderingMsg.buscarProductos}
          allowClear
          size="large"
          value={text}
          onChange={(e) => handleText(e.target.value)}
          onSearch={handleSearchNow}
        />
        {mobile && (
          <Badge count={filterCount} size="small">
            <Button size="large" icon={<FilterOutlined />} onClick={() => setFiltersOpen(true)} onPointerEnter={FilterDrawer.preload} onFocus={FilterDrawer.preload}>
              Filtros
            </Button>
          </Badge>
        )}
        <Button
          size={mobile ? 'large' : 'middle'}
          icon={<ImportOutlined />}
          onClick={() => setQuickOpen(true)}
          onPointerEnter={QuickOrderDialog.preload}
          onFocus={QuickOrderDialog.preload}
          data-testid="quick-order-open"
        >
          {quickOrderMsg.titulo}
        </Button>
        <Segmented
          size={mobile ? 'large' : 'middle'}
          aria-label="Vista"
          value={view}
          options={viewOptions}
          onChange={(v) => params.setView(v as CatalogView)}
        />
      </div>
      <div className="catalog-layout">
        {!mobile && <FilterPanel kind={kind} patron={patron} applied={filters} onApply={params.setFilters} />}
        <div style={{ minWidth: 0 }}>
          <ActiveFilters kind={kind} patron={patron} applied={filters} onApply={params.setFilters} />
          {view !== 'rapida' && state !== 'short' && !failed && search.data && (
            <Typography.Text type="secondary" className="catalog-summary" data-testid="catalog-total">
              {total === 1 ? '1 producto' : `${formatNumber(total, 0)} productos`}
            </Typography.Text>
          )}
          {results}
        </div>
      </div>
      <QuickOrderDialog kind={kind} open={quickOpen} onClose={() => setQuickOpen(false)} />
      {mobile && (
        <FilterDrawer kind={kind} patron={patron} applied={filters} onApply={params.setFilters} open={filtersOpen} onClose={() => setFiltersOpen(false)} />
      )}
    </div>
  );
}
