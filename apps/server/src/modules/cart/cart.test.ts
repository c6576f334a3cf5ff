import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import {
  formatNumber,
  orderingMsg,
  todayInArgentina,
  type CartChangeResponse,
  type CatalogResponse,
  type ConfirmResponse,
  type PurchaseCartResponse,
  type SalesCartResponse,
} from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { addDays } from './service.js';

/** The sales cart and the purchase-order cart: lines, conditions, price alerts, confirmation exactly once, repeat purchase. */

let ctx: TestContext;
let token: string;
const P = '/api/public/proxy/pedidos';
const OC = '/api/public/proxy/ordenescompra';
const H = (entity = '1001') => bearer(token, { cuit: LA_PAMPA, entity_id: entity });
let products: CatalogResponse['productos'];

before(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'productor')).access_token;
  products = (await call<CatalogResponse>('GET', `${P}?limit=40`)).productos;
});
after(async () => {
  await ctx?.close();
});

async function call<T>(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, headers = H()): Promise<T> {
  const res = await ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  assert.equal(res.statusCode, 200, `${method} ${url}: ${res.body}`);
  return res.json() as T;
}
const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, headers = H()) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const salesCart = (entity = '1001') => call<SalesCartResponse>('GET', `${P}?type=carrito`, undefined, H(entity));
const money = (d: Decimal.Value) => new Decimal(d).toFixed(2);

async function foreignProduct() {
  const c = await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow();
  return ctx.db.selectFrom('products').select('id').where('company_id', '=', c.id).executeTakeFirstOrThrow();
}

