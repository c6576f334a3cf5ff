import Decimal from 'decimal.js';
import { sql } from 'kysely';
import {
  addDays,
  dateOfWeekday,
  dayName,
  DIAS,
  FIELD_LIMITS,
  fieldMsg,
  msg,
  SIN_DIRECCION,
  todayInArgentina,
  TURNOS,
  weekdayOf,
  type ClienteLista,
  type Compra,
  type Dia,
  type EstadoVisita,
  type VisitaCliente,
  type VisitasResponse,
  PROFILE,
} from '@portal/contract';
import type { DB } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, forbidden, HttpError } from '../../lib/http-errors.js';
import { normaliseSearch } from '../catalog/index.js';
import { appendEvent, containersChanged, fieldCustomerCreated, fieldSaleRecorded, fieldSalesDeleted, visitState } from '../integration/index.js';
import * as repo from './repository.js';
import type { CustomerRow } from './repository.js';
import type { UserScope } from '../../lib/identity.js';

/** Profiles that work the field module: the rep / driver (module 'repartos'). */
export const FIELD_PROFILE_IDS = [PROFILE.repartidor] as const;
/** GET /products without `q`: the rep's likely assortment, at most this many (the phone keeps it for offline use). */
export const FIELD_PRODUCTS_LIMIT = 300;
/** GET /products?q=: at most this many matches. */
export const FIELD_SEARCH_LIMIT = 50;

const conflict = (message: string) => new HttpError(409, message);

function address(c: Pick<CustomerRow, 'address' | 'locality'>): string {
  return c.address?.trim() || SIN_DIRECCION;
}

/** The rep's day must be today in Buenos Aires (§5: order-taking and container loading only for today). */
function requireToday(date: string, message: string = fieldMsg.soloHoy) {
  if (date !== todayInArgentina()) throw badRequest(message);
}

export class FieldService {
  constructor(private readonly db: DB) {}

  /** 403 unless this member holds a field profile. */
  scope(companyId: number, userId: number, profileIds: number[], ip: string | null = null): UserScope {
    if (!profileIds.some((p) => (FIELD_PROFILE_IDS as readonly number[]).includes(p))) throw forbidden(msg.moduloNoHabilitado);
    return { companyId, userId, ip };
  }

  /** 403 unless the customer is one of the rep's. */
  private async requireOwn(db: DB, s: UserScope, entityId: number): Promise<CustomerRow> {
    const [row] = await repo.customers(db, s, [entityId]);
    if (!row) throw forbidden(fieldMsg.clienteAjeno);
    return row;
  }

  async setState(s: UserScope, body: { fecha: string; codent_id: number; estado: EstadoVisita }) {
    requireToday(body.fecha, fieldMsg.soloHoyEstado);
    await this.requireOwn(this.db, s, body.codent_id);
    await this.db.transaction().execute(async (trx) => {
      await repo.upsertVisitState(trx, s, body.codent_id, body.fecha, body.estado);
      await writeAudit(trx, { action: 'field.visit-state', userId: s.userId, companyId: s.companyId, ip: s.ip ?? null, detail: { entity: body.codent_id, date: body.fecha, state: body.estado } });
      await appendEvent(trx, await visitState(trx, s.companyId, body.codent_id, body.fecha, body.estado, s.userId));
    });
    return { success: true as const, msg: fieldMsg.estadoActualizado };
  }

  /**
   * The planner day of §4: a weekday (today's when missing) of the week `semana` weeks from the current one
   * (Monday to Sunday). What it answers depends on the date it lands on, as for /visitas/fecha.
   */
  async visitsOfDay(s: UserScope, day?: Dia, semana = 0): Promise<VisitasResponse> {
    const today = todayInArgentina();
    const weekday = day ? DIAS.indexOf(day) + 1 : weekdayOf(today);
    return this.visits(s, addDays(dateOfWeekday(weekday, today), 7 * semana));
  }

