import { type Kysely, sql } from 'kysely';

/**
 * Receipts, second pass (docs/decisions/receipts.md):
 * - A receipt can be rejected by staff, with who, when and why (status 'rejected').
 * - A receipt's credit reaches the ledger when staff approve it, not when it is posted: a pending receipt has no
 *   account movement and settles no document. Pending receipts posted before this migration lose their movement,
 *   and a document they had settled is open again unless approved receipts pay it in full.
 * - Attachments live in the document service's file storage (DATA_DIR/receipt-files), not in the database: the row
 *   keeps the file's address (storage_dir, storage_name). `data` stays, nullable, for older rows (migration
 *   20261201_1000_stored_files later moves every attachment into the shared file storage, once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table receipts drop constraint if exists receipts_status_check`.execute(db);
  await sql`alter table receipts add constraint receipts_status_check check (status in ('pending', 'approved', 'rejected'))`.execute(db);
  await db.schema
    .alterTable('receipts')
    .addColumn('rejected_at', 'timestamptz')
    .addColumn('rejected_by', 'integer', (c) => c.references('users.id'))
    .addColumn('rejection_reason', 'text')
    .execute();

  await db.schema.alterTable('receipt_attachments').addColumn('storage_dir', 'text').addColumn('storage_name', 'text').execute();
  await sql`alter table receipt_attachments alter column data drop not null`.execute(db);
  await sql`alter table receipt_attachments add constraint receipt_attachments_stored
    check (data is not null or (storage_dir is not null and storage_name is not null))`.execute(db);

  await moveCreditToApproval(db);
}

/**
 * Pending receipts posted when the credit was applied at posting: their documents are open again unless approved
 * receipts pay them in full, and their ledger movement goes (approval makes a new one). Exported for its test.
 */
export async function moveCreditToApproval(db: Kysely<unknown>): Promise<void> {
  await sql`update account_movements m set settled = false
    where m.settled
      and m.id in (select a.movement_id from receipt_applications a join receipts r on r.id = a.receipt_id where r.status = 'pending')
      and m.amount <> coalesce((select sum(a.amount) from receipt_applications a join receipts r on r.id = a.receipt_id
                                where a.movement_id = m.id and r.status = 'approved'), 0)`.execute(db);
  const { rows } = await sql<{ movement_id: string }>`select movement_id from receipts where status = 'pending' and movement_id is not null`.execute(db);
  if (rows.length) {
    const ids = rows.map((r) => r.movement_id);
    await sql`update receipts set movement_id = null where status = 'pending' and movement_id is not null`.execute(db);
    await sql`delete from account_movements where id in (${sql.join(ids)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table receipt_attachments drop constraint if exists receipt_attachments_stored`.execute(db);
  await db.schema.alterTable('receipt_attachments').dropColumn('storage_dir').dropColumn('storage_name').execute();
  await db.schema.alterTable('receipts').dropColumn('rejected_at').dropColumn('rejected_by').dropColumn('rejection_reason').execute();
  await sql`delete from receipts where status = 'rejected'`.execute(db);
  await sql`alter table receipts drop constraint if exists receipts_status_check`.execute(db);
  await sql`alter table receipts add constraint receipts_status_check check (status in ('pending', 'approved'))`.execute(db);
}
