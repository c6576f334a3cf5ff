import { sql, type Kysely } from 'kysely';

/**
 * The Idempotency-Key of the request that decided a receipt or a stock voucher: the same decision sent again with
 * it (an answer lost on the way back) gets the first answer, not 'ya fue aprobado'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table receipts add column decision_key text`.execute(db);
  await sql`alter table stock_vouchers add column decision_key text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stock_vouchers drop column decision_key`.execute(db);
  await sql`alter table receipts drop column decision_key`.execute(db);
}
