import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import {
  integrationMsg,
  WEBHOOK_LIMITS,
  webhookMsg,
  type IntegrationEventKind,
  type setWebhookRequest,
  type SetWebhookResponse,
  type WebhookDeliveriesResponse,
  type WebhookDeliveryWire,
  type WebhookResponse,
  type WebhookWire,
} from '@portal/contract';
import type { DB } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { HttpError, notFound } from '../../lib/http-errors.js';
import type { AuthUser, Tenant } from '../../lib/identity.js';
import { readsEvents } from './event-scope.js';
import * as repo from './repository.js';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** A webhook signing secret: 256 random bits, shown once (and kept as is: signing needs it). */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

type WebhookRow = { url: string; enabled: boolean; created_at: Date | string; updated_at: Date | string; secret_at: Date | string };
const toWebhookWire = (w: WebhookRow): WebhookWire => ({
  url: w.url,
  activo: w.enabled,
  creado: iso(w.created_at)!,
  actualizado: iso(w.updated_at)!,
  secreto_generado: iso(w.secret_at)!,
});

type DeliveryRow = {
  id: string;
  event_id: string;
  kind: string;
  subject: string;
  status: WebhookDeliveryWire['estado'];
  attempts: number;
  last_error: string | null;
  last_status: number | null;
  next_attempt_at: Date | string;
  delivered_at: Date | string | null;
  created_at: Date | string;
};
const toDeliveryWire = (d: DeliveryRow): WebhookDeliveryWire => ({
  id: String(d.id),
  evento: String(d.event_id),
  tipo: d.kind as IntegrationEventKind,
  sujeto: d.subject,
  estado: d.status,
  intentos: d.attempts,
  ultimo_error: d.last_error,
  ultimo_estado_http: d.last_status,
  proximo_intento: d.status === 'pendiente' || d.status === 'fallando' ? iso(d.next_attempt_at) : null,
  entregado: iso(d.delivered_at),
  creado: iso(d.created_at)!,
});

const deliveryColumns = sql`d.id::text as id, d.event_id::text as event_id, e.kind, d.subject, d.status, d.attempts, d.last_error,
  d.last_status, d.next_attempt_at, d.delivered_at, d.created_at`;

/**
 * The administrator's side of the webhooks: per key an optional address with its signing secret (generated, shown
 * once, rotatable), the list of deliveries and resending one. Every change writes its audit row in its transaction;
 * another company's key answers like a missing one.
 */
export class IntegrationWebhooks {
  constructor(
    private readonly db: DB,
    /** Wakes this process's delivery loop (a resend is sent at once, not at the next poll). */
    private readonly wake: () => void,
  ) {}

  private async key(db: DB, tenant: Tenant, keyId: number) {
    const row = await repo.findKey(db, tenant.company.id, keyId);
    if (!row) throw notFound(integrationMsg.claveInexistente);
    return row;
  }

  private webhookRow(db: DB, companyId: number, keyId: number) {
    return db
      .selectFrom('integration_webhooks')
      .select(['url', 'enabled', 'created_at', 'updated_at', 'secret_at'])
      .where('company_id', '=', companyId)
      .where('key_id', '=', keyId)
      .executeTakeFirst();
  }

  async get(tenant: Tenant, keyId: number): Promise<WebhookResponse> {
    await this.key(this.db, tenant, keyId);
    const row = await this.webhookRow(this.db, tenant.company.id, keyId);
    return { success: true, webhook: row ? toWebhookWire(row) : null };
  }

  /** Creates the key's webhook (answering its new secret) or changes its address and whether it is active. */
  async set(user: AuthUser, tenant: Tenant, keyId: number, body: z.output<typeof setWebhookRequest>): Promise<SetWebhookResponse> {
    return this.db.transaction().execute(async (trx) => {
      const key = await this.key(trx, tenant, keyId);
      if (key.revoked_at) throw new HttpError(409, webhookMsg.claveRevocadaWebhook);
      if (!readsEvents(key.read_kinds)) throw new HttpError(409, webhookMsg.claveSinEventos);
      const secret = newSecret();
      // One statement either way: two administrators saving at once leave one webhook, and only a new one gets a secret.
      const saved = await sql<WebhookRow & { created: boolean }>`insert into integration_webhooks (key_id, company_id, url, secret, enabled)
        values (${keyId}, ${tenant.company.id}, ${body.url}, ${secret}, ${body.activo})
        on conflict (key_id) do update set url = excluded.url, enabled = excluded.enabled, updated_at = now()
        returning url, enabled, created_at, updated_at, secret_at, (xmax = 0) as created`.execute(trx);
      const row = saved.rows[0]!;
      await writeAudit(trx, {
        action: row.created ? 'integration.webhook-created' : 'integration.webhook-changed',
        userId: user.userId,
        companyId: tenant.company.id,
        ip: user.ip,
        detail: { clave: key.name, prefijo: key.prefix, url: body.url, activo: body.activo },
      });
      return { success: true, msg: webhookMsg.guardado, webhook: toWebhookWire(row), ...(row.created ? { secreto: secret } : {}) };
    });
  }

