import { sql } from 'kysely';
import type { DB } from '../database.js';
import type { DemoSize } from './demo-size.js';

const DEPOSITS: Record<string, Array<[number, string]>> = {
  '30712345671': [[1, 'Depósito central Santa Rosa'], [2, 'Sucursal General Pico']],
  '30709998885': [[1, 'Depósito Bahía Blanca'], [2, 'Depósito Tres Arroyos']],
  '30691112221': [[1, 'Depósito'], [2, 'Galpón de granos']],
};

/**
 * Warehouse demo data: two deposits per company (the first is the default; `deposito` works in La Pampa's
 * central one), stock levels for every product whose stock is tracked (0–100 per deposit, so a count fits the
 * screen's 0–100 field; products.stock becomes their sum), a Code 128 shelf label ('ART-' + code) for every
 * third product beside its EAN-13, and the approved orders older than 30 days already picked. Set-based SQL, so
 * the `large` size (200,000 products) costs a few statements.
 */
export async function seedWarehouse(trx: DB, _size: DemoSize): Promise<void> {
  const companies = await trx.selectFrom('companies').select(['id', 'cuit']).orderBy('id').execute();
  for (const c of companies) {
    const ids: number[] = [];
    for (const [code, name] of DEPOSITS[c.cuit] ?? [[1, 'Depósito'], [2, 'Depósito 2']]) {
      const d = await trx.insertInto('deposits').values({ company_id: c.id, code, name, is_default: code === 1 }).returning('id').executeTakeFirstOrThrow();
      ids.push(d.id);
    }
    const [main, second] = ids as [number, number];
    await sql`insert into stock_levels (company_id, deposit_id, product_id, quantity, counted_at)
      select company_id, ${main}, id, (id * 37 + 11) % 101, now() - ((id % 40) || ' days')::interval from products where company_id = ${c.id} and stock is not null`.execute(trx);
    await sql`insert into stock_levels (company_id, deposit_id, product_id, quantity)
      select company_id, ${second}, id, (id * 53 + 7) % 61 from products where company_id = ${c.id} and stock is not null and id % 2 = 0`.execute(trx);
    await sql`update products p set stock = s.total from (select product_id, sum(quantity) as total from stock_levels where company_id = ${c.id} group by product_id) s
      where p.id = s.product_id and p.company_id = ${c.id}`.execute(trx);
    await sql`insert into product_barcodes (company_id, barcode, product_id, symbology)
      select company_id, 'ART-' || code, id, 'code128' from products where company_id = ${c.id} and id % 3 = 0`.execute(trx);
  }

  const lp = companies.find((c) => c.cuit === '30712345671');
  const deposito = await trx.selectFrom('users').select('id').where('username', '=', 'deposito').executeTakeFirst();
  if (lp && deposito) {
    const main = await trx.selectFrom('deposits').select('id').where('company_id', '=', lp.id).where('code', '=', 1).executeTakeFirstOrThrow();
    await trx.insertInto('user_deposits').values({ company_id: lp.id, user_id: deposito.id, deposit_id: main.id }).execute();
  }
  // Approved orders older than a month were picked long ago; the recent ones wait in Almacenes.
  await sql`insert into order_pickings (company_id, order_id, user_id, deposit_id, outcome, lines, created_at)
    select o.company_id, o.id, ${deposito?.id ?? null}, (select d.id from deposits d where d.company_id = o.company_id and d.is_default), 'picked',
      jsonb_build_object('ordered', coalesce((select jsonb_agg(jsonb_build_object('line', l.line_no, 'product', l.product_id, 'quantity', l.quantity)) from sales_order_lines l where l.order_id = o.id), '[]'::jsonb),
        'picked', coalesce((select jsonb_agg(jsonb_build_object('product', l.product_id, 'quantity', l.quantity)) from sales_order_lines l where l.order_id = o.id), '[]'::jsonb)),
      o.ordered_on + interval '1 day'
    from sales_orders o where o.status in ('approved', 'applied') and o.ordered_on < current_date - 30`.execute(trx);
}
