import { timingSafeEqual } from 'node:crypto';
import { msg } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'kysely';
import { poolStats, type DB } from '../db/database.js';

/**
 * What an operator scrapes (docs/operations.md, "Metrics and health"): GET /metrics in the Prometheus text format,
 * behind a bearer token (METRICS_TOKEN; without it the route does not exist). One registry per app: requests by
 * route and status, their latency, the database pool, the integration's backlogs (read from the database at each
 * scrape, so every process reports the same figures for the whole deployment), and prom-client's process metrics
 * (memory, CPU, event-loop delay, handles). Also the probes: /livez (the process answers) and /readyz (the database answers and the server
 * is not shutting down), beside /healthz (the database answers).
 */
export function registerMetrics(app: FastifyInstance, db: DB, token: string | undefined): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.get('/livez', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (closing) return reply.code(503).send({ status: 'closing' });
    await db.selectFrom('server_settings').select('key').limit(1).execute();
    return { status: 'ok' };
  });
  if (!token) return;

  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route and status', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections of this process, by state (PostgreSQL)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = poolStats(db);
      if (!s) return;
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'in_use' }, s.total - s.idle);
      this.set({ state: 'max' }, s.max);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries waiting for a free database connection (PostgreSQL)',
    registers: [registry],
    collect() {
      this.set(poolStats(db)?.waiting ?? 0);
    },
  });

  // The feed: a committed event gets its place in the feed when a key first reads past it, so the events without one
  // are those no ERP has read yet, and the oldest one's age is how far the pulling ERP is behind.
  // One statement per scrape serves both gauges: the handler starts it, the two collects read its answer.
  const feed = () =>
    sql<{ n: number; age: number | null }>`select count(*)::int as n, extract(epoch from now() - min(occurred_at))::float8 as age
      from integration_events where position is null`.execute(db).then((r) => r.rows[0]!);
  let scrapedFeed: ReturnType<typeof feed> | null = null;
  new Gauge({
    name: 'integration_feed_unread_events',
    help: 'Committed integration events no key has read from the feed yet',
    registers: [registry],
    async collect() {
      this.set((await (scrapedFeed ?? feed())).n);
    },
  });
  new Gauge({
    name: 'integration_feed_lag_seconds',
    help: 'Age of the oldest integration event no key has read yet (0 when none waits)',
    registers: [registry],
    async collect() {
      this.set(Math.max(0, (await (scrapedFeed ?? feed())).age ?? 0));
    },
  });
  // Webhooks: the deliveries still to send (due now or waiting for a retry), by status, and the oldest one's age.
  new Gauge({
    name: 'webhook_deliveries_open',
    help: 'Webhook deliveries not yet delivered nor given up, by status (pendiente, fallando)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await sql<{ status: string; n: number }>`select status, count(*)::int as n from integration_webhook_deliveries
        where status in ('pendiente', 'fallando') group by status`.execute(db);
      for (const status of ['pendiente', 'fallando']) this.set({ status }, rows.rows.find((r) => r.status === status)?.n ?? 0);
    },
  });
  new Gauge({
    name: 'webhook_backlog_oldest_seconds',
    help: 'Age of the oldest webhook delivery not yet delivered nor given up (0 when none waits)',
    registers: [registry],
    async collect() {
      const r = await sql<{ age: number | null }>`select extract(epoch from now() - min(created_at))::float8 as age
        from integration_webhook_deliveries where status in ('pendiente', 'fallando')`.execute(db);
      this.set(Math.max(0, r.rows[0]?.age ?? 0));
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (/proxy/recibos/:id), never the raw URL: one series per route, not per id.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ success: false, msg: msg.tokenInvalido });
    }
    scrapedFeed = feed();
    // Read by the collects; if the scrape fails before they await it, its failure is not left unhandled.
    scrapedFeed.catch(() => undefined);
    try {
      return reply.header('content-type', registry.contentType).send(await registry.metrics());
    } finally {
      scrapedFeed = null;
    }
  });
}
