import { customerIds, knownGrains } from './codes.js';
import { sql } from 'kysely';
import {
  contractIntegrationRemovalRow,
  contractIntegrationRow,
  GRAIN_VOUCHERS,
  integrationBatchMsg,
  integrationContractMsg,
  integrationGrainMsg,
  integrationMovementMsg,
  type ContractIntegrationRow,
  type ContractRemovalRow,
} from '@portal/contract';
import type { DB } from '../../../db/database.js';
import type { ChunkResult, KindHandler, Numbered } from './kind.js';

/** The kind of grain_movements each voucher code is (RO 1 … LP 5); a contract's commitment row is kind 7. */
const KIND_OF: Record<string, number> = Object.fromEntries(GRAIN_VOUCHERS.map((v) => [v.codcom, v.kind]));
const COMMITMENT = 7;
type Key = { punto_venta: number; numero: number };
const identity = (r: Key) => `${r.punto_venta}|${r.numero}`;
const byKey = (a: Key, b: Key) => a.punto_venta - b.punto_venta || a.numero - b.numero;
type VoucherKey = { tipo: string; punto_venta: number; numero: number };
const voucherIdentity = (r: VoucherKey) => `${KIND_OF[r.tipo]}|${r.punto_venta}|${r.numero}`;

/** The contract as grain_contracts keeps it, every value as PostgreSQL prints it back. */
type Contract = {
  entity_id: number;
  grain: string;
  harvest: string;
  date: string;
  pricing: 'hecho' | 'fijar';
  kilos: string;
  price: string | null;
  currency: string;
  delivery_from: string | null;
  delivery_to: string | null;
  destination: string | null;
  broker_slip: string | null;
  printable: boolean;
};
const FIELDS = ['entity_id', 'grain', 'harvest', 'date', 'pricing', 'kilos', 'price', 'currency', 'delivery_from', 'delivery_to', 'destination', 'broker_slip', 'printable'] as const;
type Fixing = { date: string; kilos: string; price: string };
type Application = { movement_id: string; kind: number; series: number; number: number; kilos: string };
type Held = Contract & { id: number; series: number; number: number; fixings: Fixing[]; applications: Application[]; commitment_ok: boolean };

/** Fixings in the screens' order (date, then as sent); applications by voucher identity. */
const fixingsText = (f: Fixing[]) => JSON.stringify(f.map((x) => [x.date, x.kilos, x.price]));
const applicationsText = (a: Application[]) =>
  JSON.stringify([...a].sort((x, y) => x.kind - y.kind || x.series - y.series || x.number - y.number).map((x) => [x.kind, x.series, x.number, x.kilos]));

/**
 * The company's contracts with these keys, locked in key order, with their fixings (date, id order), the grain
 * vouchers applied to them (not the commitment) and whether the commitment row (kind 7, applied whole) matches.
 */
async function heldContracts(trx: DB, companyId: number, keys: Key[]): Promise<Map<string, Held>> {
  const wanted = JSON.stringify(keys.map((k) => ({ series: k.punto_venta, number: k.numero })));
  const rows = await sql<Held>`
    with c as (
      select gc.* from grain_contracts gc
      join jsonb_to_recordset(${wanted}::jsonb) as k(series integer, number integer) on gc.series = k.series and gc.number = k.number
      where gc.company_id = ${companyId}
      order by gc.series, gc.number
      for update of gc)
    select c.id, c.series, c.number, c.entity_id, c.grain, c.harvest, to_char(c.date, 'YYYY-MM-DD') as date, c.pricing, c.kilos::text as kilos,
      c.price::text as price, c.currency, to_char(c.delivery_from, 'YYYY-MM-DD') as delivery_from, to_char(c.delivery_to, 'YYYY-MM-DD') as delivery_to,
      c.destination, c.broker_slip, c.printable,
      coalesce((select json_agg(json_build_object('date', to_char(f.date, 'YYYY-MM-DD'), 'kilos', f.kilos::text, 'price', f.price::text) order by f.date, f.id)
        from grain_contract_fixings f where f.company_id = c.company_id and f.contract_id = c.id), '[]'::json) as fixings,
      coalesce((select json_agg(json_build_object('movement_id', gm.id::text, 'kind', gm.kind, 'series', gm.series, 'number', gm.number, 'kilos', a.kilos::text))
        from grain_contract_applications a join grain_movements gm on gm.id = a.movement_id
        where a.company_id = c.company_id and a.contract_id = c.id and gm.kind <> ${COMMITMENT}), '[]'::json) as applications,
      exists (select 1 from grain_movements gm join grain_contract_applications a on a.movement_id = gm.id and a.contract_id = c.id and a.kilos = c.kilos
        where gm.company_id = c.company_id and gm.kind = ${COMMITMENT} and gm.series = c.series and gm.number = c.number and gm.entity_id = c.entity_id
          and gm.grain = c.grain and gm.harvest = c.harvest and gm.date = c.date and gm.kilos = c.kilos) as commitment_ok
    from c`.execute(trx);
  return new Map(rows.rows.map((r) => [identity({ punto_venta: r.series, numero: r.number }), { ...r, id: Number(r.id) }]));
}