  /** A new signing secret; the previous one stops signing at once (deliveries in flight keep the one they were sent with). */
  async rotate(user: AuthUser, tenant: Tenant, keyId: number): Promise<SetWebhookResponse> {
    return this.db.transaction().execute(async (trx) => {
      const key = await this.key(trx, tenant, keyId);
      if (key.revoked_at) throw new HttpError(409, webhookMsg.claveRevocadaWebhook);
      const secret = newSecret();
      const row = await trx
        .updateTable('integration_webhooks')
        .set({ secret, secret_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
        .where('company_id', '=', tenant.company.id)
        .where('key_id', '=', keyId)
        .returning(['url', 'enabled', 'created_at', 'updated_at', 'secret_at'])
        .executeTakeFirst();
      if (!row) throw notFound(webhookMsg.webhookInexistente);
      await writeAudit(trx, { action: 'integration.webhook-secret-rotated', userId: user.userId, companyId: tenant.company.id, ip: user.ip, detail: { clave: key.name, prefijo: key.prefix } });
      return { success: true, msg: webhookMsg.rotado, webhook: toWebhookWire(row), secreto: secret };
    });
  }

  /** Removes the webhook and its deliveries: nothing more is sent for the key. */
  async remove(user: AuthUser, tenant: Tenant, keyId: number) {
    return this.db.transaction().execute(async (trx) => {
      const key = await this.key(trx, tenant, keyId);
      const gone = await trx.deleteFrom('integration_webhooks').where('company_id', '=', tenant.company.id).where('key_id', '=', keyId).returning('url').executeTakeFirst();
      if (!gone) throw notFound(webhookMsg.webhookInexistente);
      await trx.deleteFrom('integration_webhook_deliveries').where('company_id', '=', tenant.company.id).where('key_id', '=', keyId).execute();
      await writeAudit(trx, { action: 'integration.webhook-removed', userId: user.userId, companyId: tenant.company.id, ip: user.ip, detail: { clave: key.name, prefijo: key.prefix, url: gone.url } });
      return { success: true as const, msg: webhookMsg.quitado };
    });
  }

  /** A page of the key's deliveries, newest first. */
  async deliveries(tenant: Tenant, keyId: number, page: number): Promise<WebhookDeliveriesResponse> {
    await this.key(this.db, tenant, keyId);
    const size = WEBHOOK_LIMITS.pageSize;
    const [rows, total] = await Promise.all([
      sql<DeliveryRow>`select ${deliveryColumns} from integration_webhook_deliveries d join integration_events e on e.id = d.event_id
        where d.company_id = ${tenant.company.id} and d.key_id = ${keyId}
        order by d.id desc limit ${size} offset ${(page - 1) * size}`.execute(this.db),
      sql<{ n: number }>`select count(*)::int as n from integration_webhook_deliveries where company_id = ${tenant.company.id} and key_id = ${keyId}`.execute(this.db),
    ]);
    return { success: true, items: rows.rows.map(toDeliveryWire), total: total.rows[0]?.n ?? 0, pagina: page, por_pagina: size };
  }

  /**
   * Sends a delivery again, whatever its state: it is pending now, with a fresh 24 hours of retries. A send in
   * flight finishes first (it holds the delivery's lease), so the event is never sent twice at once.
   */
  async resend(user: AuthUser, tenant: Tenant, keyId: number, deliveryId: string) {
    const answer = await this.db.transaction().execute(async (trx) => {
      const key = await this.key(trx, tenant, keyId);
      const updated = await sql<{ id: string }>`update integration_webhook_deliveries
        set status = 'pendiente', next_attempt_at = now(), first_attempt_at = null
        where company_id = ${tenant.company.id} and key_id = ${keyId} and id = ${deliveryId}::bigint
        returning id::text as id`.execute(trx);
      if (!updated.rows.length) throw notFound(webhookMsg.entregaInexistente);
      const row = await sql<DeliveryRow>`select ${deliveryColumns} from integration_webhook_deliveries d join integration_events e on e.id = d.event_id
        where d.id = ${deliveryId}::bigint`.execute(trx);
      await writeAudit(trx, { action: 'integration.delivery-resent', userId: user.userId, companyId: tenant.company.id, ip: user.ip, detail: { clave: key.name, entrega: deliveryId, evento: row.rows[0]!.event_id } });
      return { success: true as const, msg: webhookMsg.reenviado, entrega: toDeliveryWire(row.rows[0]!) };
    });
    this.wake();
    return answer;
  }
}
