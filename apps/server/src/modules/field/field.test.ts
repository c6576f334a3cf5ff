import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import {
  addDays,
  fieldMsg,
  msg,
  todayInArgentina,
  weekdayOf,
  type VentasProductsResponse,
  type VisitasResponse,
} from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';

/** Field sales API (field-warehouse.md §7 'Visits and sales') under /api/field. */

let ctx: TestContext;
const F = '/api/field';
const tokens: Record<string, string> = {};
const H = (user = 'repartidor', extra: Record<string, string> = {}) => bearer(tokens[user]!, { cuit: LA_PAMPA, ...extra });
let repId: number;
let laPampa: number;
let today: string;
let todays: VisitasResponse;
let foreignCustomer: number;
let otherCompanyCustomer: number;
let keySeq = 0;
const key = () => `test-key-${Date.now()}-${++keySeq}`;

async function get<T>(url: string, headers = H()): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  assert.equal(res.statusCode, 200, `GET ${url}: ${res.body}`);
  return res.json() as T;
}

before(async () => {
  ctx = await createTestApp();
  for (const u of ['repartidor', 'productor', 'vendedor']) tokens[u] = (await login(ctx.app, u)).access_token;
  laPampa = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  repId = (await ctx.db.selectFrom('users').select('id').where('username', '=', 'repartidor').executeTakeFirstOrThrow()).id;
  today = todayInArgentina();
  todays = await get<VisitasResponse>(`${F}/visitas/hoy`);
  // A La Pampa customer that is on no route of this rep, and a customer of another company.
  const own = await ctx.db.selectFrom('field_customers').select('entity_id').where('user_id', '=', repId).execute();
  foreignCustomer = (await ctx.db.selectFrom('entities').select('id').where('company_id', '=', laPampa).where('code', '>=', 2000)
    .where('active', '=', true).where('id', 'not in', own.map((o) => o.entity_id)).orderBy('id').executeTakeFirstOrThrow()).id;
  const delSur = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow()).id;
  otherCompanyCustomer = (await ctx.db.selectFrom('entities').select('id').where('company_id', '=', delSur).orderBy('id').executeTakeFirstOrThrow()).id;
});
after(async () => {
  await ctx?.close();
});

