import { useMemo, useState, type ReactNode } from 'react';
import { Button, Divider, Empty, FloatButton, Skeleton, Typography } from 'antd';
import { CalendarOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { fieldMsg, todayInArgentina, type EstadoVisita, type VisitaCliente } from '@portal/contract';
import { lazyOverlay } from '../../lib/lazy-overlay';
import { useNotify } from '../../lib/notify';
import { enqueue, keptMessage } from './offline/outbox';
import { overlayVisits, pendingCustomers, useCustomers, useOutbox, useVisits } from './api/queries';
import { SyncBanner } from './components/sync-banner';
import { VisitCard } from './components/visit-card';
import { formatDay, weekdayTitle } from './dates';
import { canGoForward, HOY, nextDay, plannerCaption, plannerDate, plannerFor, plannerFromSearch, plannerSearch, previousDay, type Planner } from './planner';
import './field.css';

// The calendar (Ant Design's Calendar and its month and year selectors) loads when 'Seleccionar fecha' first opens.
const DateDialog = lazyOverlay(() => import('./components/date-dialog').then((m) => m.DateDialog), (p) => p.open);

const SHIFTS = [
  { value: 'mañana', label: 'Mañana' },
  { value: 'tarde', label: 'Tarde' },
] as const;

/**
 * /{profile}/repartos — Visitas, the visit planner of §4. Its position lives in the URL (planner.ts): today, N
 * days back (history: what was done), or a weekday of this or a later week (the planned route). 'Volver a hoy'
 * drops it.
 */
export function VisitsPage() {
  const { profile } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const today = todayInArgentina();
  const planner = plannerFromSearch(params, today);
  const fecha = plannerDate(planner, today);
  const isToday = planner.mode === 'hoy';
  const [picking, setPicking] = useState(false);
  const visits = useVisits(planner);
  const customers = useCustomers();
  const outbox = useOutbox();
  const allCustomers = useMemo(() => [...(customers.data?.clientes ?? []), ...pendingCustomers(outbox.entries)], [customers.data, outbox.entries]);
  const data = useMemo(() => overlayVisits(visits.data, outbox.entries, allCustomers), [visits.data, outbox.entries, allCustomers]);

  const goTo = (p: Planner) => setParams(new URLSearchParams(plannerSearch(p)));
  const open = (c: VisitaCliente) => navigate(`/${profile}/detalle-cliente/${c.id}/${fecha}`);
  const caption = plannerCaption(planner);

  async function handleState(c: VisitaCliente, estado: EstadoVisita) {
    const { result } = await enqueue('estado', { fecha, codent_id: c.id, estado });
    if (result === 'sent') notify.success(fieldMsg.estadoActualizado);
    else if (result === 'queued' || result === 'retrying') notify.info(fieldMsg.estadoActualizado, keptMessage[result]);
    else notify.error(fieldMsg.errorEstado, result.error);
  }

  const clients = data?.clientes ?? [];
  const pending = clients.filter((c) => !c.es_nuevo && c.estado_venta !== 'realizado');
  const done = clients.filter((c) => !c.es_nuevo && c.estado_venta === 'realizado');
  const outOfRoute = clients.filter((c) => c.es_nuevo);
  const shifts = data?.turnos ?? [];

  return (
    <div className="field-page visits-page">
      {/* The page's title for screen readers: the date header is what is drawn, and the shifts' titles show only
          while customers are pending. */}
      <h1 className="sr-only">Visitas</h1>
      <SyncBanner />
      <div className="visits-header">
        <Button aria-label="Día anterior" icon={<LeftOutlined />} onClick={() => goTo(previousDay(planner, today))} />
        <button type="button" className="visits-date" onClick={() => setPicking(true)} aria-label="Seleccionar fecha">
          <span className="visits-weekday">{weekdayTitle(fecha)}</span>
          <span className="visits-day">{formatDay(fecha)} <CalendarOutlined aria-hidden /></span>
        </button>
        <Button aria-label="Día siguiente" icon={<RightOutlined />} disabled={!canGoForward(planner)} onClick={() => goTo(nextDay(planner, today))} />
      </div>
      <DateDialog
        open={picking}
        fecha={fecha}
        today={today}
        onClose={() => setPicking(false)}
        onPick={(iso) => {
          setPicking(false);
          // §4: after a past date is picked, the days back are counted from today.
          goTo(plannerFor(iso, today));
        }}
      />

      {visits.isPending ? <Skeleton active /> : null}
      {visits.isError && !data ? <Empty description="No se pudieron cargar las visitas." /> : null}

      {data && isToday ? (
        <>
          <Divider className="visits-divider">Clientes del Día</Divider>
          {pending.length === 0 ? <Typography.Paragraph type="secondary" className="visits-empty">No quedan clientes pendientes.</Typography.Paragraph> : null}
          {SHIFTS.map((s) => {
            const list = pending.filter((c) => c.turno === s.value);
            if (list.length === 0) return null;
            return (
              <section key={s.value} className="visits-shift" aria-label={s.label}>
                <Typography.Title level={5} className="visits-shift-title">{s.label}</Typography.Title>
                {list.map((c) => <VisitCard key={c.id} client={c} onOpen={() => open(c)} onState={(e) => void handleState(c, e)} />)}
              </section>
            );
          })}
          <Divider className="visits-divider">Realizados</Divider>
          <section aria-label="Realizados">
            {done.length === 0 ? <Typography.Paragraph type="secondary" className="visits-empty">Todavía no hay visitas realizadas.</Typography.Paragraph> : null}
            <ByShift clients={done} section="Realizados" render={(c) => <VisitCard key={c.id} client={c} onOpen={() => open(c)} />} />
          </section>
          <Divider className="visits-divider">Clientes fuera de ruta</Divider>
          <section aria-label="Clientes fuera de ruta">
            {outOfRoute.length === 0 ? <Typography.Paragraph type="secondary" className="visits-empty">Sin clientes fuera de ruta.</Typography.Paragraph> : null}
            <ByShift clients={outOfRoute} section="Clientes fuera de ruta" render={(c) => <VisitCard key={c.id} client={c} onOpen={() => open(c)} />} />
          </section>
          <div className="visits-footer" data-testid="visits-footer">
            {shifts.length > 0 ? `Turno: ${shifts.map((t) => (t === 'mañana' ? 'Mañana' : 'Tarde')).join(' y ')}` : 'No hay turnos para hoy'}
          </div>
          <FloatButton
            type="primary"
            icon={<PlusOutlined />}
            aria-label="Agregar pedido"
            className="visits-fab"
            onClick={() => navigate(`/${profile}/detalle-cliente/${today}`)}
          />
        </>
      ) : null}

      {data && !isToday ? (
        <>
          <Typography.Paragraph className="visits-mode" data-testid="visits-mode">
            <strong>{caption}</strong>
            <Typography.Text type="secondary"> · {planner.mode === 'historico' ? 'Visitas de ese día.' : 'Clientes del recorrido de ese día.'}</Typography.Text>
          </Typography.Paragraph>
          <section aria-label="Visitas">
            {clients.length === 0 ? <Empty description="No hay visitas para este día." /> : null}
            {clients.map((c) => <VisitCard key={c.id} client={c} onOpen={() => open(c)} />)}
          </section>
          <Button type="primary" block size="large" className="visits-back" onClick={() => goTo(HOY)}>Volver a hoy</Button>
        </>
      ) : null}
    </div>
  );
}

type ByShiftProps = { clients: VisitaCliente[]; section: string; render: (c: VisitaCliente) => ReactNode };

/** §4: completed and out-of-route customers are each split by shift, Mañana then Tarde, as the pending ones. */
function ByShift({ clients, section, render }: ByShiftProps) {
  return SHIFTS.map((s) => {
    const list = clients.filter((c) => c.turno === s.value);
    if (list.length === 0) return null;
    return (
      <div key={s.value} className="visits-shift" role="group" aria-label={`${section} · ${s.label}`}>
        <Typography.Title level={5} className="visits-shift-title">{s.label}</Typography.Title>
        {list.map(render)}
      </div>
    );
  });
}
