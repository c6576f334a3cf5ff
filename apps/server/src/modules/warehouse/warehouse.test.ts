import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import {
  warehouseMsg,
  type CatalogoResponse,
  type ConfirmResponse,
  type OrderLinesResponse,
  type PendingOrdersResponse,
  type PutPickingResponse,
  type SalesCartResponse,
} from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';

/** Picking: pedidosPendientes, renglonesPedido, catalogo, putPicking, cancelarPedido (field-warehouse.md §7). */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const C = '/api/public/proxy/cgi';
const H = (user = 'deposito', cuit = LA_PAMPA) => bearer(tokens[user]!, { cuit });
let laPampa: number;

before(async () => {
  ctx = await createTestApp();
  laPampa = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  // A second warehouse worker of La Pampa, for two staff confirming the same order.
  const dep = await ctx.db.selectFrom('users').selectAll().where('username', '=', 'deposito').executeTakeFirstOrThrow();
  const { id } = await ctx.db
    .insertInto('users')
    .values({ username: 'deposito2', email: 'deposito2@demo.com.ar', first_name: 'Marta', last_name: 'Quiroga', password_hash: dep.password_hash, phone: '2954600099', cuit: null, change_password: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db.insertInto('memberships').values({ user_id: id, company_id: laPampa, is_admin: false, suspended: false, default_profile_id: 5, hidden_currencies: '[]' }).execute();
  await ctx.db.insertInto('membership_profiles').values({ user_id: id, company_id: laPampa, profile_id: 5 }).execute();
  for (const u of ['deposito', 'deposito2', 'productor', 'admin', 'vendedor']) tokens[u] = (await login(ctx.app, u)).access_token;
});
after(async () => {
  await ctx?.close();
});

async function call<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = H()): Promise<T> {
  const res = await ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  assert.equal(res.statusCode, 200, `${method} ${url}: ${res.body}`);
  return res.json() as T;
}
const pending = () => call<PendingOrdersResponse>('GET', `${C}/pedidosPendientes`);
const lines = (numero: number) => call<OrderLinesResponse>('GET', `${C}/renglonesPedido?numero=${numero}`);
/** The body exactly as the legacy client sends it: cabecera and renglones as JSON strings, with its fixed codes. */
const pickBody = (numero: number, renglones: unknown[]) => ({
  cabecera: JSON.stringify({ numero, codemp: 1, codcom: numero, codtal: numero, usrid: 8888 }),
  renglones: JSON.stringify(renglones),
});
const pick = (numero: number, renglones: unknown[], user = 'deposito') =>
  ctx.app.inject({ method: 'POST', url: `${C}/putPicking`, headers: H(user), payload: pickBody(numero, renglones) });
const orderOf = (numero: number) =>
  ctx.db.selectFrom('sales_orders').selectAll().where('company_id', '=', laPampa).where('number', '=', numero).executeTakeFirstOrThrow();
/** Approved orders with lines, waiting to be picked, from the list; each test takes its own. */
let queue: number[] = [];
async function nextOrder(): Promise<number> {
  if (queue.length === 0) queue = (await pending()).items.filter((o) => o.renglones >= 2).map((o) => o.numero);
  const n = queue.shift();
  assert.ok(n, 'the seed has approved orders with two lines or more to pick');
  return n;
}

describe('pending orders', () => {
  test('the approved, unpicked orders of the company, numero descending, with the spec fields', async () => {
    const list = await pending();
    assert.ok(list.items.length >= 4, `the seed leaves orders to pick (${list.items.length})`);
    const numbers = list.items.map((o) => o.numero);
    assert.deepEqual(numbers, [...numbers].sort((a, b) => b - a));
    for (const o of list.items) {
      const row = await orderOf(o.numero);
      assert.equal(row.status, 'approved');
      assert.equal(row.id, o.id);
      assert.equal(o.razsocial, o.razsoc);
      assert.match(o.fecha, /^\d{2}\/\d{2}\/\d{4}$/);
      const picked = await ctx.db.selectFrom('order_pickings').select('id').where('order_id', '=', o.id).executeTakeFirst();
      assert.equal(picked, undefined);
    }
    const ds = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow()).id;
    const foreign = await ctx.db.selectFrom('sales_orders').select('id').where('company_id', '=', ds).execute();
    assert.ok(list.items.every((o) => !foreign.some((f) => f.id === o.id)));
  });

  test('guarded: 401, foreign company 403, a customer 403, an administrator allowed', async () => {
    await expectGuarded(ctx.app, { method: 'GET', url: `${C}/pedidosPendientes` }, { access: 'company', token: tokens.deposito! });
    const customer = await ctx.app.inject({ method: 'GET', url: `${C}/pedidosPendientes`, headers: H('productor') });
    assert.equal(customer.statusCode, 403);
    const seller = await ctx.app.inject({ method: 'GET', url: `${C}/pedidosPendientes`, headers: H('vendedor') });
    assert.equal(seller.statusCode, 403);
    await call('GET', `${C}/pedidosPendientes`, undefined, H('admin'));
  });
});

