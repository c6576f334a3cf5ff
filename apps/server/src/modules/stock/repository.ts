import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/**
 * Deposits, stock levels per deposit and the stock movements that change them. Every function takes the
 * company and the executor it runs in (a transaction for changes).
 */

export type DepositRow = { id: number; code: number; name: string };

/** The user's deposit (user_deposits), else the company's default deposit, else its first one. */
export async function depositOf(db: DB, companyId: number, userId: number): Promise<DepositRow | undefined> {
  const r = await sql<DepositRow>`select d.id, d.code, d.name from deposits d
    left join user_deposits u on u.deposit_id = d.id and u.company_id = ${companyId} and u.user_id = ${userId}
    where d.company_id = ${companyId}
    order by (u.user_id is not null) desc, d.is_default desc, d.code limit 1`.execute(db);
  return r.rows[0];
}

export type StockRow = {
  id: number; alpha_code: string; code: number; barcode: string | null; name: string; sales_unit: string; location: string | null;
  quantity: string | null; counted_at: Date | null;
};

const stockSelect = (depositId: number) => sql`select p.id, p.alpha_code, p.code, p.barcode, p.name, p.sales_unit, p.location,
    l.quantity::text as quantity, l.counted_at
  from products p left join stock_levels l on l.product_id = p.id and l.company_id = p.company_id and l.deposit_id = ${depositId}`;

/** A product by any of its codes: its EAN-13 (products.barcode), another barcode of it (product_barcodes), or its alpha code. */
export async function productByCode(db: DB, companyId: number, depositId: number, code: string): Promise<StockRow | undefined> {
  const r = await sql<StockRow>`${stockSelect(depositId)}
    where p.company_id = ${companyId} and p.active and (
      p.barcode = ${code}
      or p.id = (select b.product_id from product_barcodes b where b.company_id = ${companyId} and b.barcode = ${code})
      or upper(p.alpha_code) = ${code})
    order by (p.barcode = ${code}) desc, p.id limit 1`.execute(db);
  return r.rows[0];
}

/** Active products whose name or codes contain every word (trigram index on search_text), by name. */
export async function productsByText(db: DB, companyId: number, depositId: number, words: string[], limit: number): Promise<StockRow[]> {
  const like = words.map((w) => sql`p.search_text like ${`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const r = await sql<StockRow>`${stockSelect(depositId)}
    where p.company_id = ${companyId} and p.active and ${sql.join(like, sql` and `)}
    order by p.name, p.id limit ${limit}`.execute(db);
  return r.rows;
}

export async function productByAlphaCode(db: DB, companyId: number, depositId: number, alphaCode: string): Promise<StockRow | undefined> {
  const r = await sql<StockRow>`${stockSelect(depositId)}
    where p.company_id = ${companyId} and upper(p.alpha_code) = ${alphaCode.toUpperCase()} order by p.id limit 1`.execute(db);
  return r.rows[0];
}

/**
 * Locks the stock level of a product in a deposit (creating it at 0 when missing) and returns its quantity.
 * Two adjustments of one product wait for each other here, so the second reads what the first wrote.
 */
export async function lockLevel(trx: DB, companyId: number, depositId: number, productId: number): Promise<string> {
  await sql`insert into stock_levels (company_id, deposit_id, product_id, quantity) values (${companyId}, ${depositId}, ${productId}, 0)
    on conflict do nothing`.execute(trx);
  const r = await sql<{ quantity: string }>`select quantity::text as quantity from stock_levels
    where company_id = ${companyId} and deposit_id = ${depositId} and product_id = ${productId} for update`.execute(trx);
  return r.rows[0]!.quantity;
}

export type Movement = {
  companyId: number; depositId: number; productId: number; userId: number;
  kind: 'adjustment' | 'confirmation' | 'picking'; before: string; after: string; orderId?: number; counted?: boolean;
};

/** Writes the level and its movement; the catalogue's products.stock follows as the sum over deposits. */
export async function writeMovement(trx: DB, m: Movement): Promise<string> {
  await sql`update stock_levels set quantity = ${m.after}
    ${m.counted ? sql`, counted_at = now(), counted_by = ${m.userId}` : sql``}
    where company_id = ${m.companyId} and deposit_id = ${m.depositId} and product_id = ${m.productId}`.execute(trx);
  const r = await sql<{ id: string }>`insert into stock_movements (company_id, deposit_id, product_id, user_id, kind, quantity_before, quantity_after, order_id)
    values (${m.companyId}, ${m.depositId}, ${m.productId}, ${m.userId}, ${m.kind}, ${m.before}, ${m.after}, ${m.orderId ?? null})
    returning id::text as id`.execute(trx);
  if (m.before !== m.after) {
    await sql`update products set stock = (select sum(quantity) from stock_levels where company_id = ${m.companyId} and product_id = ${m.productId})
      where id = ${m.productId} and company_id = ${m.companyId}`.execute(trx);
  }
  return r.rows[0]!.id;
}

/** The last movement of this kind by this user on a product in a deposit, with its age in seconds. */
export async function lastMovement(trx: DB, companyId: number, depositId: number, productId: number, userId: number, kind: Movement['kind']) {
  const r = await sql<{ id: string; quantity_after: string; age: number }>`select id::text as id, quantity_after::text as quantity_after,
      extract(epoch from (now() - created_at))::float8 as age
    from stock_movements where company_id = ${companyId} and deposit_id = ${depositId} and product_id = ${productId}
      and user_id = ${userId} and kind = ${kind}
    order by id desc limit 1`.execute(trx);
  return r.rows[0];
}
