import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { sql } from 'kysely';
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

  test("/metrics reports the integration's backlogs: events no ERP has read yet and webhook deliveries still to send", async () => {
    const scrape = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      const families = parsePrometheusTextFormat(res.body) as Family[];
      const value = (name: string, status?: string) => Number(families.find((f) => f.name === name)?.metrics.find((m) => !status || m.labels?.status === status)?.value);
      return {
        unread: value('integration_feed_unread_events'),
        lag: value('integration_feed_lag_seconds'),
        failing: value('webhook_deliveries_open', 'fallando'),
        oldest: value('webhook_backlog_oldest_seconds'),
      };
    };
    const before = await scrape();
    const company = await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
    // An event two minutes old that no key has read, and a delivery of it failing since then, its retry an hour away.
    const event = await sql<{ id: string }>`insert into integration_events (company_id, kind, occurred_at, subject, payload)
      values (${company.id}, 'pedido.confirmado', now() - interval '120 seconds', 'pedido/metricas', '{}'::jsonb) returning id::text`.execute(ctx.db);
    const key = await sql<{ id: number }>`insert into integration_keys (company_id, name, prefix, secret_hash)
      values (${company.id}, 'Métricas', 'metricas0001', 'x') returning id`.execute(ctx.db);
    await sql`insert into integration_webhook_deliveries (key_id, event_id, company_id, subject, status, attempts, next_attempt_at, created_at)
      values (${key.rows[0]!.id}, ${event.rows[0]!.id}::bigint, ${company.id}, 'pedido/metricas', 'fallando', 3, now() + interval '1 hour', now() - interval '120 seconds')`.execute(ctx.db);
    const after = await scrape();
    assert.equal(after.unread, before.unread + 1);
    assert.ok(after.lag >= 119, `feed lag ${after.lag}`);
    assert.equal(after.failing, before.failing + 1);
    assert.ok(after.oldest >= 119, `webhook backlog age ${after.oldest}`);
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
