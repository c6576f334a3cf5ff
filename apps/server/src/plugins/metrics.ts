import { timingSafeEqual } from 'node:crypto';
import { msg } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolStats, type DB } from '../db/database.js';

/**
 * What an operator scrapes (docs/operations.md, "Metrics and health"): GET /metrics in the Prometheus text format,
 * behind a bearer token (METRICS_TOKEN; without it the route does not exist). One registry per app: requests by
 * route and status, their latency, the database pool, and prom-client's process metrics (memory, CPU, event-loop
 * delay, handles). Also the probes: /livez (the process answers) and /readyz (the database answers and the server
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
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
