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
   * supply it, and on Node 20 it put async_hooks' promise hooks on every promise of every request (issue 14).
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
