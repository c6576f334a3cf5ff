import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import {
  orderingMsg,
  QUICK_ORDER,
  quickOrderMsg,
  type CartChangeResponse,
  type CatalogResponse,
  type ConfirmResponse,
  type PurchaseCartResponse,
  type QuickResolveResponse,
  type SalesCartResponse,
} from '@portal/contract';
import { bearer, createTestApp, expectCodeVariantsRecomputed, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';

/** Quick order: paste and upload parsing, every line state, the limits, all-or-nothing add, Repetir compra through the review. */

let ctx: TestContext;
let token: string;
let laPampa: number;
const P = '/api/public/proxy/pedidos';
const OC = '/api/public/proxy/ordenescompra';
const H = (entity = '1001') => bearer(token, { cuit: LA_PAMPA, entity_id: entity });
type Row = { id: number; code: number; alpha_code: string; sales_factor: string; unit: string };
let single: Row; // sold by the unit (factor 1)
let pack: Row; // sold by packages (factor ≠ 1)
let other: Row;
let discontinued: Row;
let unpriced: Row;
let foreign: Row;

async function productRow(where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) {
  return (await where(base()).executeTakeFirstOrThrow()) as Row;
}
function base() {
  return ctx.db.selectFrom('products').select(['id', 'code', 'alpha_code', 'sales_factor', 'unit']).where('company_id', '=', laPampa).where('active', '=', true);
}

before(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'productor')).access_token;
  laPampa = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  const page = (await call<CatalogResponse>('GET', `${P}?limit=60`)).productos;
  const s1 = page.filter((p) => p.factor_venta === 1 && p.moneda === 'ARS');
  const pk = page.find((p) => p.factor_venta !== 1 && p.moneda === 'ARS')!;
  single = await productRow((q) => q.where('id', '=', s1[0]!.id));
  other = await productRow((q) => q.where('id', '=', s1[1]!.id));
  pack = await productRow((q) => q.where('id', '=', pk.id));
  discontinued = await productRow((q) => q.where('id', '=', s1[2]!.id));
  await ctx.db.updateTable('products').set({ active: false }).where('id', '=', discontinued.id).execute();
  unpriced = await productRow((q) => q.where('id', '=', s1[3]!.id));
  await ctx.db.deleteFrom('price_list_items').where('product_id', '=', unpriced.id).execute();
  await ctx.db.insertInto('product_barcodes').values({ company_id: laPampa, barcode: '7790001000017', product_id: other.id, symbology: 'ean13' }).execute();
  const delSur = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow()).id;
  foreign = (await ctx.db.selectFrom('products').select(['id', 'code', 'alpha_code', 'sales_factor', 'unit']).where('company_id', '=', delSur).executeTakeFirstOrThrow()) as Row;
});
after(async () => {
  await ctx?.close();
});

async function call<T>(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, headers = H()): Promise<T> {
  const res = await ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  assert.equal(res.statusCode, 200, `${method} ${url}: ${res.body}`);
  return res.json() as T;
}
const inject = (method: 'PUT' | 'POST', url: string, payload: unknown, headers = H()) =>
  ctx.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
const resolve = (texto: string, path = P) => call<QuickResolveResponse>('POST', `${path}/rapido`, { texto });

