import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import {
  integrationMsg,
  msg,
  webhookMsg,
  type IntegrationFeedResponse,
  type SetWebhookResponse,
  type WebhookDeliveriesResponse,
  type WebhookResponse,
} from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { appendEvent } from './events.js';
import { visitState } from './event-payloads.js';
import { WebhookDelivery } from './deliveries.js';
import { createKey, KEYS_URL, makeAdminOf } from './test-support.js';

/**
 * Webhooks against a real local receiver (node:http): delivered signed (verified as docs/integration.md shows), a
 * receiver that refuses, one that never answers, one answering 500 then 200; in order per document; two loops on
 * one database never send an event twice; resend; the administrator's calls guarded. Retries are fast here
 * (WEBHOOK_RETRY_BASE_MS, WEBHOOK_TIMEOUT_MS); the schedule itself is the same code.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const LP = { cuit: LA_PAMPA };
let laPampa: number;
let customers: number[];

type Received = { path: string; headers: IncomingMessage['headers']; body: string; status: number };
const received: Received[] = [];
/** What the receiver answers on a path: a status, or null to never answer. */
const behaviour = new Map<string, (r: Omit<Received, 'status'>) => number | null>();
let receiver: Server;
let base: string;
const hanging: ServerResponse[] = [];

before(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const r = { path: req.url ?? '', headers: req.headers, body };
      const status = (behaviour.get(r.path) ?? (() => 200))(r);
      if (status === null) {
        hanging.push(res);
        return;
      }
      received.push({ ...r, status });
      res.statusCode = status;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100', WEBHOOK_TIMEOUT_MS: '4000', WEBHOOK_RETRY_BASE_MS: '100' });
  for (const u of ['admin', 'productor']) tokens[u] = (await login(ctx.app, u)).access_token;
  laPampa = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  customers = (await ctx.db.selectFrom('entities').select('id').where('company_id', '=', laPampa).orderBy('id').limit(3).execute()).map((e) => e.id);
});
after(async () => {
  await ctx?.close();
  for (const res of hanging) res.destroy();
  receiver.closeAllConnections();
  await new Promise<void>((r) => receiver.close(() => r()));
});

const WEBHOOK = (keyId: number) => `${KEYS_URL}/${keyId}/webhook`;
const DELIVERIES = (keyId: number) => `${KEYS_URL}/${keyId}/entregas`;
const admin = (cuit: string = LA_PAMPA) => bearer(tokens.admin!, { cuit });

let keySeq = 0;
/** A key that reads events, with a webhook at `path` of the receiver; answers the key id and the signing secret. */
async function keyWithWebhook(path: string, url = `${base}${path}`): Promise<{ id: number; secret: string }> {
  const key = await createKey(ctx.app, tokens.admin!, LA_PAMPA, { nombre: `ERP webhook ${++keySeq}`, leer: ['eventos'] });
  const res = await ctx.app.inject({ method: 'PUT', url: WEBHOOK(key.clave.id), headers: admin(), payload: { url } });
  assert.equal(res.statusCode, 200, res.body);
  const answer = res.json() as SetWebhookResponse;
  assert.match(answer.secreto ?? '', /^whsec_[A-Za-z0-9_-]{43}$/);
  return { id: key.clave.id, secret: answer.secreto! };
}
/** Removes a test's webhook, so later tests' events are not queued for it. */
async function removeWebhook(keyId: number) {
  const res = await ctx.app.inject({ method: 'DELETE', url: WEBHOOK(keyId), headers: admin() });
  assert.equal(res.statusCode, 200, res.body);
}

let day = 0;
/** Appends an event of a document: the visit of customer `c` on a date (same `doc`, same document). */
async function append(c = 0, doc?: string): Promise<string> {
  const date = doc ?? `2020-01-${String((++day % 28) + 1).padStart(2, '0')}`;
  return ctx.db.transaction().execute(async (trx) => appendEvent(trx, await visitState(trx, laPampa, customers[c]!, date, 'normal', null)));
}

const delivery = (keyId: number, eventId: string) =>
  ctx.db.selectFrom('integration_webhook_deliveries').selectAll().where('key_id', '=', keyId).where('event_id', '=', eventId).executeTakeFirstOrThrow();

