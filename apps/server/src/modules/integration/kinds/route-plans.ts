import { customerIds } from './codes.js';
import { sql } from 'kysely';
import {
  integrationRoutePlanMsg as planMsg,
  integrationMovementMsg,
  PROFILE,
  routeStopRemovalRow,
  routeStopRow,
  todayInArgentina,
  weekdayOf,
  type RouteStopRemovalRow,
  type RouteStopRow,
} from '@portal/contract';
import type { DB } from '../../../db/database.js';
import type { ChunkResult, KindHandler, Numbered } from './kind.js';

type Key = { chofer: string; dia: number; cliente: number };
const identity = (r: Key) => `${r.chofer}|${r.dia}|${r.cliente}`;
const stopKey = (userId: number, weekday: number, entityId: number) => `${userId}|${weekday}|${entityId}`;

type Driver = { user_id: number; username: string; email: string; erp_code: string | null; repartidor: boolean };

/** The company's drivers the rows name: by their ERP code, and by the username or email a row binds. */
async function drivers(trx: DB, companyId: number, codes: string[], names: string[]) {
  const rows = codes.length || names.length
    ? await trx
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.user_id', 'u.username', 'u.email', 'm.erp_code'])
        .select((eb) =>
          eb.exists(eb.selectFrom('membership_profiles as p').select('p.profile_id').whereRef('p.user_id', '=', 'm.user_id').whereRef('p.company_id', '=', 'm.company_id').where('p.profile_id', '=', PROFILE.repartidor)).as('repartidor'),
        )
        .where('m.company_id', '=', companyId)
        .where('u.deleted_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('m.erp_code', 'in', codes.length ? codes : ['']),
            eb('u.username', 'in', names.length ? names : ['']),
            eb(sql`lower(u.email)`, 'in', names.length ? names.map((n) => n.toLowerCase()) : ['']),
          ]),
        )
        .execute()
    : [];
  const byCode = new Map<string, Driver>();
  const byName = new Map<string, Driver>();
  for (const r of rows) {
    const d: Driver = { ...r, repartidor: Boolean(r.repartidor) };
    if (d.erp_code !== null) byCode.set(d.erp_code, d);
    byName.set(d.username, d);
    byName.set(d.email.toLowerCase(), d);
  }
  return { byCode, byName: (name: string) => byName.get(name) ?? byName.get(name.toLowerCase()) };
}

type Stop = { id: number; user_id: number; weekday: number; entity_id: number; shift: 'mañana' | 'tarde'; hour: string | null; note: string | null; position: number | null };

/** The stops of these drivers and customers, locked in key order (as the upsert writes them). */
async function heldStops(trx: DB, companyId: number, userIds: number[], entityIds: number[]): Promise<Map<string, Stop>> {
  if (!userIds.length || !entityIds.length) return new Map();
  const rows = await trx
    .selectFrom('route_stops')
    .select(['id', 'user_id', 'weekday', 'entity_id', 'shift', 'hour', 'note', 'position'])
    .where('company_id', '=', companyId)
    .where('user_id', 'in', [...new Set(userIds)])
    .where('entity_id', 'in', [...new Set(entityIds)])
    .orderBy('user_id').orderBy('weekday').orderBy('entity_id')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [stopKey(r.user_id, r.weekday, r.entity_id), r]));
}

/**
 * The (driver, customer) pairs whose visit of today has begun in the field app: a visit state set, a sale not
 * deleted, or containers recorded today. Only today's weekday matters: the field app records on today alone.
 */
async function startedToday(trx: DB, companyId: number, pairs: Array<{ user_id: number; entity_id: number }>): Promise<Set<string>> {
  if (!pairs.length) return new Set();
  const today = todayInArgentina();
  const users = [...new Set(pairs.map((p) => p.user_id))];
  const entities = [...new Set(pairs.map((p) => p.entity_id))];
  const rows = await sql<{ user_id: number; entity_id: number }>`
    select user_id, entity_id from field_visits where company_id = ${companyId} and visit_date = ${today}
      and user_id = any(${users}::int[]) and entity_id = any(${entities}::int[])
    union
    select user_id, entity_id from field_sales where company_id = ${companyId} and sale_date = ${today} and deleted_at is null
      and user_id = any(${users}::int[]) and entity_id = any(${entities}::int[])
    union
    select user_id, entity_id from field_containers where company_id = ${companyId} and visit_date = ${today}
      and user_id = any(${users}::int[]) and entity_id = any(${entities}::int[])`.execute(trx);
  return new Set(rows.rows.map((r) => `${r.user_id}|${r.entity_id}`));
}

