import { sql, type Kysely } from 'kysely';

/**
 * A grain voucher is one row per company, kind, point of sale and number (docs/decisions/integration.md, 'A grain
 * voucher's identity'): the ERP's `granos` upsert on it, as `movimientos` does on the current account's vouchers. A
 * voucher number repeated within a kind and point of sale (the demo numbered them at random) keeps its first row; the
 * later ones take the next free numbers after the point of sale's highest. The non-unique index becomes unique.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`with d as (
      select id, company_id, kind, series,
        row_number() over (partition by company_id, kind, series, number order by id) as nth
      from grain_movements
    ), later as (
      select id, company_id, kind, series, row_number() over (partition by company_id, kind, series order by id) as k
      from d where nth > 1
    )
    update grain_movements gm
    set number = (select max(x.number) from grain_movements x where x.company_id = later.company_id and x.kind = later.kind and x.series = later.series) + later.k
    from later where gm.id = later.id`.execute(db);
  await sql`create unique index grain_movements_voucher_key on grain_movements (company_id, kind, series, number)`.execute(db);
  await sql`drop index if exists grain_movements_voucher`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index grain_movements_voucher on grain_movements (company_id, kind, series, number)`.execute(db);
  await sql`drop index grain_movements_voucher_key`.execute(db);
}
