import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { integrationBatchMsg, integrationRowMsg } from '@portal/contract';
import { createTestApp, LA_PAMPA, login, type TestContext } from '../../../test/helpers.js';
import { createKey } from '../test-support.js';
import { plan, syncDir } from './client.js';

/** The reference client (`npm run erp:sync -- DIR`) against a server listening on an ephemeral port. */

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.resolve(here, '../../../..');
const SAMPLE = path.resolve(SERVER, '../../docs/integration-sample');

let ctx: TestContext;
let url: string;
let key: string;
let dir: string;

before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const admin = (await login(ctx.app, 'admin')).access_token;
  key = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP de ejemplo', escribir: ['clientes', 'productos', 'precios', 'stock', 'movimientos', 'granos', 'contratos', 'posiciones', 'autorizaciones', 'recorridos', 'novedades'] })).secreto;
  dir = await mkdtemp(path.join(tmpdir(), 'erp-sync-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
  await ctx?.close();
});

/** Runs the command line as an ERP operator would (async: this process serves the calls). */
function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'src/modules/integration/erp-sync/cli.ts', ...args], { cwd: SERVER, env: { ...process.env, PORTAL_URL: url, INTEGRATION_KEY: key, INIT_CWD: SERVER, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('erp:sync', () => {
  test('the sample folder loads whole (exit 0, a progress line per batch, a summary per file); again, everything unchanged', async () => {
    const first = await cli([SAMPLE]);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.deepEqual(first.stdout.trim().split('\n'), [
      'clientes.ndjson (clientes): 2 recibidas, 2 aceptadas, 0 sin cambios, 0 rechazadas',
      'productos.ndjson (productos): 4 recibidas, 4 aceptadas, 0 sin cambios, 0 rechazadas',
      'precios.csv (precios): 4 recibidas, 4 aceptadas, 0 sin cambios, 0 rechazadas',
      'stock.csv (stock): 4 recibidas, 4 aceptadas, 0 sin cambios, 0 rechazadas',
      'movimientos.ndjson (movimientos): 4 recibidas, 4 aceptadas, 0 sin cambios, 0 rechazadas',
      'granos.ndjson (granos): 5 recibidas, 5 aceptadas, 0 sin cambios, 0 rechazadas',
      'contratos.ndjson (contratos): 3 recibidas, 3 aceptadas, 0 sin cambios, 0 rechazadas',
      'posiciones.ndjson (posiciones): 1 recibidas, 1 aceptadas, 0 sin cambios, 0 rechazadas',
      'autorizaciones.ndjson (autorizaciones): 2 recibidas, 2 aceptadas, 0 sin cambios, 0 rechazadas',
      'recorridos.ndjson (recorridos): 2 recibidas, 2 aceptadas, 0 sin cambios, 0 rechazadas',
      'novedades.ndjson (novedades): 3 recibidas, 3 aceptadas, 0 sin cambios, 0 rechazadas',
    ]);
    assert.match(first.stderr, /productos\.ndjson: 4 filas enviadas \(lote \d+: 4 aceptadas, 0 sin cambios, 0 rechazadas\)/);
    const companyId = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
    const glifosato = await ctx.db.selectFrom('products').select(['id', 'stock', 'brand_id']).where('company_id', '=', companyId).where('code', '=', 5001).executeTakeFirstOrThrow();
    assert.equal(glifosato.stock, '96.00', 'deposits 1 and 2');
    const item = await ctx.db.selectFrom('price_list_items').select(['currency', 'list_price', 'discount1', 'min_price']).where('product_id', '=', glifosato.id).executeTakeFirstOrThrow();
    assert.deepEqual(item, { currency: 'USD', list_price: '152.40', discount1: '5.00', min_price: '140.00' });

    const again = await cli([SAMPLE]);
    assert.equal(again.code, 0);
    assert.ok(again.stdout.trim().split('\n').every((l) => / 0 aceptadas, \d+ sin cambios, 0 rechazadas$/.test(l)), again.stdout);
  });

  test('rejected rows: exit 1 and each listed with its row in the file; batches split as asked; removals after every upsert', async () => {
    await writeFile(
      path.join(dir, 'productos.csv'),
      [
        'codigo;codigo_alfa;nombre;unidad_venta;unidad;factor;marca.codigo;marca.nombre;otros_codigos_barras;activo',
        '6001;P-6001;"Fertilizante ""Triple 15""; bolsa";Bolsa x 50 kg;kg;50;601;Fertil ERP;ART-6001|ART-6001B;si',
        '6002;P-6002;Sin unidad;;kg;1;;;;',
        '6003;P-6003;"Nombre en',
        'dos líneas";Unidad;u;1;;;;no',
        '6004;P-6004;Factor malo;Unidad;u;1,5;;;;',
        '6005;P-6005;Otro;Unidad;u;1;;;;',
      ].join('\r\n'),
    );
    await writeFile(path.join(dir, 'productos.bajas.json'), JSON.stringify([{ codigo: 5004 }, { codigo: 6999 }]));
    await writeFile(path.join(dir, 'stock.ndjson'), '{"deposito":1,"producto":6001,"cantidad":"10"}\n{"deposito":1,"producto":6002,"cantidad":"1"}\n');
    await writeFile(path.join(dir, 'notas.txt'), 'not sent');
    assert.deepEqual((await plan(dir)).map((f) => path.basename(f.file)), ['productos.csv', 'stock.ndjson', 'productos.bajas.json']);

    const summary = await syncDir({ url, key, dir, batchRows: 2 });
    assert.deepEqual(
      summary.map((s) => [s.file, s.received, s.accepted, s.unchanged, s.rejected]),
      [
        ['productos.csv', 5, 3, 0, 2],
        ['stock.ndjson', 2, 1, 0, 1],
        ['productos.bajas.json', 2, 1, 0, 1],
      ],
    );
    assert.deepEqual(summary[0]!.rejections, [
      { fila: 2, campo: 'unidad_venta', mensaje: integrationBatchMsg.textoObligatorio },
      { fila: 4, campo: 'factor', mensaje: integrationRowMsg.decimalInvalido(3) },
    ]);
    assert.deepEqual(summary[1]!.rejections, [{ fila: 2, campo: 'producto', mensaje: integrationRowMsg.productoInexistente(6002) }]);
    assert.deepEqual(summary[2]!.rejections, [{ fila: 2, campo: 'codigo', mensaje: integrationBatchMsg.noExiste }]);
    const companyId = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
    const rows = await ctx.db.selectFrom('products').select(['code', 'name', 'active']).where('company_id', '=', companyId).where('code', 'in', [5004, 6001, 6003]).orderBy('code').execute();
    assert.deepEqual(rows, [
      { code: 5004, name: 'Envase bidón 20 l (retornable)', active: false },
      { code: 6001, name: 'Fertilizante "Triple 15"; bolsa', active: true },
      { code: 6003, name: 'Nombre en\ndos líneas', active: false },
    ]);

    const run = await cli([dir, '--lote', '3']);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /^productos\.csv \(productos\): 5 recibidas, 0 aceptadas, 3 sin cambios, 2 rechazadas$/m);
    assert.match(run.stdout, /^ {2}fila 4, factor: /m);
    assert.match(run.stdout, /^productos\.bajas\.json \(productos, bajas\): 2 recibidas, 0 aceptadas, 1 sin cambios, 1 rechazadas$/m);
  });

  test('a refused batch or a wrong call: exit 2 or 64, with the reason', async () => {
    const refused = await cli([SAMPLE], { INTEGRATION_KEY: 'pic_AAAAAAAAAAAA_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    assert.equal(refused.code, 2);
    assert.match(refused.stdout, /ERROR: El portal rechazó el lote \(401\)/);
    const usage = await cli([], {});
    assert.equal(usage.code, 64);
    assert.match(usage.stderr, /^Uso: /);
  });
});
