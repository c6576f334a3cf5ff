import { customerIds } from './codes.js';
import { sql } from 'kysely';
import {
  integrationBatchMsg,
  integrationMovementMsg,
  LEDGER_VOUCHER_TYPES,
  movementRemovalRow,
  movementRow,
  type MovementRemovalRow,
  type MovementRow,
} from '@portal/contract';
import type { DB } from '../../../db/database.js';
import type { ChunkResult, KindHandler, Numbered } from './kind.js';

/** A voucher's identity within the company: type, point of sale and number (the unique account_movements_voucher_key). */
const identity = (r: { tipo: string; punto_venta: number; numero: number }) => `${r.tipo}|${r.punto_venta}|${r.numero}`;
const numberText = (series: number, number: number) => `${String(series).padStart(5, '0')}-${String(number).padStart(8, '0')}`;
/** A decimal text with the sign of the voucher's side (credits subtract); zero has none, as PostgreSQL prints it. */
const signed = (value: string, credit: boolean) => (credit && /[1-9]/.test(value) ? `-${value}` : value);
const signedOrNull = (value: string | null, credit: boolean) => (value === null ? null : signed(value, credit));

/** The voucher as account_movements and voucher_lines keep it, every value as PostgreSQL prints it back. */
type Voucher = {
  entity_id: number;
  date: string;
  voucher_name: string;
  letter: string | null;
  detail: string | null;
  currency: string;
  amount: string;
  due_date: string | null;
  settled: boolean;
  afip_type: number | null;
  net_amount: string | null;
  vat21: string | null;
  vat105: string | null;
  other_taxes: string | null;
  cae: string | null;
  cae_due: string | null;
  origin_type: string | null;
  origin_series: number | null;
  origin_number: number | null;
  sale_condition: string | null;
  account_type: number;
  lines: Array<{
    line_no: number;
    kind: string;
    product_code: string | null;
    description: string;
    quantity: string | null;
    unit: string | null;
    unit_price: string | null;
    discount: string | null;
    amount: string;
  }>;
};
const VOUCHER_FIELDS = [
  'entity_id', 'date', 'voucher_name', 'letter', 'detail', 'currency', 'amount', 'due_date', 'settled', 'afip_type', 'net_amount', 'vat21',
  'vat105', 'other_taxes', 'cae', 'cae_due', 'origin_type', 'origin_series', 'origin_number', 'sale_condition', 'account_type',
] as const;
const LINE_FIELDS = ['line_no', 'kind', 'product_code', 'description', 'quantity', 'unit', 'unit_price', 'discount', 'amount'] as const;
/** One text per voucher, its fields in a fixed order: equal texts are equal vouchers (lines and applications included). */
const canonical = (v: Voucher) => JSON.stringify([VOUCHER_FIELDS.map((f) => v[f]), v.lines.map((l) => LINE_FIELDS.map((f) => l[f]))]);