describe('visits', () => {
  test("today's route comes from route_stops: both shifts, states, served customers, 'Turno:' shifts", async () => {
    assert.equal(todays.fecha, today);
    const stops = await ctx.db.selectFrom('route_stops').selectAll().where('user_id', '=', repId).where('weekday', '=', weekdayOf(today)).execute();
    const onRoute = todays.clientes.filter((c) => !c.es_nuevo);
    assert.deepEqual(onRoute.map((c) => c.id).sort(), stops.map((s) => s.entity_id).sort());
    assert.deepEqual(todays.turnos, ['mañana', 'tarde']);
    assert.ok(todays.clientes.some((c) => c.turno === 'tarde') && todays.clientes.some((c) => c.turno === 'mañana'));
    assert.equal(todays.clientes.filter((c) => c.estado_venta === 'realizado').length, 2, 'two customers served in the seed');
    assert.ok(todays.clientes.some((c) => c.estado === 'no_fuimos'));
    assert.ok(todays.clientes.some((c) => c.estado === 'pendiente'));
    assert.ok(todays.clientes.some((c) => c.hora === null), "one stop has no time ('No asignada')");
    const served = todays.clientes.find((c) => c.estado_venta === 'realizado')!;
    assert.ok(served.ventas_id! > 0);
    // A route edited in the table is what the next call answers (never code).
    await ctx.db.updateTable('route_stops').set({ hour: '06:05' }).where('id', '=', stops[0]!.id).execute();
    const again = await get<VisitasResponse>(`${F}/visitas/hoy`);
    assert.equal(again.clientes.find((c) => c.id === stops[0]!.entity_id)!.hora, '06:05');
    await expectGuarded(ctx.app, { method: 'GET', url: `${F}/visitas/hoy` }, { access: 'company', token: tokens.repartidor! });
  });

  test('?day= lists that weekday of this week; /visitas/fecha plans the future and shows what was done in the past', async () => {
    const other = weekdayOf(today) === 1 ? 'martes' : 'lunes';
    const day = await get<VisitasResponse>(`${F}/visitas/hoy?day=${other}`);
    assert.equal(day.dia, other);
    assert.ok(day.clientes.length > 0);
    assert.ok(day.clientes.every((c) => !todays.clientes.some((t) => t.id === c.id)), 'each weekday has its own customers');
    const future = await get<VisitasResponse>(`${F}/visitas/fecha?date=${addDays(today, 7)}`);
    assert.ok(future.clientes.every((c) => c.estado_venta === 'pendiente' && c.estado === 'normal'));
    assert.equal(future.clientes.length, todays.clientes.filter((c) => !c.es_nuevo).length);
    const past = await get<VisitasResponse>(`${F}/visitas/fecha?date=${addDays(today, -7)}`);
    assert.equal(past.clientes.filter((c) => c.estado_venta === 'realizado').length, past.clientes.length - 2);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${F}/visitas/fecha?date=2026-02-30`, headers: H() }), 400, fieldMsg.fechaInvalida);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${F}/visitas/hoy?day=feriado`, headers: H() }), 400, fieldMsg.diaInvalido);
    await expectGuarded(ctx.app, { method: 'GET', url: `${F}/visitas/fecha?date=${today}` }, { access: 'company', token: tokens.repartidor! });
  });

  test('planner day of §4: ?day= with ?semana= (week offset) lands on that weekday of that week; bad offsets refused', async () => {
    const monday = addDays(today, 1 - weekdayOf(today));
    const mondayStops = await ctx.db.selectFrom('route_stops').select('entity_id').where('user_id', '=', repId).where('weekday', '=', 1).execute();
    // Next week's Monday: the route of Mondays, planned (nothing done yet), the same answer as by its date.
    const next = await get<VisitasResponse>(`${F}/visitas/hoy?day=lunes&semana=1`);
    assert.equal(next.fecha, addDays(monday, 7));
    assert.equal(next.dia, 'lunes');
    assert.deepEqual(next.clientes.map((c) => c.id).sort(), mondayStops.map((r) => r.entity_id).sort());
    assert.ok(next.clientes.every((c) => c.estado_venta === 'pendiente' && c.estado === 'normal' && !c.es_nuevo));
    assert.deepEqual(next, await get<VisitasResponse>(`${F}/visitas/fecha?date=${addDays(monday, 7)}`));
    // Today's weekday two weeks ahead: today's route, planned.
    const twoWeeks = await get<VisitasResponse>(`${F}/visitas/hoy?semana=2`);
    assert.equal(twoWeeks.fecha, addDays(today, 14));
    assert.deepEqual(twoWeeks.clientes.map((c) => c.id).sort(), todays.clientes.filter((c) => !c.es_nuevo).map((c) => c.id).sort());
    assert.deepEqual(twoWeeks.turnos, todays.turnos);
    // A week back: what was done that day (the purchases of 7 days ago), not a plan.
    const lastWeek = await get<VisitasResponse>(`${F}/visitas/hoy?semana=-1`);
    assert.equal(lastWeek.fecha, addDays(today, -7));
    assert.ok(lastWeek.clientes.some((c) => c.estado_venta === 'realizado'));
    assert.deepEqual(lastWeek, await get<VisitasResponse>(`${F}/visitas/fecha?date=${addDays(today, -7)}`));
    assert.equal((await get<VisitasResponse>(`${F}/visitas/hoy?semana=0`)).fecha, today);
    for (const bad of ['53', '-53', '1.5', 'x', '']) {
      expectRefused(await ctx.app.inject({ method: 'GET', url: `${F}/visitas/hoy?day=lunes&semana=${bad}`, headers: H() }), 400, fieldMsg.semanaInvalida);
    }
    await expectGuarded(ctx.app, { method: 'GET', url: `${F}/visitas/hoy?day=lunes&semana=1` }, { access: 'company', token: tokens.repartidor! });
  });

  test('PATCH /customers/estado: today only, own customers only, states of §4', async () => {
    const c = todays.clientes.find((x) => x.estado === 'normal' && x.estado_venta === 'pendiente')!;
    const res = await ctx.app.inject({ method: 'PATCH', url: `${F}/customers/estado`, headers: H(), payload: { fecha: today, codent_id: c.id, estado: 'no_fuimos' } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().msg, fieldMsg.estadoActualizado);
    // Sent twice (a retry): still one row.
    await ctx.app.inject({ method: 'PATCH', url: `${F}/customers/estado`, headers: H(), payload: { fecha: today, codent_id: c.id, estado: 'no_fuimos' } });
    const rows = await ctx.db.selectFrom('field_visits').selectAll().where('user_id', '=', repId).where('entity_id', '=', c.id).where('visit_date', '=', today).execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.state, 'no_fuimos');
    // Each change is in the audit trail, by the rep, with the state it set.
    const audit = await ctx.db.selectFrom('audit_log').select(['user_id', 'detail']).where('action', '=', 'field.visit-state').execute();
    const mine = audit.filter((a) => Number((typeof a.detail === 'string' ? JSON.parse(a.detail) : a.detail).entity) === c.id);
    assert.equal(mine.length, 2);
    assert.ok(mine.every((a) => a.user_id === repId));
    assert.equal((await get<VisitasResponse>(`${F}/visitas/hoy`)).clientes.find((x) => x.id === c.id)!.estado, 'no_fuimos');
    await ctx.app.inject({ method: 'PATCH', url: `${F}/customers/estado`, headers: H(), payload: { fecha: today, codent_id: c.id, estado: 'normal' } });
    expectRefused(await ctx.app.inject({ method: 'PATCH', url: `${F}/customers/estado`, headers: H(), payload: { fecha: today, codent_id: c.id, estado: 'visitado' } }), 400, fieldMsg.estadoInvalido);
    expectRefused(await ctx.app.inject({ method: 'PATCH', url: `${F}/customers/estado`, headers: H(), payload: { fecha: addDays(today, -1), codent_id: c.id, estado: 'pendiente' } }), 400, fieldMsg.soloHoyEstado);
    expectRefused(await ctx.app.inject({ method: 'PATCH', url: `${F}/customers/estado`, headers: H(), payload: { fecha: today, codent_id: foreignCustomer, estado: 'pendiente' } }), 403, fieldMsg.clienteAjeno);
    await expectGuarded(ctx.app, { method: 'PATCH', url: `${F}/customers/estado`, payload: { fecha: today, codent_id: c.id, estado: 'normal' } }, { access: 'company', token: tokens.repartidor! });
  });

  test('customers out of route are placed in the shift of their first activity of the day (§4: each list split by shift)', async () => {
    const made = async (nombre: string, nrodoc: string) => {
      const res = await ctx.app.inject({ method: 'POST', url: `${F}/customers`, headers: H('repartidor', { 'idempotency-key': key() }), payload: { nombre, nrodoc, direccion: 'Ruta 5 km 10' } });
      assert.equal(res.statusCode, 200, res.body);
      return (res.json() as { id: number }).id;
    };
    const morning = await made('Turno Mañana S.A.', '30111222');
    const afternoon = await made('Turno Tarde S.A.', '30111223');
    // Registered at 09:30 and at 15:10 of today in Argentina.
    const at = (hhmm: string) => new Date(`${today}T${hhmm}:00-03:00`);
    await ctx.db.updateTable('field_customers').set({ created_at: at('09:30') }).where('user_id', '=', repId).where('entity_id', '=', morning).execute();
    await ctx.db.updateTable('field_customers').set({ created_at: at('15:10') }).where('user_id', '=', repId).where('entity_id', '=', afternoon).execute();
    const day = await get<VisitasResponse>(`${F}/visitas/hoy`);
    const shiftOf = (id: number) => day.clientes.find((c) => c.id === id);
    assert.equal(shiftOf(morning)?.es_nuevo, true);
    assert.equal(shiftOf(morning)?.turno, 'mañana');
    assert.equal(shiftOf(afternoon)?.es_nuevo, true);
    assert.equal(shiftOf(afternoon)?.turno, 'tarde');
    // The list is ordered by shift, so each shift's customers come together.
    const order = day.clientes.map((c) => c.turno);
    assert.deepEqual(order, [...order].sort((a, b) => (a === b ? 0 : a === 'mañana' ? -1 : 1)));
  });

  test('a member without the field profile is refused; the other company is refused', async () => {
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${F}/visitas/hoy`, headers: H('productor', { entity_id: '1001' }) }), 403, msg.moduloNoHabilitado);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${F}/customers`, headers: H('vendedor') }), 403, msg.moduloNoHabilitado);
    const res = await ctx.app.inject({ method: 'GET', url: `${F}/customers`, headers: bearer(tokens.repartidor!, { cuit: DEL_SUR }) });
    assert.equal(res.statusCode, 403);
  });
});

