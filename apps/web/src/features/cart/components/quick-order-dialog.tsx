import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Input, InputNumber, Modal, Select, Space, Tabs, Tag, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  formatNumber,
  orderingMsg,
  parseQuickOrderText,
  QUICK_ADDABLE,
  quickOrderMsg,
  type ParsedLine,
  type QuickLine,
  type QuickResolveResponse,
  type QuickState,
} from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/device';
import { useNotify } from '../../../lib/notify';
import { cartDrawer, type CartKind } from '../cart-drawer-store';
import { downloadQuickOrderTemplate, useAddReviewed, useResolveQuickOrder, type QuickSource } from '../api/quick-order';

export type QuickOrderDialogProps = {
  kind: CartKind;
  open: boolean;
  onClose: () => void;
  /** 'Repetir compra': the past order (sales_orders.id) whose lines are reviewed. */
  historialId?: number;
};

const STATE_COLOR: Record<QuickState, string> = { listo: 'green', ajustado: 'gold', duplicado: 'blue', no_encontrado: 'red', no_disponible: 'default' };

type Columns = { columnas: string[]; codigo: number | null; cantidad: number | null };

/**
 * 'Pedido rápido' (docs/decisions/ordering.md 'Quick order'): paste codes and quantities or upload a sheet, review
 * every line as the server resolved it (fix a code, take a suggestion, change a quantity, remove a line), then add
 * every ready line to the cart in one call. 'Repetir compra' opens it on the review of a past order.
 */
