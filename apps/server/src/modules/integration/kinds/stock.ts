import { sql } from 'kysely';
import { integrationRowMsg, stockRemovalRow, stockRow, type StockRemovalRow, type StockRow } from '@portal/contract';
import type { DB } from '../../../db/database.js';
import { CATALOGUE_CHUNK_ROWS, type ChunkResult, type KindHandler, type Numbered } from './kind.js';
import { byCode, createOrRename } from './codes.js';

/** The catalogue's figure (`products.stock`) of these products: the sum over their deposits, null with none. */
async function refreshTotals(trx: DB, companyId: number, productIds: number[]): Promise<void> {
  if (!productIds.length) return;
  await sql`
    update products p set stock = s.total
    from (select u.id, (select sum(l.quantity) from stock_levels l where l.company_id = ${companyId} and l.product_id = u.id) as total
          from unnest(${[...new Set(productIds)].sort((a, b) => a - b)}::integer[]) as u(id)) s
    where p.id = s.id and p.company_id = ${companyId} and p.stock is distinct from s.total`.execute(trx);
}

/**
 * Stock: a product's quantity in a deposit, keyed by (deposit code, product code). The ERP's figure replaces the
 * level (the warehouse's count stamp and movements are the warehouse users' own, and stay); the catalogue's
 * `products.stock` follows as the sum over deposits in the same transaction. A deposit the portal lacks is created
 * when the row names it (`deposito_nombre`). A removal deletes the level.
 */
export const stock: KindHandler<StockRow, StockRemovalRow> = {
  kind: 'stock',
  chunkRows: CATALOGUE_CHUNK_ROWS,
  row: stockRow,
  removal: stockRemovalRow,
  keyOf: (r) => `${r.deposito}:${r.producto}`,
  repeated: { field: 'producto', message: integrationRowMsg.stockRepetido },

  async upsert(trx, companyId, rows: Numbered<StockRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const productOf = await byCode(trx, 'products', companyId, rows.map((r) => r.row.producto));
    const deposits = await byCode(trx, 'deposits', companyId, rows.map((r) => r.row.deposito));
    const good: Numbered<StockRow>[] = [];
    const named = new Map<number, string>();
    for (const r of rows) {
      if (!productOf.has(r.row.producto)) {
        result.rejected.push({ fila: r.n, campo: 'producto', mensaje: integrationRowMsg.productoInexistente(r.row.producto) });
        continue;
      }
      if (!deposits.has(r.row.deposito) && r.row.deposito_nombre === null) {
        result.rejected.push({ fila: r.n, campo: 'deposito', mensaje: integrationRowMsg.depositoSinNombre(r.row.deposito) });
        continue;
      }
      if (r.row.deposito_nombre !== null) named.set(r.row.deposito, r.row.deposito_nombre);
      good.push(r);
    }
    if (!good.length) return result;
    await createOrRename(trx, 'deposits', companyId, named, deposits);

    const values = good
      .map(({ row }) => ({ deposit_id: deposits.get(row.deposito)!.id, product_id: productOf.get(row.producto)!.id, quantity: row.cantidad }))
      .sort((a, b) => a.deposit_id - b.deposit_id || a.product_id - b.product_id);
    const written = await sql<{ deposit_id: number; product_id: number }>`
      insert into stock_levels (company_id, deposit_id, product_id, quantity)
      select ${companyId}, r.deposit_id, r.product_id, r.quantity
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(deposit_id integer, product_id integer, quantity numeric)
      on conflict (company_id, deposit_id, product_id) do update set quantity = excluded.quantity
      where stock_levels.quantity is distinct from excluded.quantity
      returning deposit_id, product_id`.execute(trx);
    await refreshTotals(trx, companyId, written.rows.map((w) => w.product_id));
    const changed = new Set(written.rows.map((w) => `${w.deposit_id}:${w.product_id}`));
    for (const { n, row } of good) {
      (changed.has(`${deposits.get(row.deposito)!.id}:${productOf.get(row.producto)!.id}`) ? result.accepted : result.unchanged).push(n);
    }
    return result;
  },

  /** A level of a known deposit and product that is not there (already removed) is unchanged; an unknown code is rejected. */
  async remove(trx, companyId, rows: Numbered<StockRemovalRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const productOf = await byCode(trx, 'products', companyId, rows.map((r) => r.row.producto));
    const deposits = await byCode(trx, 'deposits', companyId, rows.map((r) => r.row.deposito));
    const pairs: Array<{ n: number; deposit_id: number; product_id: number }> = [];
    for (const { n, row } of rows) {
      if (!deposits.has(row.deposito)) result.rejected.push({ fila: n, campo: 'deposito', mensaje: integrationRowMsg.depositoInexistente(row.deposito) });
      else if (!productOf.has(row.producto)) result.rejected.push({ fila: n, campo: 'producto', mensaje: integrationRowMsg.productoInexistente(row.producto) });
      else pairs.push({ n, deposit_id: deposits.get(row.deposito)!.id, product_id: productOf.get(row.producto)!.id });
    }
    if (!pairs.length) return result;
    pairs.sort((a, b) => a.deposit_id - b.deposit_id || a.product_id - b.product_id);
    const deleted = await sql<{ deposit_id: number; product_id: number }>`
      delete from stock_levels l using jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as d(deposit_id integer, product_id integer)
      where l.company_id = ${companyId} and l.deposit_id = d.deposit_id and l.product_id = d.product_id
      returning l.deposit_id, l.product_id`.execute(trx);
    await refreshTotals(trx, companyId, deleted.rows.map((d) => d.product_id));
    const gone = new Set(deleted.rows.map((d) => `${d.deposit_id}:${d.product_id}`));
    for (const p of pairs) (gone.has(`${p.deposit_id}:${p.product_id}`) ? result.accepted : result.unchanged).push(p.n);
    return result;
  },
};
