import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import {
  fiscalMsg,
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
import { pdfText } from '../../documents/test-support.js';
import { detailLines } from '../fiscal/index.js';
import { bearer, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { invoiceAmounts, letterFor, orderAmounts, vatRateOf } from './invoice.js';

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

/** The lines of an order with their family, as orderAmounts takes them. */
async function lineAmounts(orderId: number) {
  const r = await sql<{ amount: string; family: string | null }>`select l.amount::text as amount, f.name as family from sales_order_lines l
    join products p on p.id = l.product_id left join product_facets f on f.id = p.family_id where l.order_id = ${orderId}`.execute(ctx.db);
  return r.rows;
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
        // VAT included, like the PDF: an order is applied whole, so one of the two is the order's total.
        const withVat = orderAmounts(await lineAmounts(row.id)).total;
        const applied = new Decimal(o.applied_amount).isZero() ? '0.00' : withVat;
        assert.equal(row.importe_aplicado_con_formato, formatNumber(applied));
        assert.equal(row.importe_pendiente_con_formato, formatNumber(new Decimal(withVat).minus(applied).toFixed(2)));
        assert.equal(row.numero_con_formato, `00001-${String(o.number).padStart(8, '0')}`);
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
    assert.equal(first.total_con_formato, formatNumber(orderAmounts(await lineAmounts(first.id)).total));
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

describe('one order, one total', () => {
  test('the cart, the confirm answer, the lists, the history, the back office, the WhatsApp text and the PDF show the same neto / IVA / total', async () => {
    await ctx.db.updateTable('entities').set({ seller_id: 1 }).where('id', '=', juan).execute();
    const cart = (await call<SalesCartResponse>('GET', `${P}?type=carrito`)).carrito;
    const cat = await call<CatalogResponse>('GET', `${P}?limit=40`);
    const seeds = cat.productos.filter((p) => /Semillas|Maíz|Soja|Trigo|Girasol/.test(p.nombre)).slice(0, 1);
    const others = cat.productos.filter((p) => !seeds.includes(p)).slice(0, 2);
    const filled = await call<SalesCartResponse>('PUT', `${P}/${cart.id}?type=carrito&suma=true`, H(), {
      productos: [...seeds, ...others].map((p, i) => ({ producto_id: p.id, pedido_cantidad: i + 2 })),
    });
    const imp = filled.carrito.importes;
    assert.ok(imp.importe_iva > 0 && imp.importe_total > imp.importe_neto);
    const order = await call<ConfirmResponse>('PUT', P, H(), { pedidoid: cart.id });
    assert.equal(order.total_con_formato, imp.importe_total_con_formato);
    assert.equal(order.neto_con_formato, imp.importe_neto_con_formato);
    assert.equal(order.iva_con_formato, imp.importe_iva_con_formato);
    assert.equal(order.numero_con_formato, `00001-${String(order.numero).padStart(8, '0')}`);
    const pending = await call<StatusListResponse>('GET', `${P}?pendientes=true`);
    const row = pending.productos.find((r) => r.id === order.id)!;
    assert.equal(row.importe_pendiente_con_formato, imp.importe_total_con_formato);
    assert.equal(row.numero_con_formato, order.numero_con_formato);
    const hist = await call<HistoryResponse>('GET', `${P}?historial=true`);
    assert.equal(hist.productos.find((o) => o.id === order.id)?.total_con_formato, imp.importe_total_con_formato);
    const staff = await call<StaffListResponse>('GET', `${G}?estado=pendientes&limit=100`, S('admin'));
    assert.equal(staff.pedidos.find((o) => o.id === order.id)?.total_con_formato, imp.importe_total_con_formato);
    const share = await call<ShareResponse>('GET', `${P}/${order.id}/compartir`);
    assert.ok(share.texto.includes(`N° ${order.numero_con_formato} `), share.texto);
    assert.ok(share.texto.includes(`total con IVA $\u00a0${imp.importe_total_con_formato})`), share.texto);
    const pdf = await pdfText((await ctx.app.inject({ method: 'GET', url: `${P}/${order.id}/pdf`, headers: H() })).rawPayload);
    assert.match(pdf, new RegExp(`Importe total:\\s+\\$ ${imp.importe_total_con_formato.replace(/\./g, '\\.')}`));
    assert.match(pdf, new RegExp(`Importe neto gravado:\\s+\\$ ${imp.importe_neto_con_formato.replace(/\./g, '\\.')}`));
    // The PDF prints the same point of sale (5 digits) and number (8), in AFIP's header layout.
    const [pos, num] = order.numero_con_formato.split('-');
    assert.match(pdf, new RegExp(`Punto de venta: ${pos}\\s+Comp\\. Nro: ${num}`));
    // Applied: the invoice's total is the order's total, and the applied list shows it.
    await call('POST', `${G}/${order.id}/aprobar`, S('admin'));
    await call('POST', `${G}/${order.id}/aplicar`, S('admin'));
    const applied = await call<StatusListResponse>('GET', `${P}?aplicados=true`);
    assert.equal(applied.productos.find((r) => r.id === order.id)?.importe_aplicado_con_formato, imp.importe_total_con_formato);
    const inv = await sql<{ amount: string }>`select m.amount::text as amount from sales_orders o join account_movements m on m.id = o.invoice_movement_id where o.id = ${order.id}`.execute(ctx.db);
    assert.equal(formatNumber(inv.rows[0]!.amount), imp.importe_total_con_formato);
    // Each audit row of the order's way says from where: the request's address, carried by the cart's owner (the
    // confirmation) and by the staff's user (approve, apply).
    const audits = await ctx.db.selectFrom('audit_log').select(['action', 'ip', 'detail']).where('action', 'in', ['orders.confirm', 'orders.approve', 'orders.apply']).execute();
    const ofOrder = audits.filter((a) => (typeof a.detail === 'string' ? JSON.parse(a.detail) : a.detail).order === order.id);
    assert.deepEqual(ofOrder.map((a) => a.action).sort(), ['orders.apply', 'orders.approve', 'orders.confirm']);
    assert.ok(ofOrder.every((a) => a.ip === '127.0.0.1'), JSON.stringify(ofOrder));
  });
});

describe('staff back office', () => {
  test('buscar: by customer name (accents and case aside), customer code or order number', async () => {
    const all = await call<StaffListResponse>('GET', `${G}?estado=pendientes&limit=100`, S('admin'));
    const sample = all.pedidos[0]!;
    const name = sample.entidad_nombre;
    // Typed without accents and in capitals, a part of the name.
    const typed = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().slice(0, Math.min(6, name.length));
    const byName = await call<StaffListResponse>('GET', `${G}?estado=pendientes&limit=100&buscar=${encodeURIComponent(typed)}`, S('admin'));
    assert.ok(byName.pedidos.some((p) => p.id === sample.id));
    assert.ok(byName.pedidos.every((p) => p.entidad_nombre.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().includes(typed)));
    const byNumber = await call<StaffListResponse>('GET', `${G}?estado=pendientes&buscar=${sample.numero}`, S('admin'));
    assert.ok(byNumber.pedidos.some((p) => p.id === sample.id));
    assert.ok(byNumber.pedidos.every((p) => p.numero === sample.numero || p.entidad === sample.numero || String(p.entidad_nombre).includes(String(sample.numero))));
    const byCode = await call<StaffListResponse>('GET', `${G}?estado=pendientes&limit=100&buscar=${sample.entidad}`, S('admin'));
    assert.ok(byCode.pedidos.some((p) => p.id === sample.id));
    assert.equal((await call<StaffListResponse>('GET', `${G}?estado=pendientes&buscar=${encodeURIComponent('zzz%_nadie')}`, S('admin'))).total, 0);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${G}?buscar=${'x'.repeat(81)}`, headers: S('admin') }), 400, orderingMsg.patronCorto);
  });

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
    // The origin names the order with the order's point of sale, not the invoice's.
    assert.equal(m.origin_series, 1);
    assert.equal(detailLines(m).detalle2, `Origen: PED 00001-${String(o.number).padStart(8, '0')}`);
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
    assert.equal(done.pedido.factura, `FC ${letter} 00003-${String(m.number).padStart(8, '0')}`);
    const applied = await call<StatusListResponse>('GET', `${P}?aplicados=true`);
    assert.equal(applied.productos[0]?.id, order.id);
    assert.equal(applied.productos[0]?.importe_aplicado_con_formato, formatNumber(orderAmounts(await lineAmounts(order.id)).total));
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

  test('the share link is the one public route GET /compartido/{token}: opens the PDF without a session; altered is 403, expired is 410', async () => {
    const order = await newOrder(1);
    const share = await call<ShareResponse>('GET', `${P}/${order.id}/compartir`);
    assert.ok(share.texto.includes(share.url));
    assert.ok(share.texto.includes(String(order.numero)));
    const path = new URL(share.url).pathname;
    assert.match(path, /^\/api\/public\/compartido\/[\w-]+\.[\w-]+$/);
    const open = await ctx.app.inject({ method: 'GET', url: path });
    assert.equal(open.statusCode, 200);
    assert.equal(open.headers['content-type'], 'application/pdf');
    assert.equal(open.headers['cache-control'], 'private, no-store');
    assert.match(String(open.headers['content-disposition']), /^inline; filename="pedido-\d+\.pdf"/);
    assert.equal(open.rawPayload.subarray(0, 5).toString(), '%PDF-');
    assert.match(await pdfText(open.rawPayload), new RegExp(String(order.numero)));
    const token = path.split('/').pop()!;
    const altered = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `/api/public/compartido/${altered}` }), 403, fiscalMsg.enlaceInvalido);
    const expired = signShareToken(ctx.app.tokenSecret, { c: laPampa, e: juan, k: 'order', r: String(order.id) }, 60, Date.now() - 3_600_000);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `/api/public/compartido/${expired}` }), 410, fiscalMsg.enlaceVencido);
    // A genuine token naming another entity's order finds nothing: 410, never that order.
    const hnosEntity = (await ctx.db.selectFrom('entities').select('id').where('company_id', '=', laPampa).where('code', '=', 1002).executeTakeFirstOrThrow()).id;
    const wrongEntity = signShareToken(ctx.app.tokenSecret, { c: laPampa, e: hnosEntity, k: 'order', r: String(order.id) }, 60);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `/api/public/compartido/${wrongEntity}` }), 410, fiscalMsg.documentoNoDisponible);
    const hnos = bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1002' });
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${P}/${order.id}/compartir`, headers: hnos }), 403, orderingMsg.pedidoInexistente);
  });

  test('a link sent before the single route (/compartido/pedidos/{token}) still opens: 308 to the same token on /compartido/{token}', async () => {
    const order = await newOrder(1);
    const token = signShareToken(ctx.app.tokenSecret, { c: laPampa, e: juan, k: 'order', r: String(order.id) }, 3600);
    const old = await ctx.app.inject({ method: 'GET', url: `/api/public/compartido/pedidos/${token}` });
    assert.equal(old.statusCode, 308);
    assert.equal(old.headers.location, `/api/public/compartido/${token}`);
    const pdf = await ctx.app.inject({ method: 'GET', url: String(old.headers.location) });
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
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