/** A multipart body with the file and the chosen columns. */
function multipart(file: Buffer, name: string, fields: Record<string, string> = {}) {
  const boundary = '----quick-order-test';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { ...H(), 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (file: Buffer, name: string, fields: Record<string, string> = {}, path = P) => {
  const m = multipart(file, name, fields);
  return ctx.app.inject({ method: 'POST', url: `${path}/rapido/archivo`, headers: m.headers, payload: m.payload });
};

async function xlsx(rows: unknown[][], formulaAt?: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Hoja1');
  for (const r of rows) ws.addRow(r);
  if (formulaAt) ws.getCell(formulaAt).value = { formula: 'SUM(1,2)', result: 3 };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function emptySalesCart(entity = '1001') {
  const cart = (await call<SalesCartResponse>('GET', `${P}?type=carrito`, undefined, H(entity))).carrito;
  if (cart.productos.length > 0) await call('DELETE', P, { pedido_id: cart.id }, H(entity));
  return cart.id;
}

describe('quick order: reading what is pasted', () => {
  test('space, semicolon and tab separated lines, es-AR decimals and thousands, blank lines and a header', async () => {
    const text = [
      'Código\tCantidad',
      '',
      `${single.alpha_code} 2`,
      `${other.code};1.000`,
      `   `,
      `${pack.alpha_code.toLowerCase()}\tDescripción libre\t3`,
    ].join('\n');
    const r = await resolve(text);
    assert.equal(r.renglones.length, 3);
    const [a, b, c] = r.renglones;
    assert.deepEqual([a!.producto?.id, a!.cantidad, a!.estado, a!.lineas], [single.id, 2, 'listo', [3]]);
    assert.deepEqual([b!.producto?.id, b!.cantidad, b!.estado], [other.id, 1000, 'listo']);
    assert.deepEqual([c!.producto?.id, c!.cantidad, c!.estado], [pack.id, 3, 'listo']);
    // The price is the entity's, the subtotal the server's.
    const catalogue = (await call<{ producto: { precio_final: number } }>('GET', `${P}/${single.id}`)).producto;
    assert.equal(a!.producto?.precio_final, catalogue.precio_final);
    assert.equal(a!.subtotal, Math.round(catalogue.precio_final * 2 * 100) / 100);
  });

  test('codes ignore case, spaces, punctuation and leading zeros; a barcode finds its product', async () => {
    const loose = single.alpha_code.replace('-', ' ').toLowerCase().replace(/(\D)(\d)/, '$1000$2');
    const r = await resolve([`${loose} 1`, `000${other.code} 1,5`, `7790001000017 1`].join('\n'));
    assert.equal(r.renglones[0]!.producto?.id, single.id, loose);
    // The code and the barcode name the same product: merged.
    assert.equal(r.renglones[1]!.producto?.id, other.id);
    assert.equal(r.renglones[1]!.estado, 'duplicado');
    assert.deepEqual(r.renglones[1]!.lineas, [2, 3]);
    assert.equal(r.renglones[1]!.cantidad, 2.5);
    assert.match(r.renglones[1]!.motivo, /renglones 2 y 3/);
    assert.equal(r.resumen.duplicado, 1);
  });

  test('a package product is rounded up to whole packages, with the reason; below 1 is raised to 1', async () => {
    const r = await resolve([`${pack.alpha_code} 1,5`, `${single.alpha_code} 0,5`].join('\n'));
    assert.equal(r.renglones[0]!.estado, 'ajustado');
    assert.equal(r.renglones[0]!.cantidad, 2);
    assert.match(r.renglones[0]!.motivo, /^Se vende por envase entero de .+: 1,5 → 2\.$/);
    assert.equal(r.renglones[1]!.estado, 'ajustado');
    assert.equal(r.renglones[1]!.cantidad, 1);
    assert.equal(r.renglones[1]!.motivo, quickOrderMsg.cantidadMinima('0,5'));
    assert.equal(r.resumen.ajustado, 2);
  });

  test('not found (with the closest codes), not available (discontinued, unpriced), another company’s code not found', async () => {
    const typo = `${single.alpha_code}7`; // one digit too many
    const r = await resolve([`${typo} 1`, `ZZZ-QQQ 1`, `${discontinued.alpha_code} 1`, `${unpriced.alpha_code} 1`, `${foreign.alpha_code} 1`].join('\n'));
    const [near, none, disc, unp, frn] = r.renglones;
    assert.equal(near!.estado, 'no_encontrado');
    assert.ok(near!.sugerencias.length > 0 && near!.sugerencias.length <= QUICK_ORDER.suggestions, JSON.stringify(near));
    assert.equal(near!.motivo, quickOrderMsg.noEncontradoSugerencias);
    assert.equal(none!.estado, 'no_encontrado');
    assert.deepEqual(none!.sugerencias, []);
    assert.equal(none!.motivo, quickOrderMsg.noEncontrado);
    assert.deepEqual([disc!.estado, disc!.motivo, disc!.producto?.id], ['no_disponible', quickOrderMsg.discontinuado, discontinued.id]);
    assert.deepEqual([unp!.estado, unp!.motivo, unp!.producto?.precio_final], ['no_disponible', quickOrderMsg.sinPrecio, null]);
    // Another tenant's product is not named: the same as a code that does not exist (unless this company has the code too).
    const own = await ctx.db.selectFrom('products').select('id').where('company_id', '=', laPampa).where('alpha_code', '=', foreign.alpha_code).executeTakeFirst();
    if (!own) assert.equal(frn!.estado, 'no_encontrado');
    assert.notEqual(frn!.producto?.id, foreign.id);
    assert.deepEqual(r.resumen, { listo: own ? 1 : 0, ajustado: 0, no_encontrado: own ? 2 : 3, no_disponible: 2, duplicado: 0 });
  });

  test('the closest codes follow the catalogue: a code changed or added is suggested within one edit, further by similarity', async () => {
    const ids = (line: QuickResolveResponse['renglones'][number] | undefined) => line!.sugerencias.map((x) => x.id);
    await expectCodeVariantsRecomputed(ctx.db, 'the seeded catalogue');
    const code = 'QOV-55501';
    await ctx.db.updateTable('products').set({ alpha_code: code }).where('id', '=', single.id).execute();
    try {
      await expectCodeVariantsRecomputed(ctx.db, 'a changed code');
      // A digit added, two swapped, one changed: within one edit of the new code. Further off: by trigram similarity.
      const r = await resolve(['QOV-555019 1', 'QOV-55510 1', 'QOV-55571 1', 'QOV-5550199 1'].join('\n'));
      for (const line of r.renglones) {
        assert.equal(line.estado, 'no_encontrado', JSON.stringify(line));
        assert.ok(ids(line).includes(single.id), `${line.codigo}: ${JSON.stringify(line.sugerencias)}`);
      }
    } finally {
      await ctx.db.updateTable('products').set({ alpha_code: single.alpha_code }).where('id', '=', single.id).execute();
    }
    await expectCodeVariantsRecomputed(ctx.db, 'the code put back');
  });

  test('bad input is refused with its Spanish message: only a code, a formula, a word for a quantity, zero, more than 500 lines, nothing', async () => {
    expectRefused(await inject('POST', `${P}/rapido`, { texto: `${single.alpha_code} 1\n${other.alpha_code}` }), 400, quickOrderMsg.renglonSinCantidad(2, other.alpha_code));
    expectRefused(await inject('POST', `${P}/rapido`, { texto: '=HYPERLINK("http://x";"a") 1' }), 400, quickOrderMsg.renglonFormula(1));
    expectRefused(await inject('POST', `${P}/rapido`, { texto: `${single.alpha_code} diez` }), 400, quickOrderMsg.renglonCantidadInvalida(1, 'diez'));
    expectRefused(await inject('POST', `${P}/rapido`, { texto: `${single.alpha_code} 0` }), 400, quickOrderMsg.renglonCantidadCero(1));
    const many = Array.from({ length: 2000 }, (_, i) => `${single.alpha_code} ${i + 1}`).join('\n');
    expectRefused(await inject('POST', `${P}/rapido`, { texto: many }), 400, quickOrderMsg.demasiados(2000));
    expectRefused(await inject('POST', `${P}/rapido`, { texto: '\n\n  \n' }), 400, quickOrderMsg.vacio);
    expectRefused(await inject('POST', `${P}/rapido`, {}), 400, quickOrderMsg.vacio);
    // Exactly 500 lines are read (merged into one product).
    const five = Array.from({ length: QUICK_ORDER.maxLines }, () => `${single.alpha_code} 1`).join('\n');
    const r = await resolve(five);
    assert.equal(r.renglones.length, 1);
    assert.equal(r.renglones[0]!.cantidad, QUICK_ORDER.maxLines);
    assert.equal(r.renglones[0]!.lineas.length, QUICK_ORDER.maxLines);
    // Nothing was written: the cart is as it was.
    await emptySalesCart();
    await resolve(`${single.alpha_code} 3`);
    assert.deepEqual((await call<SalesCartResponse>('GET', `${P}?type=carrito`)).carrito.productos, []);
  });

  test('401 without a token, 403 for a foreign company or entity', async () => {
    await expectGuarded(ctx.app, { method: 'POST', url: `${P}/rapido`, payload: { texto: 'A 1' } }, { access: 'entity', token });
    await expectGuarded(ctx.app, { method: 'POST', url: `${OC}/rapido`, payload: { texto: 'A 1' } }, { access: 'entity', token });
    await expectGuarded(ctx.app, { method: 'GET', url: `${P}/rapido/plantilla` }, { access: 'entity', token });
  });
});

describe('quick order: uploads', () => {
  test('an XLSX: first sheet, columns found by header wherever they are', async () => {
    const file = await xlsx([['Pedido de campaña'], ['Descripción', 'Cant.', 'Código'], ['Semilla', 4, single.alpha_code], ['Otro', 2.5, other.alpha_code]]);
    const res = await upload(file, 'pedido.xlsx');
    assert.equal(res.statusCode, 200, res.body);
    const r = res.json() as QuickResolveResponse;
    assert.deepEqual([r.columna_codigo, r.columna_cantidad], [2, 1]);
    assert.deepEqual(r.columnas, ['Descripción', 'Cant.', 'Código']);
    assert.deepEqual(r.renglones.map((l) => [l.producto?.id, l.cantidad, l.lineas[0]]), [[single.id, 4, 3], [other.id, 2.5, 4]]);
  });

  test('a CSV without headers: the columns are asked for, then read as chosen', async () => {
    const csv = Buffer.from(`${single.alpha_code};7\n${other.alpha_code};"1.000"\n`, 'latin1');
    const first = (await upload(csv, 'pedido.csv')).json() as QuickResolveResponse;
    assert.equal(first.aviso, quickOrderMsg.columnasNoEncontradas);
    assert.deepEqual(first.renglones, []);
    assert.deepEqual(first.columnas, ['Columna A', 'Columna B']);
    const res = await upload(csv, 'pedido.csv', { columna_codigo: '0', columna_cantidad: '1' });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual((res.json() as QuickResolveResponse).renglones.map((l) => l.cantidad), [7, 1000]);
  });

  test('a binary file, a sheet too large, a formula cell and an upload without a file are refused', async () => {
    expectRefused(await upload(Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x10]), 'foto.jpg'), 400, quickOrderMsg.archivoNoPlanilla);
    expectRefused(await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), 'roto.xlsx'), 400, quickOrderMsg.archivoNoPlanilla);
    expectRefused(await upload(Buffer.alloc(QUICK_ORDER.maxFileBytes + 10, 'a'), 'grande.csv'), 400, quickOrderMsg.archivoGrande);
    const formula = await xlsx([['Código', 'Cantidad'], [single.alpha_code, 1]], 'B2');
    expectRefused(await upload(formula, 'formula.xlsx'), 400, quickOrderMsg.celdaFormula('B2'));
    expectRefused(await inject('POST', `${P}/rapido/archivo`, { texto: 'x' }), 400, quickOrderMsg.archivoFaltante);
  });

  test('the template is an XLSX whose first sheet has the headers the reader finds', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${P}/rapido/plantilla`, headers: H() });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-disposition']), /plantilla-pedido-rapido\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    assert.deepEqual((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 3), ['Código', 'Cantidad']);
    // Filled in, it reads back.
    wb.worksheets[0]!.addRow([single.alpha_code, 3]);
    const filled = (await upload(Buffer.from(await wb.xlsx.writeBuffer()), 'plantilla.xlsx')).json() as QuickResolveResponse;
    assert.deepEqual(filled.renglones.map((l) => [l.producto?.id, l.cantidad]), [[single.id, 3]]);
  });
});

describe('quick order: adding the reviewed lines', () => {
  test('all ready lines in one call; one product not sellable refuses the whole batch and writes nothing', async () => {
    const cartId = await emptySalesCart();
    const refused = await inject('PUT', `${P}/${cartId}?type=carrito&suma=true`, {
      productos: [{ producto_id: single.id, pedido_cantidad: 2 }, { producto_id: foreign.id, pedido_cantidad: 1 }],
    });
    expectRefused(refused, 403, orderingMsg.productoInexistente);
    const refusedToo = await inject('PUT', `${P}/${cartId}?type=carrito&suma=true`, {
      productos: [{ producto_id: single.id, pedido_cantidad: 2 }, { producto_id: discontinued.id, pedido_cantidad: 1 }],
    });
    expectRefused(refusedToo, 403, orderingMsg.productoInexistente);
    assert.deepEqual((await call<SalesCartResponse>('GET', `${P}?type=carrito`)).carrito.productos, []);
    const r = await resolve([`${single.alpha_code} 2`, `${pack.alpha_code} 1,5`, `${unpriced.alpha_code} 1`].join('\n'));
    const ready = r.renglones.filter((l) => ['listo', 'ajustado', 'duplicado'].includes(l.estado));
    const added = await call<CartChangeResponse>('PUT', `${P}/${cartId}?type=carrito&suma=true`, {
      productos: ready.map((l) => ({ producto_id: l.producto!.id, pedido_cantidad: l.cantidad })),
    });
    assert.equal(added.msg, orderingMsg.productosAgregados);
    assert.deepEqual(added.carrito.productos.map((l) => [l.producto_id, l.cantidad]), [[single.id, 2], [pack.id, 2]]);
    await call('DELETE', P, { pedido_id: cartId });
  });

  test('500 lines go in one call; 501 are refused', async () => {
    const cartId = await emptySalesCart();
    const page = (await call<CatalogResponse>('GET', `${P}?limit=100`)).productos.filter((p) => p.moneda === 'ARS');
    // 501 lines over the catalogue's products (a product twice adds up, as the batch merges it).
    const lines = Array.from({ length: QUICK_ORDER.maxLines + 1 }, (_, i) => ({ producto_id: page[i % page.length]!.id, pedido_cantidad: 1 }));
    expectRefused(await inject('PUT', `${P}/${cartId}?type=carrito&suma=true`, { productos: lines }), 400, orderingMsg.demasiadosProductos);
    assert.deepEqual((await call<SalesCartResponse>('GET', `${P}?type=carrito`)).carrito.productos, []);
    const added = await call<CartChangeResponse>('PUT', `${P}/${cartId}?type=carrito&suma=true`, { productos: lines.slice(0, QUICK_ORDER.maxLines) });
    const total = added.carrito.productos.reduce((s, l) => s + l.cantidad, 0);
    assert.equal(total, QUICK_ORDER.maxLines);
    await emptySalesCart();
  });

  test('the purchase-order cart: resolve, then the batch', async () => {
    const cart = (await call<PurchaseCartResponse>('GET', `${OC}?type=carrito`)).carrito;
    if (cart.productos.length > 0) await call('DELETE', OC, { ocompra_id: cart.id });
    const r = await resolve(`${single.alpha_code} 4\n${other.alpha_code} 1`, OC);
    assert.deepEqual(r.resumen.listo, 2);
    const added = await call<PurchaseCartResponse>('PUT', `${OC}/${cart.id}?type=carrito&suma=true`, {
      productos: r.renglones.map((l) => ({ producto_id: l.producto!.id, pedido_cantidad: l.cantidad })),
    });
    assert.deepEqual(added.carrito.productos.map((l) => [l.producto_id, l.cantidad]), [[single.id, 4], [other.id, 1]]);
    expectRefused(
      await inject('PUT', `${OC}/${cart.id}?type=carrito&suma=true`, { productos: [{ producto_id: foreign.id, pedido_cantidad: 1 }] }),
      403,
      orderingMsg.productoInexistente,
    );
    expectRefused(await inject('POST', `${OC}/rapido`, { historial_id: 1 }), 400, quickOrderMsg.vacio);
    await call('DELETE', OC, { ocompra_id: cart.id });
  });
});

describe('quick order: Repetir compra through the review', () => {
  test('a discontinued product is shown, not dropped; the kept lines and the conditions go to the cart', async () => {
    const cartId = await emptySalesCart('1002');
    // An order of Pérez Hnos. with a product that is discontinued afterwards.
    const victim = await productRow((q) => q.where('id', 'not in', [single.id, other.id, pack.id, discontinued.id, unpriced.id]));
    await call('PUT', `${P}/${cartId}?type=carrito`, { productos: [{ producto_id: single.id, pedido_cantidad: 3 }, { producto_id: victim.id, pedido_cantidad: 1 }] }, H('1002'));
    await call('PUT', `${P}/${cartId}?type=condiciones`, { detalle: 'Lote norte' }, H('1002'));
    const order = await call<ConfirmResponse>('PUT', P, { pedidoid: cartId }, H('1002'));
    await ctx.db.updateTable('products').set({ active: false }).where('id', '=', victim.id).execute();
    try {
      const r = await call<QuickResolveResponse>('POST', `${P}/rapido`, { historial_id: order.id }, H('1002'));
      assert.equal(r.historial_id, order.id);
      assert.deepEqual(r.renglones.map((l) => [l.producto?.id, l.estado]), [[single.id, 'listo'], [victim.id, 'no_disponible']]);
      assert.equal(r.renglones[1]!.motivo, quickOrderMsg.discontinuado);
      // Another entity's order is refused.
      expectRefused(await inject('POST', `${P}/rapido`, { historial_id: order.id }), 403, orderingMsg.historialInexistente);
      const next = (await call<SalesCartResponse>('GET', `${P}?type=carrito`, undefined, H('1002'))).carrito.id;
      const repeated = await call<CartChangeResponse>(
        'PUT',
        `${P}/${next}?type=repetir&historial_id=${order.id}`,
        { productos: [{ producto_id: single.id, pedido_cantidad: 3 }] },
        H('1002'),
      );
      assert.deepEqual(repeated.carrito.productos.map((l) => [l.producto_id, l.cantidad]), [[single.id, 3]]);
      assert.equal(repeated.carrito.detalle, 'Lote norte');
      // A second repeat into the loaded cart is refused as the spec says, and a stale review (discontinued line) too.
      expectRefused(await inject('PUT', `${P}/${next}?type=repetir&historial_id=${order.id}`, { productos: [{ producto_id: single.id, pedido_cantidad: 1 }] }, H('1002')), 400, orderingMsg.carritoConProductos);
      await call('DELETE', P, { pedido_id: next }, H('1002'));
      expectRefused(await inject('PUT', `${P}/${next}?type=repetir&historial_id=${order.id}`, { productos: [{ producto_id: victim.id, pedido_cantidad: 1 }] }, H('1002')), 403, orderingMsg.productoInexistente);
      assert.deepEqual((await call<SalesCartResponse>('GET', `${P}?type=carrito`, undefined, H('1002'))).carrito.productos, []);
    } finally {
      await ctx.db.updateTable('products').set({ active: true }).where('id', '=', victim.id).execute();
    }
  });
});