describe('sales', () => {
  test('GET /ventas/products/{clientId}/{date}: customer, sales lines and containers; 7 days back has purchases', async () => {
    const served = todays.clientes.find((c) => c.estado_venta === 'realizado')!;
    const r = await get<VentasProductsResponse>(`${F}/ventas/products/${served.id}/${today}`);
    assert.equal(r.cliente.id, served.id);
    assert.equal(r.cliente.nombre, served.nombre);
    assert.ok(r.compras.some((c) => !c.es_envase) && r.compras.some((c) => c.es_envase));
    const sum = r.compras.filter((c) => !c.es_envase).reduce((t, c) => t.plus(c.subtotal), new Decimal(0));
    assert.equal(r.total, sum.toFixed(2));
    for (const c of r.compras.filter((x) => !x.es_envase)) assert.equal(new Decimal(c.cantidad).times(c.precio).toFixed(2), c.subtotal);
    const waiting = todays.clientes.find((c) => c.estado_venta === 'pendiente' && !c.es_nuevo)!;
    const back = await get<VentasProductsResponse>(`${F}/ventas/products/${waiting.id}/${addDays(today, -7)}`);
    assert.ok(back.compras.length > 0, 'purchases 7 days back');
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${F}/ventas/products/${foreignCustomer}/${today}`, headers: H() }), 403, fieldMsg.clienteAjeno);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${F}/ventas/products/${otherCompanyCustomer}/${today}`, headers: H() }), 403, fieldMsg.clienteAjeno);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${F}/ventas/products/${waiting.id}/hoy`, headers: H() }), 400, fieldMsg.fechaInvalida);
    await expectGuarded(ctx.app, { method: 'GET', url: `${F}/ventas/products/${waiting.id}/${today}` }, { access: 'company', token: tokens.repartidor! });
  });

  test('POST /ventas/pedido: server total, ignored rows, once per key (retry, double submit, concurrent)', async () => {
    const c = todays.clientes.filter((x) => x.estado_venta === 'pendiente' && !x.es_nuevo)[1]!;
    const products = (await get<{ productos: Array<{ id: number; precio: string }> }>(`${F}/products`)).productos;
    const types = (await get<{ productos: Array<{ id: number }> }>(`${F}/ventas/tipo-operacion`)).productos;
    assert.ok(products.length > 10 && types.length > 0);
    const body = {
      fecha: today, codentiId: c.id, tipoOperacion: types[0]!.id, importe_total: 1,
      renglones: [
        { codprodId: products[0]!.id, cantidadStock: 3, precio_unitario: products[0]!.precio },
        { codprodId: products[1]!.id, cantidadStock: 1.5, precio_unitario: '1000.10' },
        { codprodId: products[2]!.id, cantidadStock: 0, precio_unitario: '5' }, // ignored (§5)
        { codprodId: null, cantidadStock: 2, precio_unitario: '5' }, // ignored
        { codprodId: products[3]!.id, cantidadStock: 2 }, // missing price counts as 0
      ],
    };
    const k = key();
    const post = () => ctx.app.inject({ method: 'POST', url: `${F}/ventas/pedido`, headers: H('repartidor', { 'idempotency-key': k }), payload: body });
    const [a, b, c2] = await Promise.all([post(), post(), post()]);
    for (const r of [a, b, c2]) assert.equal(r.statusCode, 200, r.body);
    const expected = new Decimal(3).times(products[0]!.precio).plus('1500.15').toFixed(2);
    assert.deepEqual(new Set([a, b, c2].map((r) => r.json().id)).size, 1);
    assert.equal(a.json().importe_total, expected);
    assert.equal([a, b, c2].filter((r) => r.json().repetido === false).length, 1);
    const retry = await post();
    assert.equal(retry.json().repetido, true);
    assert.equal(retry.json().msg, fieldMsg.pedidoGuardado);
    const rows = await ctx.db.selectFrom('field_sales').selectAll().where('idempotency_key', '=', k).execute();
    assert.equal(rows.length, 1);
    assert.equal(new Decimal(rows[0]!.total).toFixed(2), expected);
    const lines = await ctx.db.selectFrom('field_sale_lines').selectAll().where('sale_id', '=', rows[0]!.id).execute();
    assert.equal(lines.length, 3);
    const visits = await get<VisitasResponse>(`${F}/visitas/hoy`);
    assert.equal(visits.clientes.find((x) => x.id === c.id)!.estado_venta, 'realizado');
  });

  test('POST /ventas/pedido refusals: key, yesterday, foreign customer, no valid rows, unknown product, container as sale', async () => {
    const c = todays.clientes.filter((x) => x.estado_venta === 'pendiente' && !x.es_nuevo)[2]!;
    const products = (await get<{ productos: Array<{ id: number; precio: string }> }>(`${F}/products`)).productos;
    const envases = (await get<{ productos: Array<{ id: number }> }>(`${F}/products/envase`)).productos;
    const body = (over: Record<string, unknown> = {}) => ({ fecha: today, codentiId: c.id, renglones: [{ codprodId: products[0]!.id, cantidadStock: 1, precio_unitario: '10' }], ...over });
    const send = (payload: unknown, k: string | null = key()) =>
      ctx.app.inject({ method: 'POST', url: `${F}/ventas/pedido`, headers: H('repartidor', k ? { 'idempotency-key': k } : {}), payload: payload as Record<string, unknown> });
    expectRefused(await send(body(), null), 400, fieldMsg.claveObligatoria);
    expectRefused(await send(body({ fecha: addDays(today, -1) })), 400, fieldMsg.soloHoy);
    expectRefused(await send(body({ fecha: addDays(today, 1) })), 400, fieldMsg.soloHoy);
    expectRefused(await send(body({ codentiId: foreignCustomer })), 403, fieldMsg.clienteAjeno);
    expectRefused(await send(body({ renglones: [{ codprodId: products[0]!.id, cantidadStock: 0 }] })), 400, fieldMsg.sinRenglones);
    expectRefused(await send(body({ renglones: [{ codprodId: 99999999, cantidadStock: 1 }] })), 400, fieldMsg.productoInexistente);
    expectRefused(await send(body({ renglones: [{ codprodId: envases[0]!.id, cantidadStock: 1 }] })), 400, fieldMsg.productoInexistente);
    expectRefused(await send(body({ renglones: [{ codprodId: products[0]!.id, cantidadStock: 1, precio_unitario: '-3' }] })), 400, fieldMsg.precioInvalido);
    expectRefused(await send(body({ tipoOperacion: 999999 })), 400, fieldMsg.tipoOperacionInexistente);
    const n = await ctx.db.selectFrom('field_sales').select((eb) => eb.fn.countAll<string>().as('n')).where('entity_id', '=', c.id).where('sale_date', '=', today).executeTakeFirstOrThrow();
    assert.equal(Number(n.n), 0, 'nothing was written by a refused call');
    await expectGuarded(ctx.app, { method: 'POST', url: `${F}/ventas/pedido`, headers: { 'idempotency-key': key() }, payload: body() }, { access: 'company', token: tokens.repartidor! });
  });

  test('DELETE /ventas/pedido/{clientId}/{date}: today only; a replay of a deleted sale is a conflict, never a new sale', async () => {
    const c = todays.clientes.filter((x) => x.estado_venta === 'pendiente' && !x.es_nuevo)[3]!;
    const products = (await get<{ productos: Array<{ id: number; precio: string }> }>(`${F}/products`)).productos;
    const k = key();
    const payload = { fecha: today, codentiId: c.id, renglones: [{ codprodId: products[5]!.id, cantidadStock: 2, precio_unitario: products[5]!.precio }] };
    const first = await ctx.app.inject({ method: 'POST', url: `${F}/ventas/pedido`, headers: H('repartidor', { 'idempotency-key': k }), payload });
    assert.equal(first.statusCode, 200);
    const del = await ctx.app.inject({ method: 'DELETE', url: `${F}/ventas/pedido/${c.id}/${today}`, headers: H() });
    assert.equal(del.statusCode, 200, del.body);
    assert.equal(del.json().msg, fieldMsg.compraEliminada);
    assert.equal(del.json().eliminados, 1);
    const after = await get<VentasProductsResponse>(`${F}/ventas/products/${c.id}/${today}`);
    assert.equal(after.compras.filter((x) => !x.es_envase).length, 0);
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${F}/ventas/pedido`, headers: H('repartidor', { 'idempotency-key': k }), payload }), 409, fieldMsg.clavePedidoEliminado);
    expectRefused(await ctx.app.inject({ method: 'DELETE', url: `${F}/ventas/pedido/${c.id}/${addDays(today, -7)}`, headers: H() }), 400, fieldMsg.soloHoy);
    expectRefused(await ctx.app.inject({ method: 'DELETE', url: `${F}/ventas/pedido/${foreignCustomer}/${today}`, headers: H() }), 403, fieldMsg.clienteAjeno);
    await expectGuarded(ctx.app, { method: 'DELETE', url: `${F}/ventas/pedido/${c.id}/${today}` }, { access: 'company', token: tokens.repartidor! });
  });

  test('DELETE with an Idempotency-Key deletes once: a replay never deletes a sale made after it', async () => {
    const c = todays.clientes.filter((x) => x.estado_venta === 'pendiente' && !x.es_nuevo)[3]!;
    const products = (await get<{ productos: Array<{ id: number; precio: string }> }>(`${F}/products`)).productos;
    const sell = (qty: number) =>
      ctx.app.inject({ method: 'POST', url: `${F}/ventas/pedido`, headers: H('repartidor', { 'idempotency-key': key() }), payload: { fecha: today, codentiId: c.id, renglones: [{ codprodId: products[6]!.id, cantidadStock: qty, precio_unitario: products[6]!.precio }] } });
    assert.equal((await sell(1)).statusCode, 200);
    const k = key();
    const del = () => ctx.app.inject({ method: 'DELETE', url: `${F}/ventas/pedido/${c.id}/${today}`, headers: H('repartidor', { 'idempotency-key': k }) });
    const [a, b] = await Promise.all([del(), del()]);
    for (const r of [a, b]) assert.equal(r.statusCode, 200, r.body);
    assert.deepEqual([a.json().eliminados, b.json().eliminados], [1, 1]);
    assert.equal([a, b].filter((r) => r.json().repetido === false).length, 1);
    // The rep sells again; the deletion's key arrives again (the queue replayed): the new sale stays.
    const again = await sell(4);
    assert.equal(again.statusCode, 200);
    const replay = await del();
    assert.equal(replay.statusCode, 200, replay.body);
    assert.equal(replay.json().repetido, true);
    assert.equal(replay.json().msg, fieldMsg.compraEliminada);
    const now = await get<VentasProductsResponse>(`${F}/ventas/products/${c.id}/${today}`);
    assert.deepEqual(now.compras.filter((x) => !x.es_envase).map((x) => Number(x.cantidad)), [4]);
    assert.equal((await ctx.db.selectFrom('field_sale_deletions').selectAll().where('idempotency_key', '=', k).execute()).length, 1);
    expectRefused(await ctx.app.inject({ method: 'DELETE', url: `${F}/ventas/pedido/${c.id}/${today}`, headers: H('repartidor', { 'idempotency-key': 'corta' }) }), 400, fieldMsg.claveObligatoria);
    // A new key is a new deletion: today only.
    expectRefused(await ctx.app.inject({ method: 'DELETE', url: `${F}/ventas/pedido/${c.id}/${addDays(today, -1)}`, headers: H('repartidor', { 'idempotency-key': key() }) }), 400, fieldMsg.soloHoy);
  });

  test('POST /ventas/pedido: amounts within what the business and the columns allow, else 400 with the reason', async () => {
    const c = todays.clientes.filter((x) => x.estado_venta === 'pendiente' && !x.es_nuevo)[2]!;
    const products = (await get<{ productos: Array<{ id: number; precio: string }> }>(`${F}/products`)).productos;
    const send = (cantidadStock: unknown, precio_unitario: unknown) =>
      ctx.app.inject({ method: 'POST', url: `${F}/ventas/pedido`, headers: H('repartidor', { 'idempotency-key': key() }), payload: { fecha: today, codentiId: c.id, renglones: [{ codprodId: products[0]!.id, cantidadStock, precio_unitario }] } });
    expectRefused(await send(99.999, '99999999999'), 400, fieldMsg.precioInvalido);
    expectRefused(await send(99_999_999, '1'), 400, fieldMsg.cantidadInvalida);
    expectRefused(await send(10_001, '1'), 400, fieldMsg.cantidadInvalida);
    expectRefused(await send(10_000, '100000000.01'), 400, fieldMsg.precioInvalido);
    expectRefused(await send(10_000, '100000.01'), 400, fieldMsg.importeRenglonExcedido);
    expectRefused(await send(1, '1e5'), 400, fieldMsg.precioInvalido);
    const n = await ctx.db.selectFrom('field_sales').select((eb) => eb.fn.countAll<string>().as('n')).where('entity_id', '=', c.id).where('sale_date', '=', today).executeTakeFirstOrThrow();
    assert.equal(Number(n.n), 0, 'nothing was written');
    // The largest line allowed is stored exactly.
    const top = await send(10_000, '100000.00');
    assert.equal(top.statusCode, 200, top.body);
    assert.equal(top.json().importe_total, '1000000000.00');
    await ctx.db.updateTable('field_sales').set({ deleted_at: new Date() }).where('id', '=', top.json().id).execute();
  });

  test('DELETE with the sales the phone saw deletes only those: a sale another phone recorded meanwhile stays', async () => {
    const c = (await get<{ clientes: Array<{ id: number }> }>(`${F}/customers`)).clientes.at(-1)!; // any of the rep's own
    const products = (await get<{ productos: Array<{ id: number; precio: string }> }>(`${F}/products`)).productos;
    const sell = async (k: string, qty: number) => {
      const r = await ctx.app.inject({ method: 'POST', url: `${F}/ventas/pedido`, headers: H('repartidor', { 'idempotency-key': k }), payload: { fecha: today, codentiId: c.id, renglones: [{ codprodId: products[7]!.id, cantidadStock: qty, precio_unitario: '10' }] } });
      assert.equal(r.statusCode, 200, r.body);
      return r.json().id as number;
    };
    const seen = await sell(key(), 1); // phone 1 saw this one
    const ownOffline = key(); // phone 1 made this one offline: it knows its key, not its id
    await sell(ownOffline, 2);
    await sell(key(), 3); // phone 2 recorded this one, unseen by phone 1
    const del = await ctx.app.inject({ method: 'DELETE', url: `${F}/ventas/pedido/${c.id}/${today}?ventas=${seen}&claves=${ownOffline}`, headers: H('repartidor', { 'idempotency-key': key() }) });
    assert.equal(del.statusCode, 200, del.body);
    assert.equal(del.json().eliminados, 2);
    const now = await get<VentasProductsResponse>(`${F}/ventas/products/${c.id}/${today}`);
    assert.deepEqual(now.compras.filter((x) => !x.es_envase).map((x) => Number(x.cantidad)), [3]);
    // Naming sales that are not there deletes nothing; a malformed list is refused.
    const none = await ctx.app.inject({ method: 'DELETE', url: `${F}/ventas/pedido/${c.id}/${today}?ventas=${seen}`, headers: H() });
    assert.equal(none.json().eliminados, 0);
    expectRefused(await ctx.app.inject({ method: 'DELETE', url: `${F}/ventas/pedido/${c.id}/${today}?ventas=1,x`, headers: H() }), 400, fieldMsg.ventasInvalidas);
    expectRefused(await ctx.app.inject({ method: 'DELETE', url: `${F}/ventas/pedido/${c.id}/${today}?ventas=2147483648`, headers: H() }), 400, fieldMsg.ventasInvalidas);
    await ctx.db.updateTable('field_sales').set({ deleted_at: new Date() }).where('entity_id', '=', c.id).where('sale_date', '=', today).execute();
  });

  test('PUT /ventas/envases with changes: two phones\' changes merge, a replay of a key is applied once', async () => {
    const c = (await get<{ clientes: Array<{ id: number }> }>(`${F}/customers`)).clientes.at(-2)!; // any of the rep's own
    const envases = (await get<{ productos: Array<{ id: number; nombre: string }> }>(`${F}/products/envase`)).productos;
    const [bidon, garrafa] = [envases[0]!.id, envases[1]!.id];
    const save = (k: string, rows: unknown[]) => ctx.app.inject({ method: 'PUT', url: `${F}/ventas/envases`, headers: H('repartidor', { 'idempotency-key': k }), payload: { clienteId: c.id, fecha: today, envases: rows } });
    const shown = async () => Object.fromEntries((await get<VentasProductsResponse>(`${F}/ventas/products/${c.id}/${today}`)).compras.filter((x) => x.es_envase).map((x) => [x.producto_id, Number(x.cantidad)]));
    // Both phones saw no containers; phone 1 adds Bidón ×2, phone 2 Garrafa ×3 and also 1 Bidón.
    const k1 = key();
    assert.equal((await save(k1, [{ productoId: bidon, cantidad: 2, anterior: 0 }])).statusCode, 200);
    assert.equal((await save(key(), [{ productoId: garrafa, cantidad: 3, anterior: 0 }, { productoId: bidon, cantidad: 1, anterior: 0 }])).statusCode, 200);
    assert.deepEqual(await shown(), { [bidon]: 3, [garrafa]: 3 });
    // Phone 1's entry sent again (its answer was lost): applied once.
    const replay = await save(k1, [{ productoId: bidon, cantidad: 2, anterior: 0 }]);
    assert.equal(replay.statusCode, 200, replay.body);
    assert.deepEqual(await shown(), { [bidon]: 3, [garrafa]: 3 });
    // Phone 1 takes its 2 Bidones back (2 → 0): phone 2's stays; a Garrafa set to 5 outright.
    await save(key(), [{ productoId: bidon, cantidad: 0, anterior: 2 }, { productoId: garrafa, cantidad: 5 }]);
    assert.deepEqual(await shown(), { [bidon]: 1, [garrafa]: 5 });
    // Never below 0: a row that reaches 0 by a change goes.
    await save(key(), [{ productoId: bidon, cantidad: 0, anterior: 4 }]);
    assert.deepEqual(await shown(), { [garrafa]: 5 });
    expectRefused(await save(key(), [{ productoId: bidon, cantidad: 10_001, anterior: 0 }]), 400, fieldMsg.cantidadEnvaseInvalida);
    expectRefused(await save(key(), [{ productoId: bidon, cantidad: 1, anterior: 'x' }]), 400, fieldMsg.cantidadEnvaseInvalida);
  });

  test('PUT /ventas/envases: replaces today\'s containers, keeps rows with product and quantity ≥ 0, Faltan datos', async () => {
    const c = todays.clientes.filter((x) => x.estado_venta === 'pendiente' && !x.es_nuevo)[0]!;
    const envases = (await get<{ productos: Array<{ id: number; nombre: string }> }>(`${F}/products/envase`)).productos;
    assert.ok(envases.some((e) => e.nombre.startsWith('Bidón')));
    const save = (payload: unknown) => ctx.app.inject({ method: 'PUT', url: `${F}/ventas/envases`, headers: H(), payload: payload as Record<string, unknown> });
    const body = { clienteId: c.id, fecha: today, envases: [{ productoId: envases[0]!.id, cantidad: 4 }, { productoId: envases[1]!.id, cantidad: 0 }, { productoId: null, cantidad: 3 }, { productoId: envases[2]!.id, cantidad: -1 }] };
    for (let i = 0; i < 2; i++) {
      const res = await save(body);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().guardados, 2);
    }
    const rows = await ctx.db.selectFrom('field_containers').selectAll().where('entity_id', '=', c.id).where('visit_date', '=', today).execute();
    assert.equal(rows.length, 2);
    const detail = await get<VentasProductsResponse>(`${F}/ventas/products/${c.id}/${today}`);
    assert.deepEqual(detail.compras.filter((x) => x.es_envase).map((x) => Number(x.cantidad)).sort(), [0, 4]);
    expectRefused(await save({ fecha: today, envases: [] }), 400, fieldMsg.faltanDatos);
    expectRefused(await save({ clienteId: c.id, envases: [] }), 400, fieldMsg.faltanDatos);
    expectRefused(await save({ ...body, fecha: addDays(today, -1) }), 400, fieldMsg.soloHoy);
    expectRefused(await save({ ...body, clienteId: foreignCustomer }), 403, fieldMsg.clienteAjeno);
    const products = (await get<{ productos: Array<{ id: number }> }>(`${F}/products`)).productos;
    expectRefused(await save({ ...body, envases: [{ productoId: products[0]!.id, cantidad: 1 }] }), 400, fieldMsg.envaseInexistente);
    await expectGuarded(ctx.app, { method: 'PUT', url: `${F}/ventas/envases`, payload: body }, { access: 'company', token: tokens.repartidor! });
  });
});

