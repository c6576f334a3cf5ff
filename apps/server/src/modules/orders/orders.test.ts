import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import {
  formatNumber,
  orderingMsg,
  type CatalogResponse,
  type ConfirmResponse,
  type HistoryResponse,
  type SalesCartResponse,
  type ShareResponse,
  type StaffActionResponse,
  type StaffListResponse,
  type StatusListResponse,
} from '@portal/contract';
import { signShareToken } from '../../documents/index.js';
import { bearer, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { invoiceAmounts, letterFor, vatRateOf } from './invoice.js';

/** Orders made: lists by status, history, the staff back office (approve, apply → invoice), the PDF and its share link. */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const P = '/api/public/proxy/pedidos';
const G = '/api/public/proxy/gestionpedidos';
const H = (entity = '1001') => bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: entity });
const S = (user = 'vendedor') => bearer(tokens[user]!, { cuit: LA_PAMPA });
let laPampa: number;
let juan: number;

before(async () => {
  ctx = await createTestApp();
  for (const u of ['productor', 'vendedor', 'admin']) tokens[u] = (await login(ctx.app, u)).access_token;
  laPampa = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  juan = (await ctx.db.selectFrom('entities').select('id').where('company_id', '=', laPampa).where('code', '=', 1001).executeTakeFirstOrThrow()).id;
});
after(async () => {
  await ctx?.close();
});

async function call<T>(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers = H(), payload?: unknown): Promise<T> {
  const res = await ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  assert.equal(res.statusCode, 200, `${method} ${url}: ${res.body}`);
  return res.json() as T;
}

/** A new pending order of Juan Pérez through the real cart. */
async function newOrder(lines = 3): Promise<ConfirmResponse> {
  const cart = (await call<SalesCartResponse>('GET', `${P}?type=carrito`)).carrito;
  const cat = await call<CatalogResponse>('GET', `${P}?limit=40`);
  // Seeds (10.5 %) and a 21 % family, so the invoice splits VAT.
  const seeds = cat.productos.filter((p) => /Semillas|Maíz|Soja|Trigo|Girasol/.test(p.nombre)).slice(0, 1);
  const others = cat.productos.filter((p) => !seeds.includes(p)).slice(0, lines - seeds.length);
  await call('PUT', `${P}/${cart.id}?type=carrito&suma=true`, H(), { productos: [...seeds, ...others].map((p, i) => ({ producto_id: p.id, pedido_cantidad: i + 1 })) });
  return call<ConfirmResponse>('PUT', P, H(), { pedidoid: cart.id });
}

