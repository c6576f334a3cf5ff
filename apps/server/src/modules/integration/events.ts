import { sql } from 'kysely';
import { INTEGRATION_EVENT_PAYLOADS, type IntegrationEventKind, type IntegrationEventPayload, type IntegrationFeedResponse } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { queueDeliveries } from './deliveries-queue.js';

/**
 * The outbound event log (transactional outbox; docs/decisions/integration.md, 'Outbound events').
 *
 * - appendEvent writes one event in the transaction of the change it records: both commit or neither does; with it,
 *   one webhook delivery for each of the company's keys with an active webhook (deliveries-queue.ts).
 * - sequenceEvents gives committed events without a place their positions, in id order, in a transaction of its own;
 *   one sequencer at a time (the one-row integration_event_sequencer, locked `for update skip locked`), so positions
 *   only grow in the order their events became visible.
 * - readFeed pages a company's events by position: a reader never skips an event, whatever order writers commit in.
 */

export type NewEvent<K extends IntegrationEventKind = IntegrationEventKind> = {
  companyId: number;
  kind: K;
  /** The portal user who made the change; null when none did. */
  actorUserId: number | null;
  /** The document's key ('pedido/0001-00000042'). */
  subject: string;
  payload: IntegrationEventPayload<K>;
};

/**
 * Records an event in `trx`, the transaction of the change. The payload is checked against the contract's schema
 * of its kind: a payload the ERP could not rely on fails the change instead of reaching the feed. Answers its id.
 */
export async function appendEvent<K extends IntegrationEventKind>(trx: DB, event: NewEvent<K>): Promise<string> {
  if (!trx.isTransaction) throw new Error('appendEvent needs the transaction of the change it records');
  const payload = INTEGRATION_EVENT_PAYLOADS[event.kind].parse(event.payload);
  const { id } = await trx
    .insertInto('integration_events')
    .values({
      company_id: event.companyId,
      kind: event.kind,
      actor_user_id: event.actorUserId,
      actor_name: event.actorUserId === null ? null : sql<string>`(select coalesce(nullif(trim(first_name || ' ' || last_name), ''), username) from users where id = ${event.actorUserId})`,
      subject: event.subject,
      payload: JSON.stringify(payload),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await queueDeliveries(trx, event.companyId, id, event.subject);
  return String(id);
}

/** How many events one sequencer statement places; a longer backlog takes several rounds. */
const SEQUENCE_BATCH = 1000;

/**
 * Places the committed events that have no position yet, in id order, after the last position given. Runs in a
 * transaction of its own holding the sequencer row; when another process holds it, this returns at once (that
 * sequencer places the events, and they come after anything a reader has already seen). Answers how many it placed.
 */
export async function sequenceEvents(db: DB): Promise<number> {
  // Nothing waiting (the common case of an ERP polling): no transaction, no row lock.
  const waiting = await sql<{ id: string }>`select id from integration_events where position is null limit 1`.execute(db);
  if (waiting.rows.length === 0) return 0;
  let placed = 0;
  for (;;) {
    const n = await db.transaction().execute(async (trx) => {
      const head = await sql<{ last_position: string }>`select last_position::text as last_position from integration_event_sequencer
        where id = 1 for update skip locked`.execute(trx);
      const last = head.rows[0]?.last_position;
      if (last === undefined) return 0;
      // Each statement sees the events committed when it starts: one still open is not seen and gets a later position.
      const rows = await sql<{ position: string }>`update integration_events e set position = ${last}::bigint + n.rn
        from (select id, row_number() over (order by id) as rn from integration_events where position is null order by id limit ${SEQUENCE_BATCH}) n
        where e.id = n.id
        returning e.position::text as position`.execute(trx);
      if (rows.rows.length === 0) return 0;
      await sql`update integration_event_sequencer set last_position = ${last}::bigint + ${rows.rows.length} where id = 1`.execute(trx);
      return rows.rows.length;
    });
    placed += n;
    if (n < SEQUENCE_BATCH) return placed;
  }
}

/** A stored event as the feed answers it, and as a webhook delivery sends it. */
export type EventRow = {
  id: string;
  pos: string;
  kind: string;
  occurred_at: Date | string;
  actor_user_id: number | null;
  actor_name: string | null;
  subject: string;
  payload: unknown;
};
export const toEventWire = (r: EventRow): IntegrationFeedResponse['eventos'][number] => ({
  id: String(r.id),
  posicion: r.pos,
  tipo: r.kind as IntegrationEventKind,
  ocurrido: new Date(r.occurred_at).toISOString(),
  actor: { usuario_id: r.actor_user_id, nombre: r.actor_name },
  sujeto: r.subject,
  datos: r.payload as IntegrationFeedResponse['eventos'][number]['datos'],
});

/**
 * A page of the company's feed after `after` (a position; '0' from the beginning), placing committed events
 * first. The same cursor answers the same events, plus any placed since.
 */
export async function readFeed(db: DB, companyId: number, after: string, limit: number): Promise<IntegrationFeedResponse> {
  await sequenceEvents(db);
  const rows = await db
    .selectFrom('integration_events')
    .select(['id', 'kind', 'occurred_at', 'actor_user_id', 'actor_name', 'subject', 'payload', sql<string>`position::text`.as('pos')])
    .where('company_id', '=', companyId)
    .where(sql<boolean>`position > ${after}::bigint`)
    .orderBy('position')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    success: true,
    eventos: page.map(toEventWire),
    siguiente: page.at(-1)?.pos ?? after,
    hay_mas: rows.length > limit,
  };
}
