import Decimal from 'decimal.js';
import { useQuery } from '@tanstack/react-query';
import {
  DIAS,
  fieldRoutes,
  todayInArgentina,
  type ClienteLista,
  type Compra,
  type ProductoDisponible,
  type TipoOperacion,
  type VentasProductsResponse,
  type VisitaCliente,
  type VisitasResponse,
} from '@portal/contract';
import { useSession } from '../../../lib/session-store';
import { cachedFetch, fieldApi, writeCache } from './field-client';
import { plannerDate, type Planner } from '../planner';
import { isLocalId, localCustomerId, useOutbox, type OutboxEntry } from '../offline/outbox';

export const fieldKey = ['field'] as const;

/** Field queries run offline too (networkMode 'always'): their function answers from IndexedDB then. */
function useFieldQuery<T>(key: readonly unknown[], fetcher: () => Promise<T>, enabled = true, alsoFrom: ReadonlyArray<readonly unknown[]> = []) {
  const { host } = useSession();
  const queryKey = [...fieldKey, host?.cuit ?? null, ...key];
  return useQuery({ queryKey, queryFn: cachedFetch(key, fetcher, alsoFrom), networkMode: 'always', enabled, staleTime: 30_000, retry: 0 });
}

/**
 * The planner's day (§4): today initialises the current day (GET /visitas/hoy); a future day loads the route of
 * its weekday and week offset (GET /visitas/hoy?day=&semana=); history loads that date (GET /visitas/fecha).
 * Cached under the date it shows, so a week that moves on never answers with another week's day.
 */
export function useVisits(planner: Planner) {
  const today = todayInArgentina();
  const date = plannerDate(planner, today);
  const key = planner.mode === 'hoy' ? ['visitas', 'hoy', date] : planner.mode === 'futuro' ? ['visitas', 'plan', date] : ['visitas', 'fecha', date];
  return useFieldQuery<VisitasResponse>(
    key,
    () => {
      if (planner.mode === 'hoy') return fieldApi(fieldRoutes.visitasHoy.url);
      if (planner.mode === 'futuro') return fieldApi(fieldRoutes.visitasHoy.url, { query: { day: DIAS[planner.dia], semana: String(planner.semana) } });
      return fieldApi(fieldRoutes.visitasFecha.url, { query: { date } });
    },
    true,
    // Opened without signal on a new day: the plan of that day, if the rep looked at it ahead while online.
    planner.mode === 'hoy' ? [['visitas', 'plan', date]] : [],
  );
}

/** `clave`: the Idempotency-Key of a sale still in this phone's queue (it has no server id yet). */
export type CompraView = Compra & { pendiente?: boolean; clave?: string };
export type PurchasesView = Omit<VentasProductsResponse, 'compras'> & { compras: CompraView[] };

export function usePurchases(clientId: string | number | null, date: string) {
  const local = clientId !== null && isLocalId(clientId);
  return useFieldQuery<VentasProductsResponse>(
    ['compras', String(clientId), date],
    () => fieldApi(fieldRoutes.compras.url.replace(':clientId', String(clientId)).replace(':date', date)),
    clientId !== null && !local,
  );
}

const LAST_PRODUCTS = ['products', 'ultimo'] as const;

/**
 * What the rep is likely to sell, priced in this customer's list (kept on the phone per customer; offline, a
 * customer never opened online gets the list of the last one that was, or the rep's general one).
 */
export function useProducts(clientId: string | number | null) {
  const cliente = clientId !== null && !isLocalId(clientId) ? String(clientId) : undefined;
  return useFieldQuery<{ productos: ProductoDisponible[] }>(
    ['products', cliente ?? null],
    async () => {
      const data = await fieldApi<{ productos: ProductoDisponible[] }>(fieldRoutes.productos.url, { query: { cliente } });
      await writeCache(LAST_PRODUCTS, data);
      return data;
    },
    true,
    [LAST_PRODUCTS, ['products', null]],
  );
}

