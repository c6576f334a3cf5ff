import { sql } from 'kysely';
import { authorizationRemovalRow, authorizationRow, integrationAuthorizationMsg, integrationBatchMsg, type AuthorizationRemovalRow, type AuthorizationRow } from '@portal/contract';
import type { DB } from '../../../db/database.js';
import type { ChunkResult, KindHandler, Numbered } from './kind.js';

type Key = { tipo: string; punto_venta: number; numero: number };
const identity = (r: Key) => `${r.tipo}|${r.punto_venta}|${r.numero}`;

/** The voucher as stock_vouchers and its lines keep it, every value as PostgreSQL prints it back. */
type Voucher = {
  entity_id: number;
  seller_id: number | null;
  zone_id: number | null;
  date: string;
  voucher_name: string;
  order_number: number | null;
  detail: string | null;
  created_by: string;
  amount: string;
  lines: Array<{ description: string; quantity: string; amount: string }>;
};
const FIELDS = ['entity_id', 'seller_id', 'zone_id', 'date', 'voucher_name', 'order_number', 'detail', 'created_by', 'amount'] as const;
const canonical = (v: Voucher) => JSON.stringify([FIELDS.map((f) => v[f]), v.lines.map((l) => [l.description, l.quantity, l.amount])]);

/** The company's vouchers with these identities, locked in key order (as the upsert writes them). */
async function heldVouchers(trx: DB, companyId: number, keys: Key[]) {
  const wanted = JSON.stringify(keys.map((k) => ({ code: k.tipo, series: k.punto_venta, number: k.numero })));
  const rows = await sql<Omit<Voucher, 'lines'> & { id: number; voucher_code: string; series: number; number: number; status: 'pending' | 'authorized' | 'rejected'; lines: Voucher['lines'] }>`
    select v.id, v.voucher_code, v.series, v.number, v.status, v.entity_id, v.seller_id, v.zone_id, to_char(v.date, 'YYYY-MM-DD') as date, v.voucher_name,
      v.order_number, v.detail, v.created_by, v.amount::text as amount,
      coalesce((select json_agg(json_build_object('description', l.description, 'quantity', l.quantity::text, 'amount', l.amount::text) order by l.line_no, l.id)
        from stock_voucher_lines l where l.voucher_id = v.id), '[]'::json) as lines
    from stock_vouchers v
    join jsonb_to_recordset(${wanted}::jsonb) as k(code text, series integer, number integer) on v.voucher_code = k.code and v.series = k.series and v.number = k.number
    where v.company_id = ${companyId}
    order by v.voucher_code, v.series, v.number
    for update of v`.execute(trx);
  return new Map(rows.rows.map((r) => [identity({ tipo: r.voucher_code, punto_venta: r.series, numero: r.number }), r]));
}

/**
 * Vouchers to authorize: one row is one voucher (a remito, a return, a stock adjustment…) with its lines, keyed by
 * the ERP's type, point of sale and number; it joins the authorizer's list as pending. A voucher equal to what the
 * portal holds is not written; a new or changed pending one is written whole (the voucher upserted, its lines
 * replaced). Once the portal's authorizer decided it, the decision is the portal's history: a different row for it,
 * or its removal, is refused (the decision reaches the ERP by the events feed). The authorizer's list reads these rows
 * on every request (nothing of them is kept in memory), so the next request after the answer shows the sync.
 */
