import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { sql } from 'kysely';
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS, webhookMsg } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { sequenceEvents, toEventWire, type EventRow } from './events.js';
import { onQueued } from './deliveries-queue.js';

/**
 * The webhook delivery loop (docs/decisions/integration.md, 'Webhooks'), one in every server process, with no
 * second service to run:
 *
 * - It claims due deliveries with `for update skip locked` and a lease (lease_token, lease_until) in one statement,
 *   so no two processes (or two loops of one) send the same delivery at once; a process that dies mid-send leaves
 *   its lease to run out, and another claims the delivery then.
 * - In order per document: a delivery is not claimed while an earlier event (by feed position, i.e. commit order)
 *   of the same document (the event's subject) to the same key is undelivered; 'agotado' no longer holds the rest.
 * - A 2xx answer delivers; anything else, a refused connection or no answer within the timeout is retried after
 *   30 s, doubling up to an hour; a failure 24 hours or more after the first attempt is the last ('agotado').
 * - Woken shortly after this process queues a delivery (deliveries-queue.ts), and polls every second for the rest
 *   (one indexed look when nothing is due).
 */

export type DeliveryOptions = {
  timeoutMs: number;
  retryBaseMs: number;
  retryCapMs: number;
  retryForMs: number;
  concurrency: number;
  pollMs: number;
};

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  timeoutMs: WEBHOOK_LIMITS.timeoutMs,
  retryBaseMs: WEBHOOK_LIMITS.retryBaseMs,
  retryCapMs: WEBHOOK_LIMITS.retryCapMs,
  retryForMs: WEBHOOK_LIMITS.retryForMs,
  concurrency: 16,
  pollMs: 1_000,
};

type Log = { warn: (obj: object, msg: string) => void };

type Claimed = EventRow & { delivery_id: string; attempts: number; first_attempt_at: Date | string; url: string; secret: string; lease_token: string };