describe('sales cart', () => {
  test('GET ?type=carrito opens one cart lazily with the drawer configuration; the single destination is preselected', async () => {
    const a = await salesCart();
    const b = await salesCart();
    assert.equal(a.carrito.id, b.carrito.id);
    assert.deepEqual(a.carrito.productos, []);
    assert.equal(a.carrito.posiciones.maximo_posicion, 20);
    assert.equal(a.diasentrega >= 1, true);
    assert.equal(a.fecha_minima_entrega, addDays(todayInArgentina(), a.diasentrega));
    assert.equal(a.muestra_tipooperacion, true); // La Pampa's parameter (seed)
    // Juan Pérez has three destinations (none chosen); Pérez Hnos. one (chosen by itself); La Pampa three origins.
    assert.equal(a.carrito.destino_id, null);
    const hnos = await salesCart('1002');
    const dest = await call<{ items: Array<{ destino_id: number }> }>('GET', `${P}?type=dentregas`, undefined, H('1002'));
    assert.equal(dest.items.length, 1);
    assert.equal(hnos.carrito.destino_id, dest.items[0]!.destino_id);
    assert.equal(hnos.carrito.origen_id, null);
    // Agroinsumos del Sur has one origin: chosen by itself.
    const sur = await call<SalesCartResponse>('GET', `${P}?type=carrito`, undefined, bearer(token, { cuit: DEL_SUR, entity_id: '501' }));
    assert.notEqual(sur.carrito.origen_id, null);
    await expectGuarded(ctx.app, { method: 'GET', url: `${P}?type=carrito` }, { access: 'entity', token });
  });

  test('lookup lists: fdepagos, dentregas, torigen, toperacion of this company and entity', async () => {
    const f = await call<{ items: Array<{ id: number; conpago: string; despago: string }> }>('GET', `${P}?type=fdepagos`);
    assert.ok(f.items.some((i) => i.conpago === 'CON' && i.despago === 'Contado'));
    const d = await call<{ items: Array<{ destino_id: number; descripcion: string; localidad: string }> }>('GET', `${P}?type=dentregas`);
    assert.equal(d.items.length, 3);
    const o = await call<{ items: Array<{ origen_id: number }> }>('GET', `${P}?type=torigen`);
    assert.equal(o.items.length, 3);
    const t = await call<{ items: Array<{ id: number; descripcion: string }> }>('GET', `${P}?type=toperacion`);
    assert.ok(t.items.length > 0);
  });

  test('PUT ?type=carrito adds (suma=true) or sets quantities; totals are the decimal sums of the lines', async () => {
    const cart = (await salesCart()).carrito;
    const [p1, p2] = products;
    let r = await call<CartChangeResponse>('PUT', `${P}/${cart.id}?type=carrito&suma=true`, { producto_id: p1!.id, pedido_cantidad: 2, pedido_id: cart.id });
    assert.equal(r.msg, orderingMsg.productosAgregados);
    r = await call<CartChangeResponse>('PUT', `${P}/${cart.id}?type=carrito&suma=true`, { producto_id: p1!.id, pedido_cantidad: 3 });
    assert.equal(r.carrito.productos.find((l) => l.producto_id === p1!.id)?.cantidad, 5);
    r = await call<CartChangeResponse>('PUT', `${P}/${cart.id}?type=carrito&suma=false`, { producto_id: p1!.id, pedido_cantidad: 4 });
    assert.equal(r.carrito.productos.find((l) => l.producto_id === p1!.id)?.cantidad, 4);
    // The quick-entry batch: one transaction.
    r = await call<CartChangeResponse>('PUT', `${P}/${cart.id}?type=carrito&suma=true`, { productos: [{ producto_id: p2!.id, pedido_cantidad: 1 }, { producto_id: products[2]!.id, pedido_cantidad: 2.5 }] });
    assert.equal(r.carrito.productos.length, 3);
    let total = new Decimal(0);
    for (const l of r.carrito.productos) {
      const p = products.find((x) => x.id === l.producto_id)!;
      assert.equal(l.precio_final, p.precio_final);
      const sub = new Decimal(p.precio_final_con_formato.replace(/\./g, '').replace(',', '.')).times(l.cantidad).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      assert.equal(l.subtotal_con_formato, formatNumber(money(sub)));
      total = total.plus(sub);
    }
    // Neto is the lines' sum; the total is neto + IVA (docs/decisions/ordering.md 'What each amount means').
    assert.equal(r.carrito.importes.importe_neto_con_formato, formatNumber(money(total)));
    assert.ok(r.carrito.importes.importe_iva > 0);
    assert.equal(money(r.carrito.importes.importe_total), money(new Decimal(r.carrito.importes.importe_neto).plus(r.carrito.importes.importe_iva)));
    assert.equal(r.carrito.importes.moneda_simbolo, '$');
    assert.equal(r.carrito.posiciones.cantidad, 3);
    assert.ok(r.carrito.totales.length >= 1);
    // A product that is in the cart says so in the catalogue (the dialog then only adds quantity).
    const detail = await call<{ producto: { en_carrito: number | null } }>('GET', `${P}/${p1!.id}`);
    assert.equal(detail.producto.en_carrito, 4);
  });

  test('refusals: quantity < 1, bad price, a foreign product (403), another user cart (403), a foreign entity (403)', async () => {
    const cart = (await salesCart()).carrito;
    const url = `${P}/${cart.id}?type=carrito&suma=true`;
    expectRefused(await inject('PUT', url, { producto_id: products[0]!.id, pedido_cantidad: 0 }), 400, orderingMsg.cantidadMinima);
    expectRefused(await inject('PUT', url, { producto_id: products[0]!.id, pedido_cantidad: 1, precio_final: '12,5' }), 400, orderingMsg.precioInvalido);
    expectRefused(await inject('PUT', url, { productos: [] }), 400, orderingMsg.sinCantidadSeleccionada);
    expectRefused(await inject('PUT', url, {}), 400, orderingMsg.productoObligatorio);
    expectRefused(await inject('PUT', url, { producto_id: products[0]!.id }), 400, orderingMsg.cantidadMinima);
    expectRefused(await inject('PUT', url, { producto_id: (await foreignProduct()).id, pedido_cantidad: 1 }), 403, orderingMsg.productoInexistente);
    // The cart of the other entity (same user) and a cart of the second tenant are not this cart.
    const other = (await salesCart('1002')).carrito;
    expectRefused(await inject('PUT', `${P}/${other.id}?type=carrito`, { producto_id: products[0]!.id, pedido_cantidad: 1 }), 403, orderingMsg.carritoInexistente);
    const sur = await call<SalesCartResponse>('GET', `${P}?type=carrito`, undefined, bearer(token, { cuit: DEL_SUR, entity_id: '501' }));
    expectRefused(await inject('PUT', `${P}/${sur.carrito.id}?type=carrito`, { producto_id: products[0]!.id, pedido_cantidad: 1 }), 403, orderingMsg.carritoInexistente);
    expectRefused(await inject('PUT', `${P}/${cart.id}?type=otro`, {}), 400, orderingMsg.tipoInvalido);
    await expectGuarded(ctx.app, { method: 'PUT', url, payload: { producto_id: products[0]!.id, pedido_cantidad: 1 } }, { access: 'entity', token });
  });

  test('price alerts: computed by the server when a price is set; addAlerta/deleteAlerta', async () => {
    const cart = (await salesCart()).carrito;
    const p = products[0]!;
    const below = new Decimal(p.precio_final_minimo).minus('0.01').toFixed(2);
    let r = await call<CartChangeResponse>('PUT', `${P}/${cart.id}?type=carrito&suma=false`, { producto_id: p.id, pedido_cantidad: 1, precio_final: below });
    let line = r.carrito.productos.find((l) => l.producto_id === p.id)!;
    assert.equal(line.alerta, true);
    assert.equal(line.precio_modificado_con_formato, formatNumber(below));
    assert.equal(line.precio_final_lista, p.precio_final);
    assert.equal(r.carrito.alertas, 1);
    assert.equal(r.carrito.alertaprecio[0]?.producto_id, p.id);
    r = await call<CartChangeResponse>('POST', `${P}/addAlerta`, { pedido_id: cart.id, producto_id: p.id });
    assert.equal(r.carrito.alertas, 1);
    // Inside the range the alert goes away by itself.
    r = await call<CartChangeResponse>('PUT', `${P}/${cart.id}?type=carrito&suma=false`, { producto_id: p.id, pedido_cantidad: 1, precio_final: p.precio_final_maximo });
    assert.equal(r.carrito.productos.find((l) => l.producto_id === p.id)!.alerta, false);
    expectRefused(await inject('POST', `${P}/addAlerta`, { pedido_id: cart.id, producto_id: p.id }), 400, orderingMsg.sinAlerta);
    // Out again, then deleteAlerta withdraws the proposed price.
    await call('PUT', `${P}/${cart.id}?type=carrito&suma=false`, { producto_id: p.id, pedido_cantidad: 1, precio_final: new Decimal(p.precio_final_maximo).plus(1).toFixed(2) });
    r = await call<CartChangeResponse>('POST', `${P}/deleteAlerta`, { pedido_id: cart.id, producto_id: p.id });
    line = r.carrito.productos.find((l) => l.producto_id === p.id)!;
    assert.equal(line.alerta, false);
    assert.equal(line.precio_modificado, null);
    assert.equal(line.precio_final, p.precio_final);
    expectRefused(await inject('POST', `${P}/deleteAlerta`, { pedido_id: cart.id, producto_id: products[30]!.id }), 400, orderingMsg.lineaInexistente);
    expectRefused(await inject('POST', `${P}/addAlerta`, { pedido_id: cart.id }), 400, orderingMsg.idInvalido);
    await expectGuarded(ctx.app, { method: 'POST', url: `${P}/addAlerta`, payload: { pedido_id: cart.id, producto_id: p.id } }, { access: 'entity', token });
  });

  test('conditions one at a time, each id checked against this company and entity; delivery date lead', async () => {
    const cart = (await salesCart()).carrito;
    const url = `${P}/${cart.id}?type=condiciones`;
    const dest = (await call<{ items: Array<{ destino_id: number }> }>('GET', `${P}?type=dentregas`)).items[1]!.destino_id;
    let r = await call<CartChangeResponse>('PUT', url, { dentrega: dest });
    assert.equal(r.carrito.destino_id, dest);
    const origin = (await call<{ items: Array<{ origen_id: number }> }>('GET', `${P}?type=torigen`)).items[2]!.origen_id;
    r = await call<CartChangeResponse>('PUT', url, { origen: origin });
    assert.equal(r.carrito.origen_id, origin);
    const op = (await call<{ items: Array<{ id: number }> }>('GET', `${P}?type=toperacion`)).items[0]!.id;
    r = await call<CartChangeResponse>('PUT', url, { operacion: op });
    assert.equal(r.carrito.tipo_operacion_id, op);
    r = await call<CartChangeResponse>('PUT', url, { detalle: '  Entregar por la mañana ' });
    assert.equal(r.carrito.detalle, 'Entregar por la mañana');
    const min = r.fecha_minima_entrega;
    r = await call<CartChangeResponse>('PUT', url, { fecha_entrega: min });
    assert.equal(r.carrito.fecha_entrega, min);
    expectRefused(await inject('PUT', url, { fecha_entrega: addDays(min, -1) }), 400, orderingMsg.fechaEntregaTemprana);
    expectRefused(await inject('PUT', url, { fecha_entrega: '2026-02-30' }), 400, orderingMsg.fechaInvalida);
    expectRefused(await inject('PUT', url, { dentrega: dest, origen: origin }), 400, orderingMsg.condicionUna);
    expectRefused(await inject('PUT', url, {}), 400, orderingMsg.condicionUna);
    expectRefused(await inject('PUT', url, { detalle: 5 }), 400, orderingMsg.detalleLargo);
    // Pérez Hnos.'s destination is not Juan Pérez's; the second tenant's origin is not La Pampa's.
    const hnosDest = (await call<{ items: Array<{ destino_id: number }> }>('GET', `${P}?type=dentregas`, undefined, H('1002'))).items[0]!.destino_id;
    expectRefused(await inject('PUT', url, { dentrega: hnosDest }), 400, orderingMsg.destinoInexistente);
    const surOrigin = (await call<{ items: Array<{ origen_id: number }> }>('GET', `${P}?type=torigen`, undefined, bearer(token, { cuit: DEL_SUR, entity_id: '501' }))).items[0]!.origen_id;
    expectRefused(await inject('PUT', url, { origen: surOrigin }), 400, orderingMsg.origenInexistente);
  });

  test('DELETE removes one line (id) or all (pedido_id)', async () => {
    const cart = (await salesCart()).carrito;
    const before = cart.productos.length;
    assert.ok(before >= 2);
    let r = await call<CartChangeResponse>('DELETE', P, { pedido_id: cart.id, id: cart.productos[0]!.producto_id });
    assert.equal(r.carrito.productos.length, before - 1);
    assert.equal(r.msg, orderingMsg.productoEliminado);
    expectRefused(await inject('DELETE', P, { pedido_id: cart.id, id: cart.productos[0]!.producto_id }), 400, orderingMsg.lineaInexistente);
    r = await call<CartChangeResponse>('DELETE', P, { pedido_id: cart.id });
    assert.equal(r.carrito.productos.length, 0);
    expectRefused(await inject('DELETE', P, {}), 400, orderingMsg.idInvalido);
    await expectGuarded(ctx.app, { method: 'DELETE', url: P, payload: { pedido_id: cart.id } }, { access: 'entity', token });
  });

  test('confirm: an empty cart is refused; two concurrent confirms write exactly one order with the same number', async () => {
    const cart = (await salesCart()).carrito;
    expectRefused(await inject('PUT', P, { pedidoid: cart.id }), 400, orderingMsg.carritoVacio);
    const [a, b] = [products[3]!, products[4]!];
    await call('PUT', `${P}/${cart.id}?type=carrito&suma=true`, { productos: [{ producto_id: a.id, pedido_cantidad: 2 }, { producto_id: b.id, pedido_cantidad: 1 }] });
    const proposed = new Decimal(a.precio_final_minimo).plus(a.precio_final_maximo).div(2).toDecimalPlaces(2).toFixed(2);
    await call('PUT', `${P}/${cart.id}?type=carrito&suma=false`, { producto_id: a.id, pedido_cantidad: 2, precio_final: proposed });
    const c = await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
    const maxBefore = await sql<{ n: number }>`select max(number) as n from sales_orders where company_id = ${c.id}`.execute(ctx.db);

    const [r1, r2] = await Promise.all([inject('PUT', P, { pedidoid: cart.id }), inject('PUT', P, { pedidoid: cart.id })]);
    assert.equal(r1.statusCode, 200, r1.body);
    assert.equal(r2.statusCode, 200, r2.body);
    const o1 = r1.json() as ConfirmResponse;
    const o2 = r2.json() as ConfirmResponse;
    assert.equal(o1.msg, orderingMsg.pedidoRealizado);
    assert.equal(o1.id, o2.id);
    assert.equal(o1.numero, o2.numero);
    assert.equal(o1.numero, maxBefore.rows[0]!.n + 1);
    const rows = await ctx.db.selectFrom('sales_orders').selectAll().where('cart_id', '=', cart.id).execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.status, 'pending');
    const lines = await ctx.db.selectFrom('sales_order_lines').selectAll().where('order_id', '=', o1.id).orderBy('line_no').execute();
    assert.equal(lines.length, 2);
    const la = lines.find((l) => l.product_id === a.id)!;
    const lb = lines.find((l) => l.product_id === b.id)!;
    assert.equal(new Decimal(la.final_price).toFixed(2), proposed);
    assert.equal(new Decimal(lb.final_price).toNumber(), b.precio_final);
    const expectedTotal = new Decimal(proposed).times(2).plus(new Decimal(b.precio_final_con_formato.replace(/\./g, '').replace(',', '.')));
    assert.equal(new Decimal(rows[0]!.total).toFixed(2), expectedTotal.toFixed(2));
    assert.equal(o1.neto_con_formato, formatNumber(expectedTotal.toFixed(2)));
    assert.equal(money(o1.total), money(new Decimal(o1.neto).plus(o1.iva)));
    // A retry later answers the same order; the cart is confirmed and a new one opens.
    const again = await call<ConfirmResponse>('PUT', P, { pedidoid: cart.id });
    assert.equal(again.id, o1.id);
    const next = await salesCart();
    assert.notEqual(next.carrito.id, cart.id);
    assert.deepEqual(next.carrito.productos, []);
    // The confirmed cart can no longer change.
    expectRefused(await inject('PUT', `${P}/${cart.id}?type=carrito`, { producto_id: a.id, pedido_cantidad: 1 }), 403, orderingMsg.carritoInexistente);
    // Another entity's cart id is refused.
    const other = (await salesCart('1002')).carrito;
    expectRefused(await inject('PUT', P, { pedidoid: other.id }), 403, orderingMsg.carritoInexistente);
    expectRefused(await inject('PUT', P, {}), 400, orderingMsg.idInvalido);
    await expectGuarded(ctx.app, { method: 'PUT', url: P, payload: { pedidoid: cart.id } }, { access: 'entity', token });
  });

  test('repeat purchase copies destination, origin, detail and products; refused with items in the cart', async () => {
    const cart = (await salesCart()).carrito;
    const e = await ctx.db.selectFrom('entities as e').innerJoin('companies as c', 'c.id', 'e.company_id').select('e.id').where('c.cuit', '=', LA_PAMPA).where('e.code', '=', 1001).executeTakeFirstOrThrow();
    const order = await sql<{ id: number; destination_id: number | null; origin_id: number | null; detail: string | null }>`
      select o.id, o.destination_id, o.origin_id, o.detail from sales_orders o where o.entity_id = ${e.id} and o.detail is not null
      and (select count(*) from sales_order_lines l where l.order_id = o.id) >= 2 order by o.id limit 1`.execute(ctx.db);
    const o = order.rows[0]!;
    const r = await call<CartChangeResponse>('PUT', `${P}/${cart.id}?type=repetir&historial_id=${o.id}`, {});
    assert.equal(r.msg, orderingMsg.compraRepetida);
    const lines = await ctx.db.selectFrom('sales_order_lines').select(['product_id', 'quantity']).where('order_id', '=', o.id).execute();
    assert.deepEqual(
      r.carrito.productos.map((l) => [l.producto_id, l.cantidad]).sort(),
      lines.map((l) => [l.product_id, Number(l.quantity)]).sort(),
    );
    assert.equal(r.carrito.destino_id, o.destination_id);
    assert.equal(r.carrito.origen_id, o.origin_id);
    assert.equal(r.carrito.detalle, o.detail);
    expectRefused(await inject('PUT', `${P}/${cart.id}?type=repetir&historial_id=${o.id}`, {}), 400, orderingMsg.carritoConProductos);
    await call('DELETE', P, { pedido_id: cart.id });
    // An order of another entity is refused.
    const otherOrder = await sql<{ id: number }>`select id from sales_orders where entity_id <> ${e.id} limit 1`.execute(ctx.db);
    expectRefused(await inject('PUT', `${P}/${cart.id}?type=repetir&historial_id=${otherOrder.rows[0]!.id}`, {}), 403, orderingMsg.historialInexistente);
  });
});

