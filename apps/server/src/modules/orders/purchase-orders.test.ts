import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  fiscalMsg,
  formatDateSlash,
  orderingMsg,
  type CatalogResponse,
  type ConfirmResponse,
  type PurchaseCartResponse,
  type ShareResponse,
  type StatusListResponse,
} from '@portal/contract';
import { signShareToken } from '../../documents/index.js';
import { pdfText } from '../../documents/test-support.js';
import { bearer, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { PURCHASE_ORDER_SHARE_KIND } from './documents.js';

/** Purchase orders made: the PDF ('Orden de compra') and its public share link, as the sales orders have. */

let ctx: TestContext;
let token: string;
let laPampa: number;
let juan: number;
const OC = '/api/public/proxy/ordenescompra';
const H = (entity = '1001') => bearer(token, { cuit: LA_PAMPA, entity_id: entity });

before(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'productor')).access_token;
  laPampa = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  juan = (await ctx.db.selectFrom('entities').select('id').where('company_id', '=', laPampa).where('code', '=', 1001).executeTakeFirstOrThrow()).id;
});
after(async () => {
  await ctx?.close();
});

async function call<T>(method: 'GET' | 'PUT', url: string, payload?: unknown, headers = H()): Promise<T> {
  const res = await ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  assert.equal(res.statusCode, 200, `${method} ${url}: ${res.body}`);
  return res.json() as T;
}

/** A new purchase order of Juan Pérez through the real cart, with payment condition, taxes, delivery date and detail. */
async function newPurchaseOrder(withTax = true) {
  const cart = (await call<PurchaseCartResponse>('GET', `${OC}?type=carrito`)).carrito;
  const product = (await call<CatalogResponse>('GET', `${OC}?limit=12`)).productos[0]!;
  // The earliest delivery date depends on the lines: read it once they are in.
  const cartRes = await call<PurchaseCartResponse>('PUT', `${OC}/${cart.id}?type=carrito`, { producto_id: product.id, pedido_cantidad: 2 });
  const cpago = (await call<{ items: Array<{ id: number; despago: string }> }>('GET', `${OC}?type=cpagos`)).items[0]!;
  const url = `${OC}/${cart.id}?type=condiciones`;
  await call('PUT', url, { cpago: cpago.id });
  await call('PUT', url, { conimpuesto: withTax });
  await call('PUT', url, { fecha_entrega: cartRes.fecha_minima_entrega });
  await call('PUT', url, { detalle: 'Campaña fina lote 7' });
  const order = await call<ConfirmResponse>('PUT', OC, { pedidoid: cart.id });
  return { order, product, cpago, delivery: cartRes.fecha_minima_entrega };
}

