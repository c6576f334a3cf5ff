/**
 * Access-path benchmark: p50/p95 of the calls every page makes (GET /data with tenancy checks, GET
 * /sessions/buscoentidad) under concurrent clients, on PGlite and, when BENCH_DATABASE_URL is set, PostgreSQL.
 *   npm run bench -- [size] [clients] [requests]      e.g. npm run bench -- large 20 2000
 */
import type { DemoSize } from '@portal/server/src/db/seed/demo-size.js';
import { benchApp, expectStatus, loginHeaders, measure, targets } from './support.js';

const size = (process.argv[2] ?? 'large') as DemoSize;
const clients = Number(process.argv[3] ?? 20);
const requests = Number(process.argv[4] ?? 2000);

for await (const target of targets(size)) {
  console.log(`\n${target.kind}, ${size}: ${clients} clients, ${requests} requests per call`);
  const app = await benchApp(target.db);
  const headers = await loginHeaders(app, 'productor', 'Demo1234', '30712345671', 1001);
  await measure('GET /data (company + entity)', clients, requests, async () => {
    expectStatus((await app.inject({ method: 'GET', url: '/api/public/data?mobile=false', headers })).statusCode);
  });
  await measure('GET /sessions/buscoentidad', clients, requests, async () => {
    expectStatus((await app.inject({ method: 'GET', url: '/api/public/sessions/buscoentidad?cuit=30712345671', headers })).statusCode);
  });
  await measure('GET /data, foreign entity (403)', clients, requests, async () => {
    expectStatus((await app.inject({ method: 'GET', url: '/api/public/data?mobile=false', headers: { ...headers, entity_id: '2000' } })).statusCode, 403);
  });
  await app.close();
  await target.close();
}
