import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { EVENTS_READ_KIND } from './event-scope.js';

/**
 * Queues an event for the webhooks of its company, in the transaction that writes the event: one delivery per key
 * whose webhook is active and whose read scope covers the feed (the feed's own rule, event-scope.ts), so a delivery exists
 * exactly when its event commits. Delivery loops in this process are woken shortly after (they also poll).
 */
export async function queueDeliveries(trx: DB, companyId: number, eventId: string, subject: string): Promise<void> {
  const queued = await sql<{ key_id: number }>`insert into integration_webhook_deliveries (key_id, event_id, company_id, subject)
    select w.key_id, ${eventId}::bigint, ${companyId}, ${subject}
    from integration_webhooks w join integration_keys k on k.id = w.key_id
    where w.company_id = ${companyId} and w.enabled and k.revoked_at is null and ${EVENTS_READ_KIND} = any(k.read_kinds)
    returning key_id`.execute(trx);
  if (queued.rows.length > 0) wakeAfterCommit();
}

type Waker = () => void;
const wakers = new Set<Waker>();

/** A delivery loop's wish to hear of events queued in this process; answers the function that stops it. */
export function onQueued(waker: Waker): () => void {
  wakers.add(waker);
  return () => wakers.delete(waker);
}

/**
 * The queuing transaction has not committed yet: the loops look a moment later (their poll catches a longer
 * transaction). Many events in a burst cause one look.
 */
let pending: NodeJS.Timeout | null = null;
function wakeAfterCommit(): void {
  if (pending) return;
  pending = setTimeout(() => {
    pending = null;
    for (const w of wakers) w();
  }, 30);
  pending.unref();
}
