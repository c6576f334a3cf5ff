import { sql } from 'kysely';
import type { DB } from '../../../db/database.js';

/** The company's rows of a coded table by code, for the codes a chunk names: id (and name) by code. */
export async function byCode(trx: DB, table: 'products' | 'price_lists' | 'deposits', companyId: number, codes: number[]): Promise<Map<number, { id: number; name: string }>> {
  if (!codes.length) return new Map();
  const rows = await trx.selectFrom(table).select(['id', 'code', 'name']).where('company_id', '=', companyId).where('code', 'in', [...new Set(codes)]).execute();
  return new Map(rows.map((r) => [r.code, { id: r.id, name: r.name }]));
}

/** The company's customers (entities) by the ERP's code, for the codes a chunk names: entity id by code. */
export async function customerIds(trx: DB, companyId: number, codes: number[]): Promise<Map<number, number>> {
  if (!codes.length) return new Map();
  const rows = await trx.selectFrom('entities').select(['id', 'code']).where('company_id', '=', companyId).where('code', 'in', [...new Set(codes)]).execute();
  return new Map(rows.map((e) => [e.code, e.id]));
}

/** The grains (shared by every company) among the codes a chunk names. */
export async function knownGrains(trx: DB, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  return new Set((await trx.selectFrom('grains').select('code').where('code', 'in', [...new Set(codes)]).execute()).map((g) => g.code));
}

/**
 * The price lists or deposits the rows name by code with a name: created when the portal lacks them, renamed when the
 * name differs (the last row of the chunk wins); one already so is not written. Adds them to `known`.
 */
export async function createOrRename(trx: DB, table: 'price_lists' | 'deposits', companyId: number, named: Map<number, string>, known: Map<number, { id: number; name: string }>): Promise<void> {
  const toWrite = [...named].filter(([code, name]) => known.get(code)?.name !== name).map(([code, name]) => ({ code, name }));
  if (!toWrite.length) return;
  toWrite.sort((a, b) => a.code - b.code);
  const written = await sql<{ id: number; code: number; name: string }>`
    insert into ${sql.table(table)} (company_id, code, name)
    select ${companyId}, r.code, r.name from jsonb_to_recordset(${JSON.stringify(toWrite)}::jsonb) as r(code integer, name text)
    on conflict (company_id, code) do update set name = excluded.name
    returning id, code, name`.execute(trx);
  for (const w of written.rows) known.set(w.code, { id: w.id, name: w.name });
}