async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const until = (keyId: number, eventId: string, status: string, minAttempts = 0) =>
  waitFor(`${eventId} ${status}`, async () => {
    const d = await delivery(keyId, eventId);
    return d.status === status && d.attempts >= minAttempts && d.lease_token === null ? d : undefined;
  });

/** Verifies a delivery as docs/integration.md tells the ERP to: HMAC-SHA256 of "t.body", compared in constant time, t recent. */
function verify(secret: string, header: string, rawBody: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest('hex');
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) <= toleranceSeconds;
  return fresh && given.length === 32 && timingSafeEqual(given, Buffer.from(expected, 'hex'));
}

describe('webhooks', () => {
  test('a key without a webhook, or with one paused, queues nothing; a key that cannot read events has none', async () => {
    const plain = await createKey(ctx.app, tokens.admin!, LA_PAMPA, { nombre: 'Sin webhook', leer: ['eventos'] });
    const paused = await keyWithWebhook('/paused');
    const pause = await ctx.app.inject({ method: 'PUT', url: WEBHOOK(paused.id), headers: admin(), payload: { url: `${base}/paused`, activo: false } });
    assert.equal(pause.statusCode, 200, pause.body);
    assert.equal((pause.json() as SetWebhookResponse).secreto, undefined, 'a change answers no secret');
    await append();
    const count = await sql<{ n: number }>`select count(*)::int as n from integration_webhook_deliveries`.execute(ctx.db);
    assert.equal(count.rows[0]!.n, 0);
    const noEvents = await createKey(ctx.app, tokens.admin!, LA_PAMPA, { nombre: 'Solo clientes', escribir: ['clientes'] });
    expectRefused(await ctx.app.inject({ method: 'PUT', url: WEBHOOK(noEvents.clave.id), headers: admin(), payload: { url: `${base}/x` } }), 409, webhookMsg.claveSinEventos);
    const none = await ctx.app.inject({ method: 'GET', url: WEBHOOK(plain.clave.id), headers: admin() });
    assert.equal((none.json() as WebhookResponse).webhook, null);
    await removeWebhook(paused.id);
  });

  test('delivered once with a valid signature, the event id and the feed event as its body', async () => {
    const { id, secret } = await keyWithWebhook('/ok');
    const eventId = await append();
    const d = await until(id, eventId, 'entregado');
    assert.equal(d.attempts, 1);
    assert.equal(d.last_status, 200);
    const got = received.filter((r) => r.path === '/ok');
    assert.equal(got.length, 1);
    const r = got[0]!;
    assert.ok(verify(secret, String(r.headers['portal-signature']), r.body), 'the signature verifies as the docs show');
    assert.ok(!verify(secret, String(r.headers['portal-signature']), r.body.replace('normal', 'normax')), 'a changed body does not verify');
    assert.ok(!verify(`${secret}x`, String(r.headers['portal-signature']), r.body), 'another secret does not verify');
    assert.equal(r.headers['portal-event-id'], eventId);
    assert.equal(r.headers['portal-event-type'], 'visita.estado');
    assert.equal(r.headers['portal-delivery-attempt'], '1');
    assert.equal(r.headers['content-type'], 'application/json');
    const event = JSON.parse(r.body) as IntegrationFeedResponse['eventos'][number];
    assert.equal(event.id, eventId);
    assert.equal(event.tipo, 'visita.estado');
    assert.match(event.posicion, /^\d+$/);
    // The screen's list: entregado, one attempt, no error, no next attempt.
    const list = (await ctx.app.inject({ method: 'GET', url: DELIVERIES(id), headers: admin() })).json() as WebhookDeliveriesResponse;
    assert.equal(list.total, 1);
    assert.deepEqual([list.items[0]!.evento, list.items[0]!.estado, list.items[0]!.intentos, list.items[0]!.ultimo_error, list.items[0]!.proximo_intento], [eventId, 'entregado', 1, null, null]);
    // The secret is never answered again, and is kept to sign.
    const shown = await ctx.app.inject({ method: 'GET', url: WEBHOOK(id), headers: admin() });
    assert.ok(!shown.body.includes(secret));
    await removeWebhook(id);
  });

  test("an administrator's change to a user's entities reaches the webhook like any other event, signed", async () => {
    const { id, secret } = await keyWithWebhook('/links');
    const body = { username: 'webhook.enlace', email: 'webhook.enlace@coop.com.ar', first_name: 'Wanda', last_name: 'Enlace', password: 'Inicial1', perfiles: [1], entidades: [1004] };
    const created = await ctx.app.inject({ method: 'POST', url: '/api/public/proxy/usuarios', headers: admin(), payload: body });
    assert.equal(created.statusCode, 201, created.body);
    const event = await ctx.db.selectFrom('integration_events').select('id').where('kind', '=', 'usuario.entidades_modificadas').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await until(id, String(event.id), 'entregado');
    const r = received.filter((x) => x.path === '/links')[0]!;
    assert.ok(verify(secret, String(r.headers['portal-signature']), r.body));
    assert.equal(r.headers['portal-event-type'], 'usuario.entidades_modificadas');
    const sent = JSON.parse(r.body) as IntegrationFeedResponse['eventos'][number];
    assert.equal((sent.datos as { usuario: { email: string } }).usuario.email, body.email);
    assert.deepEqual((sent.datos as { agregadas: number[] }).agregadas, [1004]);
    await removeWebhook(id);
  });

  test('a receiver that refuses the connection: retried with growing waits, then exhausted after 24 hours of attempts', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const { id } = await keyWithWebhook('', `http://127.0.0.1:${port}/hook`);
    const eventId = await append();
    const d = await until(id, eventId, 'fallando', 3);
    assert.match(d.last_error ?? '', /^No se pudo conectar: ECONNREFUSED/);
    assert.equal(d.last_status, null);
    // Waits grow: 100 ms, 200 ms, 400 ms… (30 s, 1 min, 2 min… capped at 1 h outside tests).
    const wait = new Date(d.next_attempt_at).getTime() - new Date(d.last_attempt_at!).getTime();
    assert.ok(wait >= 100 * 2 ** (d.attempts - 1) * 0.9, `wait ${wait} ms after ${d.attempts} attempts`);
    const list = (await ctx.app.inject({ method: 'GET', url: DELIVERIES(id), headers: admin() })).json() as WebhookDeliveriesResponse;
    assert.equal(list.items[0]!.estado, 'fallando');
    assert.ok(list.items[0]!.proximo_intento);
    // The first attempt was 25 hours ago: the next failure is the last.
    await sql`update integration_webhook_deliveries set first_attempt_at = now() - interval '25 hours' where id = ${d.id}`.execute(ctx.db);
    const gone = await until(id, eventId, 'agotado');
    assert.ok(gone.attempts > d.attempts);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await delivery(id, eventId)).attempts, gone.attempts, 'an exhausted delivery is not retried');
    await removeWebhook(id);
  });

  test('a receiver that never answers: the attempt fails at the timeout and a retry is scheduled', async () => {
    behaviour.set('/slow', () => null);
    const { id } = await keyWithWebhook('/slow');
    const eventId = await append();
    const d = await until(id, eventId, 'fallando', 1);
    assert.equal(d.last_error, webhookMsg.errorTiempo(4));
    assert.equal(d.last_status, null);
    assert.ok(new Date(d.next_attempt_at).getTime() > new Date(d.last_attempt_at!).getTime(), 'a retry is scheduled');
    await removeWebhook(id);
  });

  test('500 then 200: retried and delivered once, two attempts counted', async () => {
    const calls = new Map<string, number>();
    behaviour.set('/flaky', (r) => {
      const n = (calls.get(r.body) ?? 0) + 1;
      calls.set(r.body, n);
      return n === 1 ? 500 : 200;
    });
    const { id, secret } = await keyWithWebhook('/flaky');
    const eventId = await append();
    const d = await until(id, eventId, 'entregado');
    assert.equal(d.attempts, 2);
    const got = received.filter((r) => r.path === '/flaky');
    assert.deepEqual(got.map((r) => r.status), [500, 200]);
    assert.deepEqual(got.map((r) => r.headers['portal-delivery-attempt']), ['1', '2']);
    assert.ok(got.every((r) => verify(secret, String(r.headers['portal-signature']), r.body)));
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(received.filter((r) => r.path === '/flaky' && r.status === 200).length, 1, 'delivered once');
    await removeWebhook(id);
  });

  test('in order per document: a later event of a document waits while an earlier one fails; other documents go on', async () => {
    let failing = true;
    behaviour.set('/order', (r) => (failing && (JSON.parse(r.body) as { sujeto: string }).sujeto.endsWith('/2021-06-01') ? 503 : 200));
    const { id } = await keyWithWebhook('/order');
    const first = await append(0, '2021-06-01');
    const second = await append(0, '2021-06-01');
    const other = await append(1, '2021-06-02');
    await until(id, other, 'entregado');
    const failed = await until(id, first, 'fallando', 2);
    const waiting = await delivery(id, second);
    assert.equal(waiting.status, 'pendiente');
    assert.equal(waiting.attempts, 0, 'the later event of the document was never sent');
    assert.ok(failed.last_error?.includes('503'));
    failing = false;
    await until(id, second, 'entregado');
    const sent = received.filter((r) => r.path === '/order' && r.status === 200).map((r) => r.headers['portal-event-id']);
    assert.ok(sent.indexOf(first) < sent.indexOf(second), `order ${sent.join(',')}`);
    assert.equal(sent.filter((e) => e === first).length, 1);
    await removeWebhook(id);
  });

  test('two delivery loops on one database never send an event twice', async () => {
    // The receiver notes an event arriving while the same event is still being answered (a send twice at once).
    const open = new Set<string>();
    let overlaps = 0;
    behaviour.set('/race', (r) => {
      const e = String(r.headers['portal-event-id']);
      if (open.has(e)) overlaps++;
      open.add(e);
      setTimeout(() => open.delete(e), 5);
      return 200;
    });
    const { id } = await keyWithWebhook('/race');
    // A second loop, as another server process runs (on PostgreSQL, on its own connections of the pool).
    const other = new WebhookDelivery(ctx.db, { warn: () => undefined }, { concurrency: 4, pollMs: 20, timeoutMs: 4_000 });
    other.start();
    const ids: string[] = [];
    try {
      for (let i = 0; i < 40; i++) ids.push(await append(i % 3));
      for (const e of ids) await until(id, e, 'entregado');
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await other.stop();
    }
    const sent = received.filter((r) => r.path === '/race').map((r) => String(r.headers['portal-event-id']));
    assert.equal(overlaps, 0);
    assert.equal(sent.length, ids.length, 'each event sent once');
    assert.deepEqual([...new Set(sent)].sort(), [...ids].sort());
    const attempts = await sql<{ n: number }>`select count(*)::int as n from integration_webhook_deliveries where key_id = ${id} and attempts <> 1`.execute(ctx.db);
    assert.equal(attempts.rows[0]!.n, 0);
    await removeWebhook(id);
  });

  test('resend: a delivered delivery goes back to pending and is sent again', async () => {
    const { id } = await keyWithWebhook('/resend');
    const eventId = await append();
    const d = await until(id, eventId, 'entregado');
    const res = await ctx.app.inject({ method: 'POST', url: `${DELIVERIES(id)}/${d.id}/reenviar`, headers: admin() });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((res.json() as { msg: string }).msg, webhookMsg.reenviado);
    await until(id, eventId, 'entregado', 2);
    assert.equal(received.filter((r) => r.path === '/resend').length, 2);
    const audit = await ctx.db.selectFrom('audit_log').select('detail').where('action', '=', 'integration.delivery-resent').execute();
    assert.equal(audit.length, 1);
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${DELIVERIES(id)}/999999/reenviar`, headers: admin() }), 404, webhookMsg.entregaInexistente);
    // Rotating the secret: the next delivery is signed with the new one.
    const rotated = (await ctx.app.inject({ method: 'POST', url: `${WEBHOOK(id)}/secreto`, headers: admin() })).json() as SetWebhookResponse;
    const next = await append();
    await until(id, next, 'entregado');
    const last = received.filter((r) => r.path === '/resend').at(-1)!;
    assert.ok(verify(rotated.secreto!, String(last.headers['portal-signature']), last.body));
    await removeWebhook(id);
  });

  test('the administrator calls: 401 without a session, 403 for a customer and another company, 400 in Spanish, 404 for another company\'s key', async () => {
    const key = await createKey(ctx.app, tokens.admin!, LA_PAMPA, { nombre: 'ERP guard', leer: ['eventos'] });
    const k = key.clave.id;
    await expectGuarded(ctx.app, { method: 'GET', url: WEBHOOK(k) }, { access: 'company', token: tokens.admin! });
    await expectGuarded(ctx.app, { method: 'PUT', url: WEBHOOK(k), payload: { url: `${base}/g` } }, { access: 'company', token: tokens.admin! });
    await expectGuarded(ctx.app, { method: 'GET', url: DELIVERIES(k) }, { access: 'company', token: tokens.admin! });
    for (const [method, url] of [['GET', WEBHOOK(k)], ['PUT', WEBHOOK(k)], ['DELETE', WEBHOOK(k)], ['POST', `${WEBHOOK(k)}/secreto`], ['GET', DELIVERIES(k)], ['POST', `${DELIVERIES(k)}/1/reenviar`]] as const) {
      const res = await ctx.app.inject({ method, url, headers: bearer(tokens.productor!, LP), payload: method === 'PUT' ? { url: `${base}/g` } : undefined });
      expectRefused(res, 403, msg.soloAdministradores);
    }
    const put = (payload: unknown) => ctx.app.inject({ method: 'PUT', url: WEBHOOK(k), headers: admin(), payload: payload as object });
    expectRefused(await put({}), 400, webhookMsg.urlObligatoria);
    expectRefused(await put({ url: 'http://erp.example.com/hook' }), 400, webhookMsg.urlInvalida);
    expectRefused(await put({ url: 'ftp://erp.example.com/hook' }), 400, webhookMsg.urlInvalida);
    expectRefused(await put({ url: 'https://user:pw@erp.example.com/hook' }), 400, webhookMsg.urlInvalida);
    expectRefused(await put({ url: `https://erp.example.com/${'x'.repeat(2000)}` }), 400, webhookMsg.urlLarga);
    expectRefused(await put({ url: 'https://erp.example.com/hook', activo: 'si' }), 400, webhookMsg.activoInvalido);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${DELIVERIES(k)}?pagina=0`, headers: admin() }), 400, webhookMsg.paginaInvalida);
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${DELIVERIES(k)}/abc/reenviar`, headers: admin() }), 400, webhookMsg.entregaInexistente);
    expectRefused(await ctx.app.inject({ method: 'DELETE', url: WEBHOOK(k), headers: admin() }), 404, webhookMsg.webhookInexistente);
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${WEBHOOK(k)}/secreto`, headers: admin() }), 404, webhookMsg.webhookInexistente);
    assert.equal((await put({ url: 'https://erp.example.com/hook' })).statusCode, 200);
    // Another company's key answers like a missing one, from that company's administrator.
    await makeAdminOf(ctx.db, 'admin', DEL_SUR);
    for (const [method, url] of [['GET', WEBHOOK(k)], ['PUT', WEBHOOK(k)], ['DELETE', WEBHOOK(k)], ['GET', DELIVERIES(k)], ['POST', `${DELIVERIES(k)}/1/reenviar`]] as const) {
      const res = await ctx.app.inject({ method, url, headers: admin(DEL_SUR), payload: method === 'PUT' ? { url: 'https://erp.example.com/hook' } : undefined });
      expectRefused(res, 404, integrationMsg.claveInexistente);
    }
    // A revoked key cannot get a webhook.
    assert.equal((await ctx.app.inject({ method: 'DELETE', url: `${KEYS_URL}/${k}`, headers: admin() })).statusCode, 200);
    expectRefused(await put({ url: 'https://erp.example.com/hook' }), 409, webhookMsg.claveRevocadaWebhook);
  });
});
