import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Empty, Modal, Select, Skeleton, Spin, Typography } from 'antd';
import { ErrorResult } from '../../lib/error-result';
import { ArrowLeftOutlined, CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { WAREHOUSE, warehouseMsg, type CatalogItem, type OrderLine } from '@portal/contract';
import { ApiError, errorMessage } from '../../lib/api';
import { useNotify } from '../../lib/notify';
import { useRemoteSearch } from '../../lib/use-remote-search';
import { useOrderLines } from './api/order-lines';
import { searchCatalog } from './api/search-catalog';
import { useConfirmPicking } from './api/confirm-picking';
import './warehouse.css';
import { useFeedback } from '../../lib/feedback';
import { newIdempotencyKey } from '../../lib/idempotency-key';

type Draft = {
  key: string;
  id?: number;
  producto: number;
  codalfa: string;
  nombre: string;
  alias: string;
  linea: string;
  marca: string;
  ubicacion: string | null;
  cantidad: number;
};

const QUANTITIES = Array.from({ length: WAREHOUSE.pickMax - WAREHOUSE.pickMin + 1 }, (_, i) => i + WAREHOUSE.pickMin);
const quantityOptions = (current: number) =>
  (current > WAREHOUSE.pickMax ? [...QUANTITIES, current] : QUANTITIES).map((q) => ({ value: q, label: String(q) }));

const fromLine = (l: OrderLine): Draft => ({
  key: `l${l.id}`, id: l.id, producto: l.producto, codalfa: l.codalfa, nombre: l.nombre, alias: l.alias, linea: l.linea, marca: l.marca,
  ubicacion: l.ubicacion, cantidad: l.cantidad,
});


type DialogState = { mode: 'add' } | { mode: 'edit'; key: string };

/**
 * /{profile}/detalleAlmacenes/{id} — Pedido Nro. {n}: the picker edits the lines locally (quantity 1–50, replace a
 * product, delete = quantity 0, add a product) and confirms; with every line at 0 the order is cancelled.
 */
export function OrderDetailPage() {
  const { profile = '5', id = '' } = useParams();
  const numero = Number(id);
  const navigate = useNavigate();
  const notify = useNotify();
  const { modal } = useFeedback();
  const lines = useOrderLines(Number.isInteger(numero) ? numero : 0);
  const confirm = useConfirmPicking();
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [dialog, setDialog] = useState<DialogState | null>(null);

  useEffect(() => {
    if (lines.data && drafts === null) setDrafts(lines.data.items.map(fromLine));
  }, [lines.data, drafts]);
  useEffect(() => {
    if (lines.isError) notify.error(warehouseMsg.errorCargarRenglones, errorMessage(lines.error, ''));
  }, [lines.isError, lines.error, notify]);

  const visible = useMemo(() => (drafts ?? []).filter((d) => d.cantidad > 0), [drafts]);
  // One key per version of the lines: confirming the same lines again (a lost answer, a second tap) is the same
  // submission and gets its answer again; another session's confirmation of the order is a different one.
  const submissionKey = useMemo(() => (drafts ? newIdempotencyKey() : ''), [drafts]);
  const back = () => navigate(`/${profile}/almacenes`);

  function setQuantity(key: string, cantidad: number) {
    setDrafts((ds) => (ds ?? []).map((d) => (d.key === key ? { ...d, cantidad } : d)));
  }

  function handleConfirm() {
    modal.confirm({
      title: warehouseMsg.confirmarPedido,
      okText: 'Si',
      cancelText: 'No',
      okButtonProps: { size: 'large' },
      cancelButtonProps: { size: 'large' },
      onOk: async () => {
        const all = drafts ?? [];
        try {
          const answer = await confirm.mutateAsync({ numero, key: submissionKey, lines: all.map((d) => ({ id: d.id, producto: d.producto, cantidad: d.cantidad })) });
          notify.success(answer.msg, `Pedido Nro. ${numero}`);
          back();
        } catch (e) {
          console.error('putPicking', e);
          const told = e instanceof ApiError && (e.status === 409 || e.status === 404 || e.status === 400) ? e.message : undefined;
          notify.error(warehouseMsg.confirmacionNoCompletada, told);
          if (e instanceof ApiError && (e.status === 409 || e.status === 404)) back();
        }
      },
    });
  }

  if (!Number.isInteger(numero) || numero <= 0) return <ErrorResult status="404" title="Pedido inexistente" extra={<Button onClick={back}>Volver</Button>} />;

  const editing = dialog?.mode === 'edit' ? (drafts ?? []).find((d) => d.key === dialog.key) : undefined;

  return (
    <div className="page warehouse-page">
      <div className="page-heading">
        <div>
          <Typography.Title level={3} className="page-title">
            Pedido Nro. {numero}
          </Typography.Title>
          {lines.data && <Typography.Text type="secondary">{lines.data.razsocial} · {lines.data.fecha}</Typography.Text>}
        </div>
        <Button size="large" icon={<ArrowLeftOutlined aria-hidden />} onClick={back}>
          Volver
        </Button>
      </div>
      {lines.isError && <Alert type="error" showIcon className="warehouse-alert" title={warehouseMsg.errorCargarRenglones} description={errorMessage(lines.error, '')} />}
      {lines.isLoading && <Skeleton active />}
      {drafts && (
        <>
          <div className="warehouse-lines" data-testid="picking-lines">
            {visible.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Todos los renglones quedaron en 0: al confirmar, el pedido se cancelará." />
            )}
            {visible.map((d) => (
              <Card key={d.key} size="small" className="warehouse-line" data-testid={`line-${d.codalfa}`}>
                <div className="warehouse-line-body">
                  <div className="warehouse-line-info">
                    <div className="warehouse-line-name">{d.nombre}</div>
                    <div className="warehouse-line-alias">{d.alias}</div>
                    <div className="warehouse-line-meta">
                      {d.linea} - {d.marca}
                    </div>
                    <div className="warehouse-line-location">{d.ubicacion || '—'}</div>
                  </div>
                  <div className="warehouse-line-actions">
                    <Select<number>
                      size="large"
                      className="warehouse-qty"
                      aria-label={`Cantidad de ${d.nombre}`}
                      value={d.cantidad}
                      options={quantityOptions(d.cantidad)}
                      onChange={(q) => setQuantity(d.key, q)}
                    />
                    <div className="warehouse-line-buttons">
                      <Button size="large" icon={<EditOutlined aria-hidden />} aria-label={`Cambiar producto de ${d.nombre}`} onClick={() => setDialog({ mode: 'edit', key: d.key })} />
                      <Button size="large" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Quitar ${d.nombre}`} onClick={() => setQuantity(d.key, 0)} />
                    </div>
                  </div>
                </div>
              </Card>
            ))}
          </div>
          <div className="warehouse-footer">
            <Button size="large" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ mode: 'add' })}>
              Agregar Producto
            </Button>
            <Button size="large" type="primary" icon={<CheckOutlined aria-hidden />} loading={confirm.isPending} onClick={handleConfirm}>
              Confirmar
            </Button>
          </div>
        </>
      )}
      <ProductDialog
        open={dialog !== null}
        editing={editing}
        onCancel={() => setDialog(null)}
        onSave={(product, cantidad) => {
          if (dialog?.mode === 'edit') {
            if (!editing) {
              notify.error(warehouseMsg.lineaNoEncontrada);
              return;
            }
            setDrafts((ds) =>
              (ds ?? []).map((d) =>
                d.key === editing.key ? { ...d, producto: product.id, codalfa: product.codalfa, nombre: product.nombre, alias: product.alias, marca: product.marca, linea: product.linea, ubicacion: product.ubicacion } : d,
              ),
            );
          } else {
            setDrafts((ds) => {
              const list = ds ?? [];
              const same = list.find((d) => d.id === undefined && d.producto === product.id);
              if (same) return list.map((d) => (d === same ? { ...d, cantidad: Math.min(WAREHOUSE.pickMax, d.cantidad + cantidad) } : d));
              return [
                ...list,
                { key: `n${product.id}-${Date.now()}`, producto: product.id, codalfa: product.codalfa, nombre: product.nombre, alias: product.alias, linea: product.linea, marca: product.marca, ubicacion: product.ubicacion, cantidad },
              ];
            });
          }
          setDialog(null);
        }}
      />
    </div>
  );
}

type ProductDialogProps = {
  open: boolean;
  editing?: Draft;
  onCancel: () => void;
  onSave: (product: CatalogItem, cantidad: number) => void;
};

/**
 * 'Agregar Producto' (or replacing a line's product, with its quantity locked): search by 3 letters, 300 ms quiet.
 * The typed text and its results stay when the list or the dialog closes (a stray tap with gloves on), and opening
 * either again asks again after 50 ms (§9); choosing a product ends the search.
 */
function ProductDialog({ open, editing, onCancel, onSave }: ProductDialogProps) {
  const notify = useNotify();
  const [chosen, setChosen] = useState<CatalogItem | null>(null);
  const [cantidad, setCantidad] = useState<number | null>(1);
  const [errors, setErrors] = useState<{ product?: string; qty?: string }>({});
  const search = useRemoteSearch<CatalogItem>({
    fetcher: searchCatalog,
    min: WAREHOUSE.searchMin,
    debounceMs: WAREHOUSE.searchDebounceMs,
    reopenDebounceMs: WAREHOUSE.searchReopenDebounceMs,
    onError: (e) => notify.error(warehouseMsg.errorBuscarProductos, errorMessage(e, '')),
  });
  const { reopen } = search;
  // The select empties its text whenever its list closes; that text is kept (see above), typing it away is not.
  const listOpen = useRef(false);

  // Each opening starts clean, with the line being edited as it is now; the text typed before comes back with the
  // short debounce.
  const handleOpened = useEffectEvent(() => {
    setChosen(null);
    setErrors({});
    setCantidad(editing ? editing.cantidad : 1);
    reopen();
  });
  useEffect(() => {
    if (open) handleOpened();
  }, [open]);

  function handleOk() {
    const next: typeof errors = {};
    if (!chosen) next.product = warehouseMsg.elegiProducto;
    if (!editing && (cantidad === null || !Number.isInteger(cantidad) || cantidad < WAREHOUSE.pickMin)) next.qty = warehouseMsg.cantidadInvalida;
    setErrors(next);
    if (next.product || next.qty) return;
    onSave(chosen!, editing ? editing.cantidad : cantidad!);
  }

  return (
    <Modal
      open={open}
      title={editing ? `Cambiar producto: ${editing.nombre}` : 'Agregar Producto'}
      okText={editing ? 'Cambiar' : 'Agregar'}
      cancelText="Cancelar"
      onOk={handleOk}
      onCancel={onCancel}
      okButtonProps={{ size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      destroyOnHidden
    >
      <div className="warehouse-dialog">
        <label className="warehouse-field">
          <span>Producto</span>
          <Select<number>
            showSearch={{ filterOption: false, searchValue: search.text, onSearch: (text) => (text || listOpen.current ? search.setText(text) : undefined) }}
            size="large"
            aria-label="Buscar producto"
            placeholder="Nombre o código (al menos 3 letras)"
            value={chosen?.id}
            status={errors.product ? 'error' : undefined}
            onOpenChange={(isOpen) => {
              listOpen.current = isOpen;
              if (isOpen && search.text) reopen();
            }}
            onChange={(idValue) => {
              setChosen(search.results.find((p) => p.id === idValue) ?? null);
              setErrors((e) => ({ ...e, product: undefined }));
              search.reset();
            }}
            options={[...(chosen && !search.results.some((p) => p.id === chosen.id) ? [chosen] : []), ...search.results].map((p) => ({ value: p.id, label: `${p.nombre} · ${p.codalfa}` }))}
            notFoundContent={search.loading ? <Spin size="small" /> : search.tooShort ? warehouseMsg.minimoTresLetras : search.text.trim() ? 'Sin resultados' : warehouseMsg.minimoTresLetras}
            style={{ width: '100%' }}
          />
          {errors.product && <span className="warehouse-error">{errors.product}</span>}
        </label>
        <label className="warehouse-field">
          <span>Cantidad</span>
          <Select<number>
            size="large"
            aria-label="Cantidad"
            value={cantidad ?? undefined}
            disabled={Boolean(editing)}
            status={errors.qty ? 'error' : undefined}
            options={quantityOptions(cantidad ?? 1)}
            onChange={(q) => {
              setCantidad(q);
              setErrors((e) => ({ ...e, qty: undefined }));
            }}
          />
          {errors.qty && <span className="warehouse-error">{errors.qty}</span>}
        </label>
      </div>
    </Modal>
  );
}
