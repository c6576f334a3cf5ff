import { useMemo, useState } from 'react';
import { Button, Card, Empty, InputNumber, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import Decimal from 'decimal.js';
import { addDays, DIAS_ATRAS_SUGERENCIA, FIELD_LIMITS, fieldMsg, formatMoney, lineAmountAllowed, formatNumber, todayInArgentina, type ProductoDisponible } from '@portal/contract';
import { useNotify } from '../../lib/notify';
import { enqueue, keptMessage } from './offline/outbox';
import { overlayPurchases, pendingCustomers, searchProducts, useContainerProducts, useCustomers, useOperationTypes, useOutbox, useProducts, usePurchases, type CompraView } from './api/queries';
import { useRemoteSearch } from '../../lib/use-remote-search';
import { SyncBanner } from './components/sync-banner';
import { fieldDate, formatDay } from './dates';
import { plannerFor, plannerSearch } from './planner';
import './field.css';
import { filterByLabel } from '../../lib/search';
import { useFeedback } from '../../lib/feedback';
import { useIsMobile } from '../../lib/device';
import { thumbOptions } from './field-select';

type Row = { uid: number; productoId: number | null; cantidad: number | null; precio: number | null };
let uid = 0;
const emptyRow = (): Row => ({ uid: ++uid, productoId: null, cantidad: 1, precio: null });

/** §5: valid only with rows, each with a product and a quantity above 0. */
const priceFormat = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** The price as money reads in Argentina (28.278,67); what the rep is typing is left as typed. */
function formatPriceInput(value: number | string | undefined, info: { userTyping: boolean; input: string }): string {
  if (info.userTyping) return info.input;
  return value === undefined || value === '' ? '' : priceFormat.format(Number(value));
}
/** Thousands dots go and the decimal comma becomes a point (statements.md §4's rule for typed amounts). */
const parsePriceInput = (text: string | undefined): number => Number((text ?? '').replace(/[$\s.]/g, '').replace(',', '.')) || 0;

/** What is wrong with a row's amounts (the contract's limits, the same the server applies), or null. */
function rowProblem(r: Row): string | null {
  if (r.cantidad !== null && (r.cantidad > FIELD_LIMITS.cantidadMax || !Number.isInteger(r.cantidad * 1000))) return fieldMsg.cantidadInvalida;
  if (r.precio !== null && (r.precio < 0 || r.precio > FIELD_LIMITS.precioMax)) return fieldMsg.precioInvalido;
  if (r.cantidad !== null && r.precio !== null && !lineAmountAllowed(r.cantidad, r.precio)) return fieldMsg.importeRenglonExcedido;
  return null;
}
const validDraft = (rows: Row[]) => rows.length > 0 && rows.every((r) => r.productoId !== null && (r.cantidad ?? 0) > 0 && rowProblem(r) === null);

/**
 * /{profile}/detalle-cliente/{id}/{fecha}: the customer detail. The new-order mode without an id
 * (/{profile}/detalle-cliente/{fecha}) is new-order-page.tsx, a chunk of its own: it draws neither these tables
 * nor the order form.
 */
export function CustomerDetailPage() {
  const { id = '', fecha } = useParams();
  return <CustomerDetail clientId={id} date={fieldDate(fecha)} />;
}

function PurchasesTables({ compras, total }: { compras: CompraView[]; total: string }) {
  // On a phone the unit price goes under the product's name, so that the four figures of a line fit 390 px whatever
  // its amounts (a column of its own ran off the screen with six-digit prices).
  const mobile = useIsMobile();
  const sales = compras.filter((c) => !c.es_envase);
  const containers = compras.filter((c) => c.es_envase);
  return (
    <>
      <Typography.Title level={5}>Compras</Typography.Title>
      <Table<CompraView>
        size="small"
        rowKey={(r, i) => `${r.producto_id}-${r.ventas_id ?? 'p'}-${i}`}
        pagination={false}
        dataSource={sales}
        locale={{ emptyText: 'Sin compras en esta fecha.' }}
        columns={[
          {
            title: mobile ? 'Producto y precio' : 'Producto',
            dataIndex: 'producto',
            render: (v: string, r) => (
              <>
                {v} {r.pendiente ? <Tag color="orange">Pendiente de envío</Tag> : null}
                {mobile && <div className="purchase-unit-price">{formatMoney(r.precio)} c/u</div>}
              </>
            ),
          },
          { title: 'Cantidad', dataIndex: 'cantidad', align: 'right', render: (v: string) => formatNumber(v, Number.isInteger(Number(v)) ? 0 : 3) },
          ...(mobile ? [] : [{ title: 'Precio', dataIndex: 'precio', align: 'right' as const, render: (v: string) => formatMoney(v) }]),
          { title: 'Subtotal', dataIndex: 'subtotal', align: 'right', render: (v: string) => formatMoney(v) },
        ]}
        summary={() => (sales.length > 0 ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={mobile ? 2 : 3}><strong>Total</strong></Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right"><strong data-testid="purchases-total">{formatMoney(total)}</strong></Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null)}
      />
      <Typography.Title level={5}>Envases</Typography.Title>
      <Table<CompraView>
        size="small"
        rowKey={(r, i) => `${r.producto_id}-${i}`}
        pagination={false}
        dataSource={containers}
        locale={{ emptyText: 'Sin envases en esta fecha.' }}
        columns={[
          { title: 'Envase', dataIndex: 'producto', render: (v: string, r) => <>{v} {r.pendiente ? <Tag color="orange">Pendiente de envío</Tag> : null}</> },
          { title: 'Cantidad', dataIndex: 'cantidad', align: 'right', render: (v: string) => formatNumber(v, Number.isInteger(Number(v)) ? 0 : 3) },
        ]}
      />
    </>
  );
}

function CustomerDetail({ clientId, date }: { clientId: string; date: string }) {
  const { profile } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { modal } = useFeedback();
  const today = todayInArgentina();
  const isToday = date === today;
  const outbox = useOutbox();
  const purchases = usePurchases(clientId, date);
  const weekAgo = usePurchases(isToday ? clientId : null, addDays(date, -DIAS_ATRAS_SUGERENCIA));
  const products = useProducts(clientId);
  // Products found by searching the server (anything sellable, beyond the likely list kept on the phone).
  const search = useRemoteSearch<ProductoDisponible>({ fetcher: (q, signal) => searchProducts(clientId, q, signal), min: 3, debounceMs: 300 });
  const [found, setFound] = useState<Map<number, ProductoDisponible>>(new Map());
  const containers = useContainerProducts();
  const types = useOperationTypes();
  const customers = useCustomers();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [tipo, setTipo] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [discarded, setDiscarded] = useState(false);

  const names = useMemo(() => {
    const m = new Map<number, string>();
    for (const p of [...(products.data?.productos ?? []), ...found.values(), ...(containers.data?.productos ?? [])]) m.set(p.id, p.nombre);
    return m;
  }, [products.data, containers.data, found]);
  const productOptions = useMemo(() => {
    const all = new Map<number, ProductoDisponible>();
    for (const p of [...search.results, ...(products.data?.productos ?? []), ...found.values()]) if (!all.has(p.id)) all.set(p.id, p);
    return [...all.values()].map((p) => ({ value: p.id, label: p.nombre }));
  }, [search.results, products.data, found]);
  const allCustomers = useMemo(() => [...(customers.data?.clientes ?? []), ...pendingCustomers(outbox.entries)], [customers.data, outbox.entries]);
  const view = useMemo(() => overlayPurchases(purchases.data, outbox.entries, clientId, date, names, allCustomers), [purchases.data, outbox.entries, clientId, date, names, allCustomers]);
  const past = useMemo(() => overlayPurchases(weekAgo.data, outbox.entries, clientId, addDays(date, -DIAS_ATRAS_SUGERENCIA), names, allCustomers), [weekAgo.data, outbox.entries, clientId, date, names, allCustomers]);
  const priceOf = (id: number) => (products.data?.productos.find((p) => p.id === id) ?? found.get(id) ?? search.results.find((p) => p.id === id))?.precio ?? null;

  if (!view) {
    return (
      <div className="field-page">
        <SyncBanner />
        {purchases.isPending && !purchases.isError ? <Skeleton active /> : <Empty description="No se pudo cargar el cliente." />}
      </div>
    );
  }
  const sales = view.compras.filter((c) => !c.es_envase);
  const pastSales = (past?.compras ?? []).filter((c) => !c.es_envase);
  const suggest = isToday && !discarded && rows === null && sales.length === 0 && pastSales.length > 0;

  function repeat() {
    setRows(pastSales.map((c) => ({ uid: ++uid, productoId: c.producto_id, cantidad: Number(c.cantidad), precio: Number(priceOf(c.producto_id) ?? c.precio) })));
  }

  async function handleSave() {
    if (!rows) return;
    // §5: rows without a product or with a quantity of 0 or less are ignored; nothing is sent when none is left.
    const kept = rows.filter((r) => r.productoId !== null && (r.cantidad ?? 0) > 0);
    if (kept.length === 0) return;
    const renglones = kept.map((r) => ({ codprodId: r.productoId!, cantidadStock: r.cantidad!, precio_unitario: new Decimal(r.precio ?? 0).toFixed(2) }));
    const total = renglones.reduce((t, r) => t.plus(new Decimal(r.cantidadStock).times(r.precio_unitario).toDecimalPlaces(2)), new Decimal(0));
    setSaving(true);
    try {
      const { result } = await enqueue('pedido', { fecha: date, codentiId: clientId, tipoOperacion: tipo, importe_total: total.toFixed(2), renglones });
      if (typeof result === 'object') {
        notify.error(fieldMsg.errorPedido, result.error);
        return;
      }
      if (result === 'sent') notify.success(fieldMsg.pedidoGuardado);
      else notify.info(fieldMsg.pedidoGuardado, keptMessage[result]);
      setRows(null);
      navigate(`/${profile}/envases?clienteId=${encodeURIComponent(clientId)}&fecha=${date}`);
    } finally {
      setSaving(false);
    }
  }

  function handleDelete() {
    modal.confirm({
      title: 'Eliminar compra',
      content: `¿Elimina las ventas de hoy de ${view!.cliente.nombre}?`,
      okText: 'Eliminar',
      cancelText: 'Cancelar',
      onOk: async () => {
        // Only the sales this phone shows: one another phone recorded meanwhile is not the rep's to delete from here.
        const ventas = [...new Set(sales.flatMap((c) => (c.ventas_id !== null ? [c.ventas_id] : [])))];
        const claves = [...new Set(sales.flatMap((c) => (c.clave ? [c.clave] : [])))];
        const { result } = await enqueue('borrar', { clientId, date, ventas, claves });
        if (typeof result === 'object') notify.error(fieldMsg.errorCompra, result.error);
        else notify.success(fieldMsg.compraEliminada);
      },
    });
  }

  const update = (u: number, patch: Partial<Row>) => setRows((rs) => (rs ?? []).map((r) => (r.uid === u ? { ...r, ...patch } : r)));

  return (
    <div className="field-page detail-page">
      <SyncBanner />
      <Card size="small" className="detail-head">
        <Typography.Title level={4} className="detail-name">{view.cliente.nombre}</Typography.Title>
        <div>{view.cliente.direccion}</div>
        <div>Documento: {view.cliente.documento}</div>
        <div>Fecha: {formatDay(date)}</div>
      </Card>

      <PurchasesTables compras={view.compras} total={view.total} />

      {suggest ? (
        <Card size="small" className="detail-suggest" data-testid="suggestion">
          <Typography.Text strong>Se encontraron compras de hace 7 días:</Typography.Text>
          <ul className="detail-suggest-list">
            {pastSales.map((c, i) => <li key={i}>{c.producto} × {formatNumber(c.cantidad, Number.isInteger(Number(c.cantidad)) ? 0 : 3)}</li>)}
          </ul>
          <Space>
            <Button type="primary" onClick={repeat}>Repetir pedido</Button>
            <Button onClick={() => setDiscarded(true)}>Descartar</Button>
          </Space>
        </Card>
      ) : null}

      {isToday && rows === null ? (
        <Space wrap className="detail-actions">
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={() => setRows([emptyRow()])}>
            {sales.length > 0 ? 'Agregar otra venta' : 'Cargar Pedido'}
          </Button>
          <Button size="large" onClick={() => navigate(`/${profile}/envases?clienteId=${encodeURIComponent(clientId)}&fecha=${date}`)}>Cargar envases</Button>
          {sales.length > 0 ? <Button size="large" danger icon={<DeleteOutlined />} onClick={handleDelete}>Eliminar compra</Button> : null}
        </Space>
      ) : null}

      {isToday && rows !== null ? (
        <Card size="small" title="Nuevo pedido" className="order-form">
          {rows.map((r, i) => (
            <div key={r.uid} className="order-row" data-testid="order-row">
              <Select<number>
                {...thumbOptions}
                showSearch={{ filterOption: filterByLabel, onSearch: search.setText }}
                placeholder="Producto"
                aria-label={`Producto ${i + 1}`}
                className="order-product"
                value={r.productoId ?? undefined}
                options={productOptions}
                loading={search.loading}
                onChange={(v) => {
                  const hit = search.results.find((p) => p.id === v);
                  if (hit) setFound((m) => new Map(m).set(hit.id, hit));
                  update(r.uid, { productoId: v, precio: Number(priceOf(v) ?? 0) });
                }}
              />
              <InputNumber<number> aria-label={`Cantidad ${i + 1}`} min={1} max={FIELD_LIMITS.cantidadMax} value={r.cantidad} onChange={(v) => update(r.uid, { cantidad: v })} className="order-qty" />
              <InputNumber<number>
                aria-label={`Precio ${i + 1}`}
                min={0}
                max={FIELD_LIMITS.precioMax}
                precision={2}
                prefix="$"
                formatter={formatPriceInput}
                parser={parsePriceInput}
                value={r.precio}
                onChange={(v) => update(r.uid, { precio: v })}
                className="order-price"
              />
              <Button aria-label={`Quitar producto ${i + 1}`} icon={<DeleteOutlined />} onClick={() => setRows((rs) => (rs ?? []).filter((x) => x.uid !== r.uid))} />
              {rowProblem(r) ? <Typography.Text type="danger" className="order-row-problem" role="alert">{rowProblem(r)}</Typography.Text> : null}
            </div>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => setRows((rs) => [...(rs ?? []), emptyRow()])}>Agregar producto</Button>
          <Select<number>
            {...thumbOptions}
            allowClear
            placeholder="Tipo de operación"
            aria-label="Tipo de operación"
            className="order-type"
            value={tipo ?? undefined}
            onChange={(v) => setTipo(v ?? null)}
            options={(types.data?.productos ?? []).map((t) => ({ value: t.id, label: t.descripcion }))}
          />
          <div className="order-total">
            Total: {formatMoney(rows.reduce((t, r) => t.plus(new Decimal(r.cantidad && r.cantidad > 0 && r.productoId ? r.cantidad : 0).times(r.precio ?? 0).toDecimalPlaces(2)), new Decimal(0)).toFixed(2))}
          </div>
          <Space>
            <Button onClick={() => setRows(null)}>Cancelar</Button>
            <Button type="primary" size="large" disabled={saving || !validDraft(rows)} loading={saving} onClick={() => void handleSave()}>Guardar Pedido</Button>
          </Space>
        </Card>
      ) : null}
      <Button block className="detail-back" onClick={() => navigate(`/${profile}/repartos${plannerSearch(plannerFor(date, today))}`)}>Volver a Visitas</Button>
    </div>
  );
}