/** GET /products?q= (3 letters at least): the whole sellable assortment, priced for the customer. */
export function searchProducts(clientId: string | number | null, q: string, signal: AbortSignal): Promise<ProductoDisponible[]> {
  const cliente = clientId !== null && !isLocalId(clientId) ? String(clientId) : undefined;
  return fieldApi<{ productos: ProductoDisponible[] }>(fieldRoutes.productos.url, { query: { cliente, q }, signal }).then((r) => r.productos);
}
export const useContainerProducts = () => useFieldQuery<{ productos: ProductoDisponible[] }>(['envases'], () => fieldApi(fieldRoutes.productosEnvase.url));
export const useOperationTypes = () => useFieldQuery<{ productos: TipoOperacion[] }>(['tipos'], () => fieldApi(fieldRoutes.tiposOperacion.url));
export const useCustomers = () => useFieldQuery<{ clientes: ClienteLista[] }>(['customers'], () => fieldApi(fieldRoutes.clientes.url));

// ── What the outbox still holds, laid over the server's answers ────────────────────────────────────────────

const sameId = (a: number | string, b: number | string) => String(a) === String(b);

/** Customers registered on this phone that the server does not know yet. */
export function pendingCustomers(entries: OutboxEntry[]): ClienteLista[] {
  return entries
    .filter((e): e is OutboxEntry<'cliente'> => e.kind === 'cliente')
    .map((e) => ({ id: localCustomerId(e.key) as unknown as number, generalId: 0, nombre: String(e.payload.nombre), direccion: String(e.payload.direccion), documento: String(e.payload.nrodoc) }));
}

/** The visits with the queued writes applied: states, sales made, customers registered today. */
export function overlayVisits(data: VisitasResponse | undefined, entries: OutboxEntry[], customers: ClienteLista[]): VisitasResponse | undefined {
  if (!data) return data;
  const clientes: VisitaCliente[] = data.clientes.map((c) => ({ ...c }));
  const find = (id: number | string) => clientes.find((c) => sameId(c.id, id));
  const today = todayInArgentina();
  for (const e of entries) {
    if (e.error) continue;
    if (e.kind === 'cliente' && data.fecha === today) {
      const c = e.payload as OutboxEntry<'cliente'>['payload'];
      const hour = new Date(e.createdAt).getHours();
      clientes.push({
        ventas_id: null, id: localCustomerId(e.key) as unknown as number, codenti_id: 0, nombre: String(c.nombre), lugar_entrega: String(c.direccion),
        turno: hour >= 13 ? 'tarde' : 'mañana', num_documento: String(c.nrodoc), estado_venta: 'pendiente', es_nuevo: true, hora: null, detalle: '', estado: 'normal',
      });
    }
    const touch = (id: number | string, fecha: unknown, patch: Partial<VisitaCliente>) => {
      if (fecha !== data.fecha) return;
      let c = find(id);
      if (!c) {
        const known = customers.find((k) => sameId(k.id, id));
        if (!known) return;
        c = { ventas_id: null, id: known.id, codenti_id: known.generalId, nombre: known.nombre, lugar_entrega: known.direccion, turno: new Date(e.createdAt).getHours() >= 13 ? 'tarde' : 'mañana', num_documento: known.documento, estado_venta: 'pendiente', es_nuevo: true, hora: null, detalle: '', estado: 'normal' };
        clientes.push(c);
      }
      Object.assign(c, patch);
    };
    if (e.kind === 'estado') {
      const p = e.payload as OutboxEntry<'estado'>['payload'];
      touch(p.codent_id, p.fecha, { estado: p.estado as VisitaCliente['estado'] });
    }
    if (e.kind === 'pedido') {
      const p = e.payload as OutboxEntry<'pedido'>['payload'];
      touch(p.codentiId, p.fecha, { estado_venta: 'realizado' });
    }
    if (e.kind === 'envases') {
      const p = e.payload as OutboxEntry<'envases'>['payload'];
      touch(p.clienteId, p.fecha, { estado_venta: 'realizado' });
    }
  }
  return { ...data, clientes };
}