/** The voucher a row describes, for the entity `entityId`. */
function voucherOf(row: MovementRow, entityId: number): Voucher {
  const type = LEDGER_VOUCHER_TYPES[row.tipo];
  const lines: Voucher['lines'] = row.lineas.map((l, i) => ({
    line_no: i + 1,
    kind: l.producto === null ? 'other' : 'product',
    product_code: l.producto,
    description: l.descripcion,
    quantity: l.cantidad,
    unit: l.unidad,
    unit_price: l.precio,
    discount: l.descuento,
    amount: l.importe,
  }));
  // What a receipt, credit note or settlement applies to: 'applied' lines naming each document (docs/decisions/fiscal.md).
  for (const a of row.aplica) {
    const t = LEDGER_VOUCHER_TYPES[a.tipo];
    const name = a.letra && t.lettered ? `${t.name} ${a.letra}` : t.name;
    lines.push({
      line_no: lines.length + 1, kind: 'applied', product_code: null, description: `${name} ${numberText(a.punto_venta, a.numero)}`,
      quantity: null, unit: null, unit_price: null, discount: null, amount: a.importe,
    });
  }
  return {
    entity_id: entityId,
    date: row.fecha,
    voucher_name: row.nombre ?? (row.letra && type.lettered ? `${type.name} ${row.letra}` : type.name),
    letter: row.letra,
    detail: row.detalle,
    currency: row.moneda,
    amount: signed(row.importe, type.credit),
    due_date: row.vencimiento,
    settled: row.cancelado,
    afip_type: row.tipo_afip,
    net_amount: signedOrNull(row.neto, type.credit),
    vat21: signedOrNull(row.iva21, type.credit),
    vat105: signedOrNull(row.iva105, type.credit),
    other_taxes: signedOrNull(row.otros_impuestos, type.credit),
    cae: row.cae,
    cae_due: row.vencimiento_cae,
    origin_type: row.origen?.tipo ?? null,
    origin_series: row.origen?.punto_venta ?? null,
    origin_number: row.origen?.numero ?? null,
    sale_condition: row.condicion_venta,
    account_type: row.cuenta,
    lines,
  };
}

type Key = { tipo: string; punto_venta: number; numero: number };
const keysJson = (keys: Key[]) => JSON.stringify(keys.map((k) => ({ code: k.tipo, series: k.punto_venta, number: k.numero })));

/**
 * The company's vouchers with these identities, as voucherOf builds them (and each line's deposit, which the ERP does
 * not send and a rewrite keeps). Locked in key order, as the upsert writes them.
 */
async function existingVouchers(trx: DB, companyId: number, keys: Key[]) {
  const rows = await sql<Omit<Voucher, 'lines'> & { id: string; voucher_code: string; series: number; number: number; lines: Array<Voucher['lines'][number] & { deposit_id: number | null }> }>`
    select m.id, m.voucher_code, m.series, m.number, m.entity_id, to_char(m.date, 'YYYY-MM-DD') as date, m.voucher_name, m.letter, m.detail,
      m.currency, m.amount::text as amount, to_char(m.due_date, 'YYYY-MM-DD') as due_date, m.settled, m.afip_type, m.net_amount::text as net_amount,
      m.vat21::text as vat21, m.vat105::text as vat105, m.other_taxes::text as other_taxes, m.cae, to_char(m.cae_due, 'YYYY-MM-DD') as cae_due,
      m.origin_type, m.origin_series, m.origin_number, m.sale_condition, m.account_type::int as account_type,
      coalesce((select json_agg(json_build_object('line_no', l.line_no, 'kind', l.kind, 'product_code', l.product_code, 'description', l.description,
          'quantity', l.quantity::text, 'unit', l.unit, 'unit_price', l.unit_price::text, 'discount', l.discount::text, 'amount', l.amount::text,
          'deposit_id', l.deposit_id) order by l.line_no, l.id)
        from voucher_lines l where l.movement_id = m.id), '[]'::json) as lines
    from account_movements m
    join jsonb_to_recordset(${keysJson(keys)}::jsonb) as k(code text, series integer, number integer)
      on m.voucher_code = k.code and m.series = k.series and m.number = k.number
    where m.company_id = ${companyId}
    order by m.voucher_code, m.series, m.number
    for update of m`.execute(trx);
  return new Map(rows.rows.map((r) => [identity({ tipo: r.voucher_code, punto_venta: r.series, numero: r.number }), r]));
}

/**
 * Account movements: one row is one voucher of a customer's current account with its lines and what it applies to,
 * keyed by the ERP's (type, point of sale, number) within the company. A voucher equal to what the portal holds
 * (lines included) is not written; a new or changed one is written whole — the movement upserted, its lines replaced —
 * in the chunk's transaction. The statements' checkpoints and versions follow by their triggers on account_movements
 * (a back-dated voucher changes its month only; a voucher moved to another customer bumps both), and the dashboard's
 * balance, 'Vencido' and the pending documents are read from the same rows. A removal deletes the voucher and its
 * lines; one that the portal's receipts, orders or deliveries point to is refused.
 */
