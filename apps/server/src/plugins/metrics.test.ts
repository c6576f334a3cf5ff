import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { createTestApp, LA_PAMPA, bearer, login, type TestContext } from '../test/helpers.js';

/** GET /metrics (Prometheus text, behind METRICS_TOKEN) and the probes /livez and /readyz. */
const TOKEN = 'metricas-de-prueba-0123456789';
let ctx: TestContext;
before(async () => {
  ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
});
after(async () => {
  await ctx?.close();
});

type Family = { name: string; type: string; metrics: Array<{ labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string }> };

describe('metrics and probes', () => {
  test('/metrics parses as Prometheus text: requests by route and status, latency, memory, event loop, database pool', async () => {
    const t = await login(ctx.app, 'productor');
    const headers = bearer(t.access_token, { cuit: LA_PAMPA, entity_id: '1001' });
    assert.equal((await ctx.app.inject({ method: 'GET', url: '/api/public/proxy/recibos/getAllPendientes', headers })).statusCode, 200);
    assert.equal((await ctx.app.inject({ method: 'GET', url: '/api/public/proxy/recibos/999999999/compartir', headers })).statusCode, 404);

    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    const families = parsePrometheusTextFormat(res.body) as Family[];
    const byName = new Map(families.map((f) => [f.name, f]));

    const requests = byName.get('http_requests_total')!;
    assert.equal(requests.type, 'COUNTER');
    const ok = requests.metrics.find((m) => m.labels?.route === '/api/public/proxy/recibos/getAllPendientes' && m.labels?.status_code === '200');
    assert.equal(ok?.value, '1');
    const missing = requests.metrics.find((m) => m.labels?.route === '/api/public/proxy/recibos/:id/compartir');
    assert.equal(missing?.labels?.status_code, '404', 'the route pattern, never the raw URL with its id');

    const latency = byName.get('http_request_duration_seconds')!;
    assert.equal(latency.type, 'HISTOGRAM');
    assert.ok(latency.metrics.length > 0 && latency.metrics.every((m) => m.buckets?.['+Inf'] !== undefined));
    // The parser drops a labelled histogram's labels (it merges samples whose labels, `le` included, are equal):
    // the route's count is read from the text itself.
    assert.match(res.body, /^http_request_duration_seconds_count\{method="GET",route="\/api\/public\/proxy\/recibos\/getAllPendientes",status_code="200"\} 1$/m);

    for (const name of ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_p99_seconds', 'db_pool_waiting_requests']) {
      assert.ok(byName.has(name), name);
    }
    const pool = byName.get('db_pool_connections')!;
    if (process.env.TEST_DATABASE_URL) assert.ok(pool.metrics.some((m) => m.labels?.state === 'max' && Number(m.value) > 0));
  });

  test('/metrics is not public: 401 without the token or with another', async () => {
    for (const authorization of [undefined, 'Bearer otro-token-cualquiera-0123', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      assert.equal(res.statusCode, 401, String(authorization));
      assert.equal(res.json().success, false);
    }
  });

  test('without METRICS_TOKEN there is no /metrics; liveness and readiness answer apart', async () => {
    const other = await createTestApp();
    try {
      assert.equal((await other.app.inject({ method: 'GET', url: '/metrics' })).statusCode, 404);
      assert.deepEqual((await other.app.inject({ method: 'GET', url: '/livez' })).json(), { status: 'ok' });
      assert.deepEqual((await other.app.inject({ method: 'GET', url: '/readyz' })).json(), { status: 'ok' });
    } finally {
      await other.close();
    }
  });
});