/** A container row as the phone sends it: from `anterior` (what it showed) to `cantidad`; without it, set outright. */
export type ContainerChange = { productoId: number; cantidad: number; anterior?: number | null };

/** The server's rule (PUT /ventas/envases) applied on the phone: a change adds its difference, never below 0. */
function applyContainerChanges(compras: CompraView[], changes: ContainerChange[], names: Map<number, string>): CompraView[] {
  const out = [...compras];
  for (const r of changes) {
    const at = out.findIndex((c) => c.es_envase && c.producto_id === r.productoId);
    const had = at >= 0 ? new Decimal(out[at]!.cantidad) : new Decimal(0);
    const anterior = r.anterior ?? null;
    const now = anterior === null ? new Decimal(r.cantidad) : Decimal.max(0, had.plus(r.cantidad).minus(anterior));
    const row: CompraView = { producto: names.get(r.productoId) ?? `Envase ${r.productoId}`, producto_id: r.productoId, cantidad: now.toString(), precio: '0.00', subtotal: '0.00', es_envase: true, ventas_id: null, pendiente: true };
    if (anterior !== null && now.isZero()) {
      if (at >= 0) out.splice(at, 1);
    } else if (at >= 0) out[at] = row;
    else out.push(row);
  }
  return out;
}

/** A customer's purchases of a date with the queued sales, deletions and containers applied. */
export function overlayPurchases(
  data: VentasProductsResponse | undefined,
  entries: OutboxEntry[],
  clientId: string,
  date: string,
  names: Map<number, string>,
  customers: ClienteLista[],
): PurchasesView | undefined {
  let base: PurchasesView | undefined = data;
  if (!base) {
    const known = customers.find((k) => sameId(k.id, clientId));
    if (!known) return undefined;
    base = { success: true, cliente: { id: known.id, generalId: known.generalId, nombre: known.nombre, direccion: known.direccion, documento: known.documento, hora: null, estado: 'normal' }, compras: [], total: '0.00' };
  }
  let compras: CompraView[] = [...base.compras];
  for (const e of entries) {
    if (e.error) continue;
    if (e.kind === 'borrar') {
      const p = e.payload as OutboxEntry<'borrar'>['payload'];
      if (!sameId(p.clientId, clientId) || p.date !== date) continue;
      // Only the sales that phone showed go (an entry from before that rule named none: all of them).
      const named = p.ventas || p.claves;
      compras = compras.filter((c) => c.es_envase || (named && !(c.ventas_id !== null && p.ventas?.includes(c.ventas_id)) && !(c.clave && p.claves?.includes(c.clave))));
    }
    if (e.kind === 'pedido') {
      const p = e.payload as OutboxEntry<'pedido'>['payload'];
      if (!sameId(p.codentiId, clientId) || p.fecha !== date) continue;
      for (const r of p.renglones as Array<{ codprodId: number; cantidadStock: number; precio_unitario: string }>) {
        const qty = new Decimal(r.cantidadStock);
        const price = new Decimal(r.precio_unitario || 0);
        compras.push({ producto: names.get(r.codprodId) ?? `Producto ${r.codprodId}`, producto_id: r.codprodId, cantidad: qty.toString(), precio: price.toFixed(2), subtotal: qty.times(price).toDecimalPlaces(2).toFixed(2), es_envase: false, ventas_id: null, pendiente: true, clave: e.key });
      }
    }
    if (e.kind === 'envases') {
      const p = e.payload as OutboxEntry<'envases'>['payload'];
      if (!sameId(p.clienteId, clientId) || p.fecha !== date) continue;
      compras = applyContainerChanges(compras, p.envases as ContainerChange[], names);
    }
  }
  const total = compras.filter((c) => !c.es_envase).reduce((t, c) => t.plus(c.subtotal), new Decimal(0)).toFixed(2);
  return { ...base, compras, total };
}

export { useOutbox };
