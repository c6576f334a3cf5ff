import { sql } from 'kysely';
import { integrationPositionMsg, integrationRowMsg, LEDGER_CODE, positionRemovalRow, positionRow, type PositionRemovalRow, type PositionRow } from '@portal/contract';
import type { DB } from '../../../db/database.js';
import { byCode } from './codes.js';
import type { ChunkResult, KindHandler, Numbered } from './kind.js';

type Key = { punto_venta: number; numero: number; renglon: number };
const identity = (r: Key) => `${r.punto_venta}|${r.numero}|${r.renglon}`;

/** An invoice's product line as the portal holds it, with its remitos; every value as PostgreSQL prints it back. */
type HeldLine = {
  movement_id: string;
  series: number;
  number: number;
  line_no: number;
  entity_id: number;
  date: string;
  quantity: string | null;
  is_product: boolean;
  deposit_id: number | null;
  deliveries: Array<{ series: number; number: number; date: string; deposit_id: number; quantity: string; entity_id: number }>;
};
type Delivery = HeldLine['deliveries'][number];
const canonical = (deposit: number | null, deliveries: Delivery[]) =>
  JSON.stringify([deposit, [...deliveries].sort((a, b) => a.series - b.series || a.number - b.number).map((d) => [d.series, d.number, d.date, d.deposit_id, d.quantity, d.entity_id])]);
/** Thousandths as integers: sums of decimal texts without float arithmetic. */
const milli = (v: string) => BigInt(v.replace('.', ''));
const text3 = (m: bigint) => `${m / 1000n}.${String(m % 1000n).padStart(3, '0')}`;

/**
 * The invoices' lines the keys name (FC of the company, by point of sale and number, and the line's position), with
 * their remitos. The invoices are locked in (point of sale, number) order, as movimientos writes them: two batches on
 * the same lines wait for each other, never crosswise.
 */
async function heldLines(trx: DB, companyId: number, keys: Key[]): Promise<Map<string, HeldLine>> {
  const wanted = JSON.stringify(keys.map((k) => ({ series: k.punto_venta, number: k.numero, line_no: k.renglon })));
  const rows = await sql<HeldLine>`
    with k as (select * from jsonb_to_recordset(${wanted}::jsonb) as k(series integer, number integer, line_no integer)),
    m as (
      select m.id, m.series, m.number, m.entity_id, m.date from account_movements m
      where m.company_id = ${companyId} and m.voucher_code = ${LEDGER_CODE.invoice}
        and (m.series, m.number) in (select series, number from k)
      order by m.series, m.number
      for update of m)
    select m.id as movement_id, m.series, m.number, k.line_no, m.entity_id, to_char(m.date, 'YYYY-MM-DD') as date,
      vl.quantity::text as quantity, coalesce(vl.kind = 'product' and vl.product_code is not null and vl.quantity > 0, false) as is_product,
      vl.deposit_id,
      coalesce((select json_agg(json_build_object('series', d.series, 'number', d.number, 'date', to_char(d.date, 'YYYY-MM-DD'),
          'deposit_id', d.deposit_id, 'quantity', d.quantity::text, 'entity_id', d.entity_id) order by d.series, d.number)
        from product_deliveries d where d.company_id = ${companyId} and d.movement_id = m.id and d.line_no = k.line_no), '[]'::json) as deliveries
    from m join k on k.series = m.series and k.number = m.number
    left join lateral (select * from voucher_lines vl where vl.movement_id = m.id and vl.line_no = k.line_no order by vl.id limit 1) vl on true`.execute(trx);
  return new Map(rows.rows.map((r) => [identity({ punto_venta: r.series, numero: r.number, renglon: r.line_no }), r]));
}

/**
 * Stock positions and deliverables: one row is the position of one product line of an invoice (an FC loaded by
 * movimientos), keyed by the invoice's point of sale and number and the line's position: the deposit that holds the
 * goods for the customer (voucher_lines.deposit_id) and every remito that delivered part of it (product_deliveries).
 * A position equal to what the portal holds is not written; a new or changed one is written whole (the deposit set,
 * the line's remitos replaced) in the chunk's transaction. The stock-position screens ('POS' and 'PEN') read these
 * rows on every request (nothing of them is kept in memory), so the next request after the answer shows the sync.
 * A removal clears the line's deposit and deletes its remitos: the whole line is to deliver again.
 */
