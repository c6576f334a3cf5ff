import { AsyncLocalStorage } from 'node:async_hooks';
import type { DB } from '../db/database.js';

/** Who did what, when (created_at), from where (ip), to what (detail): one row of the audit trail. */
export type AuditEntry = {
  action: string;
  userId?: number | null;
  companyId?: number | null;
  detail?: Record<string, unknown>;
  /** The client's address; by default the address of the request being served (see `auditRequestContext`). */
  ip?: string | null;
};

/**
 * The request a state change happens in, for the audit rows it writes: services need not carry the client's
 * address through every call to say "from where". Entered once per request by an onRequest hook (app.ts).
 */
const requestContext = new AsyncLocalStorage<{ ip: string }>();

/** Runs `next` (the rest of the request's handling) with the request's address known to writeAudit. */
export function auditRequestContext(ip: string, next: () => void): void {
  requestContext.run({ ip }, next);
}

/**
 * The one way to write the audit trail. Pass the transaction of the state change it records, so the row commits
 * (or rolls back) with it; an event that changes nothing else (a failed login, a refused request) passes the db.
 */
export async function writeAudit(db: DB, { action, userId = null, companyId = null, detail = {}, ip }: AuditEntry): Promise<void> {
  const from = ip === undefined ? (requestContext.getStore()?.ip ?? null) : ip;
  await db.insertInto('audit_log').values({ action, user_id: userId, company_id: companyId, detail: JSON.stringify(detail), ip: from }).execute();
}