type Voucher = { id: string; entity_id: number; grain: string; harvest: string; kilos: string; applied: string };

/**
 * The grain vouchers the rows apply, locked in key order (as granos locks them: a voucher's kilograms and its
 * applications never change under each other), with the kilograms applied to every contract.
 */
async function heldVouchers(trx: DB, companyId: number, keys: VoucherKey[]): Promise<Map<string, Voucher>> {
  if (!keys.length) return new Map();
  const wanted = JSON.stringify(keys.map((k) => ({ kind: KIND_OF[k.tipo], series: k.punto_venta, number: k.numero })));
  const rows = await sql<Voucher & { kind: number; series: number; number: number }>`
    with v as (
      select gm.id, gm.kind, gm.series, gm.number, gm.entity_id, gm.grain, gm.harvest, gm.kilos from grain_movements gm
      where gm.company_id = ${companyId}
        and (gm.kind, gm.series, gm.number) in (select distinct k.kind, k.series, k.number from jsonb_to_recordset(${wanted}::jsonb) as k(kind smallint, series integer, number integer))
      order by gm.kind, gm.series, gm.number
      for update of gm)
    select v.id::text as id, v.kind, v.series, v.number, v.entity_id, v.grain, v.harvest, v.kilos::text as kilos,
      coalesce((select sum(a.kilos) from grain_contract_applications a where a.company_id = ${companyId} and a.movement_id = v.id), 0)::text as applied
    from v`.execute(trx);
  return new Map(rows.rows.map((r) => [`${Number(r.kind)}|${r.series}|${r.number}`, r]));
}

/**
 * Grain contracts: one row is one contract of a customer, keyed by the ERP's (point of sale, number) within the
 * company, with its price fixings and the grain vouchers (of `granos`) applied to it with the kilograms each counts for
 * it. Both lists are the contract's whole state: a changed contract is written whole (fixings and applications
 * replaced) with its commitment row (grain_movements kind 7, the dashboard's 'Contrato', applied whole); an equal one is
 * not written. The contracts screens compute delivered, certified, invoiced, collected and fixed kilograms from these
 * rows on every request, so the next request sees the sync. A voucher applied must be the contract's customer's, of its
 * grain and harvest, and the kilograms applied to all contracts never exceed the voucher's. A removal deletes the
 * contract with its fixings, applications and commitment: the vouchers stay, free for other contracts.
 */
