import { sql } from 'kysely';
import { integrationBatchMsg, integrationRowMsg, priceRemovalRow, priceRow, type PriceRemovalRow, type PriceRow } from '@portal/contract';
import { CATALOGUE_CHUNK_ROWS, type ChunkResult, type KindHandler, type Numbered } from './kind.js';
import { byCode, createOrRename } from './codes.js';

/**
 * Prices: a product's price in a price list, keyed by (list code, product code), with its currency, discounts and
 * band. A list the portal lacks is created when the row names it (`lista_nombre`). The catalogue's derived state
 * follows in the same transaction: `products.price_lists` (which lists price a product) and the kept word counts by
 * their triggers on price_list_items and products; the kept product texts and results in every process are
 * forgotten at the commit (db/write-watch.ts). A removal deletes the price: the product is no longer sold in that
 * list (orders keep the prices they were made at).
 */
export const prices: KindHandler<PriceRow, PriceRemovalRow> = {
  kind: 'precios',
  chunkRows: CATALOGUE_CHUNK_ROWS,
  row: priceRow,
  removal: priceRemovalRow,
  keyOf: (r) => `${r.lista}:${r.producto}`,
  repeated: { field: 'producto', message: integrationRowMsg.precioRepetido },

  async upsert(trx, companyId, rows: Numbered<PriceRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const productOf = await byCode(trx, 'products', companyId, rows.map((r) => r.row.producto));
    const lists = await byCode(trx, 'price_lists', companyId, rows.map((r) => r.row.lista));
    const good: Numbered<PriceRow>[] = [];
    const named = new Map<number, string>();
    for (const r of rows) {
      if (!productOf.has(r.row.producto)) {
        result.rejected.push({ fila: r.n, campo: 'producto', mensaje: integrationRowMsg.productoInexistente(r.row.producto) });
        continue;
      }
      if (!lists.has(r.row.lista) && r.row.lista_nombre === null) {
        result.rejected.push({ fila: r.n, campo: 'lista', mensaje: integrationRowMsg.listaSinNombre(r.row.lista) });
        continue;
      }
      if (r.row.lista_nombre !== null) named.set(r.row.lista, r.row.lista_nombre);
      good.push(r);
    }
    if (!good.length) return result;
    await createOrRename(trx, 'price_lists', companyId, named, lists);

    const values = good
      .map(({ row }) => ({
        price_list_id: lists.get(row.lista)!.id,
        product_id: productOf.get(row.producto)!.id,
        currency: row.moneda,
        list_price: row.precio,
        discount1: row.descuento1,
        discount2: row.descuento2,
        min_price: row.precio_minimo,
        max_price: row.precio_maximo,
      }))
      .sort((a, b) => a.price_list_id - b.price_list_id || a.product_id - b.product_id);
    // Without a band, the band is the final price itself (list × (1 − d1/100) × (1 − d2/100), to the cent).
    const final = sql`round(r.list_price * (1 - r.discount1 / 100) * (1 - r.discount2 / 100), 2)`;
    const written = await sql<{ price_list_id: number; product_id: number }>`
      insert into price_list_items (price_list_id, product_id, company_id, currency, list_price, discount1, discount2, min_price, max_price)
      select r.price_list_id, r.product_id, ${companyId}, r.currency, r.list_price, r.discount1, r.discount2,
             coalesce(r.min_price, ${final}), coalesce(r.max_price, ${final})
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(
        price_list_id integer, product_id integer, currency text, list_price numeric, discount1 numeric, discount2 numeric,
        min_price numeric, max_price numeric)
      on conflict (price_list_id, product_id) do update set
        currency = excluded.currency, list_price = excluded.list_price, discount1 = excluded.discount1,
        discount2 = excluded.discount2, min_price = excluded.min_price, max_price = excluded.max_price
      where (price_list_items.currency, price_list_items.list_price, price_list_items.discount1, price_list_items.discount2,
             price_list_items.min_price, price_list_items.max_price)
        is distinct from
            (excluded.currency, excluded.list_price, excluded.discount1, excluded.discount2, excluded.min_price, excluded.max_price)
      returning price_list_id, product_id`.execute(trx);
    const changed = new Set(written.rows.map((w) => `${w.price_list_id}:${w.product_id}`));
    for (const { n, row } of good) {
      (changed.has(`${lists.get(row.lista)!.id}:${productOf.get(row.producto)!.id}`) ? result.accepted : result.unchanged).push(n);
    }
    return result;
  },

  /** A price of a known list and product that is not there (already removed) is unchanged; an unknown code is rejected. */
  async remove(trx, companyId, rows: Numbered<PriceRemovalRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const productOf = await byCode(trx, 'products', companyId, rows.map((r) => r.row.producto));
    const lists = await byCode(trx, 'price_lists', companyId, rows.map((r) => r.row.lista));
    const pairs: Array<{ n: number; price_list_id: number; product_id: number }> = [];
    for (const { n, row } of rows) {
      if (!lists.has(row.lista)) result.rejected.push({ fila: n, campo: 'lista', mensaje: integrationBatchMsg.listaInexistente(row.lista) });
      else if (!productOf.has(row.producto)) result.rejected.push({ fila: n, campo: 'producto', mensaje: integrationRowMsg.productoInexistente(row.producto) });
      else pairs.push({ n, price_list_id: lists.get(row.lista)!.id, product_id: productOf.get(row.producto)!.id });
    }
    if (!pairs.length) return result;
    pairs.sort((a, b) => a.price_list_id - b.price_list_id || a.product_id - b.product_id);
    const deleted = await sql<{ price_list_id: number; product_id: number }>`
      delete from price_list_items i using jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as d(price_list_id integer, product_id integer)
      where i.company_id = ${companyId} and i.price_list_id = d.price_list_id and i.product_id = d.product_id
      returning i.price_list_id, i.product_id`.execute(trx);
    const gone = new Set(deleted.rows.map((d) => `${d.price_list_id}:${d.product_id}`));
    for (const p of pairs) (gone.has(`${p.price_list_id}:${p.product_id}`) ? result.accepted : result.unchanged).push(p.n);
    return result;
  },
};