describe('products and customers', () => {
  test('GET /products and /products/envase, /ventas/tipo-operacion: the company\'s own', async () => {
    const p = await get<{ productos: Array<{ id: number; nombre: string; precio: string }> }>(`${F}/products`);
    assert.ok(p.productos.every((x) => /^\d+\.\d{2}$/.test(x.precio)));
    const ids = p.productos.map((x) => x.id);
    const owners = await ctx.db.selectFrom('products').select(['company_id', 'is_container']).where('id', 'in', ids).execute();
    assert.ok(owners.every((o) => o.company_id === laPampa && !o.is_container));
    const e = await get<{ productos: Array<{ id: number }> }>(`${F}/products/envase`);
    assert.equal(e.productos.length, 5);
    for (const url of [`${F}/products`, `${F}/products/envase`, `${F}/ventas/tipo-operacion`]) {
      await expectGuarded(ctx.app, { method: 'GET', url }, { access: 'company', token: tokens.repartidor! });
    }
  });

  test('GET /products sells from the real assortment: likely products first, any product by search, priced in the customer\'s list', async () => {
    const names = (await get<{ productos: Array<{ id: number; nombre: string }> }>(`${F}/products`)).productos;
    // What the rep sold lately comes first (not an alphabetical cut of the catalogue).
    const sold = await ctx.db.selectFrom('field_sale_lines as l').innerJoin('field_sales as v', 'v.id', 'l.sale_id').select('l.product_id')
      .where('v.user_id', '=', repId).where('v.deleted_at', 'is', null).execute();
    assert.ok(sold.length > 0);
    assert.ok(sold.some((r) => names.slice(0, 20).some((p) => p.id === r.product_id)), 'a product the rep sold is near the top');
    // Anything sellable is one search away, whatever its initial.
    const far = await ctx.db.selectFrom('products').innerJoin('price_list_items as i', 'i.product_id', 'products.id').select(['products.id', 'products.name'])
      .where('products.company_id', '=', laPampa).where('products.active', '=', true).where('products.is_container', '=', false).where('i.currency', '=', 'ARS')
      .orderBy('products.name', 'desc').executeTakeFirstOrThrow();
    const word = far.name.split(/\s+/).find((w) => w.length >= 4)!;
    const found = await get<{ productos: Array<{ id: number }> }>(`${F}/products?q=${encodeURIComponent(word)}`);
    assert.ok(found.productos.some((p) => p.id === far.id), `${far.name} found by '${word}'`);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${F}/products?q=%20ab%20`, headers: H() }), 400, fieldMsg.busquedaCorta);
    // Priced in the customer's own list.
    const customer = todays.clientes.find((c) => !c.es_nuevo)!;
    const other = await ctx.db.selectFrom('price_lists').select('id').where('company_id', '=', laPampa).where('is_default', '=', false).orderBy('id').executeTakeFirstOrThrow();
    const item = await ctx.db.selectFrom('price_list_items').select(['product_id', 'list_price', 'discount1', 'discount2']).where('price_list_id', '=', other.id).where('currency', '=', 'ARS').orderBy('product_id').executeTakeFirstOrThrow();
    const product = await ctx.db.selectFrom('products').select('name').where('id', '=', item.product_id).executeTakeFirstOrThrow();
    await ctx.db.updateTable('entities').set({ price_list_id: other.id }).where('id', '=', customer.id).execute();
    try {
      const priced = await get<{ productos: Array<{ id: number; precio: string }> }>(`${F}/products?cliente=${customer.id}&q=${encodeURIComponent(product.name.split(/\s+/).slice(0, 2).join(' '))}`);
      const expected = new Decimal(item.list_price).times(new Decimal(1).minus(new Decimal(item.discount1).div(100))).times(new Decimal(1).minus(new Decimal(item.discount2).div(100))).toDecimalPlaces(2).toFixed(2);
      assert.equal(priced.productos.find((p) => p.id === item.product_id)?.precio, expected);
    } finally {
      await ctx.db.updateTable('entities').set({ price_list_id: null }).where('id', '=', customer.id).execute();
    }
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${F}/products?cliente=${foreignCustomer}`, headers: H() }), 403, fieldMsg.clienteAjeno);
  });

  test('GET /customers: only the rep\'s own; POST /customers creates once per key and validates §5', async () => {
    const list = await get<{ clientes: Array<{ id: number; direccion: string }> }>(`${F}/customers`);
    const own = await ctx.db.selectFrom('field_customers').select('entity_id').where('user_id', '=', repId).execute();
    assert.deepEqual(list.clientes.map((c) => c.id).sort(), own.map((o) => o.entity_id).sort());
    assert.ok(list.clientes.some((c) => c.direccion === 'Sin dirección'));
    const k = key();
    const create = (payload: unknown, kk: string | null = k) =>
      ctx.app.inject({ method: 'POST', url: `${F}/customers`, headers: H('repartidor', kk ? { 'idempotency-key': kk } : {}), payload: payload as Record<string, unknown> });
    const body = { nombre: 'Ramírez, Ernesto', nrodoc: '23456789', direccion: 'Ruta 35 km 12, Winifreda' };
    const [a, b] = await Promise.all([create(body), create(body)]);
    assert.equal(a.statusCode, 200, a.body);
    assert.equal(b.statusCode, 200, b.body);
    assert.equal(a.json().id, b.json().id);
    assert.ok(a.json().codenti_id >= 900000);
    assert.equal((await ctx.db.selectFrom('entities').selectAll().where('name', '=', 'Ramírez, Ernesto').execute()).length, 1);
    // The new customer is the rep's, appears today as out of route, and takes a sale.
    const visits = await get<VisitasResponse>(`${F}/visitas/hoy`);
    const fresh = visits.clientes.find((c) => c.id === a.json().id)!;
    assert.equal(fresh.es_nuevo, true);
    assert.equal(fresh.lugar_entrega, body.direccion);
    assert.equal(fresh.num_documento, body.nrodoc);
    const products = (await get<{ productos: Array<{ id: number; precio: string }> }>(`${F}/products`)).productos;
    const sale = await ctx.app.inject({ method: 'POST', url: `${F}/ventas/pedido`, headers: H('repartidor', { 'idempotency-key': key() }), payload: { fecha: today, codentiId: fresh.id, renglones: [{ codprodId: products[0]!.id, cantidadStock: 1, precio_unitario: products[0]!.precio }] } });
    assert.equal(sale.statusCode, 200, sale.body);
    expectRefused(await create({ ...body, nrodoc: '123456' }, key()), 400, fieldMsg.dniLongitud);
    expectRefused(await create({ ...body, nrodoc: '123456789' }, key()), 400, fieldMsg.dniLongitud);
    expectRefused(await create({ ...body, nombre: ' ' }, key()), 400, fieldMsg.completarCampos);
    expectRefused(await create({ nombre: 'X', nrodoc: '12345678' }, key()), 400, fieldMsg.completarCampos);
    expectRefused(await create(body, null), 400, fieldMsg.claveObligatoria);
    // Another rep never sees it.
    const other = await get<{ clientes: Array<{ id: number }> }>(`${F}/customers`);
    assert.ok(other.clientes.some((c) => c.id === fresh.id));
    await expectGuarded(ctx.app, { method: 'GET', url: `${F}/customers` }, { access: 'company', token: tokens.repartidor! });
    await expectGuarded(ctx.app, { method: 'POST', url: `${F}/customers`, headers: { 'idempotency-key': key() }, payload: body }, { access: 'company', token: tokens.repartidor! });
  });

  test('another rep sees only their own customers and gets 403 for this rep\'s', async () => {
    // A second driver in La Pampa with one customer of their own.
    const { hashPassword } = await import('../../lib/crypto.js');
    const u = await ctx.db.insertInto('users').values({ username: 'repartidor2', email: 'repartidor2@demo.com.ar', first_name: 'Otro', last_name: 'Chofer', password_hash: await hashPassword('Demo1234'), phone: null, cuit: null, change_password: false }).returning('id').executeTakeFirstOrThrow();
    await ctx.db.insertInto('memberships').values({ user_id: u.id, company_id: laPampa, default_profile_id: 4, hidden_currencies: '[]' }).execute();
    await ctx.db.insertInto('membership_profiles').values({ user_id: u.id, company_id: laPampa, profile_id: 4 }).execute();
    await ctx.db.insertInto('field_customers').values({ company_id: laPampa, user_id: u.id, entity_id: foreignCustomer, address: 'Calle 1', document: '20111111112' }).execute();
    await ctx.db.insertInto('route_stops').values({ company_id: laPampa, user_id: u.id, entity_id: foreignCustomer, weekday: weekdayOf(today), shift: 'tarde', hour: '15:00' }).execute();
    tokens.repartidor2 = (await login(ctx.app, 'repartidor2')).access_token;
    const list = await get<{ clientes: Array<{ id: number }> }>(`${F}/customers`, H('repartidor2'));
    assert.deepEqual(list.clientes.map((c) => c.id), [foreignCustomer]);
    const visits = await get<VisitasResponse>(`${F}/visitas/hoy`, H('repartidor2'));
    assert.deepEqual(visits.clientes.map((c) => c.id), [foreignCustomer]);
    assert.deepEqual(visits.turnos, ['tarde']);
    const mine = todays.clientes[0]!.id;
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${F}/ventas/products/${mine}/${today}`, headers: H('repartidor2') }), 403, fieldMsg.clienteAjeno);
    expectRefused(await ctx.app.inject({ method: 'DELETE', url: `${F}/ventas/pedido/${mine}/${today}`, headers: H('repartidor2') }), 403, fieldMsg.clienteAjeno);
  });
});