export const movements: KindHandler<MovementRow, MovementRemovalRow> = {
  kind: 'movimientos',
  row: movementRow,
  removal: movementRemovalRow,
  keyOf: (r) => identity(r),
  repeated: { field: 'numero', message: integrationMovementMsg.comprobanteRepetido },

  async upsert(trx, companyId, rows: Numbered<MovementRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const entities = await customerIds(trx, companyId, rows.map((r) => r.row.cliente));
    const accounts = new Set((await trx.selectFrom('account_types').select('code').where('company_id', '=', companyId).execute()).map((a) => a.code));
    const existing = await existingVouchers(trx, companyId, rows.map((r) => r.row));

    const toWrite: Array<{ n: number; row: MovementRow; voucher: Voucher; before?: Voucher['lines'] }> = [];
    for (const { n, row } of rows) {
      const entityId = entities.get(row.cliente);
      if (entityId === undefined) {
        result.rejected.push({ fila: n, campo: 'cliente', mensaje: integrationMovementMsg.clienteInexistente(row.cliente) });
        continue;
      }
      if (!accounts.has(row.cuenta)) {
        result.rejected.push({ fila: n, campo: 'cuenta', mensaje: integrationMovementMsg.cuentaInexistente(row.cuenta) });
        continue;
      }
      const voucher = voucherOf(row, entityId);
      const held = existing.get(identity(row));
      if (held && canonical(held) === canonical(voucher)) {
        result.unchanged.push(n);
        continue;
      }
      toWrite.push({ n, row, voucher, before: held?.lines });
    }
    if (!toWrite.length) return result;

    toWrite.sort((a, b) => (identity(a.row) < identity(b.row) ? -1 : identity(a.row) > identity(b.row) ? 1 : 0));
    // Object.assign, not a rest and a spread: V8's slow path for those costs ≈ 20 µs a voucher (throughput.md).
    // `lines: undefined` leaves the lines out of the JSON.
    const movementsJson = toWrite.map(({ row, voucher }) =>
      Object.assign({}, voucher, { lines: undefined, voucher_code: row.tipo, series: row.punto_venta, number: row.numero }),
    );
    // The movements in one statement, in key order (two batches lock the same vouchers in the same order).
    const written = await sql<{ id: string; voucher_code: string; series: number; number: number }>`
      insert into account_movements (company_id, entity_id, date, voucher_code, voucher_name, series, number, letter, detail, currency, amount,
        due_date, settled, afip_type, net_amount, vat21, vat105, other_taxes, cae, cae_due, printable, origin_type, origin_series,
        origin_number, sale_condition, account_type)
      select ${companyId}, r.entity_id, r.date, r.voucher_code, r.voucher_name, r.series, r.number, r.letter, r.detail, r.currency, r.amount,
        r.due_date, r.settled, r.afip_type, r.net_amount, r.vat21, r.vat105, r.other_taxes, r.cae, r.cae_due, true, r.origin_type, r.origin_series,
        r.origin_number, r.sale_condition, r.account_type
      from jsonb_to_recordset(${JSON.stringify(movementsJson)}::jsonb) as r(
        entity_id integer, date date, voucher_code text, voucher_name text, series integer, number integer, letter text, detail text,
        currency text, amount numeric, due_date date, settled boolean, afip_type integer, net_amount numeric, vat21 numeric, vat105 numeric,
        other_taxes numeric, cae text, cae_due date, origin_type text, origin_series integer, origin_number integer, sale_condition text,
        account_type smallint)
      on conflict (company_id, voucher_code, series, number) do update set
        entity_id = excluded.entity_id, date = excluded.date, voucher_name = excluded.voucher_name, letter = excluded.letter,
        detail = excluded.detail, currency = excluded.currency, amount = excluded.amount, due_date = excluded.due_date,
        settled = excluded.settled, afip_type = excluded.afip_type, net_amount = excluded.net_amount, vat21 = excluded.vat21,
        vat105 = excluded.vat105, other_taxes = excluded.other_taxes, cae = excluded.cae, cae_due = excluded.cae_due,
        origin_type = excluded.origin_type, origin_series = excluded.origin_series, origin_number = excluded.origin_number,
        sale_condition = excluded.sale_condition, account_type = excluded.account_type
      returning id, voucher_code, series, number`.execute(trx);
    const idOf = new Map(written.rows.map((w) => [identity({ tipo: w.voucher_code, punto_venta: w.series, numero: w.number }), w.id]));

    // The lines replaced whole. Every written voucher's old lines go, a new one's too: a concurrent batch may have
    // inserted the voucher since it was read. The deposit an invoiced product leaves from is kept by line.
    const ids = [...idOf.values()].sort((a, b) => Number(a) - Number(b));
    await trx.deleteFrom('voucher_lines').where('movement_id', 'in', ids).execute();
    const lines = toWrite.flatMap(({ row, voucher, before }) => {
      const movementId = idOf.get(identity(row))!;
      return voucher.lines.map((l) => {
        const old = before?.find((b) => b.line_no === l.line_no && b.product_code === l.product_code) as { deposit_id?: number | null } | undefined;
        return Object.assign({}, l, { movement_id: movementId, deposit_id: l.kind === 'product' ? (old?.deposit_id ?? null) : null });
      });
    });
    if (lines.length) {
      await sql`
        insert into voucher_lines (company_id, movement_id, line_no, kind, product_code, description, quantity, unit, unit_price, discount, amount, deposit_id)
        select ${companyId}, r.movement_id, r.line_no, r.kind, r.product_code, r.description, r.quantity, r.unit, r.unit_price, r.discount, r.amount, r.deposit_id
        from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as r(
          movement_id bigint, line_no integer, kind text, product_code text, description text, quantity numeric, unit text,
          unit_price numeric, discount numeric, amount numeric, deposit_id integer)`.execute(trx);
    }
    for (const w of toWrite) result.accepted.push(w.n);
    return result;
  },

  async remove(trx, companyId, rows: Numbered<MovementRemovalRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const existing = await sql<{ id: string; voucher_code: string; series: number; number: number; linked: boolean }>`
      select m.id, m.voucher_code, m.series, m.number,
        exists (select 1 from receipt_applications ra where ra.movement_id = m.id)
          or exists (select 1 from receipts r where r.movement_id = m.id)
          or exists (select 1 from sales_orders o where o.invoice_movement_id = m.id)
          or exists (select 1 from product_deliveries d where d.movement_id = m.id) as linked
      from account_movements m
      join jsonb_to_recordset(${keysJson(rows.map((r) => r.row))}::jsonb) as k(code text, series integer, number integer)
        on m.voucher_code = k.code and m.series = k.series and m.number = k.number
      where m.company_id = ${companyId}
      order by m.voucher_code, m.series, m.number
      for update of m`.execute(trx);
    const byKey = new Map(existing.rows.map((r) => [identity({ tipo: r.voucher_code, punto_venta: r.series, numero: r.number }), r]));
    const toDelete: string[] = [];
    for (const { n, row } of rows) {
      const held = byKey.get(identity(row));
      if (!held) result.rejected.push({ fila: n, campo: 'numero', mensaje: integrationBatchMsg.noExiste });
      else if (held.linked) result.rejected.push({ fila: n, campo: 'numero', mensaje: integrationMovementMsg.vinculadoEnPortal });
      else {
        toDelete.push(held.id);
        result.accepted.push(n);
      }
    }
    // The lines go with the movement (on delete cascade); checkpoints and versions follow by their triggers.
    if (toDelete.length) await trx.deleteFrom('account_movements').where('company_id', '=', companyId).where('id', 'in', toDelete).execute();
    return result;
  },
};
