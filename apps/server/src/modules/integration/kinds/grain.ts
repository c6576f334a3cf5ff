import { customerIds, knownGrains } from './codes.js';
import { sql } from 'kysely';
import {
  GRAIN_VOUCHERS,
  grainVoucherRemovalRow,
  grainVoucherRow,
  integrationBatchMsg,
  integrationGrainMsg,
  integrationMovementMsg,
  type GrainVoucherRemovalRow,
  type GrainVoucherRow,
} from '@portal/contract';
import type { DB } from '../../../db/database.js';
import type { ChunkResult, KindHandler, Numbered } from './kind.js';

/** The kind of grain_movements each voucher code is (RO 1 … RT 6). */
const KIND_OF: Record<string, number> = Object.fromEntries(GRAIN_VOUCHERS.map((v) => [v.codcom, v.kind]));
type Key = { tipo: string; punto_venta: number; numero: number };
/** A grain voucher's identity within the company: kind, point of sale and number (grain_movements_voucher_key). */
const identity = (r: Key) => `${KIND_OF[r.tipo]}|${r.punto_venta}|${r.numero}`;
const keysJson = (keys: Key[]) => JSON.stringify(keys.map((k) => ({ kind: KIND_OF[k.tipo], series: k.punto_venta, number: k.numero })));
const byKey = (a: Key, b: Key) => KIND_OF[a.tipo]! - KIND_OF[b.tipo]! || a.punto_venta - b.punto_venta || a.numero - b.numero;

/** The voucher as grain_movements keeps it, every value as PostgreSQL prints it back. */
type Voucher = { entity_id: number; grain: string; harvest: string; date: string; kilos: string; direct: boolean; collected: boolean };
const FIELDS = ['entity_id', 'grain', 'harvest', 'date', 'kilos', 'direct', 'collected'] as const;
const same = (a: Voucher, b: Voucher) => FIELDS.every((f) => a[f] === b[f]);

/**
 * The company's grain vouchers with these identities, with the kilograms applied to contracts (grain_contract_applications).
 * Locked in key order, as the upsert writes them.
 */
async function existingVouchers(trx: DB, companyId: number, keys: Key[]) {
  const rows = await sql<Voucher & { id: string; kind: number; series: number; number: number; applied: string | null }>`
    select gm.id::text as id, gm.kind, gm.series, gm.number, gm.entity_id, gm.grain, gm.harvest, to_char(gm.date, 'YYYY-MM-DD') as date,
      gm.kilos::text as kilos, gm.direct, gm.collected,
      (select sum(a.kilos)::text from grain_contract_applications a where a.company_id = gm.company_id and a.movement_id = gm.id) as applied
    from grain_movements gm
    join jsonb_to_recordset(${keysJson(keys)}::jsonb) as k(kind smallint, series integer, number integer)
      on gm.kind = k.kind and gm.series = k.series and gm.number = k.number
    where gm.company_id = ${companyId}
    order by gm.kind, gm.series, gm.number
    for update of gm`.execute(trx);
  return new Map(rows.rows.map((r) => [`${Number(r.kind)}|${r.series}|${r.number}`, r]));
}

/**
 * Grain movements and certificates: one row is one grain voucher of a customer, keyed by the ERP's (type, point of
 * sale, number) within the company. A voucher equal to what the portal holds is not written; a new or changed one is
 * written whole in the chunk's transaction. Everything the portal shows from them — the ledger's running balance, the
 * stock per grain and harvest, the dashboard's grain position and deliveries, the contracts' delivered, certified,
 * invoiced and collected kilograms — is read from these rows when asked, so a write is seen on the next request in
 * every server process. A voucher applied to contracts keeps its customer, grain and harvest and at least the kilograms
 * applied (else the contracts would count grain that is not theirs); a removal deletes the voucher, unless it is
 * applied to a contract.
 */