describe('the ordering area\'s orders', () => {
  test('an order a customer confirms waits to be picked once approved, and picking moves it on: the invoice bills what was picked', async () => {
    const P = '/api/public/proxy/pedidos';
    const G = '/api/public/proxy/gestionpedidos';
    const customer = bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1001' });
    const staff = bearer(tokens.admin!, { cuit: LA_PAMPA });
    // Juan Pérez confirms an order through his cart.
    const cart = (await call<SalesCartResponse>('GET', `${P}?type=carrito`, undefined, customer)).carrito;
    const products = (await call<{ productos: Array<{ id: number }> }>('GET', `${P}?limit=12`, undefined, customer)).productos.slice(0, 2);
    await call('PUT', `${P}/${cart.id}?type=carrito&suma=true`, { productos: products.map((p, i) => ({ producto_id: p.id, pedido_cantidad: i + 2 })) }, customer);
    const confirmed = await call<ConfirmResponse>('PUT', P, { pedidoid: cart.id }, customer);
    const ordered = await ctx.db.selectFrom('sales_orders').selectAll().where('id', '=', confirmed.id).executeTakeFirstOrThrow();
    assert.equal(ordered.status, 'pending');
    assert.ok(!(await pending()).items.some((o) => o.numero === ordered.number), 'not before it is approved');
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${C}/renglonesPedido?numero=${ordered.number}`, headers: H() }), 404, warehouseMsg.pedidoNoPendiente);

    // Approved in Gestión de pedidos: it is on the warehouse's list with the customer's lines.
    await call('POST', `${G}/${confirmed.id}/aprobar`, undefined, staff);
    const listed = (await pending()).items.find((o) => o.numero === ordered.number);
    assert.ok(listed, 'the approved order waits to be picked');
    assert.equal(listed.id, confirmed.id);
    const l = (await lines(ordered.number)).items;
    assert.ok(l.length >= 2);
    const byProduct = new Map(l.map((x) => [x.producto, x]));
    assert.equal(byProduct.get(products[0]!.id)?.cantidad, 2);

    // Picked with one unit less on the first line: the order's lines and total become what was picked.
    const first = byProduct.get(products[0]!.id)!;
    assert.equal((await pick(ordered.number, [{ id: first.id, cantidad: 1 }])).statusCode, 200);
    const picked = await ctx.db.selectFrom('sales_orders').selectAll().where('id', '=', confirmed.id).executeTakeFirstOrThrow();
    assert.ok(new Decimal(picked.total).lt(ordered.total), `${picked.total} < ${ordered.total}`);
    assert.ok(!(await pending()).items.some((o) => o.numero === ordered.number));

    // Applied: the invoice carries the picked quantities and amount.
    await call('POST', `${G}/${confirmed.id}/aplicar`, undefined, staff);
    const applied = await ctx.db.selectFrom('sales_orders').selectAll().where('id', '=', confirmed.id).executeTakeFirstOrThrow();
    assert.equal(applied.status, 'applied');
    assert.equal(applied.applied_amount, picked.total);
    const invoiced = await ctx.db.selectFrom('voucher_lines').select(['product_code', 'quantity']).where('movement_id', '=', applied.invoice_movement_id!).orderBy('line_no').execute();
    const orderLines = await ctx.db.selectFrom('sales_order_lines').select(['quantity']).where('order_id', '=', confirmed.id).orderBy('line_no').execute();
    assert.deepEqual(invoiced.map((x) => Number(x.quantity)), orderLines.map((x) => Number(x.quantity)));
    assert.equal(Number(invoiced[l.indexOf(first)]!.quantity), 1);
  });

  test('another company\'s order is never reached by its number: putPicking and cancelarPedido leave it untouched', async () => {
    const ds = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow()).id;
    // Numbers are per company and the demo's overlap: one of Del Sur's approved orders is given a number La Pampa
    // does not use, so an answer could only come from Del Sur's order.
    const ours = new Set((await ctx.db.selectFrom('sales_orders').select('number').where('company_id', '=', laPampa).execute()).map((o) => o.number));
    let free = 90_000;
    while (ours.has(free)) free++;
    // An order Del Sur's own warehouse would see pending: approved and not picked yet.
    const waiting = await ctx.db
      .selectFrom('sales_orders as o')
      .select(['o.id'])
      .where('o.company_id', '=', ds)
      .where('o.status', '=', 'approved')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('order_pickings as k').select('k.id').whereRef('k.order_id', '=', 'o.id'))))
      .executeTakeFirstOrThrow();
    const foreign = { ...waiting, number: free };
    await ctx.db.updateTable('sales_orders').set({ number: free }).where('id', '=', foreign.id).execute();
    const lineIds = (await ctx.db.selectFrom('sales_order_lines').select('id').where('order_id', '=', foreign.id).execute()).map((x) => x.id);
    expectRefused(await pick(foreign.number, lineIds.map((id) => ({ id, cantidad: 1 }))), 404, warehouseMsg.pedidoNoPendiente);
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${C}/cancelarPedido`, headers: H(), payload: { numero: foreign.number, motivo: 1 } }), 404, warehouseMsg.pedidoNoPendiente);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${C}/renglonesPedido?numero=${foreign.number}`, headers: H() }), 404, warehouseMsg.pedidoNoPendiente);
    const after = await ctx.db.selectFrom('sales_orders').select(['status']).where('id', '=', foreign.id).executeTakeFirstOrThrow();
    assert.equal(after.status, 'approved');
    assert.equal(await ctx.db.selectFrom('order_pickings').select('id').where('order_id', '=', foreign.id).executeTakeFirst(), undefined);
    assert.equal((await ctx.db.selectFrom('stock_movements').select('id').where('order_id', '=', foreign.id).execute()).length, 0);
  });
});

describe('order lines and catalogue', () => {
  test('renglonesPedido answers the lines with their product, line, brand and location', async () => {
    const numero = (await pending()).items[0]!.numero;
    const r = await lines(numero);
    assert.equal(r.numero, numero);
    const db = await ctx.db.selectFrom('sales_order_lines').selectAll().where('order_id', '=', (await orderOf(numero)).id).orderBy('line_no').execute();
    assert.equal(r.items.length, db.length);
    for (const [i, l] of r.items.entries()) {
      assert.equal(l.id, db[i]!.id);
      assert.equal(l.cantidad, Number(db[i]!.quantity));
      const p = await ctx.db.selectFrom('products').selectAll().where('id', '=', l.producto).executeTakeFirstOrThrow();
      assert.equal(l.codalfa, p.alpha_code);
      assert.equal(l.nombre, p.name);
      assert.equal(l.alias, p.sales_unit);
      assert.ok(l.marca.length > 0 && l.linea.length > 0);
    }
  });

  test('renglonesPedido: bad number 400, an order of another company or not approved 404, guarded', async () => {
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${C}/renglonesPedido?numero=abc`, headers: H() }), 400, warehouseMsg.numeroInvalido);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${C}/renglonesPedido`, headers: H() }), 400, warehouseMsg.numeroInvalido);
    // Order numbers are per company: another company's approved order is never answered, whatever its number.
    const ds = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow()).id;
    const foreign = await ctx.db.selectFrom('sales_orders').select(['id', 'number']).where('company_id', '=', ds).where('status', '=', 'approved').executeTakeFirstOrThrow();
    const res = await ctx.app.inject({ method: 'GET', url: `${C}/renglonesPedido?numero=${foreign.number}`, headers: H() });
    if (res.statusCode === 200) {
      const foreignLines = (await ctx.db.selectFrom('sales_order_lines').select('id').where('order_id', '=', foreign.id).execute()).map((x) => x.id);
      assert.ok((res.json() as OrderLinesResponse).items.every((x) => !foreignLines.includes(x.id)));
    } else expectRefused(res, 404, warehouseMsg.pedidoNoPendiente);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${C}/renglonesPedido?numero=99999999`, headers: H() }), 404, warehouseMsg.pedidoNoPendiente);
    const pendingOrder = await ctx.db.selectFrom('sales_orders').select('number').where('company_id', '=', laPampa).where('status', '=', 'pending').executeTakeFirstOrThrow();
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${C}/renglonesPedido?numero=${pendingOrder.number}`, headers: H() }), 404, warehouseMsg.pedidoNoPendiente);
    await expectGuarded(ctx.app, { method: 'GET', url: `${C}/renglonesPedido?numero=1` }, { access: 'company', token: tokens.deposito! });
  });

  test('catalogo: at least 3 letters, matches words, company products only', async () => {
    const r = await call<CatalogoResponse>('POST', `${C}/catalogo`, { codemp: 1, iduser: 8888, descri: '  maiz ' });
    assert.ok(r.items.length > 0 && r.items.length <= 20);
    assert.ok(r.items.every((p) => /ma[ií]z/i.test(p.nombre)), JSON.stringify(r.items.map((p) => p.nombre)));
    for (const p of r.items) {
      const row = await ctx.db.selectFrom('products').select('company_id').where('id', '=', p.id).executeTakeFirstOrThrow();
      assert.equal(row.company_id, laPampa);
      assert.match(p.precio, /^\d+\.\d{2}$/);
    }
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${C}/catalogo`, headers: H(), payload: { descri: ' ma ' } }), 400, warehouseMsg.minimoTresLetras);
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${C}/catalogo`, headers: H(), payload: {} }), 400, warehouseMsg.minimoTresLetras);
    await expectGuarded(ctx.app, { method: 'POST', url: `${C}/catalogo`, payload: { descri: 'maiz' } }, { access: 'company', token: tokens.deposito! });
  });
});

describe('putPicking', () => {
  test('picked lines rewrite the order: quantities, a removed line, a replaced product, a new product; total, stock out, record', async () => {
    const numero = await nextOrder();
    const before = await lines(numero);
    const [first, second, ...rest] = before.items;
    const found = await call<CatalogoResponse>('POST', `${C}/catalogo`, { descri: 'glifosato' });
    const replacement = found.items.find((p) => !before.items.some((l) => l.producto === p.id))!;
    const extra = found.items.find((p) => p !== replacement && !before.items.some((l) => l.producto === p.id))!;
    const deposit = await ctx.db.selectFrom('deposits').select('id').where('company_id', '=', laPampa).where('code', '=', 1).executeTakeFirstOrThrow();
    const level = async (productId: number) =>
      new Decimal((await ctx.db.selectFrom('stock_levels').select('quantity').where('deposit_id', '=', deposit.id).where('product_id', '=', productId).executeTakeFirst())?.quantity ?? 0);
    const firstBefore = await level(first!.producto);
    const res = await pick(numero, [
      { id: first!.id, producto: first!.producto, cantidad: 7 },
      { id: second!.id, producto: replacement.id, cantidad: 2 },
      ...rest.map((l) => ({ id: l.id, cantidad: 0 })),
      { producto: extra.id, cantidad: 3 },
    ]);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as PutPickingResponse;
    assert.equal(body.success, true);
    assert.equal(body.estado, 'preparado');
    assert.equal(body.msg, warehouseMsg.pedidoConfirmado);

    const order = await orderOf(numero);
    assert.equal(order.status, 'approved', 'a picked order waits to be invoiced');
    const after = await ctx.db.selectFrom('sales_order_lines').selectAll().where('order_id', '=', order.id).orderBy('line_no').execute();
    assert.deepEqual(after.map((l) => [l.product_id, Number(l.quantity)]), [[first!.producto, 7], [replacement.id, 2], [extra.id, 3]]);
    for (const l of after) assert.equal(l.amount, new Decimal(l.final_price).times(l.quantity).toFixed(2));
    assert.equal(order.total, after.reduce((s, l) => s.plus(l.amount), new Decimal(0)).toFixed(2));
    assert.equal(body.total, order.total);
    assert.equal((await level(first!.producto)).toString(), firstBefore.minus(7).toString(), 'the goods left the deposit');
    const moves = await ctx.db.selectFrom('stock_movements').selectAll().where('order_id', '=', order.id).execute();
    assert.equal(moves.length, 3);
    assert.ok(moves.every((m) => m.kind === 'picking' && m.deposit_id === deposit.id));
    const record = await ctx.db.selectFrom('order_pickings').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    assert.equal(record.outcome, 'picked');
    assert.equal((record.lines as { ordered: unknown[] }).ordered.length, before.items.length);

    // It left the pending list and cannot be picked again; the same worker repeating the submit is answered the same.
    assert.ok(!(await pending()).items.some((o) => o.numero === numero));
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${C}/renglonesPedido?numero=${numero}`, headers: H() }), 404, warehouseMsg.pedidoNoPendiente);
    const again = await pick(numero, [
      { id: first!.id, producto: first!.producto, cantidad: 7 },
      { id: second!.id, producto: replacement.id, cantidad: 2 },
      ...rest.map((l) => ({ id: l.id, cantidad: 0 })),
      { producto: extra.id, cantidad: 3 },
    ]);
    assert.equal(again.statusCode, 200, again.body);
    assert.equal((again.json() as PutPickingResponse).estado, 'preparado');
    // The same worker with other counts (another session) lost: told so, its counts not applied.
    expectRefused(await pick(numero, [{ id: first!.id, cantidad: 1 }]), 409, warehouseMsg.pedidoYaConfirmadoOtraSesion);
    expectRefused(await pick(numero, [{ id: first!.id, cantidad: 1 }], 'deposito2'), 409, warehouseMsg.pedidoYaConfirmado);
    assert.equal((await ctx.db.selectFrom('sales_order_lines').select('quantity').where('id', '=', first!.id).executeTakeFirstOrThrow()).quantity, '7.000');
    assert.equal((await ctx.db.selectFrom('stock_movements').select('id').where('order_id', '=', order.id).execute()).length, 3);
  });

  test('two staff confirming the same order at once: one wins, the other is told', async () => {
    const numero = await nextOrder();
    const l = (await lines(numero)).items;
    const [a, b] = await Promise.all([
      pick(numero, l.map((x) => ({ id: x.id, cantidad: 1 })), 'deposito'),
      pick(numero, l.map((x) => ({ id: x.id, cantidad: 2 })), 'deposito2'),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    assert.deepEqual(statuses, [200, 409], `${a.body} / ${b.body}`);
    const loser = a.statusCode === 409 ? a : b;
    assert.equal(loser.json().msg, warehouseMsg.pedidoYaConfirmado);
    const order = await orderOf(numero);
    assert.equal((await ctx.db.selectFrom('order_pickings').select('id').where('order_id', '=', order.id).execute()).length, 1);
    const winnerQty = a.statusCode === 200 ? 1 : 2;
    const q = await ctx.db.selectFrom('sales_order_lines').select('quantity').where('order_id', '=', order.id).execute();
    assert.ok(q.every((x) => Number(x.quantity) === winnerQty), 'the lines are the winner\'s');
    assert.equal((await ctx.db.selectFrom('stock_movements').select('id').where('order_id', '=', order.id).execute()).length, new Set(l.map((x) => x.producto)).size);
  });

  test('two sessions of one worker confirm other counts at once: one wins, the other gets 409; only an exact repeat (same key) repeats the success', async () => {
    const numero = await nextOrder();
    const l = (await lines(numero)).items;
    const submit = (cantidad: number, key: string) =>
      ctx.app.inject({ method: 'POST', url: `${C}/putPicking`, headers: { ...H(), 'idempotency-key': key }, payload: pickBody(numero, l.map((x) => ({ id: x.id, producto: x.producto, cantidad }))) });
    const [a, b] = await Promise.all([submit(2, 'sesion-uno-0001'), submit(7, 'sesion-dos-0001')]);
    assert.deepEqual([a.statusCode, b.statusCode].sort(), [200, 409], `${a.body} / ${b.body}`);
    const [winner, winnerQty, winnerKey, loserQty] = a.statusCode === 200 ? [a, 2, 'sesion-uno-0001', 7] : [b, 7, 'sesion-dos-0001', 2];
    const loser = winner === a ? b : a;
    assert.equal(loser.json().msg, warehouseMsg.pedidoYaConfirmadoOtraSesion);
    const order = await orderOf(numero);
    const q = await ctx.db.selectFrom('sales_order_lines').select('quantity').where('order_id', '=', order.id).execute();
    assert.ok(q.every((x) => Number(x.quantity) === winnerQty), "the lines are the winner's");
    // The winner's retry (same key, same lines) gets the same answer; the loser's retry is still refused.
    const retry = await submit(winnerQty, winnerKey);
    assert.equal(retry.statusCode, 200, retry.body);
    assert.deepEqual(retry.json(), winner.json());
    expectRefused(await submit(loserQty, winner === a ? 'sesion-dos-0001' : 'sesion-uno-0001'), 409, warehouseMsg.pedidoYaConfirmadoOtraSesion);
    // The same counts under another key: another session's submission, not a repeat.
    expectRefused(await submit(winnerQty, 'sesion-tres-0001'), 409, warehouseMsg.pedidoYaConfirmadoOtraSesion);
    expectRefused(await submit(winnerQty, 'mal'), 400, warehouseMsg.claveInvalida);
    assert.equal((await ctx.db.selectFrom('order_pickings').select('id').where('order_id', '=', order.id).execute()).length, 1);
  });

  test('every line at 0 cancels the order; cancelarPedido after it succeeds without a second record', async () => {
    const numero = await nextOrder();
    const l = (await lines(numero)).items;
    const res = await pick(numero, l.map((x) => ({ id: x.id, cantidad: 0 })));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((res.json() as PutPickingResponse).estado, 'cancelado');
    const order = await orderOf(numero);
    assert.equal(order.status, 'cancelled');
    assert.equal((await ctx.db.selectFrom('sales_order_lines').select('id').where('order_id', '=', order.id).execute()).length, l.length, 'the ordered lines stay on record');
    assert.equal((await ctx.db.selectFrom('stock_movements').select('id').where('order_id', '=', order.id).execute()).length, 0);
    const cancel = await call<{ success: boolean; msg: string }>('POST', `${C}/cancelarPedido`, { codemp: 1, codcom: numero, codtal: numero, numero, motivo: 1, usrid: 8888 });
    assert.equal(cancel.msg, warehouseMsg.pedidoCancelado);
    assert.equal((await ctx.db.selectFrom('order_pickings').select('id').where('order_id', '=', order.id).execute()).length, 1);
    // The ordering area sees it cancelled: it cannot be invoiced.
    const apply = await ctx.app.inject({ method: 'POST', url: `/api/public/proxy/gestionpedidos/${order.id}/aplicar`, headers: bearer(tokens.admin!, { cuit: LA_PAMPA }) });
    assert.notEqual(apply.statusCode, 200);
    expectRefused(await pick(numero, [{ id: l[0]!.id, cantidad: 1 }], 'deposito2'), 409, warehouseMsg.pedidoYaCancelado);
  });

  test('cancelarPedido on a pending order cancels it; on a picked one 409', async () => {
    const numero = await nextOrder();
    await call('POST', `${C}/cancelarPedido`, { numero: String(numero), motivo: '1' });
    assert.equal((await orderOf(numero)).status, 'cancelled');
    assert.ok(!(await pending()).items.some((o) => o.numero === numero));
    const picked = await nextOrder();
    assert.equal((await pick(picked, [])).statusCode, 200);
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${C}/cancelarPedido`, headers: H('deposito2'), payload: { numero: picked } }), 409, warehouseMsg.pedidoYaConfirmado);
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${C}/cancelarPedido`, headers: H(), payload: { numero: 'x' } }), 400, warehouseMsg.numeroInvalido);
    await expectGuarded(ctx.app, { method: 'POST', url: `${C}/cancelarPedido`, payload: { numero } }, { access: 'company', token: tokens.deposito! });
  });

  test('bad input: 400 with the Spanish message, nothing written', async () => {
    const numero = await nextOrder();
    const l = (await lines(numero)).items;
    const bad = async (payload: unknown, message: string) =>
      expectRefused(await ctx.app.inject({ method: 'POST', url: `${C}/putPicking`, headers: H(), payload: payload as Record<string, unknown> }), 400, message);
    await bad({ cabecera: 'no es json', renglones: '[]' }, warehouseMsg.cabeceraInvalida);
    await bad({ cabecera: JSON.stringify({ codemp: 1 }), renglones: '[]' }, warehouseMsg.numeroInvalido);
    await bad({ cabecera: JSON.stringify({ numero }), renglones: '{' }, warehouseMsg.renglonesInvalidos);
    await bad(pickBody(numero, [{ id: l[0]!.id, cantidad: -1 }]), warehouseMsg.cantidadInvalida);
    await bad(pickBody(numero, [{ cantidad: 2 }]), warehouseMsg.elegiProducto);
    await bad(pickBody(numero, [{ id: 999_999, cantidad: 2 }]), warehouseMsg.lineaNoEncontrada);
    await bad(pickBody(numero, [{ producto: 999_999, cantidad: 2 }]), warehouseMsg.productoInexistente);
    const ds = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow()).id;
    const foreignProduct = await ctx.db.selectFrom('products').select('id').where('company_id', '=', ds).executeTakeFirstOrThrow();
    await bad(pickBody(numero, [{ producto: foreignProduct.id, cantidad: 2 }]), warehouseMsg.productoInexistente);
    assert.ok((await pending()).items.some((o) => o.numero === numero), 'still pending');
    await expectGuarded(ctx.app, { method: 'POST', url: `${C}/putPicking`, payload: pickBody(numero, []) }, { access: 'company', token: tokens.deposito! });
    const customer = await ctx.app.inject({ method: 'POST', url: `${C}/putPicking`, headers: H('productor'), payload: pickBody(numero, []) });
    assert.equal(customer.statusCode, 403);
  });
});
