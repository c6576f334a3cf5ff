import { sql } from 'kysely';
import { customerRow, integrationBatchMsg, removalRow, type CustomerRow, type RemovalRow } from '@portal/contract';
import type { DB } from '../../../db/database.js';
import { deactivateByCode } from './deactivate.js';
import type { ChunkResult, KindHandler, Numbered } from './kind.js';

/** The company's sellers or price lists by code, for the codes a chunk names. */
async function idsByCode(trx: DB, table: 'sellers' | 'price_lists', companyId: number, codes: number[]): Promise<Map<number, number>> {
  if (!codes.length) return new Map();
  const rows = await trx.selectFrom(table).select(['id', 'code']).where('company_id', '=', companyId).where('code', 'in', [...new Set(codes)]).execute();
  return new Map(rows.map((r) => [r.code, r.id]));
}

/**
 * Customers: the company's entities, keyed by the ERP's customer code. A change of seller or price list moves the
 * customer at once (the access gate forgets its kept answers at the commit: db/write-watch.ts). A removal marks the
 * customer inactive: its ledgers, orders and user links stay (they are history), and the portal refuses to act for it.
 */
export const customers: KindHandler<CustomerRow, RemovalRow> = {
  kind: 'clientes',
  row: customerRow,
  removal: removalRow,
  keyOf: (r) => String(r.codigo),

  async upsert(trx, companyId, rows: Numbered<CustomerRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const sellers = await idsByCode(trx, 'sellers', companyId, rows.flatMap((r) => (r.row.vendedor === null ? [] : [r.row.vendedor])));
    const lists = await idsByCode(trx, 'price_lists', companyId, rows.flatMap((r) => (r.row.lista_precios === null ? [] : [r.row.lista_precios])));
    const good: Array<Record<string, unknown>> = [];
    const numberOf = new Map<number, number>();
    for (const { n, row } of rows) {
      if (row.vendedor !== null && !sellers.has(row.vendedor)) {
        result.rejected.push({ fila: n, campo: 'vendedor', mensaje: integrationBatchMsg.vendedorInexistente(row.vendedor) });
        continue;
      }
      if (row.lista_precios !== null && !lists.has(row.lista_precios)) {
        result.rejected.push({ fila: n, campo: 'lista_precios', mensaje: integrationBatchMsg.listaInexistente(row.lista_precios) });
        continue;
      }
      numberOf.set(row.codigo, n);
      good.push({
        code: row.codigo,
        name: row.razon_social,
        description: row.descripcion,
        cuit: row.cuit,
        seller_id: row.vendedor === null ? null : sellers.get(row.vendedor),
        price_list_id: row.lista_precios === null ? null : lists.get(row.lista_precios),
        phone: row.telefono,
        email: row.email,
        locality: row.localidad,
        province: row.provincia,
        active: row.activo,
      });
    }
    if (good.length) {
      good.sort((a, b) => (a.code as number) - (b.code as number));
      // One statement for the chunk: rows already equal are left alone (and not returned), so they count as unchanged.
      const written = await sql<{ code: number }>`
        insert into entities (company_id, code, name, description, cuit, seller_id, price_list_id, phone, email, locality, province, active)
        select ${companyId}, r.code, r.name, r.description, r.cuit, r.seller_id, r.price_list_id, r.phone, r.email, r.locality, r.province, r.active
        from jsonb_to_recordset(${JSON.stringify(good)}::jsonb) as r(
          code integer, name text, description text, cuit text, seller_id integer, price_list_id integer,
          phone text, email text, locality text, province text, active boolean)
        on conflict (company_id, code) do update set
          name = excluded.name, description = excluded.description, cuit = excluded.cuit, seller_id = excluded.seller_id,
          price_list_id = excluded.price_list_id, phone = excluded.phone, email = excluded.email, locality = excluded.locality,
          province = excluded.province, active = excluded.active
        where (entities.name, entities.description, entities.cuit, entities.seller_id, entities.price_list_id, entities.phone,
               entities.email, entities.locality, entities.province, entities.active)
          is distinct from
              (excluded.name, excluded.description, excluded.cuit, excluded.seller_id, excluded.price_list_id, excluded.phone,
               excluded.email, excluded.locality, excluded.province, excluded.active)
        returning code`.execute(trx);
      const changed = new Set(written.rows.map((r) => r.code));
      for (const [codeValue, n] of numberOf) (changed.has(codeValue) ? result.accepted : result.unchanged).push(n);
    }
    return result;
  },

  remove: (trx, companyId, rows) => deactivateByCode(trx, 'entities', companyId, rows),
};
