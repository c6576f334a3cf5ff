import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import {
  integrationBatchMsg,
  integrationRoutePlanMsg,
  integrationRowMsg,
  msg,
  SPREADSHEET,
  SPREADSHEET_COLUMNS,
  SPREADSHEET_KINDS,
  spreadsheetMsg,
  type IntegrationBatchesResponse,
  type SpreadsheetResponse,
} from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { BATCHES_URL } from './test-support.js';

/** 'Importar planilla': templates, the preview (a rolled-back dry run of the API's batch) and the application. */

let ctx: TestContext;
let admin: string;
let companyId: number;
const BASE = '/api/public/proxy/integracion/planillas';
const LP = { cuit: LA_PAMPA };

before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = (await login(ctx.app, 'admin')).access_token;
  companyId = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
});
after(async () => {
  await ctx?.close();
});

function multipart(file: Buffer, name: string) {
  const boundary = '----planilla' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...bearer(admin, LP), 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (kind: string, file: Buffer, name: string, apply = false, token = admin, cuit: string = LA_PAMPA) => {
  const m = multipart(file, name);
  return ctx.app.inject({ method: 'POST', url: `${BASE}/${kind}${apply ? '' : '/vista-previa'}`, payload: m.payload, headers: { ...m.headers, ...bearer(token, { cuit }) } });
};
async function ok(kind: string, file: Buffer, name: string, apply = false): Promise<SpreadsheetResponse> {
  const res = await upload(kind, file, name, apply);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as SpreadsheetResponse;
}
const counts = (a: SpreadsheetResponse) => [a.recibidas, a.aceptadas, a.sin_cambios, a.rechazadas];
const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');
async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Datos');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const productNamed = (code: number) => ctx.db.selectFrom('products').select(['name', 'sales_factor']).where('company_id', '=', companyId).where('code', '=', code).executeTakeFirst();

describe('templates', () => {
  test('each kind: an XLSX with its columns and an example row that the preview accepts; the CSV too', async () => {
    for (const kind of SPREADSHEET_KINDS) {
      const res = await ctx.app.inject({ method: 'GET', url: `${BASE}/${kind}/plantilla`, headers: bearer(admin, LP) });
      assert.equal(res.statusCode, 200, res.body);
      assert.match(String(res.headers['content-disposition']), new RegExp(`plantilla-${kind}\\.xlsx`));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
      assert.deepEqual(header, [...SPREADSHEET_COLUMNS[kind]], kind);
      assert.equal(wb.worksheets[0]!.actualRowCount, 2, `${kind}: header and one example`);
      const csvRes = await ctx.app.inject({ method: 'GET', url: `${BASE}/${kind}/plantilla?formato=csv`, headers: bearer(admin, LP) });
      assert.equal(csvRes.statusCode, 200);
      assert.equal(csvRes.body.replace(/^\uFEFF/, '').split('\r\n')[0], SPREADSHEET_COLUMNS[kind].join(';'));
    }
    // The templates' example rows load, in the order a cooperative loads them (customers' seller and list must exist).
    for (const kind of ['productos', 'precios', 'stock'] as const) {
      const t = await ctx.app.inject({ method: 'GET', url: `${BASE}/${kind}/plantilla`, headers: bearer(admin, LP) });
      const preview = await ok(kind, t.rawPayload, `plantilla-${kind}.xlsx`);
      assert.deepEqual(preview.rechazos, [], kind);
      await ok(kind, t.rawPayload, `plantilla-${kind}.xlsx`, true);
    }
    const bad = await ctx.app.inject({ method: 'GET', url: `${BASE}/granos/plantilla`, headers: bearer(admin, LP) });
    expectRefused(bad, 400, spreadsheetMsg.tipoNoImportable);
  });
});

describe('preview and apply', () => {
  const good = ['codigo;nombre;unidad_venta;unidad;factor;marca.codigo;marca.nombre', '97001;Zzplanilla uno;Bolsa x 25 kg;kg;25;77;Planimarca', '97002;Zzplanilla dos;Unidad;u;1,5;;'];

  test('a preview lists every bad row (row, column, message) and writes nothing; apply writes the good rows; again: all unchanged', async () => {
    const file = csv([...good, '97003;;Unidad;u;1;;', '97004;Zzplanilla cuatro;Unidad;u;abc;;', '97001;Zzplanilla repetido;Unidad;u;1;;']);
    const batchesBefore = await ctx.db.selectFrom('integration_batches').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const preview = await ok('productos', file, 'productos.csv');
    assert.equal(preview.aplicado, false);
    assert.equal(preview.lote, null);
    assert.deepEqual(counts(preview), [5, 2, 0, 3]);
    assert.deepEqual(preview.rechazos, [
      { fila: 4, columna: 'B', campo: 'nombre', mensaje: integrationBatchMsg.textoObligatorio },
      { fila: 5, columna: 'E', campo: 'factor', mensaje: integrationRowMsg.decimalInvalido(3) },
      { fila: 6, columna: 'A', campo: 'codigo', mensaje: integrationBatchMsg.codigoRepetido(2) },
    ]);
    assert.equal(await productNamed(97001), undefined, 'the preview wrote nothing');
    const facet = await ctx.db.selectFrom('product_facets').select('id').where('company_id', '=', companyId).where('code', '=', 77).where('kind', '=', 'marca').executeTakeFirst();
    assert.equal(facet, undefined, 'nor the facets the rows name');
    const batchesAfter = await ctx.db.selectFrom('integration_batches').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    assert.equal(batchesAfter.n, batchesBefore.n, 'nor a batch');

    const applied = await ok('productos', file, 'productos.csv', true);
    assert.equal(applied.aplicado, true);
    assert.ok(applied.lote);
    assert.deepEqual(counts(applied), counts(preview), 'apply does what the preview said');
    assert.deepEqual(applied.rechazos, preview.rechazos);
    assert.deepEqual(await productNamed(97001), { name: 'Zzplanilla uno', sales_factor: '25.000' });
    assert.deepEqual(await productNamed(97002), { name: 'Zzplanilla dos', sales_factor: '1.500' }, 'a decimal comma (1,5)');

    const again = await ok('productos', file, 'productos.csv', true);
    assert.deepEqual(counts(again), [5, 0, 2, 3], 'the same file twice changes nothing');

    // The batch is listed and audited with who applied it and the file.
    const list = await ctx.app.inject({ method: 'GET', url: BATCHES_URL, headers: bearer(admin, LP) });
    const top = (list.json() as IntegrationBatchesResponse).items[0]!;
    assert.equal(top.id, again.lote);
    assert.equal(top.clave, spreadsheetMsg.planillaDe('admin'));
    assert.equal(top.archivo, 'productos.csv');
    const user = await ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const audit = await ctx.db.selectFrom('audit_log').select(['user_id', 'detail', 'company_id']).where('action', '=', 'integration.batch').orderBy('id', 'desc').executeTakeFirstOrThrow();
    assert.equal(audit.user_id, user.id);
    assert.equal(audit.company_id, companyId);
    assert.deepEqual(
      { ...(audit.detail as Record<string, unknown>) },
      { origen: 'planilla', usuario: 'admin', archivo: 'productos.csv', lote: again.lote, tipo: 'productos', operacion: 'alta', recibidas: 5, aceptadas: 0, sin_cambios: 2, rechazadas: 3 },
    );
  });

  test('XLSX: the sheet\'s row numbers (blank rows skipped), column letters, Excel numbers and dates; prices and opening balances', async () => {
    const file = await xlsx([
      ['lista', 'producto', 'precio', 'moneda'],
      [1, 97001, 1520.4, 'ARS'],
      [],
      [1, 97999, 10, 'ARS'],
      [1, 97002, 'diez', 'ARS'],
    ]);
    const preview = await ok('precios', file, 'precios.xlsx');
    assert.deepEqual(counts(preview), [3, 1, 0, 2]);
    assert.deepEqual(preview.rechazos, [
      { fila: 4, columna: 'B', campo: 'producto', mensaje: integrationRowMsg.productoInexistente(97999) },
      { fila: 5, columna: 'C', campo: 'precio', mensaje: integrationRowMsg.decimalInvalido(2) },
    ]);
    assert.deepEqual(counts(await ok('precios', file, 'precios.xlsx', true)), [3, 1, 0, 2]);
    assert.deepEqual(counts(await ok('precios', file, 'precios.xlsx', true)), [3, 0, 1, 2]);

    // Opening balances: one movimientos row (a debit note) per customer; a date cell of Excel.
    const balances = await xlsx([
      ['tipo', 'punto_venta', 'numero', 'nombre', 'cliente', 'fecha', 'importe'],
      ['ND', 9, 1001, 'Saldo inicial', 1001, new Date(Date.UTC(2026, 10, 30)), '150000,50'],
      ['ND', 9, 99999, 'Saldo inicial', 99999, '30/11/2026', '10'],
    ]);
    const applied = await ok('movimientos', balances, 'saldos.xlsx', true);
    assert.deepEqual(counts(applied), [2, 1, 0, 1]);
    assert.equal(applied.rechazos[0]!.columna, 'E');
    const m = await ctx.db.selectFrom('account_movements').select(['amount', 'voucher_name']).select((eb) => eb.fn<string>('to_char', [eb.ref('date'), eb.val('YYYY-MM-DD')]).as('date')).where('company_id', '=', companyId).where('voucher_code', '=', 'ND').where('series', '=', 9).where('number', '=', 1001).executeTakeFirstOrThrow();
    assert.deepEqual(m, { amount: '150000.50', voucher_name: 'Saldo inicial', date: '2026-11-30' });
    assert.deepEqual(counts(await ok('movimientos', balances, 'saldos.xlsx')), [2, 0, 1, 1], 'previewed again: unchanged');
  });

  test("route plans: a driver's stops from a sheet (a time cell, 14:05, the shift in any case); a bad day named; again: unchanged", async () => {
    const other = (await ctx.db.selectFrom('entities').select('code').where('company_id', '=', companyId).where('code', '<>', 1001).orderBy('code').executeTakeFirstOrThrow()).code;
    const file = await xlsx([
      ['chofer', 'usuario', 'dia', 'cliente', 'orden', 'turno', 'hora', 'nota'],
      ['PL01', 'repartidor', 'Miércoles', 1001, 1, 'Mañana', new Date(Date.UTC(1899, 11, 30, 8, 30)), 'Portón verde'],
      ['PL01', null, 3, other, 2, null, '14:05', null],
      ['PL01', null, 'feriado', 1001, 3, null, null, null],
    ]);
    const preview = await ok('recorridos', file, 'recorridos.xlsx');
    assert.deepEqual(counts(preview), [3, 2, 0, 1]);
    assert.deepEqual(preview.rechazos, [{ fila: 4, columna: 'C', campo: 'dia', mensaje: integrationRoutePlanMsg.diaInvalido }]);
    assert.deepEqual(counts(await ok('recorridos', file, 'recorridos.xlsx', true)), [3, 2, 0, 1]);
    const stops = await ctx.db
      .selectFrom('route_stops as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('entities as e', 'e.id', 's.entity_id')
      .select(['e.code', 's.shift', 's.hour', 's.note', 's.position'])
      .where('s.company_id', '=', companyId)
      .where('u.username', '=', 'repartidor')
      .where('s.weekday', '=', 3)
      .where('e.code', 'in', [1001, other])
      .orderBy('s.position')
      .execute();
    assert.deepEqual(stops, [
      { code: 1001, shift: 'mañana', hour: '08:30', note: 'Portón verde', position: 1 },
      { code: other, shift: 'tarde', hour: '14:05', note: null, position: 2 },
    ]);
    assert.deepEqual(counts(await ok('recorridos', file, 'recorridos.xlsx', true)), [3, 0, 2, 1]);
  });

  test('CSV with \';\' and Windows-1252 text; with \',\' and quotes', async () => {
    const latin = Buffer.from(['deposito;deposito_nombre;producto;cantidad', '31;Depósito Planilla;97001;12,5'].join('\r\n'), 'latin1');
    const a = await ok('stock', latin, 'stock.csv', true);
    assert.deepEqual(counts(a), [1, 1, 0, 0]);
    const dep = await ctx.db.selectFrom('deposits').select('name').where('company_id', '=', companyId).where('code', '=', 31).executeTakeFirstOrThrow();
    assert.equal(dep.name, 'Depósito Planilla');
    const comma = csv(['deposito,deposito_nombre,producto,cantidad', '31,"Depósito Planilla",97001,"12.50"']);
    assert.deepEqual(counts(await ok('stock', comma, 'stock.csv', true)), [1, 0, 1, 0]);
  });
});

describe('refusals', () => {
  test('401, 403 for a non-administrator and a foreign company', async () => {
    const m = multipart(csv(['codigo;nombre;unidad_venta;unidad', '1;a;b;c']), 'x.csv');
    await expectGuarded(ctx.app, { method: 'POST', url: `${BASE}/productos/vista-previa`, payload: m.payload, headers: { 'content-type': m.headers['content-type'] } }, { access: 'company', token: admin });
    await expectGuarded(ctx.app, { method: 'GET', url: `${BASE}/productos/plantilla` }, { access: 'company', token: admin });
    const productor = (await login(ctx.app, 'productor')).access_token;
    expectRefused(await upload('productos', csv(['codigo']), 'x.csv', true, productor), 403, msg.soloAdministradores);
    const foreign = await upload('productos', csv(['codigo']), 'x.csv', true, admin, DEL_SUR);
    assert.equal(foreign.statusCode, 403, foreign.body);
  });

  test('400 with Spanish messages: no file, empty, wrong format, .xls, columns unknown, missing or repeated, no data rows; 413 over the limits', async () => {
    const noFile = await ctx.app.inject({ method: 'POST', url: `${BASE}/productos/vista-previa`, headers: { ...bearer(admin, LP), 'content-type': 'application/json' }, payload: '{}' });
    expectRefused(noFile, 400, spreadsheetMsg.archivoFaltante);
    expectRefused(await upload('productos', Buffer.alloc(0), 'x.csv'), 400, spreadsheetMsg.archivoVacio);
    expectRefused(await upload('productos', Buffer.from([0, 1, 2, 3, 4, 5, 0, 0]), 'x.bin'), 400, spreadsheetMsg.formatoInvalido);
    expectRefused(await upload('productos', Buffer.from([0x50, 0x4b, 0x03, 0x04, 9, 9, 9, 9]), 'x.xlsx'), 400, spreadsheetMsg.formatoInvalido);
    expectRefused(await upload('productos', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'x.xls'), 400, spreadsheetMsg.formatoXls);
    expectRefused(await upload('productos', csv(['codigo;nombre;unidad_venta;unidad;color', '1;a;b;c;rojo']), 'x.csv'), 400, spreadsheetMsg.columnasDesconocidas(['color']));
    expectRefused(await upload('productos', csv(['codigo;nombre', '1;a']), 'x.csv'), 400, spreadsheetMsg.columnasFaltantes(['unidad_venta', 'unidad']));
    expectRefused(await upload('productos', csv(['codigo;nombre;nombre;unidad_venta;unidad', '1;a;a;b;c']), 'x.csv'), 400, spreadsheetMsg.columnaRepetida('nombre'));
    expectRefused(await upload('productos', csv(['codigo;nombre;unidad_venta;unidad', ';;;']), 'x.csv'), 400, spreadsheetMsg.archivoVacio);
    expectRefused(await upload('productos', csv(['', '']), 'x.csv'), 400, spreadsheetMsg.sinEncabezados);
    expectRefused(await upload('stock', csv(['deposito;producto;cantidad', '1;"2;3']), 'x.csv'), 400, spreadsheetMsg.csvComillas);
    expectRefused(await upload('granos', csv(['codigo', '1']), 'x.csv'), 400, spreadsheetMsg.tipoNoImportable);
    const rows = Array.from({ length: SPREADSHEET.maxRows + 1 }, (_, i) => `1;${i + 1};1`);
    expectRefused(await upload('stock', csv(['deposito;producto;cantidad', ...rows]), 'x.csv'), 413, spreadsheetMsg.demasiadasFilas);
    const big = Buffer.alloc(SPREADSHEET.maxFileBytes + 1, 0x61);
    expectRefused(await upload('stock', big, 'x.csv'), 413, spreadsheetMsg.archivoGrande);
    const formula = new ExcelJS.Workbook();
    const ws = formula.addWorksheet('Datos');
    ws.addRow(['deposito', 'producto', 'cantidad']);
    ws.addRow([1, 97001, { formula: 'A1*2' }]);
    expectRefused(await upload('stock', Buffer.from(await formula.xlsx.writeBuffer()), 'x.xlsx'), 400, spreadsheetMsg.formula('C2'));
  });
});
