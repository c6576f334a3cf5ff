import { sql } from 'kysely';
import type { DB } from '../db/database.js';

/** Who did what, when (created_at), from where (ip), to what (detail): one row of the audit trail. */
export type AuditEntry = {
  action: string;
  userId?: number | null;
  companyId?: number | null;
  detail?: Record<string, unknown>;
  /**
   * The client's address (request.ip, TRUST_PROXY honoured): a gated request's `AuthUser.ip`, a public one's
   * `request.ip`; null when there is no request. Passed by every caller: an AsyncLocalStorage request context used to
   * supply it, and on Node 20 it put async_hooks' promise hooks on every promise of every request.
   */
  ip: string | null;
};

/**
 * The one way to write the audit trail. Pass the transaction of the state change it records, so the row commits
 * (or rolls back) with it; an event that changes nothing else (a failed login, a refused request) passes the db.
 */
export async function writeAudit(db: DB, { action, userId = null, companyId = null, detail = {}, ip }: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values({ action, user_id: userId, company_id: companyId, detail: JSON.stringify(detail), ip }).execute();
}

/** How long repeated refusals of one user on one route, for one reason, add up in one row. */
export const DENIAL_WINDOW_MS = 10 * 60_000;

/**
 * A refused request (`access.denied`), kept as evidence without letting it flood the trail: the refusals of one user,
 * on one route (its pattern, so probing ids one after another is one route), in one company, for one reason, within
 * DENIAL_WINDOW_MS of that row's first refusal add up in one row — `detail.count` and `detail.last` (the time of the
 * latest), the first refusal's `url` kept. At most one row per user, route, reason and window, whatever the rate.
 * Two refusals racing into a new window may each write a row: the bound is a handful, never one per request.
 */
export async function writeDenial(db: DB, entry: AuditEntry & { userId: number; detail: { reason: string; route: string; url: string } }): Promise<void> {
  const { userId, companyId = null, detail } = entry;
  const since = new Date(Date.now() - DENIAL_WINDOW_MS);
  const now = new Date().toISOString();
  const updated = await db
    .updateTable('audit_log')
    .set({
      detail: sql`jsonb_set(jsonb_set(detail, '{count}', to_jsonb(coalesce((detail->>'count')::int, 1) + 1)), '{last}', to_jsonb(${now}::text))`,
    })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('audit_log')
        .select('id')
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .where('action', '=', 'access.denied')
        .where(sql<boolean>`company_id is not distinct from ${companyId}`)
        .where(sql<boolean>`detail->>'route' = ${detail.route}`)
        .where(sql<boolean>`detail->>'reason' = ${detail.reason}`)
        .orderBy('id', 'desc')
        .limit(1),
    )
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await writeAudit(db, { ...entry, action: 'access.denied', detail: { ...detail, count: 1, last: now } });
}