describe('orders made (customer)', () => {
  test('pendientes / aprobados / aplicados: 5 per page, this entity only, with the row fields', async () => {
    for (const [flag, status] of [['pendientes', 'pending'], ['aprobados', 'approved'], ['aplicados', 'applied']] as const) {
      const page = await call<StatusListResponse>('GET', `${P}?${flag}=true`);
      const n = await ctx.db.selectFrom('sales_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('entity_id', '=', juan).where('status', '=', status).executeTakeFirstOrThrow();
      assert.equal(page.total, Number(n.n), flag);
      assert.ok(page.productos.length <= 5);
      for (const row of page.productos) {
        const o = await ctx.db.selectFrom('sales_orders').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
        assert.equal(o.entity_id, juan);
        assert.equal(row.numero, o.number);
        assert.equal(row.descom, 'Pedido');
        assert.equal(row.codcom_id, 'PED');
        assert.equal(row.importe_aplicado_con_formato, formatNumber(o.applied_amount));
        assert.equal(row.importe_pendiente_con_formato, formatNumber(new Decimal(o.total).minus(o.applied_amount).toFixed(2)));
      }
    }
    const p1 = await call<StatusListResponse>('GET', `${P}?aplicados=true&start=0&limit=5`);
    const p2 = await call<StatusListResponse>('GET', `${P}?aplicados=true&start=5&limit=5`);
    assert.ok(p1.total > 5, 'the seed pages applied orders at least twice');
    assert.ok(p2.productos.every((r) => !p1.productos.some((x) => x.id === r.id)));
    await expectGuarded(ctx.app, { method: 'GET', url: `${P}?pendientes=true` }, { access: 'entity', token: tokens.productor! });
  });

  test('history: 8 per page with product lines, and a month filter', async () => {
    const h = await call<HistoryResponse>('GET', `${P}?historial=true`);
    assert.equal(h.productos.length, 8);
    const n = await ctx.db.selectFrom('sales_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('entity_id', '=', juan).executeTakeFirstOrThrow();
    assert.equal(h.total, Number(n.n));
    const first = h.productos[0]!;
    const lines = await ctx.db.selectFrom('sales_order_lines').selectAll().where('order_id', '=', first.id).orderBy('line_no').execute();
    assert.deepEqual(first.productos.map((p) => p.renglon_id), lines.map((l) => l.id));
    assert.equal(first.total_con_formato, formatNumber((await ctx.db.selectFrom('sales_orders').select('total').where('id', '=', first.id).executeTakeFirstOrThrow()).total));
    const month = first.fecha.slice(0, 7);
    const byMonth = await call<HistoryResponse>('GET', `${P}?historial=true&mes=${month}`);
    assert.ok(byMonth.productos.length > 0 && byMonth.productos.every((o) => o.fecha.startsWith(month)));
    const page2 = await call<HistoryResponse>('GET', `${P}?historial=true&page=2`);
    assert.ok(page2.productos.every((o) => !h.productos.some((x) => x.id === o.id)));
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${P}?historial=true&mes=2026-13`, headers: H() }), 400, orderingMsg.mesInvalido);
    const empty = await call<HistoryResponse>('GET', `${P}?historial=true&mes=1999-01`);
    assert.deepEqual(empty, { success: true, total: 0, productos: [] });
  });
});

describe('staff back office', () => {
  test('guarded: a customer is refused (403); vendedor sees the orders of his zone only', async () => {
    await expectGuarded(ctx.app, { method: 'GET', url: G }, { access: 'company', token: tokens.vendedor! });
    const customer = await ctx.app.inject({ method: 'GET', url: G, headers: bearer(tokens.productor!, { cuit: LA_PAMPA }) });
    assert.equal(customer.statusCode, 403);
    assert.equal(customer.json().success, false);
    const list = await call<StaffListResponse>('GET', `${G}?estado=pendientes`, S());
    const own = await ctx.db.selectFrom('sellers').select(['id', 'zone_id']).where('company_id', '=', laPampa).where('code', '=', 1).executeTakeFirstOrThrow();
    const zone = (await ctx.db.selectFrom('sellers').select('id').where('company_id', '=', laPampa).where('zone_id', '=', own.zone_id).execute()).map((s) => s.id);
    const n = await sql<{ n: number }>`select count(*)::int as n from sales_orders where company_id = ${laPampa} and status = 'pending'
      and seller_id in (${sql.join(zone)})`.execute(ctx.db);
    assert.equal(list.total, n.rows[0]!.n);
    const all = await call<StaffListResponse>('GET', `${G}?estado=pendientes`, S('admin'));
    const everyone = await sql<{ n: number }>`select count(*)::int as n from sales_orders where company_id = ${laPampa} and status = 'pending'`.execute(ctx.db);
    assert.equal(all.total, everyone.rows[0]!.n);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${G}?estado=otro`, headers: S() }), 400, orderingMsg.estadoInvalido);
  });

  test('approve then apply: the invoice is written with its lines, VAT split, CAE and origin; invalid transitions are 400', async () => {
    await ctx.db.updateTable('entities').set({ seller_id: 1 }).where('id', '=', juan).execute();
    const order = await newOrder(3);
    // Applying a pending order is not allowed; approving twice neither.
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${G}/${order.id}/aplicar`, headers: S() }), 400, orderingMsg.pedidoNoAprobado);
    const ap = await call<StaffActionResponse>('POST', `${G}/${order.id}/aprobar`, S());
    assert.equal(ap.msg, orderingMsg.pedidoAprobado);
    assert.equal(ap.pedido.estado, 'approved');
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${G}/${order.id}/aprobar`, headers: S() }), 400, orderingMsg.pedidoNoPendiente);
    const approved = await call<StatusListResponse>('GET', `${P}?aprobados=true`);
    assert.equal(approved.productos[0]?.id, order.id);

    const done = await call<StaffActionResponse>('POST', `${G}/${order.id}/aplicar`, S());
    assert.equal(done.msg, orderingMsg.pedidoAplicado);
    assert.equal(done.pedido.estado, 'applied');
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${G}/${order.id}/aplicar`, headers: S() }), 400, orderingMsg.pedidoNoAprobado);

    const o = await ctx.db.selectFrom('sales_orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    assert.equal(o.status, 'applied');
    assert.equal(o.applied_amount, o.total);
    assert.ok(o.invoice_movement_id);
    const m = await ctx.db.selectFrom('account_movements').selectAll().where('id', '=', o.invoice_movement_id!).executeTakeFirstOrThrow();
    const e = await ctx.db.selectFrom('entities').select('cuit').where('id', '=', juan).executeTakeFirstOrThrow();
    const letter = letterFor(e.cuit);
    assert.equal(m.voucher_code, 'FC');
    assert.equal(m.letter, letter);
    assert.equal(m.voucher_name, `Factura ${letter}`);
    assert.equal(m.afip_type, letter === 'A' ? 1 : 6);
    assert.equal(m.origin_type, 'PED');
    assert.equal(m.origin_number, o.number);
    assert.equal(m.entity_id, juan);
    assert.match(m.cae!, /^\d{14}$/);
    assert.ok(m.due_date! >= m.date);
    // The split recomputed here from the order lines and the family VAT rates.
    const lines = await sql<{ amount: string; family: string | null; quantity: string; final_price: string }>`
      select l.amount::text as amount, f.name as family, l.quantity::text as quantity, l.final_price::text as final_price
      from sales_order_lines l join products p on p.id = l.product_id left join product_facets f on f.id = p.family_id
      where l.order_id = ${order.id}`.execute(ctx.db);
    let net21 = new Decimal(0);
    let net105 = new Decimal(0);
    for (const l of lines.rows) {
      if (vatRateOf(l.family) === '21') net21 = net21.plus(l.amount);
      else net105 = net105.plus(l.amount);
    }
    assert.ok(net105.greaterThan(0) && net21.greaterThan(0), 'both rates present');
    if (letter === 'A') {
      assert.equal(new Decimal(m.net_amount!).toFixed(2), net21.plus(net105).toFixed(2));
      assert.equal(new Decimal(m.vat21!).toFixed(2), net21.times('0.21').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
      assert.equal(new Decimal(m.vat105!).toFixed(2), net105.times('0.105').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
    }
    assert.equal(new Decimal(m.amount).toFixed(2), new Decimal(m.net_amount!).plus(m.vat21!).plus(m.vat105!).toFixed(2));
    const vl = await ctx.db.selectFrom('voucher_lines').selectAll().where('movement_id', '=', m.id).orderBy('line_no').execute();
    assert.equal(vl.length, lines.rows.length);
    assert.equal(done.pedido.factura, `FC ${letter} 0003-${String(m.number).padStart(8, '0')}`);
    const applied = await call<StatusListResponse>('GET', `${P}?aplicados=true`);
    assert.equal(applied.productos[0]?.id, order.id);
    assert.equal(applied.productos[0]?.importe_aplicado_con_formato, formatNumber(o.total));
  });

  test('orders outside the scope or of another company are 403', async () => {
    const own = await ctx.db.selectFrom('sellers').select(['zone_id']).where('company_id', '=', laPampa).where('code', '=', 1).executeTakeFirstOrThrow();
    const outside = await sql<{ id: number }>`select o.id from sales_orders o join sellers s on s.id = o.seller_id
      where o.company_id = ${laPampa} and s.zone_id <> ${own.zone_id} order by (o.status = 'pending') desc, o.id limit 1`.execute(ctx.db);
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${G}/${outside.rows[0]!.id}/aprobar`, headers: S() }), 403, orderingMsg.pedidoInexistente);
    const sur = await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow();
    const foreign = await ctx.db.selectFrom('sales_orders').select('id').where('company_id', '=', sur.id).executeTakeFirstOrThrow();
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${G}/${foreign.id}/aprobar`, headers: S('admin') }), 403, orderingMsg.pedidoInexistente);
    // The administrator approves any pending order of the company.
    const pending = await ctx.db.selectFrom('sales_orders').select('id').where('company_id', '=', laPampa).where('status', '=', 'pending').orderBy('id').executeTakeFirstOrThrow();
    const r = await call<StaffActionResponse>('POST', `${G}/${pending.id}/aprobar`, S('admin'));
    assert.equal(r.pedido.estado, 'approved');
  });
});

describe('order PDF and share link', () => {
  test('GET /proxy/pedidos/{id}/pdf is a real PDF of an order of this entity; another entity is 403', async () => {
    const order = await newOrder(2);
    const res = await ctx.app.inject({ method: 'GET', url: `${P}/${order.id}/pdf`, headers: H() });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.rawPayload.subarray(0, 5).toString(), '%PDF-');
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${P}/${order.id}/pdf`, headers: H('1002') }), 403, orderingMsg.pedidoInexistente);
    await expectGuarded(ctx.app, { method: 'GET', url: `${P}/${order.id}/pdf` }, { access: 'entity', token: tokens.productor! });
  });

  test('the share link opens the PDF without a session; altered is 403, expired is 410', async () => {
    const order = await newOrder(1);
    const share = await call<ShareResponse>('GET', `${P}/${order.id}/compartir`);
    assert.ok(share.texto.includes(share.url));
    assert.ok(share.texto.includes(String(order.numero)));
    const path = new URL(share.url).pathname;
    const open = await ctx.app.inject({ method: 'GET', url: path });
    assert.equal(open.statusCode, 200);
    assert.equal(open.rawPayload.subarray(0, 5).toString(), '%PDF-');
    const token = path.split('/').pop()!;
    const altered = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `/api/public/compartido/pedidos/${altered}` }), 403, orderingMsg.enlaceInvalido);
    const expired = signShareToken(ctx.app.tokenSecret, { c: laPampa, e: juan, k: 'order', r: String(order.id) }, 60, Date.now() - 3_600_000);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `/api/public/compartido/pedidos/${expired}` }), 410, orderingMsg.enlaceVencido);
    const hnos = bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1002' });
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${P}/${order.id}/compartir`, headers: hnos }), 403, orderingMsg.pedidoInexistente);
  });
});

describe('invoice rules', () => {
  test('letter by CUIT, VAT by family, amounts of a Factura B include VAT', () => {
    assert.equal(letterFor('30712345671'), 'A');
    assert.equal(letterFor('20123456786'), 'A');
    assert.equal(letterFor('12345678'), 'B');
    assert.equal(vatRateOf('Semillas'), '10.5');
    assert.equal(vatRateOf('Fertilizantes'), '10.5');
    assert.equal(vatRateOf('Agroquímicos'), '21');
    const line = { id: 1, order_id: 1, line_no: 1, product_id: 1, name: 'x', code: 1, alpha_code: 'X', sales_unit: 'u', images: [], is_new: false, is_promotion: false, discount1: '0', discount2: '0', list_price: '100.00' };
    const b = invoiceAmounts('B', [{ ...line, family: 'Semillas', quantity: '3', final_price: '100.00', amount: '300.00' }, { ...line, family: 'Herramientas', quantity: '1', final_price: '10.01', amount: '10.01' }]);
    assert.equal(b.lines[0]!.unitPrice, '110.50');
    assert.equal(b.lines[1]!.unitPrice, '12.11');
    assert.equal(b.total, '343.61');
    assert.equal(new Decimal(b.net).plus(b.vat21).plus(b.vat105).toFixed(2), b.total);
    const a = invoiceAmounts('A', [{ ...line, family: 'Semillas', quantity: '3', final_price: '100.00', amount: '300.00' }]);
    assert.deepEqual([a.net, a.vat105, a.vat21, a.total], ['300.00', '31.50', '0.00', '331.50']);
  });
});