  /**
   * The visits of a date: the route of its weekday (from route_stops), plus — for today and past dates — the
   * customers served out of route and the ones the rep registered that day (es_nuevo). A future date shows
   * the plan only.
   */
  async visits(s: UserScope, date: string): Promise<VisitasResponse> {
    const weekday = weekdayOf(date);
    const stops = await repo.stopsOfWeekday(this.db, s, weekday);
    const future = date > todayInArgentina();
    const act = future ? { states: [], sales: [], containers: [], created: [] } : await repo.dayActivity(this.db, s, date);
    const onRoute = new Map(stops.map((r) => [r.entity_id, r]));
    const outHour = new Map<number, number>();
    for (const r of act.created) if (!onRoute.has(r.entity_id)) outHour.set(r.entity_id, Number(r.hour));
    for (const r of act.sales) if (!onRoute.has(r.entity_id)) outHour.set(r.entity_id, Math.min(outHour.get(r.entity_id) ?? 99, Number(r.first_hour)));
    for (const r of act.containers) if (!onRoute.has(r.entity_id) && !outHour.has(r.entity_id)) outHour.set(r.entity_id, 99);
    for (const r of act.states) if (!onRoute.has(r.entity_id) && !outHour.has(r.entity_id)) outHour.set(r.entity_id, 99);
    const ids = [...onRoute.keys(), ...outHour.keys()];
    const rows = await repo.customers(this.db, s, ids);
    const state = new Map(act.states.map((r) => [r.entity_id, r.state]));
    const sale = new Map(act.sales.map((r) => [r.entity_id, r]));
    const containers = new Set(act.containers.map((r) => r.entity_id));
    const clientes: VisitaCliente[] = rows.map((c) => {
      const stop = onRoute.get(c.id);
      const h = outHour.get(c.id) ?? 99;
      const sold = sale.get(c.id);
      return {
        ventas_id: sold ? Number(sold.last_id) : null,
        id: c.id,
        codenti_id: c.code,
        nombre: c.name,
        lugar_entrega: address(c),
        turno: stop?.shift ?? (h >= 13 && h !== 99 ? 'tarde' : 'mañana'),
        num_documento: c.document ?? c.cuit,
        estado_venta: sold || containers.has(c.id) ? 'realizado' : 'pendiente',
        es_nuevo: !stop,
        hora: stop?.hour ?? null,
        detalle: stop?.note ?? '',
        estado: state.get(c.id) ?? 'normal',
      };
    });
    // Within a shift, the plan's order (the ERP's `orden`; stops without one after), then the hour, then the name.
    const order = (id: number) => onRoute.get(id)?.position ?? 10_000;
    clientes.sort(
      (a, b) =>
        TURNOS.indexOf(a.turno) - TURNOS.indexOf(b.turno) ||
        order(a.id) - order(b.id) ||
        (a.hora ?? '99').localeCompare(b.hora ?? '99') ||
        a.nombre.localeCompare(b.nombre, 'es'),
    );
    const turnos = TURNOS.filter((t) => stops.some((r) => r.shift === t));
    return { success: true, fecha: date, dia: dayName(weekday), clientes, turnos };
  }

  async operationTypes(companyId: number) {
    const rows = await repo.operationTypes(this.db, companyId);
    return { success: true as const, productos: rows.map((r) => ({ id: r.id, value: r.code, descripcion: r.description })) };
  }

  async purchases(s: UserScope, entityId: number, date: string) {
    const c = await this.requireOwn(this.db, s, entityId);
    const [state, hour, lines, containers] = await Promise.all([
      repo.visitState(this.db, s, entityId, date),
      repo.stopHour(this.db, s, entityId, weekdayOf(date)),
      repo.saleLines(this.db, s, entityId, date),
      repo.containerLines(this.db, s, entityId, date),
    ]);
    let total = new Decimal(0);
    const compras: Compra[] = lines.map((l) => {
      total = total.plus(l.amount);
      return {
        producto: l.name,
        producto_id: l.product_id,
        cantidad: new Decimal(l.quantity).toString(),
        precio: new Decimal(l.unit_price).toFixed(2),
        subtotal: new Decimal(l.amount).toFixed(2),
        es_envase: false,
        ventas_id: l.sale_id,
      };
    });
    for (const l of containers) {
      compras.push({ producto: l.name, producto_id: l.product_id, cantidad: new Decimal(l.quantity).toString(), precio: '0.00', subtotal: '0.00', es_envase: true, ventas_id: null });
    }
    return {
      success: true as const,
      cliente: { id: c.id, generalId: c.code, nombre: c.name, direccion: address(c), documento: c.document ?? c.cuit, hora: hour, estado: state },
      compras,
      total: total.toFixed(2),
    };
  }

