import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Empty, InputNumber, Select, Skeleton, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { FIELD_LIMITS, fieldMsg, todayInArgentina } from '@portal/contract';
import { useNotify } from '../../lib/notify';
import { enqueue, keptMessage } from './offline/outbox';
import { overlayPurchases, pendingCustomers, useContainerProducts, useCustomers, useOutbox, usePurchases } from './api/queries';
import { SyncBanner } from './components/sync-banner';
import { formatDay } from './dates';
import './field.css';
import { thumbOptions } from './field-select';

type Row = { uid: number; productoId: number | null; cantidad: number | null };
let uid = 0;

/** Units per container product (rows of the same product added up). */
function totals(rows: Row[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const r of rows) if (r.productoId !== null && r.cantidad !== null) m.set(r.productoId, (m.get(r.productoId) ?? 0) + r.cantidad);
  return m;
}

/** /{profile}/envases?clienteId=&fecha= — 'Cargar envases' (today only), 'Agregar envase', 'Finalizar'. */
export function ContainersPage() {
  const { profile } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const clientId = params.get('clienteId');
  const fecha = params.get('fecha');
  const isToday = fecha === todayInArgentina();
  const containers = useContainerProducts();
  const purchases = usePurchases(clientId, fecha ?? '');
  const customers = useCustomers();
  const outbox = useOutbox();
  const names = useMemo(() => new Map((containers.data?.productos ?? []).map((p) => [p.id, p.nombre])), [containers.data]);
  const allCustomers = useMemo(() => [...(customers.data?.clientes ?? []), ...pendingCustomers(outbox.entries)], [customers.data, outbox.entries]);
  const view = useMemo(
    () => (clientId && fecha ? overlayPurchases(purchases.data, outbox.entries, clientId, fecha, names, allCustomers) : undefined),
    [purchases.data, outbox.entries, clientId, fecha, names, allCustomers],
  );
  const [rows, setRows] = useState<Row[] | null>(null);
  // What the form started from, per container: the changes sent are measured against it.
  const [shown, setShown] = useState<Map<number, number>>(new Map());
  const [saving, setSaving] = useState(false);

  // Start from what was already loaded today for this customer.
  useEffect(() => {
    if (rows !== null || !view) return;
    const loaded = view.compras.filter((c) => c.es_envase).map((c) => ({ uid: ++uid, productoId: c.producto_id, cantidad: Number(c.cantidad) }));
    setShown(totals(loaded));
    setRows(loaded.length > 0 ? loaded : [{ uid: ++uid, productoId: null, cantidad: 1 }]);
  }, [view, rows]);

  async function handleFinish() {
    if (!clientId || !fecha) {
      notify.error(fieldMsg.faltanDatos);
      return;
    }
    // §5: only rows with a product and a quantity of at least 0 are kept. Sent as changes from what the form
    // showed, so another phone's containers for this customer are merged, not replaced.
    const now = totals((rows ?? []).filter((r) => r.cantidad !== null && r.cantidad >= 0));
    const envases = [...new Set([...shown.keys(), ...now.keys()])]
      .map((productoId) => ({ productoId, cantidad: now.get(productoId) ?? 0, anterior: shown.get(productoId) ?? 0 }))
      .filter((r) => r.cantidad !== r.anterior);
    if (envases.length === 0) {
      navigate(`/${profile}/repartos`);
      return;
    }
    setSaving(true);
    try {
      const { result } = await enqueue('envases', { clienteId: clientId, fecha, envases });
      if (typeof result === 'object') {
        notify.error(fieldMsg.errorEnvases, result.error);
        return;
      }
      if (result === 'queued' || result === 'retrying') notify.info('Envases guardados en el teléfono', keptMessage[result]);
      else notify.success('Envases guardados');
      navigate(`/${profile}/repartos`);
    } finally {
      setSaving(false);
    }
  }

  const update = (u: number, patch: Partial<Row>) => setRows((rs) => (rs ?? []).map((r) => (r.uid === u ? { ...r, ...patch } : r)));

  return (
    <div className="field-page containers-page">
      <SyncBanner />
      <Typography.Title level={4}>Envases</Typography.Title>
      {view ? (
        <Typography.Paragraph className="containers-client">{view.cliente.nombre} · {formatDay(fecha!)}</Typography.Paragraph>
      ) : purchases.isPending && clientId ? <Skeleton active /> : null}
      {!clientId || !fecha ? <Empty description={fieldMsg.faltanDatos} /> : null}
      {isToday && rows ? (
        <Card size="small" title="Cargar envases">
          {rows.map((r, i) => (
            <div key={r.uid} className="order-row" data-testid="container-row">
              <Select<number>
                {...thumbOptions}
                placeholder="Envase"
                aria-label={`Envase ${i + 1}`}
                className="order-product"
                value={r.productoId ?? undefined}
                options={(containers.data?.productos ?? []).map((p) => ({ value: p.id, label: p.nombre }))}
                onChange={(v) => update(r.uid, { productoId: v })}
              />
              <InputNumber<number> aria-label={`Cantidad de envases ${i + 1}`} min={0} max={FIELD_LIMITS.cantidadMax} value={r.cantidad} onChange={(v) => update(r.uid, { cantidad: v })} className="order-qty" />
              <Button aria-label={`Quitar envase ${i + 1}`} icon={<DeleteOutlined />} onClick={() => setRows((rs) => (rs ?? []).filter((x) => x.uid !== r.uid))} />
            </div>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => setRows((rs) => [...(rs ?? []), { uid: ++uid, productoId: null, cantidad: 1 }])}>Agregar envase</Button>
        </Card>
      ) : null}
      {fecha && !isToday ? <Typography.Paragraph type="secondary">Los envases se cargan solamente en el día de hoy.</Typography.Paragraph> : null}
      <Button type="primary" size="large" block className="containers-finish" loading={saving} onClick={() => (isToday ? void handleFinish() : navigate(`/${profile}/repartos`))}>
        Finalizar
      </Button>
    </div>
  );
}