export const contracts: KindHandler<ContractIntegrationRow, ContractRemovalRow> = {
  kind: 'contratos',
  row: contractIntegrationRow,
  removal: contractIntegrationRemovalRow,
  keyOf: (r) => identity(r),
  repeated: { field: 'numero', message: integrationContractMsg.contratoRepetido },

  async upsert(trx, companyId, rows: Numbered<ContractIntegrationRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const entities = await customerIds(trx, companyId, rows.map((r) => r.row.cliente));
    const grains = await knownGrains(trx, rows.map((r) => r.row.grano));
    const held = await heldContracts(trx, companyId, rows.map((r) => r.row));
    const vouchers = await heldVouchers(trx, companyId, rows.flatMap((r) => r.row.aplicaciones));
    // Kilograms of each voucher applied to every contract, as the chunk leaves them so far.
    const used = new Map([...vouchers.values()].map((v) => [v.id, BigInt(v.applied)]));

    const toWrite: Array<{ row: ContractIntegrationRow; contract: Contract; fixings: Fixing[]; applications: Application[] }> = [];
    rows: for (const { n, row } of rows) {
      const entityId = entities.get(row.cliente);
      if (entityId === undefined) {
        result.rejected.push({ fila: n, campo: 'cliente', mensaje: integrationMovementMsg.clienteInexistente(row.cliente) });
        continue;
      }
      if (!grains.has(row.grano)) {
        result.rejected.push({ fila: n, campo: 'grano', mensaje: integrationGrainMsg.granoInexistente(row.grano) });
        continue;
      }
      const contract: Contract = {
        entity_id: entityId,
        grain: row.grano,
        harvest: row.cosecha,
        date: row.fecha,
        pricing: row.tipo_precio,
        kilos: row.kilos,
        price: row.precio,
        currency: row.moneda,
        delivery_from: row.entrega_desde,
        delivery_to: row.entrega_hasta,
        destination: row.destino,
        broker_slip: row.boleto,
        printable: row.imprimible,
      };
      const applications: Application[] = [];
      for (const [i, a] of row.aplicaciones.entries()) {
        const v = vouchers.get(voucherIdentity(a));
        if (!v) {
          result.rejected.push({ fila: n, campo: `aplicaciones.${i}.numero`, mensaje: integrationContractMsg.comprobanteInexistente(a.tipo, a.punto_venta, a.numero) });
          continue rows;
        }
        if (v.entity_id !== entityId || v.grain !== row.grano || v.harvest !== row.cosecha) {
          result.rejected.push({ fila: n, campo: `aplicaciones.${i}`, mensaje: integrationContractMsg.comprobanteAjeno });
          continue rows;
        }
        applications.push({ movement_id: v.id, kind: KIND_OF[a.tipo]!, series: a.punto_venta, number: a.numero, kilos: a.kilos });
      }
      const h = held.get(identity(row));
      const fixings = [...row.fijaciones].sort((a, b) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : 0)).map((f) => ({ date: f.fecha, kilos: f.kilos, price: f.precio }));
      if (h && h.commitment_ok && FIELDS.every((f) => h[f] === contract[f]) && fixingsText(h.fixings) === fixingsText(fixings) && applicationsText(h.applications) === applicationsText(applications)) {
        result.unchanged.push(n);
        continue;
      }
      // What each voucher would have applied once this contract's applications replace the ones it holds.
      const after = new Map<string, bigint>();
      for (const x of h?.applications ?? []) if (used.has(x.movement_id)) after.set(x.movement_id, (after.get(x.movement_id) ?? used.get(x.movement_id)!) - BigInt(x.kilos));
      for (const [i, x] of applications.entries()) {
        const total = (after.get(x.movement_id) ?? used.get(x.movement_id)!) + BigInt(x.kilos);
        after.set(x.movement_id, total);
        const v = vouchers.get(voucherIdentity(row.aplicaciones[i]!))!;
        if (total > BigInt(v.kilos)) {
          const free = BigInt(v.kilos) - (total - BigInt(x.kilos));
          result.rejected.push({ fila: n, campo: `aplicaciones.${i}.kilos`, mensaje: integrationContractMsg.aplicadoSuperaComprobante(v.kilos, (free > 0n ? free : 0n).toString()) });
          continue rows;
        }
      }
      for (const [id, total] of after) used.set(id, total);
      toWrite.push({ row, contract, fixings, applications });
      result.accepted.push(n);
    }
    if (!toWrite.length) return result;

    // In key order: two batches lock the same contracts (and their commitments) in the same order.
    toWrite.sort((a, b) => byKey(a.row, b.row));
    const json = toWrite.map(({ row, contract }) => Object.assign({}, contract, { series: row.punto_venta, number: row.numero }));
    const written = await sql<{ id: number; series: number; number: number }>`
      insert into grain_contracts (company_id, entity_id, grain, harvest, series, number, date, pricing, kilos, price, currency,
        delivery_from, delivery_to, destination, broker_slip, printable)
      select ${companyId}, r.entity_id, r.grain, r.harvest, r.series, r.number, r.date, r.pricing, r.kilos, r.price, r.currency,
        r.delivery_from, r.delivery_to, r.destination, r.broker_slip, r.printable
      from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as r(entity_id integer, grain text, harvest text, series integer, number integer,
        date date, pricing text, kilos numeric, price numeric, currency text, delivery_from date, delivery_to date, destination text,
        broker_slip text, printable boolean)
      order by r.series, r.number
      on conflict (company_id, series, number) do update set
        entity_id = excluded.entity_id, grain = excluded.grain, harvest = excluded.harvest, date = excluded.date, pricing = excluded.pricing,
        kilos = excluded.kilos, price = excluded.price, currency = excluded.currency, delivery_from = excluded.delivery_from,
        delivery_to = excluded.delivery_to, destination = excluded.destination, broker_slip = excluded.broker_slip, printable = excluded.printable
      returning id, series, number`.execute(trx);
    const ids = new Map(written.rows.map((r) => [identity({ punto_venta: r.series, numero: r.number }), Number(r.id)]));
    const contractIds = [...ids.values()];
    await trx.deleteFrom('grain_contract_fixings').where('company_id', '=', companyId).where('contract_id', 'in', contractIds).execute();
    await trx.deleteFrom('grain_contract_applications').where('company_id', '=', companyId).where('contract_id', 'in', contractIds).execute();

    const fixings = toWrite.flatMap(({ row, fixings }) => fixings.map((f, i) => ({ contract_id: ids.get(identity(row))!, i, ...f })));
    if (fixings.length) {
      await sql`
        insert into grain_contract_fixings (company_id, contract_id, date, kilos, price)
        select ${companyId}, r.contract_id, r.date, r.kilos, r.price
        from jsonb_to_recordset(${JSON.stringify(fixings)}::jsonb) as r(contract_id integer, i integer, date date, kilos numeric, price numeric)
        order by r.contract_id, r.i`.execute(trx);
    }

    // The commitment rows (kind 7, the contract's series and number), then every application with the commitment's.
    const commitments = await sql<{ id: string; series: number; number: number; kilos: string }>`
      insert into grain_movements (company_id, entity_id, grain, harvest, date, kind, kilos, direct, collected, series, number)
      select ${companyId}, r.entity_id, r.grain, r.harvest, r.date, ${COMMITMENT}, r.kilos, false, false, r.series, r.number
      from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as r(entity_id integer, grain text, harvest text, date date, kilos numeric, series integer, number integer)
      order by r.series, r.number
      on conflict (company_id, kind, series, number) do update set
        entity_id = excluded.entity_id, grain = excluded.grain, harvest = excluded.harvest, date = excluded.date, kilos = excluded.kilos
      returning id::text as id, series, number, kilos::text as kilos`.execute(trx);
    const applications = [
      ...commitments.rows.map((c) => ({ contract_id: ids.get(identity({ punto_venta: c.series, numero: c.number }))!, movement_id: c.id, kilos: c.kilos })),
      ...toWrite.flatMap(({ row, applications }) => applications.map((a) => ({ contract_id: ids.get(identity(row))!, movement_id: a.movement_id, kilos: a.kilos }))),
    ];
    await sql`
      insert into grain_contract_applications (company_id, contract_id, movement_id, kilos)
      select ${companyId}, r.contract_id, r.movement_id, r.kilos
      from jsonb_to_recordset(${JSON.stringify(applications)}::jsonb) as r(contract_id integer, movement_id bigint, kilos numeric)`.execute(trx);
    return result;
  },

  async remove(trx, companyId, rows: Numbered<ContractRemovalRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const held = await heldContracts(trx, companyId, rows.map((r) => r.row));
    const gone: Held[] = [];
    for (const { n, row } of rows) {
      const h = held.get(identity(row));
      if (!h) result.rejected.push({ fila: n, campo: 'numero', mensaje: integrationBatchMsg.noExiste });
      else {
        gone.push(h);
        result.accepted.push(n);
      }
    }
    if (!gone.length) return result;
    const ids = gone.map((h) => h.id);
    await trx.deleteFrom('grain_contract_fixings').where('company_id', '=', companyId).where('contract_id', 'in', ids).execute();
    await trx.deleteFrom('grain_contract_applications').where('company_id', '=', companyId).where('contract_id', 'in', ids).execute();
    const keys = JSON.stringify(gone.map((h) => ({ series: h.series, number: h.number })));
    await sql`
      delete from grain_movements gm using jsonb_to_recordset(${keys}::jsonb) as k(series integer, number integer)
      where gm.company_id = ${companyId} and gm.kind = ${COMMITMENT} and gm.series = k.series and gm.number = k.number
        and not exists (select 1 from grain_contract_applications a where a.movement_id = gm.id)`.execute(trx);
    await trx.deleteFrom('grain_contracts').where('company_id', '=', companyId).where('id', 'in', ids).execute();
    return result;
  },
};