export const positions: KindHandler<PositionRow, PositionRemovalRow> = {
  kind: 'posiciones',
  row: positionRow,
  removal: positionRemovalRow,
  keyOf: (r) => identity(r),
  repeated: { field: 'renglon', message: integrationPositionMsg.renglonRepetido },

  async upsert(trx, companyId, rows: Numbered<PositionRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const held = await heldLines(trx, companyId, rows.map((r) => r.row));
    const deposits = await byCode(trx, 'deposits', companyId, rows.flatMap((r) => [r.row.deposito, ...r.row.entregas.map((d) => d.deposito ?? r.row.deposito)]));

    const toWrite: Array<{ line: HeldLine; deposit: number; deliveries: Delivery[] }> = [];
    rows: for (const { n, row } of rows) {
      const line = held.get(identity(row));
      if (!line) {
        result.rejected.push({ fila: n, campo: 'numero', mensaje: integrationPositionMsg.facturaInexistente(row.punto_venta, row.numero) });
        continue;
      }
      if (!line.is_product) {
        result.rejected.push({ fila: n, campo: 'renglon', mensaje: integrationPositionMsg.renglonSinProducto(row.renglon) });
        continue;
      }
      const deposit = deposits.get(row.deposito);
      if (!deposit) {
        result.rejected.push({ fila: n, campo: 'deposito', mensaje: integrationRowMsg.depositoInexistente(row.deposito) });
        continue;
      }
      const deliveries: Delivery[] = [];
      for (const [i, d] of row.entregas.entries()) {
        const from = deposits.get(d.deposito ?? row.deposito);
        if (!from) {
          result.rejected.push({ fila: n, campo: `entregas.${i}.deposito`, mensaje: integrationRowMsg.depositoInexistente(d.deposito!) });
          continue rows;
        }
        if (d.fecha < line.date) {
          result.rejected.push({ fila: n, campo: `entregas.${i}.fecha`, mensaje: integrationPositionMsg.entregaAnterior });
          continue rows;
        }
        deliveries.push({ series: d.punto_venta, number: d.numero, date: d.fecha, deposit_id: from.id, quantity: d.cantidad, entity_id: line.entity_id });
      }
      const delivered = deliveries.reduce((s, d) => s + milli(d.quantity), 0n);
      if (delivered > milli(line.quantity!)) {
        result.rejected.push({ fila: n, campo: 'entregas', mensaje: integrationPositionMsg.entregadoSupera(text3(delivered), line.quantity!) });
        continue;
      }
      if (canonical(line.deposit_id, line.deliveries) === canonical(deposit.id, deliveries)) {
        result.unchanged.push(n);
        continue;
      }
      toWrite.push({ line, deposit: deposit.id, deliveries });
      result.accepted.push(n);
    }
    if (!toWrite.length) return result;

    const lines = toWrite.map((w) => ({ movement_id: w.line.movement_id, line_no: w.line.line_no, deposit_id: w.deposit }));
    await sql`
      update voucher_lines vl set deposit_id = r.deposit_id
      from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as r(movement_id bigint, line_no integer, deposit_id integer)
      where vl.company_id = ${companyId} and vl.movement_id = r.movement_id and vl.line_no = r.line_no and vl.deposit_id is distinct from r.deposit_id`.execute(trx);
    await sql`
      delete from product_deliveries d using jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as r(movement_id bigint, line_no integer)
      where d.company_id = ${companyId} and d.movement_id = r.movement_id and d.line_no = r.line_no`.execute(trx);
    const deliveries = toWrite.flatMap((w) => w.deliveries.map((d) => Object.assign({}, d, { movement_id: w.line.movement_id, line_no: w.line.line_no })));
    if (deliveries.length) {
      await sql`
        insert into product_deliveries (company_id, entity_id, movement_id, line_no, deposit_id, date, series, number, quantity)
        select ${companyId}, r.entity_id, r.movement_id, r.line_no, r.deposit_id, r.date, r.series, r.number, r.quantity
        from jsonb_to_recordset(${JSON.stringify(deliveries)}::jsonb) as r(
          entity_id integer, movement_id bigint, line_no integer, deposit_id integer, date date, series integer, number integer, quantity numeric)`.execute(trx);
    }
    return result;
  },

  async remove(trx, companyId, rows: Numbered<PositionRemovalRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const held = await heldLines(trx, companyId, rows.map((r) => r.row));
    const toClear: Array<{ movement_id: string; line_no: number }> = [];
    for (const { n, row } of rows) {
      const line = held.get(identity(row));
      if (!line) result.rejected.push({ fila: n, campo: 'numero', mensaje: integrationPositionMsg.facturaInexistente(row.punto_venta, row.numero) });
      else if (line.deposit_id === null && !line.deliveries.length) result.rejected.push({ fila: n, campo: 'renglon', mensaje: integrationPositionMsg.sinPosicion });
      else {
        toClear.push({ movement_id: line.movement_id, line_no: line.line_no });
        result.accepted.push(n);
      }
    }
    if (!toClear.length) return result;
    await sql`
      update voucher_lines vl set deposit_id = null from jsonb_to_recordset(${JSON.stringify(toClear)}::jsonb) as r(movement_id bigint, line_no integer)
      where vl.company_id = ${companyId} and vl.movement_id = r.movement_id and vl.line_no = r.line_no`.execute(trx);
    await sql`
      delete from product_deliveries d using jsonb_to_recordset(${JSON.stringify(toClear)}::jsonb) as r(movement_id bigint, line_no integer)
      where d.company_id = ${companyId} and d.movement_id = r.movement_id and d.line_no = r.line_no`.execute(trx);
    return result;
  },
};
