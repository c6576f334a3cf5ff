/**
 * An ERP's catalogue load over HTTP: `products` products and a price of each (list 1), sent by the reference client
 * (apps/server/src/modules/integration/erp-sync) as NDJSON files in batches of 10,000 rows to a server process as
 * `npm start` runs it. Target: 200,000 products with their prices loaded in ≤ 60 s. Each run renames and reprices
 * every product (a run stamp in the name), so every row is written; the same files are then sent again, every row
 * unchanged.
 *   npm run bench:erp-load -w @portal/bench -- [size] [products]
 *   BENCH_ONLY=postgres BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:erp-load -w @portal/bench -- small 200000
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
    .values({ company_id: company.id, name: KEY_NAME, prefix, secret_hash: hashIntegrationSecret(secret), write_kinds: ['productos', 'precios'], read_kinds: [], created_by: admin.id })
    .execute();
  await target.close();

  const dir = await mkdtemp(path.join(tmpdir(), 'erp-load-'));
  const stamp = Date.now() % 100_000;
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

  await assertPortFree(port);
  const server = startServer(target, port);
  try {
    await waitForServer(origin, server);
    console.log(`\n${target.kind}, ${size}: ${count} products and ${count} prices over HTTP in batches of 10,000 rows (load ${loadAverage()})`);
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
