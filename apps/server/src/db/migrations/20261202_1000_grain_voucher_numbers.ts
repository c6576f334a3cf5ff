import { sql, type Kysely } from 'kysely';

/**
 * Grain vouchers are numbered as every other voucher of the portal: a point of sale (series, `codtal`) and a number,
 * printed '00004-00435878' by the contract's voucherNumberText on the screens, the PDFs and the exports. They were a
 * text with a prefix of their own ('LP-435878', also on the 1116B/C settlements). Existing rows keep their number (the
 * digits after the prefix) and take the point of sale of their kind (GRAIN_POINTS_OF_SALE in the seed: the kind's
 * number; a contract's commitment row, kind 7, its contract's series).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('grain_movements').addColumn('series', 'integer').addColumn('number', 'integer').execute();
  await sql`update grain_movements set series = kind, number = coalesce(nullif(substring(voucher from '(\\d+)$'), '')::integer, 0)`.execute(db);
  await sql`update grain_movements gm set series = gc.series from grain_contracts gc
    where gm.kind = 7 and gc.company_id = gm.company_id and gc.entity_id = gm.entity_id and gc.number = gm.number`.execute(db);
  await sql`alter table grain_movements alter column series set not null, alter column number set not null`.execute(db);
  await sql`alter table grain_movements add constraint grain_movements_series check (series between 0 and 99999),
    add constraint grain_movements_number check (number between 0 and 99999999)`.execute(db);
  await db.schema.alterTable('grain_movements').dropColumn('voucher').execute();
  await db.schema.createIndex('grain_movements_voucher').on('grain_movements').columns(['company_id', 'kind', 'series', 'number']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('grain_movements_voucher').execute();
  await db.schema.alterTable('grain_movements').addColumn('voucher', 'text').execute();
  await sql`update grain_movements set voucher = case kind when 1 then 'RO' when 2 then 'CE' when 3 then 'TR' when 4 then 'LB' when 5 then 'LP'
    when 6 then 'RT' else 'CT' end || '-' || number`.execute(db);
  await db.schema.alterTable('grain_movements').dropColumn('series').dropColumn('number').execute();
}