/** The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`. */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** The wait before retry number `attempts` (1 after the first failure): base, doubling, capped. */
export function retryDelayMs(attempts: number, base: number, cap: number): number {
  return Math.min(cap, base * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

class Timeout extends Error {}
class Shutdown extends Error {}

export class WebhookDelivery {
  private readonly options: DeliveryOptions;
  private readonly inFlight = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  private readonly agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: DB,
    private readonly log: Log,
    options: Partial<DeliveryOptions> = {},
  ) {
    this.options = { ...DEFAULT_DELIVERY_OPTIONS, ...options };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = onQueued(() => this.kick());
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops claiming, cuts the sends in flight (their leases are given back) and waits for their records. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    await this.ticking;
    for (const f of this.inFlight.values()) f.abort.abort(new Shutdown());
    await Promise.allSettled([...this.inFlight.values()].map((f) => f.promise));
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /** Looks for due deliveries now (coalesced: one look at a time, and one more if asked meanwhile). */
  kick(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.again = false;
    this.ticking = this.tick().finally(() => {
      this.ticking = null;
      if (this.again) this.kick();
    });
  }

  /** Resolves when nothing is in flight and no look is running (tests and the bench). */
  async idle(): Promise<void> {
    while (this.ticking || this.inFlight.size > 0) {
      await this.ticking;
      await Promise.allSettled([...this.inFlight.values()].map((f) => f.promise));
    }
  }

  /** One look: claims as many due deliveries as there are free places, and asks for another look when it filled them. */
  private async tick(): Promise<void> {
    try {
      const free = this.options.concurrency - this.inFlight.size;
      // Claims go in batches (half the places at least, or whatever is free when nothing is in flight): the claim
      // statement weighs each due delivery against its document's earlier ones, so one claim per finished send would
      // cost more than the sends.
      if (this.stopped || free <= 0 || (this.inFlight.size > 0 && free < Math.ceil(this.options.concurrency / 2))) return;
      if (!(await this.anyDue())) return;
      // Deliveries are claimed in feed order: the events committed since the last look get their place first.
      await sequenceEvents(this.db);
      const claimed = await this.claim(free);
      for (const c of claimed) this.launch(c);
      if (claimed.length === free) this.again = true;
    } catch (err) {
      this.log.warn({ err }, 'webhook delivery loop failed; retrying at the next poll');
    }
  }

  private async anyDue(): Promise<boolean> {
    const r = await sql<{ one: number }>`select 1 as one from integration_webhook_deliveries
      where status in ('pendiente', 'fallando') and next_attempt_at <= now() and (lease_until is null or lease_until < now())
      limit 1`.execute(this.db);
    return r.rows.length > 0;
  }

  /**
   * Claims up to `limit` due deliveries in one statement: locks them (skipping rows another process is claiming),
   * counts the attempt and sets this loop's lease, longer than the send may take.
   */
  private async claim(limit: number): Promise<Claimed[]> {
    const token = randomUUID();
    const leaseMs = this.options.timeoutMs + 30_000;
    const r = await sql<Claimed>`with due as (
        select d.id from integration_webhook_deliveries d
        join integration_events e on e.id = d.event_id
        join integration_webhooks w on w.key_id = d.key_id
        join integration_keys k on k.id = d.key_id
        where d.status in ('pendiente', 'fallando') and d.next_attempt_at <= now()
          and (d.lease_until is null or d.lease_until < now())
          and e.position is not null and w.enabled and k.revoked_at is null
          and not exists (
            select 1 from integration_webhook_deliveries p join integration_events pe on pe.id = p.event_id
            where p.key_id = d.key_id and p.subject = d.subject and p.status in ('pendiente', 'fallando') and pe.position < e.position)
        order by e.position
        limit ${limit}
        for update of d skip locked)
      update integration_webhook_deliveries d
      set lease_token = ${token}, lease_until = now() + ${leaseMs} * interval '1 millisecond', attempts = d.attempts + 1,
        last_attempt_at = now(), first_attempt_at = coalesce(d.first_attempt_at, now())
      from due, integration_events e, integration_webhooks w
      where d.id = due.id and e.id = d.event_id and w.key_id = d.key_id
      returning d.id::text as delivery_id, d.attempts, d.first_attempt_at, d.lease_token, w.url, w.secret,
        e.id::text as id, e.position::text as pos, e.kind, e.occurred_at, e.actor_user_id, e.actor_name, e.subject, e.payload`.execute(this.db);
    return r.rows;
  }

  private launch(c: Claimed): void {
    const abort = new AbortController();
    const promise = this.send(c, abort.signal)
      .then(
        (outcome) => this.record(c, outcome),
        (err: unknown) => (err instanceof Shutdown ? this.release(c) : this.record(c, { ok: false, status: null, error: webhookMsg.errorConexion(String(err)) })),
      )
      .catch((err: unknown) => this.log.warn({ err, delivery: c.delivery_id }, 'webhook delivery not recorded; its lease runs out and it is sent again'))
      .finally(() => {
        this.inFlight.delete(c.delivery_id);
        this.kick();
      });
    this.inFlight.set(c.delivery_id, { promise, abort });
  }

  /** One POST of the event, signed now; answers how it went (never throws but for shutdown). */
  private send(c: Claimed, signal: AbortSignal): Promise<Outcome> {
    const body = JSON.stringify(toEventWire(c));
    const url = new URL(c.url);
    const client = url.protocol === 'https:' ? https : http;
    const agent = url.protocol === 'https:' ? this.agents.https : this.agents.http;
    return new Promise<Outcome>((resolve, reject) => {
      let settled = false;
      const done = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        fn();
      };
      const req = client.request(url, {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Portal-Webhooks/1',
          [WEBHOOK_HEADERS.signature]: signWebhook(c.secret, body, Math.floor(Date.now() / 1000)),
          [WEBHOOK_HEADERS.eventId]: c.id,
          [WEBHOOK_HEADERS.eventType]: c.kind,
          [WEBHOOK_HEADERS.attempt]: String(c.attempts),
        },
      });
      // Whatever happens, the attempt settles exactly once: at the answer's end (or its connection's close), at the
      // timeout, on a connection error, at shutdown, or when the request closes without any of these.
      const timer = setTimeout(() => {
        done(() => resolve({ ok: false, status: null, error: webhookMsg.errorTiempo(Math.round(this.options.timeoutMs / 100) / 10) }));
        req.destroy(new Timeout());
      }, this.options.timeoutMs);
      const onAbort = () => {
        done(() => reject(new Shutdown()));
        req.destroy(new Shutdown());
      };
      signal.addEventListener('abort', onAbort);
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        const answered = () => done(() => resolve(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: webhookMsg.errorEstado(status) }));
        // The answer's body is not kept: only its status counts. It is read to the end so the connection is reused.
        res.on('end', answered);
        res.on('close', answered);
        res.on('error', answered);
        res.resume();
      });
      req.on('error', (err: Error & { code?: string }) => done(() => resolve({ ok: false, status: null, error: webhookMsg.errorConexion(err.code ?? err.message) })));
      req.on('close', () => done(() => resolve({ ok: false, status: null, error: webhookMsg.errorConexion('conexión cerrada') })));
      req.end(body);
    });
  }

  /** The attempt's result, only while this loop still holds the lease (a resend meanwhile keeps it pending). */
  private async record(c: Claimed, outcome: Outcome): Promise<void> {
    if (outcome.ok) {
      await sql`update integration_webhook_deliveries set status = 'entregado', delivered_at = now(), last_status = ${outcome.status},
          last_error = null, lease_token = null, lease_until = null
        where id = ${c.delivery_id}::bigint and lease_token = ${c.lease_token}`.execute(this.db);
      return;
    }
    const delay = retryDelayMs(c.attempts, this.options.retryBaseMs, this.options.retryCapMs);
    await sql`update integration_webhook_deliveries set
          status = case when now() >= first_attempt_at + ${this.options.retryForMs} * interval '1 millisecond' then 'agotado' else 'fallando' end,
          next_attempt_at = now() + ${delay} * interval '1 millisecond',
          last_status = ${outcome.status}, last_error = ${outcome.error.slice(0, 500)}, lease_token = null, lease_until = null
        where id = ${c.delivery_id}::bigint and lease_token = ${c.lease_token}`.execute(this.db);
  }

  /** A send cut by shutdown: the lease is given back and the attempt not counted, for another process to send it now. */
  private async release(c: Claimed): Promise<void> {
    await sql`update integration_webhook_deliveries set lease_token = null, lease_until = null, attempts = greatest(attempts - 1, 0)
      where id = ${c.delivery_id}::bigint and lease_token = ${c.lease_token}`.execute(this.db);
  }
}