export const authorizations: KindHandler<AuthorizationRow, AuthorizationRemovalRow> = {
  kind: 'autorizaciones',
  row: authorizationRow,
  removal: authorizationRemovalRow,
  keyOf: (r) => identity(r),
  repeated: { field: 'numero', message: integrationAuthorizationMsg.comprobanteRepetido },

  async upsert(trx, companyId, rows: Numbered<AuthorizationRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const entities = new Map(
      (await trx.selectFrom('entities').select(['id', 'code', 'seller_id']).where('company_id', '=', companyId).where('code', 'in', [...new Set(rows.map((r) => r.row.cliente))]).execute()).map((e) => [e.code, e]),
    );
    // The sellers the rows name by code, and the customers' own sellers (entities.seller_id, by id), with their zones.
    const codes = [...new Set(rows.flatMap((r) => (r.row.vendedor === null ? [] : [r.row.vendedor])))];
    const ownIds = [...new Set([...entities.values()].flatMap((e) => (e.seller_id === null ? [] : [e.seller_id])))];
    const found = codes.length || ownIds.length
      ? await trx
          .selectFrom('sellers')
          .select(['id', 'code', 'zone_id'])
          .where('company_id', '=', companyId)
          .where((eb) => eb.or([eb('code', 'in', codes.length ? codes : [-1]), eb('id', 'in', ownIds.length ? ownIds : [-1])]))
          .execute()
      : [];
    const sellerByCode = new Map(found.map((s) => [s.code, s]));
    const sellerById = new Map(found.map((s) => [s.id, s]));
    const held = await heldVouchers(trx, companyId, rows.map((r) => r.row));

    const toWrite: Array<{ row: AuthorizationRow; voucher: Voucher }> = [];
    for (const { n, row } of rows) {
      const entity = entities.get(row.cliente);
      if (!entity) {
        result.rejected.push({ fila: n, campo: 'cliente', mensaje: integrationAuthorizationMsg.clienteInexistente(row.cliente) });
        continue;
      }
      const seller = row.vendedor !== null ? sellerByCode.get(row.vendedor) : entity.seller_id !== null ? sellerById.get(entity.seller_id) : undefined;
      if (row.vendedor !== null && !seller) {
        result.rejected.push({ fila: n, campo: 'vendedor', mensaje: integrationBatchMsg.vendedorInexistente(row.vendedor) });
        continue;
      }
      const voucher: Voucher = {
        entity_id: entity.id,
        seller_id: seller?.id ?? null,
        zone_id: seller?.zone_id ?? null,
        date: row.fecha,
        voucher_name: row.nombre,
        order_number: row.pedido,
        detail: row.detalle,
        created_by: row.usuario,
        amount: row.importe,
        lines: row.lineas.map((l) => ({ description: l.descripcion, quantity: l.cantidad, amount: l.importe })),
      };
      const before = held.get(identity(row));
      if (before && canonical(before) === canonical(voucher)) {
        result.unchanged.push(n);
        continue;
      }
      if (before && before.status !== 'pending') {
        result.rejected.push({ fila: n, campo: 'numero', mensaje: integrationAuthorizationMsg.yaDecidido(before.status === 'authorized') });
        continue;
      }
      toWrite.push({ row, voucher });
      result.accepted.push(n);
    }
    if (!toWrite.length) return result;

    toWrite.sort((a, b) => (identity(a.row) < identity(b.row) ? -1 : identity(a.row) > identity(b.row) ? 1 : 0));
    const values = toWrite.map(({ row, voucher }) => Object.assign({}, voucher, { lines: undefined, voucher_code: row.tipo, series: row.punto_venta, number: row.numero }));
    // Only a pending voucher is rewritten: one decided by the portal since it was read (a concurrent decision) stays.
    const written = await sql<{ id: number; voucher_code: string; series: number; number: number }>`
      insert into stock_vouchers (company_id, entity_id, seller_id, zone_id, date, voucher_code, voucher_name, series, number, order_number, detail, created_by, amount)
      select ${companyId}, r.entity_id, r.seller_id, r.zone_id, r.date, r.voucher_code, r.voucher_name, r.series, r.number, r.order_number, r.detail, r.created_by, r.amount
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(
        entity_id integer, seller_id integer, zone_id integer, date date, voucher_code text, voucher_name text, series integer, number integer,
        order_number integer, detail text, created_by text, amount numeric)
      on conflict (company_id, voucher_code, series, number) do update set
        entity_id = excluded.entity_id, seller_id = excluded.seller_id, zone_id = excluded.zone_id, date = excluded.date,
        voucher_name = excluded.voucher_name, order_number = excluded.order_number, detail = excluded.detail, created_by = excluded.created_by,
        amount = excluded.amount
      where stock_vouchers.status = 'pending'
      returning id, voucher_code, series, number`.execute(trx);
    const idOf = new Map(written.rows.map((w) => [identity({ tipo: w.voucher_code, punto_venta: w.series, numero: w.number }), w.id]));
    const ids = [...idOf.values()].sort((a, b) => a - b);
    if (ids.length) await trx.deleteFrom('stock_voucher_lines').where('voucher_id', 'in', ids).execute();
    const lines = toWrite.flatMap(({ row, voucher }) => {
      const id = idOf.get(identity(row));
      return id === undefined ? [] : voucher.lines.map((l, i) => ({ voucher_id: id, line_no: i + 1, description: l.description, quantity: l.quantity, amount: l.amount }));
    });
    if (lines.length) await trx.insertInto('stock_voucher_lines').values(lines).execute();
    return result;
  },

  async remove(trx, companyId, rows: Numbered<AuthorizationRemovalRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const held = await heldVouchers(trx, companyId, rows.map((r) => r.row));
    const toDelete: number[] = [];
    for (const { n, row } of rows) {
      const v = held.get(identity(row));
      if (!v) result.rejected.push({ fila: n, campo: 'numero', mensaje: integrationBatchMsg.noExiste });
      else if (v.status !== 'pending') result.rejected.push({ fila: n, campo: 'numero', mensaje: integrationAuthorizationMsg.yaDecidido(v.status === 'authorized') });
      else {
        toDelete.push(v.id);
        result.accepted.push(n);
      }
    }
    // The lines go with the voucher (on delete cascade).
    if (toDelete.length) await trx.deleteFrom('stock_vouchers').where('company_id', '=', companyId).where('id', 'in', toDelete).execute();
    return result;
  },
};