describe('purchase order PDF and share link', () => {
  test('GET /proxy/ordenescompra/{id}/pdf: an "Orden de compra" with its number, lines and conditions', async () => {
    const { order, product, cpago, delivery } = await newPurchaseOrder();
    const res = await ctx.app.inject({ method: 'GET', url: `${OC}/${order.id}/pdf`, headers: H() });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.match(String(res.headers['content-disposition']), new RegExp(`orden-de-compra-${order.numero}\\.pdf`));
    const text = await pdfText(res.rawPayload);
    assert.match(text, /Orden de compra/i);
    assert.match(text, new RegExp(`0*${order.numero}\\b`));
    assert.ok(text.includes(product.nombre.slice(0, 20)), `line description "${product.nombre}" in:\n${text}`);
    assert.match(text, new RegExp(`Condición de venta:\\s+${cpago.despago}`), 'payment condition');
    assert.ok(text.includes(formatDateSlash(delivery)), 'delivery date');
    assert.ok(text.includes('Campaña fina lote 7'), 'detail');
    assert.match(text, /Con impuestos:?\s+Sí/);
    // The rows of the list carry the id the PDF takes.
    const pending = await call<StatusListResponse>('GET', `${OC}?pendientes=true`);
    assert.ok(pending.productos.some((r) => r.id === order.id && r.numero === order.numero));
  });

  test("the share text says what the total is: 'total con IVA', or 'total sin impuestos' for an order without taxes", async () => {
    const taxed = await newPurchaseOrder(true);
    const plain = await newPurchaseOrder(false);
    assert.equal(plain.order.iva, 0);
    assert.equal(plain.order.total_con_formato, plain.order.neto_con_formato);
    const withTax = await call<ShareResponse>('GET', `${OC}/${taxed.order.id}/compartir`);
    assert.ok(withTax.texto.includes(`, total con IVA $\u00a0${taxed.order.total_con_formato}): `), withTax.texto);
    const without = await call<ShareResponse>('GET', `${OC}/${plain.order.id}/compartir`);
    assert.ok(without.texto.includes(`, total sin impuestos $\u00a0${plain.order.total_con_formato}): `), without.texto);
    assert.doesNotMatch(without.texto, /IVA/);
  });

  test('another entity, another company and an unknown id are refused; without a token 401', async () => {
    const { order } = await newPurchaseOrder();
    // Pérez Hnos. (1002) asking for Juan Pérez's (1001) order.
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${OC}/${order.id}/pdf`, headers: H('1002') }), 404, orderingMsg.ordenInexistente);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${OC}/${order.id}/compartir`, headers: H('1002') }), 404, orderingMsg.ordenInexistente);
    // An order of the second tenant, asked for from La Pampa.
    const sur = await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow();
    const foreign = await ctx.db.selectFrom('purchase_orders').select('id').where('company_id', '=', sur.id).orderBy('id').executeTakeFirst();
    const foreignId = foreign?.id ?? (await ctx.db.selectFrom('purchase_orders').select('id').where('company_id', '<>', laPampa).orderBy('id').executeTakeFirstOrThrow()).id;
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${OC}/${foreignId}/pdf`, headers: H() }), 404, orderingMsg.ordenInexistente);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${OC}/${foreignId}/compartir`, headers: H() }), 404, orderingMsg.ordenInexistente);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${OC}/999999999/pdf`, headers: H() }), 404, orderingMsg.ordenInexistente);
    const noToken = await ctx.app.inject({ method: 'GET', url: `${OC}/${order.id}/pdf`, headers: { cuit: LA_PAMPA, entity_id: '1001' } });
    assert.equal(noToken.statusCode, 401);
    await expectGuarded(ctx.app, { method: 'GET', url: `${OC}/${order.id}/pdf` }, { access: 'entity', token });
    await expectGuarded(ctx.app, { method: 'GET', url: `${OC}/${order.id}/compartir` }, { access: 'entity', token });
  });

  test('the share link opens the PDF without a session; altered is 403, expired is 410', async () => {
    const { order } = await newPurchaseOrder();
    const share = await call<ShareResponse>('GET', `${OC}/${order.id}/compartir`);
    assert.ok(share.texto.startsWith(`${orderingMsg.textoCompartirOrden} N° 00001-${String(order.numero).padStart(8, "0")} `), share.texto);
    assert.ok(share.texto.includes(share.url));
    const path = new URL(share.url).pathname;
    assert.match(path, /^\/api\/public\/compartido\/[^/]+$/);
    const open = await ctx.app.inject({ method: 'GET', url: path });
    assert.equal(open.statusCode, 200, open.body);
    assert.equal(open.headers['content-type'], 'application/pdf');
    const text = await pdfText(open.rawPayload);
    assert.match(text, /Orden de compra/i);
    const shareToken = path.split('/').pop()!;
    const altered = shareToken.slice(0, 10) + (shareToken[10] === 'A' ? 'B' : 'A') + shareToken.slice(11);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `/api/public/compartido/${altered}` }), 403, fiscalMsg.enlaceInvalido);
    const expired = signShareToken(ctx.app.tokenSecret, { c: laPampa, e: juan, k: PURCHASE_ORDER_SHARE_KIND, r: String(order.id) }, 60, Date.now() - 3_600_000);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `/api/public/compartido/${expired}` }), 410, fiscalMsg.enlaceVencido);
    // A genuine token naming the order under another entity serves nothing.
    const hnos = (await ctx.db.selectFrom('entities').select('id').where('company_id', '=', laPampa).where('code', '=', 1002).executeTakeFirstOrThrow()).id;
    const wrongEntity = signShareToken(ctx.app.tokenSecret, { c: laPampa, e: hnos, k: PURCHASE_ORDER_SHARE_KIND, r: String(order.id) }, 60);
    assert.notEqual((await ctx.app.inject({ method: 'GET', url: `/api/public/compartido/${wrongEntity}` })).statusCode, 200);
  });
});