describe('purchase-order cart', () => {
  const purchaseCart = () => call<PurchaseCartResponse>('GET', `${OC}?type=carrito`);

  test('catalogue, cpagos and the purchase cart (a cart separate from the sales one)', async () => {
    const cat = await call<CatalogResponse>('GET', `${OC}?limit=5`);
    assert.equal(cat.productos.length, 5);
    assert.ok(cat.total > 5);
    const cp = await call<{ items: Array<{ id: number; conpago: string; despago: string }> }>('GET', `${OC}?type=cpagos`);
    assert.ok(cp.items.length >= 3);
    const cart = await purchaseCart();
    assert.notEqual(cart.carrito.id, (await salesCart()).carrito.id);
    assert.equal(cart.carrito.cpago, null);
    assert.equal(cart.carrito.conimpuesto, true);
    await expectGuarded(ctx.app, { method: 'GET', url: `${OC}?type=carrito` }, { access: 'entity', token });
  });

  test('lines with a proposed price, conditions, removal by pk, and confirmation exactly once', async () => {
    const cart = (await purchaseCart()).carrito;
    const [a, b] = [products[5]!, products[6]!];
    let r = await call<PurchaseCartResponse & { msg: string }>('PUT', `${OC}/${cart.id}?type=carrito`, { producto_id: a.id, pedido_cantidad: 3, precio_final: '1000.50', pedido_id: cart.id });
    r = await call('PUT', `${OC}/${cart.id}?type=carrito`, { producto_id: b.id, pedido_cantidad: 1 });
    assert.equal(r.carrito.productos.length, 2);
    const la = r.carrito.productos.find((l) => l.producto_id === a.id)!;
    assert.equal(la.ocompra_id, cart.id);
    assert.equal(la.precio_final_con_formato, '1.000,50');
    assert.equal(la.subtotal_con_formato, '3.001,50');
    assert.equal(r.carrito.productos.find((l) => l.producto_id === b.id)!.precio_final, b.precio_final);
    assert.equal(r.carrito.importes.importe_neto_con_formato, formatNumber(new Decimal('3001.50').plus(b.precio_final_con_formato.replace(/\./g, '').replace(',', '.')).toFixed(2)));
    assert.equal(r.carrito.totalpedido_con_formato, r.carrito.importes.importe_total_con_formato);
    // Without a payment condition the order is refused.
    expectRefused(await inject('PUT', OC, { pedidoid: cart.id }), 400, orderingMsg.ingresarCondicionPago);
    const cp = (await call<{ items: Array<{ id: number }> }>('GET', `${OC}?type=cpagos`)).items[1]!.id;
    const url = `${OC}/${cart.id}?type=condiciones`;
    r = await call('PUT', url, { cpago: cp });
    assert.equal(r.carrito.cpago, cp);
    r = await call('PUT', url, { conimpuesto: false });
    assert.equal(r.carrito.conimpuesto, false);
    r = await call('PUT', url, { detalle: 'Campaña gruesa' });
    assert.equal(r.carrito.detalle, 'Campaña gruesa');
    expectRefused(await inject('PUT', url, { cpago: cp, detalle: 'x' }), 400, orderingMsg.condicionUnaCompra);
    const surCp = (await call<{ items: Array<{ id: number }> }>('GET', `${OC}?type=cpagos`, undefined, bearer(token, { cuit: DEL_SUR, entity_id: '501' }))).items[0]!.id;
    expectRefused(await inject('PUT', url, { cpago: surCp }), 400, orderingMsg.condicionPagoInexistente);
    // Remove b by its pk.
    const pk = r.carrito.productos.find((l) => l.producto_id === b.id)!.pk;
    r = await call('DELETE', OC, { ocompra_id: cart.id, pk });
    assert.deepEqual(r.carrito.productos.map((l) => l.producto_id), [a.id]);
    const [c1, c2] = await Promise.all([inject('PUT', OC, { pedidoid: cart.id }), inject('PUT', OC, { pedidoid: cart.id })]);
    assert.equal(c1.statusCode, 200, c1.body);
    assert.equal(c2.statusCode, 200, c2.body);
    assert.equal((c1.json() as ConfirmResponse).msg, orderingMsg.ordenRealizada);
    assert.equal((c1.json() as ConfirmResponse).id, (c2.json() as ConfirmResponse).id);
    const orders = await ctx.db.selectFrom('purchase_orders').selectAll().where('cart_id', '=', cart.id).execute();
    assert.equal(orders.length, 1);
    assert.equal(orders[0]!.payment_condition_id, cp);
    assert.equal(orders[0]!.with_tax, false);
    assert.equal(new Decimal(orders[0]!.total).toFixed(2), '3001.50');
    const pending = await call<{ productos: Array<{ id: number; descom: string; codcom_id: string }> }>('GET', `${OC}?pendientes=true`);
    assert.equal(pending.productos[0]?.id, orders[0]!.id);
    assert.equal(pending.productos[0]?.descom, 'Orden de compra');
    await expectGuarded(ctx.app, { method: 'PUT', url: OC, payload: { pedidoid: cart.id } }, { access: 'entity', token });
  });
});