export const grain: KindHandler<GrainVoucherRow, GrainVoucherRemovalRow> = {
  kind: 'granos',
  row: grainVoucherRow,
  removal: grainVoucherRemovalRow,
  keyOf: (r) => identity(r),
  repeated: { field: 'numero', message: integrationGrainMsg.comprobanteRepetido },

  async upsert(trx, companyId, rows: Numbered<GrainVoucherRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const entities = await customerIds(trx, companyId, rows.map((r) => r.row.cliente));
    const grains = await knownGrains(trx, rows.map((r) => r.row.grano));
    const existing = await existingVouchers(trx, companyId, rows.map((r) => r.row));

    const toWrite: Array<{ n: number; row: GrainVoucherRow; voucher: Voucher }> = [];
    for (const { n, row } of rows) {
      const entityId = entities.get(row.cliente);
      if (entityId === undefined) {
        result.rejected.push({ fila: n, campo: 'cliente', mensaje: integrationMovementMsg.clienteInexistente(row.cliente) });
        continue;
      }
      if (!grains.has(row.grano)) {
        result.rejected.push({ fila: n, campo: 'grano', mensaje: integrationGrainMsg.granoInexistente(row.grano) });
        continue;
      }
      const voucher: Voucher = { entity_id: entityId, grain: row.grano, harvest: row.cosecha, date: row.fecha, kilos: row.kilos, direct: row.directo, collected: row.cobrado };
      const held = existing.get(identity(row));
      if (held && same(held, voucher)) {
        result.unchanged.push(n);
        continue;
      }
      if (held?.applied) {
        // Applied to contracts: the kilograms stay the customer's, of that grain and harvest, and at least those applied.
        const field = held.entity_id !== entityId ? 'cliente' : held.grain !== row.grano ? 'grano' : held.harvest !== row.cosecha ? 'cosecha' : BigInt(row.kilos) < BigInt(held.applied) ? 'kilos' : null;
        if (field) {
          result.rejected.push({ fila: n, campo: field, mensaje: integrationGrainMsg.aplicadoAContratos(held.applied) });
          continue;
        }
      }
      toWrite.push({ n, row, voucher });
    }
    if (!toWrite.length) return result;

    // One statement, in key order (two batches lock the same vouchers in the same order).
    toWrite.sort((a, b) => byKey(a.row, b.row));
    const json = toWrite.map(({ row, voucher }) => Object.assign({}, voucher, { kind: KIND_OF[row.tipo], series: row.punto_venta, number: row.numero }));
    await sql`
      insert into grain_movements (company_id, entity_id, grain, harvest, date, kind, kilos, direct, collected, series, number)
      select ${companyId}, r.entity_id, r.grain, r.harvest, r.date, r.kind, r.kilos, r.direct, r.collected, r.series, r.number
      from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as r(
        entity_id integer, grain text, harvest text, date date, kind smallint, kilos numeric, direct boolean, collected boolean, series integer, number integer)
      on conflict (company_id, kind, series, number) do update set
        entity_id = excluded.entity_id, grain = excluded.grain, harvest = excluded.harvest, date = excluded.date, kilos = excluded.kilos,
        direct = excluded.direct, collected = excluded.collected`.execute(trx);
    for (const w of toWrite) result.accepted.push(w.n);
    return result;
  },

  async remove(trx, companyId, rows: Numbered<GrainVoucherRemovalRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const existing = await existingVouchers(trx, companyId, rows.map((r) => r.row));
    const toDelete: string[] = [];
    for (const { n, row } of rows) {
      const held = existing.get(identity(row));
      if (!held) result.rejected.push({ fila: n, campo: 'numero', mensaje: integrationBatchMsg.noExiste });
      else if (held.applied) result.rejected.push({ fila: n, campo: 'numero', mensaje: integrationGrainMsg.vinculadoAContratos });
      else {
        toDelete.push(held.id);
        result.accepted.push(n);
      }
    }
    if (toDelete.length) await trx.deleteFrom('grain_movements').where('company_id', '=', companyId).where('id', 'in', toDelete).execute();
    return result;
  },
};