export function QuickOrderDialog({ kind, open, onClose, historialId }: QuickOrderDialogProps) {
  const mobile = useIsMobile();
  const notify = useNotify();
  const resolve = useResolveQuickOrder(kind);
  const add = useAddReviewed(kind);
  const [text, setText] = useState('');
  const [tab, setTab] = useState<'pegar' | 'archivo'>('pegar');
  const [problem, setProblem] = useState<string | null>(null);
  const [review, setReview] = useState<QuickLine[] | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<Columns | null>(null);
  const [fixes, setFixes] = useState<Record<number, string>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const repeatOf = useRef<number | undefined>(undefined);

  async function run(source: QuickSource) {
    setProblem(null);
    try {
      const answer: QuickResolveResponse = await resolve.mutateAsync(source);
      if (answer.columnas) setColumns({ columnas: answer.columnas, codigo: answer.columna_codigo ?? null, cantidad: answer.columna_cantidad ?? null });
      if (answer.aviso) {
        setProblem(answer.aviso);
        return;
      }
      setReview(answer.renglones);
      setFixes({});
    } catch (e) {
      setProblem(errorMessage(e, orderingMsg.errorGenerico));
    }
  }

  // 'Repetir compra': the review of that order, as soon as the dialog opens for it.
  useEffect(() => {
    if (open && historialId !== undefined && repeatOf.current !== historialId) {
      repeatOf.current = historialId;
      setReview(null);
      void run({ historial_id: historialId });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, historialId]);

  function handleClose() {
    repeatOf.current = undefined;
    onClose();
  }

  function handleReviewText() {
    const parsed = parseQuickOrderText(text);
    if (parsed.error !== null) return setProblem(parsed.error);
    void run({ texto: text });
  }

  function handleFile(f: File | null) {
    setFile(f);
    setColumns(null);
    if (f) void run({ archivo: f });
  }

  function handleColumns(next: Columns) {
    setColumns(next);
    if (file && next.codigo !== null && next.cantidad !== null) void run({ archivo: file, columna_codigo: next.codigo, columna_cantidad: next.cantidad });
  }

  /** The lines as they stand, with a line's code replaced: resolved again (the review keeps what was removed out). */
  function handleFix(line: QuickLine, code: string) {
    if (!review || code.trim() === '') return;
    const lineas: ParsedLine[] = review.map((l) => ({
      linea: l.lineas[0]!,
      codigo: l === line ? code.trim() : l.producto ? l.producto.codigo_alfanumerico : l.codigo,
      cantidad: String(l === line ? l.cantidad_pedida : l.cantidad),
    }));
    void run({ lineas });
  }

  function handleRemove(line: QuickLine) {
    setReview((r) => (r ? r.filter((l) => l !== line) : r));
  }

  function handleQuantity(line: QuickLine, value: number | null) {
    if (value === null || value < 1) return;
    setReview((r) => (r ? r.map((l) => (l === line ? { ...l, cantidad: value } : l)) : r));
  }

  const ready = (review ?? []).filter((l) => QUICK_ADDABLE.includes(l.estado) && l.producto);

  async function handleAdd() {
    if (ready.length === 0) return notify.warning(quickOrderMsg.nadaParaAgregar);
    try {
      const answer = await add.mutateAsync({
        lines: ready.map((l) => ({ producto_id: l.producto!.id, pedido_cantidad: l.cantidad })),
        historialId,
      });
      notify.success(answer.msg);
      setReview(null);
      setText('');
      setFile(null);
      handleClose();
      cartDrawer.open(kind);
    } catch (e) {
      notify.error(`${orderingMsg.errorAgregarProductos} ${errorMessage(e, orderingMsg.errorGenerico)}`);
    }
  }

  const counts = (review ?? []).reduce<Record<QuickState, number>>(
    (c, l) => ({ ...c, [l.estado]: c[l.estado] + 1 }),
    { listo: 0, ajustado: 0, duplicado: 0, no_encontrado: 0, no_disponible: 0 },
  );

  const input = (
    <Tabs
      activeKey={tab}
      onChange={(k) => setTab(k as 'pegar' | 'archivo')}
      items={[
        {
          key: 'pegar',
          label: quickOrderMsg.pegar,
          children: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text type="secondary">{quickOrderMsg.pegarAyuda}</Typography.Text>
              <Input.TextArea
                aria-label={quickOrderMsg.pegar}
                data-testid="quick-order-text"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={quickOrderMsg.pegarPlaceholder}
                autoSize={{ minRows: 6, maxRows: 14 }}
                spellCheck={false}
              />
              <Button type="primary" block={mobile} loading={resolve.isPending} disabled={text.trim() === ''} onClick={handleReviewText}>
                {resolve.isPending ? quickOrderMsg.revisando : quickOrderMsg.revisar}
              </Button>
            </Space>
          ),
        },
        {
          key: 'archivo',
          label: quickOrderMsg.subirArchivo,
          children: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text type="secondary">{quickOrderMsg.archivoAyuda}</Typography.Text>
              <input
                ref={fileInput}
                type="file"
                accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
                data-testid="quick-order-file"
                aria-label={quickOrderMsg.elegirArchivo}
                hidden
                onChange={(e) => {
                  handleFile(e.target.files?.[0] ?? null);
                  e.target.value = '';
                }}
              />
              <Space wrap>
                <Button icon={<UploadOutlined />} loading={resolve.isPending} onClick={() => fileInput.current?.click()}>
                  {quickOrderMsg.elegirArchivo}
                </Button>
                <Button
                  icon={<DownloadOutlined />}
                  type="link"
                  onClick={() => void downloadQuickOrderTemplate(kind).catch((e) => notify.error(orderingMsg.errorDescargarArchivo, errorMessage(e, '')))}
                >
                  {quickOrderMsg.descargarPlantilla}
                </Button>
              </Space>
              {file && <Typography.Text>{file.name}</Typography.Text>}
              {columns && file && (
                <Space wrap>
                  <label>
                    {quickOrderMsg.columnaCodigo}{' '}
                    <Select
                      aria-label={quickOrderMsg.columnaCodigo}
                      style={{ minWidth: 160 }}
                      value={columns.codigo ?? undefined}
                      options={columns.columnas.map((c, i) => ({ value: i, label: c }))}
                      onChange={(v) => handleColumns({ ...columns, codigo: v })}
                    />
                  </label>
                  <label>
                    {quickOrderMsg.columnaCantidad}{' '}
                    <Select
                      aria-label={quickOrderMsg.columnaCantidad}
                      style={{ minWidth: 160 }}
                      value={columns.cantidad ?? undefined}
                      options={columns.columnas.map((c, i) => ({ value: i, label: c }))}
                      onChange={(v) => handleColumns({ ...columns, cantidad: v })}
                    />
                  </label>
                </Space>
              )}
            </Space>
          ),
        },
      ]}
    />
  );

  const list = review && (
    <div className="quick-review" data-testid="quick-review">
      <Space wrap size={[4, 4]} style={{ marginBottom: 8 }} data-testid="quick-summary">
        {(Object.keys(counts) as QuickState[])
          .filter((s) => counts[s] > 0)
          .map((s) => (
            <Tag key={s} color={STATE_COLOR[s]}>
              {quickOrderMsg.estados[s]}: {formatNumber(counts[s], 0)}
            </Tag>
          ))}
      </Space>
      {review.map((l) => (
        <div key={`${l.lineas.join('-')}-${l.codigo}`} className={`quick-line quick-line-${l.estado}`} data-testid="quick-line" data-state={l.estado}>
          <div className="quick-line-head">
            <Tag color={STATE_COLOR[l.estado]}>{quickOrderMsg.estados[l.estado]}</Tag>
            <Typography.Text type="secondary">{quickOrderMsg.renglonesDe(l.lineas.join(', '))}</Typography.Text>
            <Typography.Text code>{l.codigo}</Typography.Text>
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`${quickOrderMsg.quitar} ${l.codigo}`} onClick={() => handleRemove(l)}>
              {mobile ? undefined : quickOrderMsg.quitar}
            </Button>
          </div>
          {l.producto && (
            <div className="quick-line-product">
              <Typography.Text strong>{l.producto.nombre}</Typography.Text>
              <Typography.Text type="secondary">
                {' '}
                {l.producto.codigo_alfanumerico} · {l.producto.unimed_venta_completa}
                {l.producto.cantidad_envase_con_formato ? ` (${l.producto.cantidad_envase_con_formato})` : ''}
              </Typography.Text>
            </div>
          )}
          {QUICK_ADDABLE.includes(l.estado) && l.producto && (
            <div className="quick-line-amounts">
              <InputNumber
                aria-label={`${quickOrderMsg.cantidad} ${l.codigo}`}
                size="small"
                min={1}
                precision={l.producto.factor_venta !== 1 ? 0 : 3}
                decimalSeparator=","
                value={l.cantidad}
                onChange={(v) => handleQuantity(l, v)}
                style={{ width: 110 }}
              />
              <Typography.Text>
                × {l.producto.moneda_simbolo} {l.producto.precio_final_con_formato} ={' '}
                <strong>
                  {l.producto.moneda_simbolo} {formatNumber((l.producto.precio_final ?? 0) * l.cantidad)}
                </strong>
              </Typography.Text>
            </div>
          )}
          {l.motivo && <Typography.Paragraph type={l.estado === 'no_encontrado' ? 'danger' : 'secondary'} className="quick-line-reason">{l.motivo}</Typography.Paragraph>}
          {l.estado === 'no_encontrado' && (
            <div className="quick-line-fix">
              {l.sugerencias.length > 0 && (
                <Space wrap size={[4, 4]}>
                  <Typography.Text>{quickOrderMsg.quizasQuiso}</Typography.Text>
                  {l.sugerencias.map((s) => (
                    <Button key={s.id} size="small" onClick={() => handleFix(l, s.codigo_alfanumerico)} title={s.nombre}>
                      {s.codigo_alfanumerico}
                    </Button>
                  ))}
                </Space>
              )}
              <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
                <Input
                  size="small"
                  aria-label={`${quickOrderMsg.corregir} ${l.codigo}`}
                  placeholder={quickOrderMsg.codigo}
                  value={fixes[l.lineas[0]!] ?? ''}
                  onChange={(e) => setFixes((f) => ({ ...f, [l.lineas[0]!]: e.target.value }))}
                  onPressEnter={() => handleFix(l, fixes[l.lineas[0]!] ?? '')}
                />
                <Button size="small" onClick={() => handleFix(l, fixes[l.lineas[0]!] ?? '')}>
                  {quickOrderMsg.corregir}
                </Button>
              </Space.Compact>
            </div>
          )}
        </div>
      ))}
    </div>
  );

  const footer = review
    ? [
        historialId === undefined && (
          <Button key="back" onClick={() => setReview(null)}>
            {quickOrderMsg.volver}
          </Button>
        ),
        <Button key="add" type="primary" loading={add.isPending} disabled={ready.length === 0} onClick={() => void handleAdd()} data-testid="quick-order-add">
          {quickOrderMsg.agregarListos(ready.length)}
        </Button>,
      ]
    : null;

  return (
    <Modal
      open={open}
      title={historialId !== undefined ? orderingMsg.repetirCompra : quickOrderMsg.titulo}
      onCancel={handleClose}
      footer={footer}
      width={mobile ? '100%' : 860}
      style={mobile ? { top: 0, maxWidth: '100%', margin: 0, paddingBottom: 0 } : undefined}
      destroyOnHidden={false}
      data-testid="quick-order"
    >
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} data-testid="quick-order-problem" />}
      {review ? list : historialId === undefined ? input : null}
    </Modal>
  );
}
