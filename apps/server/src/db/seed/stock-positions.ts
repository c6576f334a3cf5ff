import { sql } from 'kysely';
import { LEDGER_CODE, todayInArgentina } from '@portal/contract';
import type { DB } from '../database.js';

/**
 * Stock positions and deliverables (docs/decisions/stock-positions.md), over the invoices the other seeds wrote:
 * every invoiced product line gets the deposit it is withdrawn from (the default deposit for about 70 % of the lines,
 * the other ones for the rest) and the remitos that delivered it — one remito per invoice and date:
 * - invoices of the last 10 days: nothing delivered yet;
 * - 10 to 60 days old: half of the lines delivered whole, the rest half delivered;
 * - older: 85 % of the lines delivered whole, the rest half (goods the customer keeps in the cooperative's deposit).
 * The choice is a hash of the line, so a size always gives the same data; set-based SQL, so the large size stays fast.
 */
export async function seedStockPositions(trx: DB): Promise<void> {
  const today = todayInArgentina();
  const companies = await trx.selectFrom('companies').select('id').orderBy('id').execute();
  for (const c of companies) {
    const deposits = (await trx.selectFrom('deposits').select('id').where('company_id', '=', c.id).orderBy('code').execute()).map((d) => d.id);
    if (deposits.length === 0) continue;
    const [main, ...others] = deposits as [number, ...number[]];
    const hash = sql`((vl.movement_id * 7 + vl.line_no * 13) % 100)`;
    const deposit = others.length
      ? sql`case when ${hash} < 70 then ${main}::integer else (${sql.val(others)}::integer[])[1 + ${hash} % ${others.length}] end`
      : sql`${main}::integer`;
    await sql`update voucher_lines vl set deposit_id = ${deposit}
      from account_movements m
      where m.id = vl.movement_id and m.company_id = ${c.id} and m.voucher_code = ${sql.lit(LEDGER_CODE.invoice)} and vl.company_id = ${c.id} and vl.kind = 'product'`.execute(trx);
    await sql`with l as (
        select vl.movement_id, vl.line_no, vl.deposit_id, vl.quantity, m.entity_id, m.date, ${hash} as h, (${today}::date - m.date) as age
        from voucher_lines vl join account_movements m on m.id = vl.movement_id
        where vl.company_id = ${c.id} and m.company_id = ${c.id} and m.voucher_code = ${sql.lit(LEDGER_CODE.invoice)} and vl.kind = 'product'
          and vl.product_code is not null and vl.quantity > 0
      ), q as (
        select *, case
            when age < 10 then 0
            when age < 60 then case when h < 50 then quantity else floor(quantity / 2) end
            else case when h < 85 then quantity else floor(quantity / 2) end
          end as delivered,
          least(date + (3 + (movement_id % 12))::integer, ${today}::date) as delivered_on
        from l
      )
      insert into product_deliveries (company_id, entity_id, movement_id, line_no, deposit_id, date, series, number, quantity)
      select ${c.id}, entity_id, movement_id, line_no, deposit_id, delivered_on, 2,
        50000 + dense_rank() over (order by delivered_on, movement_id, deposit_id), delivered
      from q where delivered > 0`.execute(trx);
  }
}