/**
 * The drivers' and reps' route plans (`recorridos`): one row is one stop of a driver's weekday route (route_stops),
 * keyed by the ERP's driver code, the weekday and the customer's code. The driver is the portal user whose membership
 * holds that code (memberships.erp_code, unique within the company); a row naming `usuario` binds the code to that
 * user the first time. A stop makes the customer one of the driver's (field_customers). A stop whose visit of today
 * has begun in the field app (a state, a sale, containers) is the driver's record of the day: a different row for it,
 * or its removal, is refused until the day is over. The field app reads route_stops on every request.
 */
export const routePlans: KindHandler<RouteStopRow, RouteStopRemovalRow> = {
  kind: 'recorridos',
  row: routeStopRow,
  removal: routeStopRemovalRow,
  keyOf: (r) => identity(r),
  repeated: { field: 'cliente', message: planMsg.paradaRepetida },

  async upsert(trx, companyId, rows: Numbered<RouteStopRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const entities = await customerIds(trx, companyId, rows.map((r) => r.row.cliente));
    const known = await drivers(trx, companyId, [...new Set(rows.map((r) => r.row.chofer))], [...new Set(rows.flatMap((r) => (r.row.usuario ? [r.row.usuario] : [])))]);

    // Each row's driver, binding codes in row order (a code bound by a row counts for the rows after it).
    const resolved: Array<{ n: number; row: RouteStopRow; userId: number; entityId: number; bound: boolean }> = [];
    for (const { n, row } of rows) {
      const entityId = entities.get(row.cliente);
      if (entityId === undefined) {
        result.rejected.push({ fila: n, campo: 'cliente', mensaje: integrationMovementMsg.clienteInexistente(row.cliente) });
        continue;
      }
      const holder = known.byCode.get(row.chofer);
      if (row.usuario === null) {
        if (!holder) result.rejected.push({ fila: n, campo: 'chofer', mensaje: planMsg.choferSinUsuario(row.chofer) });
        else resolved.push({ n, row, userId: holder.user_id, entityId, bound: false });
        continue;
      }
      const user = known.byName(row.usuario);
      if (!user) result.rejected.push({ fila: n, campo: 'usuario', mensaje: planMsg.usuarioInexistente(row.usuario) });
      else if (!user.repartidor) result.rejected.push({ fila: n, campo: 'usuario', mensaje: planMsg.usuarioNoRepartidor(user.username) });
      else if (holder && holder.user_id !== user.user_id) result.rejected.push({ fila: n, campo: 'chofer', mensaje: planMsg.codigoDeOtroUsuario(row.chofer, holder.username) });
      else if (user.erp_code !== null && user.erp_code !== row.chofer) result.rejected.push({ fila: n, campo: 'usuario', mensaje: planMsg.usuarioConOtroCodigo(user.username, user.erp_code) });
      else {
        const bound = user.erp_code === null;
        if (bound) {
          await trx.updateTable('memberships').set({ erp_code: row.chofer }).where('company_id', '=', companyId).where('user_id', '=', user.user_id).execute();
          user.erp_code = row.chofer;
          known.byCode.set(row.chofer, user);
        }
        resolved.push({ n, row, userId: user.user_id, entityId, bound });
      }
    }

    const held = await heldStops(trx, companyId, resolved.map((r) => r.userId), resolved.map((r) => r.entityId));
    const changed = resolved.filter((r) => {
      const before = held.get(stopKey(r.userId, r.row.dia, r.entityId));
      return before && (before.shift !== r.row.turno || before.hour !== r.row.hora || before.note !== r.row.nota || before.position !== r.row.orden);
    });
    const today = weekdayOf(todayInArgentina());
    const started = await startedToday(trx, companyId, changed.filter((r) => r.row.dia === today).map((r) => ({ user_id: r.userId, entity_id: r.entityId })));

    const toWrite: typeof resolved = [];
    for (const r of resolved) {
      const before = held.get(stopKey(r.userId, r.row.dia, r.entityId));
      if (before && !changed.includes(r)) {
        (r.bound ? result.accepted : result.unchanged).push(r.n);
        continue;
      }
      if (before && r.row.dia === today && started.has(`${r.userId}|${r.entityId}`)) {
        result.rejected.push({ fila: r.n, campo: 'cliente', mensaje: planMsg.visitaIniciada });
        continue;
      }
      toWrite.push(r);
      result.accepted.push(r.n);
    }
    if (!toWrite.length) return result;

    toWrite.sort((a, b) => a.userId - b.userId || a.row.dia - b.row.dia || a.entityId - b.entityId);
    await trx
      .insertInto('route_stops')
      .values(toWrite.map((r) => ({ company_id: companyId, user_id: r.userId, entity_id: r.entityId, weekday: r.row.dia, shift: r.row.turno, hour: r.row.hora, note: r.row.nota, position: r.row.orden })))
      .onConflict((oc) =>
        oc.columns(['company_id', 'user_id', 'weekday', 'entity_id']).doUpdateSet((eb) => ({
          shift: eb.ref('excluded.shift'),
          hour: eb.ref('excluded.hour'),
          note: eb.ref('excluded.note'),
          position: eb.ref('excluded.position'),
        })),
      )
      .execute();
    // The stop's customer is the driver's (every field call that names a customer checks this link).
    const links = [...new Map(toWrite.map((r) => [`${r.userId}|${r.entityId}`, { company_id: companyId, user_id: r.userId, entity_id: r.entityId }])).values()];
    await trx.insertInto('field_customers').values(links).onConflict((oc) => oc.columns(['company_id', 'user_id', 'entity_id']).doNothing()).execute();
    return result;
  },

  async remove(trx, companyId, rows: Numbered<RouteStopRemovalRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const entities = await customerIds(trx, companyId, rows.map((r) => r.row.cliente));
    const known = await drivers(trx, companyId, [...new Set(rows.map((r) => r.row.chofer))], []);
    const resolved: Array<{ n: number; row: RouteStopRemovalRow; userId: number; entityId: number }> = [];
    for (const { n, row } of rows) {
      const entityId = entities.get(row.cliente);
      const holder = known.byCode.get(row.chofer);
      if (entityId === undefined) result.rejected.push({ fila: n, campo: 'cliente', mensaje: integrationMovementMsg.clienteInexistente(row.cliente) });
      else if (!holder) result.rejected.push({ fila: n, campo: 'chofer', mensaje: planMsg.choferInexistente(row.chofer) });
      else resolved.push({ n, row, userId: holder.user_id, entityId });
    }
    const held = await heldStops(trx, companyId, resolved.map((r) => r.userId), resolved.map((r) => r.entityId));
    const today = weekdayOf(todayInArgentina());
    const present = resolved.filter((r) => held.has(stopKey(r.userId, r.row.dia, r.entityId)));
    const started = await startedToday(trx, companyId, present.filter((r) => r.row.dia === today).map((r) => ({ user_id: r.userId, entity_id: r.entityId })));
    const toDelete: typeof resolved = [];
    for (const r of resolved) {
      // Removing a stop already gone is the same state: unchanged.
      if (!present.includes(r)) result.unchanged.push(r.n);
      else if (r.row.dia === today && started.has(`${r.userId}|${r.entityId}`)) result.rejected.push({ fila: r.n, campo: 'cliente', mensaje: planMsg.visitaIniciada });
      else {
        toDelete.push(r);
        result.accepted.push(r.n);
      }
    }
    if (!toDelete.length) return result;
    await trx.deleteFrom('route_stops').where('id', 'in', toDelete.map((r) => held.get(stopKey(r.userId, r.row.dia, r.entityId))!.id)).execute();
    // A customer on none of the driver's days any more, that the driver never registered nor served, is no longer
    // the driver's; one with any history stays, so the driver's past days still open it.
    const pairs = JSON.stringify([...new Map(toDelete.map((r) => [`${r.userId}|${r.entityId}`, { u: r.userId, e: r.entityId }])).values()]);
    await sql`
      delete from field_customers fc
      using jsonb_to_recordset(${pairs}::jsonb) as p(u integer, e integer)
      where fc.company_id = ${companyId} and fc.user_id = p.u and fc.entity_id = p.e and not fc.created_by_rep
        and not exists (select 1 from route_stops r where r.company_id = fc.company_id and r.user_id = fc.user_id and r.entity_id = fc.entity_id)
        and not exists (select 1 from field_sales s where s.company_id = fc.company_id and s.user_id = fc.user_id and s.entity_id = fc.entity_id)
        and not exists (select 1 from field_containers c where c.company_id = fc.company_id and c.user_id = fc.user_id and c.entity_id = fc.entity_id)
        and not exists (select 1 from field_visits v where v.company_id = fc.company_id and v.user_id = fc.user_id and v.entity_id = fc.entity_id)`.execute(trx);
    return result;
  },
};
