import { integrationBatchMsg, type RemovalRow } from '@portal/contract';
import type { DB } from '../../../db/database.js';
import type { ChunkResult, Numbered } from './kind.js';

/**
 * The removal of what is history (customers, products): the rows named are made inactive, never deleted. An inactive
 * one counts unchanged, an unknown code is rejected. Locked in code order (as the upserts write): two batches of the
 * kind at once never wait on each other crosswise.
 */
export async function deactivateByCode(trx: DB, table: 'entities' | 'products', companyId: number, rows: Numbered<RemovalRow>[]): Promise<ChunkResult> {
  const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
  const codes = rows.map((r) => r.row.codigo);
  const existing = await trx.selectFrom(table).select(['code', 'active']).where('company_id', '=', companyId).where('code', 'in', codes).orderBy('code').forUpdate().execute();
  const state = new Map(existing.map((e) => [e.code, e.active]));
  const toDeactivate: number[] = [];
  for (const { n, row } of rows) {
    const active = state.get(row.codigo);
    if (active === undefined) result.rejected.push({ fila: n, campo: 'codigo', mensaje: integrationBatchMsg.noExiste });
    else if (active) {
      toDeactivate.push(row.codigo);
      result.accepted.push(n);
    } else result.unchanged.push(n);
  }
  if (toDeactivate.length) await trx.updateTable(table).set({ active: false }).where('company_id', '=', companyId).where('code', 'in', toDeactivate).execute();
  return result;
}