describe('rules checked where they can be broken', () => {
  test('a delivery date made too early by a later line is refused at confirmation', async () => {
    const cart = (await salesCart('1002')).carrito;
    await call('DELETE', P, { pedido_id: cart.id }, H('1002'));
    const [fast, slow] = [products[10]!, products[11]!];
    const leads = await ctx.db.selectFrom('products').select(['id', 'delivery_days']).where('id', 'in', [fast.id, slow.id]).execute();
    await ctx.db.updateTable('products').set({ delivery_days: 1 }).where('id', '=', fast.id).execute();
    await ctx.db.updateTable('products').set({ delivery_days: 5 }).where('id', '=', slow.id).execute();
    try {
      await call('PUT', `${P}/${cart.id}?type=carrito&suma=true`, { producto_id: fast.id, pedido_cantidad: 1 }, H('1002'));
      const tomorrow = addDays(todayInArgentina(), 1);
      await call('PUT', `${P}/${cart.id}?type=condiciones`, { fecha_entrega: tomorrow }, H('1002'));
      const r = await call<CartChangeResponse>('PUT', `${P}/${cart.id}?type=carrito&suma=true`, { producto_id: slow.id, pedido_cantidad: 1 }, H('1002'));
      assert.equal(r.fecha_minima_entrega, addDays(todayInArgentina(), 5));
      assert.equal(r.carrito.fecha_entrega, tomorrow);
      expectRefused(await inject('PUT', P, { pedidoid: cart.id }, H('1002')), 400, orderingMsg.fechaEntregaTemprana);
      assert.equal((await ctx.db.selectFrom('sales_orders').select('id').where('cart_id', '=', cart.id).execute()).length, 0);
      await call('PUT', `${P}/${cart.id}?type=condiciones`, { fecha_entrega: r.fecha_minima_entrega }, H('1002'));
      const done = await call<ConfirmResponse>('PUT', P, { pedidoid: cart.id }, H('1002'));
      const order = await ctx.db.selectFrom('sales_orders').select('delivery_date').where('id', '=', done.id).executeTakeFirstOrThrow();
      assert.equal(order.delivery_date, r.fecha_minima_entrega);
    } finally {
      for (const l of leads) await ctx.db.updateTable('products').set({ delivery_days: l.delivery_days }).where('id', '=', l.id).execute();
    }
  });

  test('a cart never mixes currencies; the catalogue total counts only products priced for the entity', async () => {
    const cart = (await salesCart('1002')).carrito;
    await call('DELETE', P, { pedido_id: cart.id }, H('1002')).catch(() => undefined);
    const [peso, dollar] = [products[12]!, products[13]!];
    const saved = await ctx.db.selectFrom('price_list_items').selectAll().where('product_id', '=', dollar.id).execute();
    await ctx.db.updateTable('price_list_items').set({ currency: 'USD' }).where('product_id', '=', dollar.id).execute();
    try {
      await call('PUT', `${P}/${cart.id}?type=carrito&suma=true`, { producto_id: peso.id, pedido_cantidad: 1 }, H('1002'));
      expectRefused(await inject('PUT', `${P}/${cart.id}?type=carrito&suma=true`, { producto_id: dollar.id, pedido_cantidad: 1 }, H('1002')), 400, orderingMsg.monedasDistintas);
      const after = await salesCart('1002');
      assert.deepEqual(after.carrito.productos.map((l) => l.producto_id), [peso.id], 'the refused line was rolled back');
      // A product without any price for the entity is neither on the page nor in the total.
      const search = `${P}?filtros=${encodeURIComponent(JSON.stringify({ patron: dollar.nombre.split(' ')[0] }))}&limit=100`;
      const before = await call<CatalogResponse>('GET', search, undefined, H('1002'));
      assert.equal(before.total, before.productos.length);
      assert.ok(before.productos.some((p) => p.id === dollar.id));
      await ctx.db.deleteFrom('price_list_items').where('product_id', '=', dollar.id).execute();
      // Another page size: not the minute-long cached page of the same search.
      const without = await call<CatalogResponse>('GET', search.replace('limit=100', 'limit=99'), undefined, H('1002'));
      assert.ok(!without.productos.some((p) => p.id === dollar.id));
      assert.equal(without.total, before.total - 1);
      assert.equal(without.total, without.productos.length);
    } finally {
      await ctx.db.deleteFrom('price_list_items').where('product_id', '=', dollar.id).execute();
      await ctx.db.insertInto('price_list_items').values(saved).execute();
      await call('DELETE', P, { pedido_id: cart.id }, H('1002')).catch(() => undefined);
    }
  });
});
