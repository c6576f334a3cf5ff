import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/** The integration's SQL: keys and batches, always confined to one company. */

const keyColumns = [
  'k.id',
  'k.name',
  'k.prefix',
  'k.write_kinds',
  'k.read_kinds',
  'k.created_at',
  'k.last_used_at',
  'k.revoked_at',
  'u.username as created_by_name',
] as const;

export function listKeys(db: DB, companyId: number) {
  return db
    .selectFrom('integration_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .select(keyColumns)
    .where('k.company_id', '=', companyId)
    // Live keys first, then the revoked ones; newest first within each.
    .orderBy(sql`k.revoked_at is not null`)
    .orderBy('k.id', 'desc')
    .execute();
}
export type KeyRow = Awaited<ReturnType<typeof listKeys>>[number];

export function findKey(db: DB, companyId: number, id: number) {
  return db
    .selectFrom('integration_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .select(keyColumns)
    .where('k.company_id', '=', companyId)
    .where('k.id', '=', id)
    .executeTakeFirst();
}

/** Locks the company's live key of that name (case-insensitive), if any, for the rest of the transaction. */
export function liveKeyNamed(db: DB, companyId: number, name: string) {
  return db
    .selectFrom('integration_keys')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function insertKey(
  db: DB,
  row: { companyId: number; name: string; prefix: string; secretHash: string; writeKinds: string[]; readKinds: string[]; createdBy: number },
): Promise<number> {
  const { id } = await db
    .insertInto('integration_keys')
    .values({
      company_id: row.companyId,
      name: row.name,
      prefix: row.prefix,
      secret_hash: row.secretHash,
      write_kinds: row.writeKinds,
      read_kinds: row.readKinds,
      created_by: row.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Revokes a live key of the company; false when it was already revoked (or is not the company's). */
export async function revokeKey(db: DB, companyId: number, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .updateTable('integration_keys')
    .set({ revoked_at: new Date(), revoked_by: userId })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length === 1;
}

export function listBatches(db: DB, companyId: number, limit: number) {
  return db
    .selectFrom('integration_batches as b')
    .leftJoin('integration_keys as k', 'k.id', 'b.key_id')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'k.name as key_name',
      'u.username as user_name',
      'b.file_name',
      'b.kind',
      'b.operation',
      'b.status',
      'b.received',
      'b.accepted',
      'b.unchanged',
      'b.rejected',
      'b.error',
      'b.started_at',
      'b.finished_at',
    ])
    .where('b.company_id', '=', companyId)
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
}
export type BatchRow = Awaited<ReturnType<typeof listBatches>>[number];
