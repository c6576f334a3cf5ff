/**
 * An ERP's catalogue load over HTTP: `products` products and a price of each (list 1), sent by the reference client
 * (apps/server/src/modules/integration/erp-sync) as NDJSON files in batches of 10,000 rows to a server process as
 * `npm start` runs it. Target: 200,000 products with their prices loaded in ≤ 60 s. Each run renames and reprices
 * every product (a run stamp in the name), so every row is written; the same files are then sent again, every row
 * unchanged.
 *   npm run bench:erp-load -w @portal/bench -- [size] [products]
 *   BENCH_ONLY=postgres BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:erp-load -w @portal/bench -- small 200000
 *
 * With `movimientos` as third argument, `count` account movements instead (target: 2,000,000 in ≤ 10 minutes, ≥ 5,000
 * rows/s): invoices and receipts of the company's customers at point of sale 90, each invoice with two lines and each
 * receipt applied to the invoice before it, the amounts stamped per run so every voucher is written; then again,
 * every voucher unchanged.
 *   npm run bench:erp-load -w @portal/bench -- small 100000 movimientos
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DemoSize } from '@portal/server/src/db/seed/demo-size.js';
import { syncDir, type FileSummary } from '@portal/server/src/modules/integration/erp-sync/client.js';
import { hashIntegrationSecret } from '@portal/server/src/plugins/integration-access.js';
import { assertPortFree, LA_PAMPA, loadAverage, startServer, waitForServer } from './server-process.js';
import { targets } from './support.js';

const size = (process.argv[2] ?? 'small') as DemoSize;
const count = Number(process.argv[3] ?? 200_000);
const movementsMode = process.argv[4] === 'movimientos';
const port = Number(process.env.BENCH_PORT ?? 8393);
const origin = `http://127.0.0.1:${port}`;
const FIRST_CODE = 2_000_000;
const KEY_NAME = 'Benchmark ERP';

async function writeLines(file: string, line: (i: number) => string): Promise<void> {
  const out = createWriteStream(file);
  for (let i = 0; i < count; i++) {
    if (!out.write(`${line(i)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
}

function report(label: string, seconds: number, summary: FileSummary[]) {
  console.log(`  ${label}: ${seconds.toFixed(1)} s`);
  for (const s of summary) {
    console.log(`    ${s.file}: ${s.received} received, ${s.accepted} accepted, ${s.unchanged} unchanged, ${s.rejected} rejected${s.error ? `, ERROR ${s.error}` : ''}`);
  }
}

for await (const target of targets(size)) {
  const { db } = target;
  const company = await db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  // A key of its own for each run (the previous one revoked): the secret is only known when it is made.
  await db.updateTable('integration_keys').set({ revoked_at: new Date() }).where('company_id', '=', company.id).where('name', '=', KEY_NAME).where('revoked_at', 'is', null).execute();
  const prefix = `pic_${randomBytes(9).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 12)}`;
  const secret = randomBytes(32).toString('base64url');
  await db
    .insertInto('integration_keys')
    .values({ company_id: company.id, name: KEY_NAME, prefix, secret_hash: hashIntegrationSecret(secret), write_kinds: ['productos', 'precios', 'movimientos'], read_kinds: [], created_by: admin.id })
    .execute();
  const customers = (await db.selectFrom('entities').select('code').where('company_id', '=', company.id).orderBy('code').execute()).map((e) => e.code);
  await target.close();

  const dir = await mkdtemp(path.join(tmpdir(), 'erp-load-'));
  const stamp = Date.now() % 100_000;
  if (movementsMode) {
    await writeMovements(path.join(dir, 'movimientos.ndjson'), customers, stamp);
    await measure(target, dir, prefix, secret, `${count} account movements (half invoices with 2 lines, half receipts applied to them)`);
    continue;
  }
  await writeLines(path.join(dir, 'productos.ndjson'), (i) =>
    JSON.stringify({
      codigo: FIRST_CODE + i,
      codigo_alfa: `ERP-${FIRST_CODE + i}`,
      nombre: `Producto ERP ${i} lote ${stamp}`,
      unidad_venta: 'Bolsa x 25 kg',
      unidad: 'kg',
      factor: '25',
      familia: { codigo: 900 + (i % 10), nombre: `Familia ERP ${i % 10}` },
      marca: { codigo: 950 + (i % 20), nombre: `Marca ERP ${i % 20}` },
      codigo_barras: `2${String(FIRST_CODE + i).padStart(12, '0')}`,
    }),
  );
  await writeLines(path.join(dir, 'precios.ndjson'), (i) =>
    JSON.stringify({ lista: 1, producto: FIRST_CODE + i, precio: `${100 + (i % 900)}.${String(stamp % 100).padStart(2, '0')}`, descuento1: '5' }),
  );

  await measure(target, dir, prefix, secret, `${count} products and ${count} prices`);
}

/** Starts a server on the target, sends the folder twice (written, then unchanged), reports both and the rows/s. */
async function measure(target: { kind: string }, dir: string, prefix: string, secret: string, what: string) {
  await assertPortFree(port);
  const server = startServer(target as Parameters<typeof startServer>[0], port);
  try {
    await waitForServer(origin, server);
    console.log(`\n${target.kind}, ${size}: ${what} over HTTP in batches of 10,000 rows (load ${loadAverage()})`);
    let t = performance.now();
    const first = await syncDir({ url: origin, key: `${prefix}_${secret}`, dir });
    report('written (new or changed)', (performance.now() - t) / 1000, first);
    t = performance.now();
    const again = await syncDir({ url: origin, key: `${prefix}_${secret}`, dir });
    report('sent again (unchanged)', (performance.now() - t) / 1000, again);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dir, { recursive: true, force: true });
  }
}

/** `count` vouchers at point of sale 90: even numbers invoices (two lines), odd numbers receipts applied to the previous one. */
async function writeMovements(file: string, customers: number[], stamp: number): Promise<void> {
  // Spread over about three years; a due date or a receipt's date counts from its invoice's day.
  const day = (i: number, plus = 0) => new Date(Date.UTC(2024, 0, 1) + ((i % 1000) + plus) * 86_400_000).toISOString().slice(0, 10);
  const cents = String(stamp % 100).padStart(2, '0');
  await writeLines(file, (i) => {
    const invoice = i - (i % 2);
    const cliente = customers[Math.floor(invoice / 2) % customers.length]!;
    const net = 1000 + (invoice % 9000);
    if (i % 2 === 0) {
      return JSON.stringify({
        tipo: 'FC', letra: 'A', punto_venta: 90, numero: i + 1, cliente, fecha: day(i), vencimiento: day(i, 30), importe: `${net + 210}.${cents}`,
        neto: `${net}.00`, iva21: '210.00', tipo_afip: 1,
        lineas: [
          { producto: String(5000 + (i % 50)), descripcion: `Producto ${i % 50}`, cantidad: '2', precio: `${(net - 10) / 2}.00`, importe: `${net - 10}.00` },
          { descripcion: 'Flete', importe: `10.${cents}` },
        ],
      });
    }
    return JSON.stringify({
      tipo: 'RC', punto_venta: 90, numero: i + 1, cliente, fecha: day(invoice, 20), importe: `${net}.${cents}`, cancelado: true,
      aplica: [{ tipo: 'FC', letra: 'A', punto_venta: 90, numero: invoice + 1, importe: `${net}.00` }],
    });
  });
}