  /**
   * Records a sale exactly once per idempotency key: a retry, a double tap or a replay of the offline queue gets
   * the first answer (repetido: true) and writes nothing. A key whose sale was deleted meanwhile is a conflict
   * (409), shown to the rep, never silently re-created. Totals are recomputed here with decimals.
   */
  async saveOrder(
    s: UserScope,
    key: string,
    body: { fecha: string; codentiId: number; tipoOperacion: number | null; renglones: Array<{ codprodId: number; cantidadStock: number; precio_unitario: string }> },
  ) {
    const existing = await repo.saleByKey(this.db, s, key);
    if (existing) return this.replayAnswer(existing);
    requireToday(body.fecha);
    await this.requireOwn(this.db, s, body.codentiId);
    const ids = [...new Set(body.renglones.map((r) => r.codprodId))];
    const products = await repo.fieldProducts(this.db, s.companyId, body.codentiId, { ids }, ids.length);
    if (products.length !== ids.length) throw badRequest(fieldMsg.productoInexistente);
    if (body.tipoOperacion !== null) {
      const types = await repo.operationTypes(this.db, s.companyId);
      if (!types.some((t) => t.id === body.tipoOperacion)) throw badRequest(fieldMsg.tipoOperacionInexistente);
    }
    const lines = body.renglones.map((r, i) => {
      const qty = new Decimal(r.cantidadStock);
      const price = new Decimal(r.precio_unitario);
      return { line_no: i + 1, product_id: r.codprodId, quantity: qty.toString(), unit_price: price.toFixed(2), amount: qty.times(price).toDecimalPlaces(2).toFixed(2) };
    });
    const total = lines.reduce((t, l) => t.plus(l.amount), new Decimal(0)).toFixed(2);
    const saved = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('field_sales')
        .values({ company_id: s.companyId, user_id: s.userId, entity_id: body.codentiId, sale_date: body.fecha, operation_type_id: body.tipoOperacion, total, idempotency_key: key, deleted_at: null })
        .onConflict((oc) => oc.columns(['company_id', 'user_id', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return null; // the same key won a race a moment ago
      await trx.insertInto('field_sale_lines').values(lines.map((l) => ({ ...l, sale_id: row.id, company_id: s.companyId }))).execute();
      await writeAudit(trx, { action: 'field.sale', userId: s.userId, companyId: s.companyId, ip: s.ip ?? null, detail: { sale: row.id, entity: body.codentiId, total } });
      await appendEvent(trx, await fieldSaleRecorded(trx, s.companyId, row.id, s.userId));
      return row.id;
    });
    if (saved === null) {
      const again = await repo.saleByKey(this.db, s, key);
      if (!again) throw badRequest(fieldMsg.errorPedido);
      return this.replayAnswer(again);
    }
    return { success: true as const, msg: fieldMsg.pedidoGuardado, id: saved, importe_total: total, repetido: false };
  }

  private replayAnswer(row: { id: number; total: string; deleted_at: Date | null }) {
    if (row.deleted_at) throw conflict(fieldMsg.clavePedidoEliminado);
    return { success: true as const, msg: fieldMsg.pedidoGuardado, id: row.id, importe_total: new Decimal(row.total).toFixed(2), repetido: true };
  }

  /**
   * Deletes (marks deleted) the customer's sales of today that the phone saw: `seen.ventas` (ids) and
   * `seen.claves` (keys of sales it made); a sale another phone recorded meanwhile is in neither and stays. Without
   * both (the call as §7 shows it) every sale of that customer and day. Their keys stay known, so a replay cannot
   * revive them. With an idempotency key the deletion is done once: a replay of the same key (the offline queue
   * sent again, a second tab) answers the first result and deletes nothing — not even a sale made after it.
   */
  async deleteOrders(s: UserScope, entityId: number, date: string, key: string | null = null, seen: { ventas?: number[]; claves?: string[] } = {}) {
    const answer = (n: number, repetido: boolean) => ({ success: true as const, msg: fieldMsg.compraEliminada, eliminados: n, repetido });
    const replayed = async () => {
      if (!key) return null;
      const row = await repo.deletionByKey(this.db, s, key);
      return row ? answer(row.deleted, true) : null;
    };
    const before = await replayed();
    if (before) return before;
    requireToday(date);
    await this.requireOwn(this.db, s, entityId);
    const scoped = seen.ventas !== undefined || seen.claves !== undefined;
    const n = await this.db.transaction().execute(async (trx) => {
      if (key) {
        const claimed = await trx
          .insertInto('field_sale_deletions')
          .values({ company_id: s.companyId, user_id: s.userId, idempotency_key: key, entity_id: entityId, sale_date: date, deleted: 0 })
          .onConflict((oc) => oc.columns(['company_id', 'user_id', 'idempotency_key']).doNothing())
          .returning('idempotency_key')
          .executeTakeFirst();
        if (!claimed) return null; // the same key won a race a moment ago
      }
      let q = trx
        .updateTable('field_sales')
        .set({ deleted_at: sql`now()` })
        .where('company_id', '=', s.companyId).where('user_id', '=', s.userId).where('entity_id', '=', entityId)
        .where('sale_date', '=', date).where('deleted_at', 'is', null);
      if (scoped) {
        const ids = seen.ventas ?? [];
        const keys = seen.claves ?? [];
        q = q.where((eb) => eb.or([
          ...(ids.length > 0 ? [eb('id', 'in', ids)] : []),
          ...(keys.length > 0 ? [eb('idempotency_key', 'in', keys)] : []),
          ...(ids.length === 0 && keys.length === 0 ? [sql<boolean>`false`] : []),
        ]));
      }
      const rows = await q.returning('id').execute();
      if (key) {
        await trx.updateTable('field_sale_deletions').set({ deleted: rows.length })
          .where('company_id', '=', s.companyId).where('user_id', '=', s.userId).where('idempotency_key', '=', key)
          .execute();
      }
      await writeAudit(trx, { action: 'field.sale.delete', userId: s.userId, companyId: s.companyId, ip: s.ip ?? null, detail: { entity: entityId, date, sales: rows.map((r) => r.id) } });
      if (rows.length > 0) await appendEvent(trx, await fieldSalesDeleted(trx, s.companyId, entityId, date, rows.map((r) => r.id), s.userId));
      return rows.length;
    });
    if (n === null) return (await replayed()) ?? answer(0, true);
    return answer(n, false);
  }

  /**
   * Applies container changes of today: a row with `anterior` adds its difference (cantidad − anterior) to what is
   * recorded, never below 0 (a row that reaches 0 that way goes); a row without it sets that product's quantity;
   * products not named stay. So two phones' changes merge instead of replacing each other. With an idempotency
   * key the changes are applied once: a replay answers the first result.
   */
  async saveContainers(s: UserScope, body: { clienteId: number; fecha: string; envases: Array<{ productoId: number; cantidad: number; anterior: number | null }> }, key: string | null = null) {
    const answer = (guardados: number) => ({ success: true as const, msg: 'Envases guardados', guardados });
    if (key) {
      const done = await repo.containerChangeByKey(this.db, s, key);
      if (done) return answer(done.saved);
    }
    requireToday(body.fecha);
    await this.requireOwn(this.db, s, body.clienteId);
    const ids = body.envases.map((r) => r.productoId);
    const found = await repo.containerProducts(this.db, s.companyId, ids);
    if (found.length !== ids.length) throw badRequest(fieldMsg.envaseInexistente);
    const applied = await this.db.transaction().execute(async (trx) => {
      if (key) {
        const claimed = await trx
          .insertInto('field_container_changes')
          .values({ company_id: s.companyId, user_id: s.userId, idempotency_key: key, entity_id: body.clienteId, visit_date: body.fecha, saved: body.envases.length })
          .onConflict((oc) => oc.columns(['company_id', 'user_id', 'idempotency_key']).doNothing())
          .returning('idempotency_key')
          .executeTakeFirst();
        if (!claimed) return false; // the same key won a race a moment ago
      }
      const at = { company_id: s.companyId, user_id: s.userId, entity_id: body.clienteId, visit_date: body.fecha };
      for (const r of body.envases) {
        if (r.anterior === null) {
          await trx.insertInto('field_containers').values({ ...at, product_id: r.productoId, quantity: String(r.cantidad) })
            .onConflict((oc) => oc.columns(['company_id', 'user_id', 'visit_date', 'entity_id', 'product_id']).doUpdateSet({ quantity: String(r.cantidad) }))
            .execute();
          continue;
        }
        const delta = new Decimal(r.cantidad).minus(r.anterior).toString();
        const row = await trx.insertInto('field_containers').values({ ...at, product_id: r.productoId, quantity: sql<string>`greatest(0, ${delta}::numeric)` })
          .onConflict((oc) => oc.columns(['company_id', 'user_id', 'visit_date', 'entity_id', 'product_id'])
            .doUpdateSet({ quantity: sql<string>`least(${FIELD_LIMITS.cantidadMax}::numeric, greatest(0, field_containers.quantity + ${delta}::numeric))` }))
          .returning('quantity')
          .executeTakeFirstOrThrow();
        if (new Decimal(row.quantity).isZero()) {
          await trx.deleteFrom('field_containers')
            .where('company_id', '=', s.companyId).where('user_id', '=', s.userId).where('entity_id', '=', body.clienteId)
            .where('visit_date', '=', body.fecha).where('product_id', '=', r.productoId)
            .execute();
        }
      }
      await writeAudit(trx, { action: 'field.containers', userId: s.userId, companyId: s.companyId, ip: s.ip ?? null, detail: { entity: body.clienteId, rows: body.envases } });
      await appendEvent(trx, await containersChanged(trx, s.companyId, s.userId, body.clienteId, body.fecha, body.envases.map((r) => r.productoId)));
      return true;
    });
    if (!applied) return answer((await repo.containerChangeByKey(this.db, s, key!))?.saved ?? body.envases.length);
    return answer(body.envases.length);
  }

  /**
   * Products to sell, priced in the customer's list when `cliente` is given: those matching `q`, or the rep's likely
   * assortment (what the rep sold lately and the rep's customers bought, most sold first), filled up to the limit
   * by name so a rep without history still has a list offline; anything else is one search away.
   */
  async products(s: UserScope, query: { cliente?: number; q?: string }) {
    const entity = query.cliente ?? null;
    if (entity !== null) await this.requireOwn(this.db, s, entity);
    let rows;
    if (query.q !== undefined) {
      const words = normaliseSearch(query.q);
      rows = words.length ? await repo.fieldProducts(this.db, s.companyId, entity, { words }, FIELD_SEARCH_LIMIT) : [];
    } else {
      rows = await repo.fieldProducts(this.db, s.companyId, entity, { likelyFor: s.userId }, FIELD_PRODUCTS_LIMIT);
      if (rows.length < FIELD_PRODUCTS_LIMIT) {
        const seen = new Set(rows.map((r) => r.id));
        const more = await repo.fieldProducts(this.db, s.companyId, entity, {}, FIELD_PRODUCTS_LIMIT);
        rows = [...rows, ...more.filter((r) => !seen.has(r.id))].slice(0, FIELD_PRODUCTS_LIMIT);
      }
    }
    return { success: true as const, productos: rows.map((r) => ({ id: r.id, nombre: r.name, precio: new Decimal(r.price).toFixed(2) })) };
  }

  async containerProducts(companyId: number) {
    const rows = await repo.containerProducts(this.db, companyId);
    return { success: true as const, productos: rows.map((r) => ({ id: r.id, nombre: r.name, precio: '0.00' })) };
  }

  async customers(s: UserScope) {
    const rows = await repo.customers(this.db, s);
    const clientes: ClienteLista[] = rows.map((c) => ({ id: c.id, generalId: c.code, nombre: c.name, direccion: address(c), documento: c.document ?? c.cuit }));
    return { success: true as const, clientes };
  }

  /**
   * Registers a customer the rep met on the road: an entity of the company (code from 900000 up) that is the
   * rep's own from now on. Once per idempotency key, so the offline queue can replay it.
   */
  async createCustomer(s: UserScope, key: string, body: { nombre: string; nrodoc: string; direccion: string }) {
    const existing = await repo.customerByKey(this.db, s, key);
    if (existing) return { success: true as const, id: existing.id, codenti_id: existing.code, repetido: true };
    const created = await this.db.transaction().execute(async (trx) => {
      const { code } = (await sql<{ code: string }>`select nextval('field_customer_code')::text as code`.execute(trx)).rows[0]!;
      const entity = await trx
        .insertInto('entities')
        .values({ company_id: s.companyId, code: Number(code), name: body.nombre, description: body.direccion, cuit: body.nrodoc, seller_id: null, active: true })
        .returning(['id', 'code'])
        .executeTakeFirstOrThrow();
      const link = await trx
        .insertInto('field_customers')
        .values({ company_id: s.companyId, user_id: s.userId, entity_id: entity.id, address: body.direccion, document: body.nrodoc, created_by_rep: true, idempotency_key: key })
        .onConflict((oc) => oc.columns(['company_id', 'user_id', 'idempotency_key']).doNothing())
        .returning('entity_id')
        .executeTakeFirst();
      if (!link) throw conflict(fieldMsg.errorPedido); // lost a race with the same key: roll the entity back
      await writeAudit(trx, { action: 'field.customer', userId: s.userId, companyId: s.companyId, ip: s.ip ?? null, detail: { entity: entity.id } });
      await appendEvent(trx, await fieldCustomerCreated(trx, s.companyId, entity.id, s.userId));
      return entity;
    }).catch(async (e: unknown) => {
      const again = await repo.customerByKey(this.db, s, key);
      if (again) return null;
      throw e;
    });
    if (!created) {
      const again = (await repo.customerByKey(this.db, s, key))!;
      return { success: true as const, id: again.id, codenti_id: again.code, repetido: true };
    }
    return { success: true as const, id: created.id, codenti_id: created.code, repetido: false };
  }
}
