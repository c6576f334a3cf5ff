import { sql, type Kysely } from 'kysely';

/**
 * A voucher of the current account is one row per company, type, point of sale and number (docs/decisions/integration.md,
 * 'A voucher's identity'): the ERP's `movimientos` upsert on it, and the portal's own numbering (the next FC number of
 * a point of sale, the receipts' numbers) already keeps it. The non-unique index on the same columns becomes unique.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index account_movements_voucher_key on account_movements (company_id, voucher_code, series, number)`.execute(db);
  await sql`drop index if exists account_movements_voucher`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index account_movements_voucher on account_movements (company_id, voucher_code, series, number)`.execute(db);
  await sql`drop index account_movements_voucher_key`.execute(db);
}
