import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { todayInArgentina } from '@portal/contract';
import type { DB } from '../database.js';
import { bulkInsert } from './bulk.js';
import { Random } from './random.js';
import type { DemoSize } from './demo-size.js';

/**
 * Grain contracts (docs/decisions/contracts.md), written over the grain ledger the dashboard seed left:
 * - older harvests: contracts for exactly what was settled (1116B/C and parcial) of a grain and harvest, so they end
 *   fulfilled (delivered, certified, settled, collected);
 * - the latest harvest: contracts for about 115 % of what was delivered, so the last ones are still open (kilograms
 *   to deliver), some 'a fijar' with part of the price still to fix.
 * The demo's own customers get two contracts per older harvest and four for the latest one, so a grain pages.
 * Deliveries, the certificate and the settlements of a grain and harvest are applied to its contracts in date order,
 * each movement's kilograms to the contract(s) they fall in (a load may be split between two): set-based SQL, so
 * the large size stays fast. Every contract gets its commitment row (kind 7, the dashboard's 'Contrato'), replacing
 * the dashboard seed's.
 */

const SHARE: Record<DemoSize, number> = { small: 1, demo: 1, large: 0.1 };
const PRICES: Record<string, number> = { SOJ: 290, MAI: 175, TRI: 205, GIR: 330 };
const DESTINATIONS = ['Puerto Quequén', 'Terminal Bahía Blanca', 'Planta de acopio Santa Rosa', 'Puerto Rosario — Up River', 'Planta General Pico'];

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const minDate = (a: string, b: string) => (a < b ? a : b);
const thousands = (kg: number) => Math.round(kg / 1000) * 1000;

type Group = { entity_id: number; grain: string; harvest: string; delivered: string; first_load: string | null };
type ContractSeed = {
  number: number;
  entity_id: number;
  grain: string;
  harvest: string;
  date: string;
  pricing: 'hecho' | 'fijar';
  kilos: number;
  price: string | null;
  delivery_from: string;
  delivery_to: string;
  destination: string;
  broker_slip: string;
  printable: boolean;
  fixings: Array<{ date: string; kilos: number; price: string }>;
};

export async function seedContracts(trx: DB, size: DemoSize, rich: Set<number>): Promise<void> {
  const rnd = new Random(15_2026);
  const today = todayInArgentina();
  const companies = await trx.selectFrom('companies').select('id').orderBy('id').execute();
  for (const company of companies) {
    const groups = (
      await sql<Group>`select entity_id, grain, harvest, coalesce(sum(kilos) filter (where kind = 1), 0)::text as delivered,
          to_char(min(date) filter (where kind = 1), 'YYYY-MM-DD') as first_load
        from grain_movements where company_id = ${company.id}
        group by entity_id, grain, harvest order by entity_id, grain, harvest`.execute(trx)
    ).rows;
    if (groups.length === 0) continue;
    const latest = groups.reduce((m, g) => (g.harvest > m ? g.harvest : m), '');
    const oldest = groups.reduce((m, g) => (g.harvest < m ? g.harvest : m), latest);
    const chosen = new Set<number>();
    for (const e of [...new Set(groups.map((g) => g.entity_id))]) if (rich.has(e) || rnd.chance(SHARE[size])) chosen.add(e);
    const settled = new Map(
      (
        await sql<{ entity_id: number; grain: string; harvest: string; kilos: string }>`select entity_id, grain, harvest, sum(kilos)::text as kilos
          from grain_movements where company_id = ${company.id} and kind in (4, 5) group by entity_id, grain, harvest`.execute(trx)
      ).rows.map((r) => [`${r.entity_id}|${r.grain}|${r.harvest}`, Number(r.kilos)]),
    );

    const contracts: ContractSeed[] = [];
    let number = 3000;
    for (const g of groups) {
      if (!chosen.has(g.entity_id) || !g.first_load) continue;
      const isRich = rich.has(g.entity_id);
      const total = g.harvest === latest ? thousands(Number(g.delivered) * 1.15) : (settled.get(`${g.entity_id}|${g.grain}|${g.harvest}`) ?? 0);
      if (total <= 0) continue;
      const parts = g.harvest === latest ? (isRich ? [0.3, 0.25, 0.25, 0.2] : rnd.chance(0.5) ? [0.6, 0.4] : [1]) : isRich ? [0.6, 0.4] : [1];
      const sizes = parts.map((p) => thousands(total * p));
      sizes[sizes.length - 1] = total - sizes.slice(0, -1).reduce((a, b) => a + b, 0);
      const opening = addDays(g.first_load, -rnd.int(25, 60));
      const base = PRICES[g.grain] ?? 250;
      sizes.forEach((kilos, i) => {
        const date = minDate(addDays(opening, i * 9), today);
        // The latest harvest's third contract of the demo's customers is always 'a fijar', so that view has rows.
        const fijar = g.harvest === latest && isRich ? i === 2 : rnd.chance(0.35);
        const fixings: ContractSeed['fixings'] = [];
        if (fijar) {
          const share = g.harvest === latest ? rnd.pick([0, 0.3, 0.5]) : 1;
          const tranches = share === 1 ? [0.6, 0.4] : share > 0 ? [share] : [];
          let left = share === 1 ? kilos : thousands(kilos * share);
          tranches.forEach((t, n) => {
            const k = n === tranches.length - 1 ? left : Math.min(left, thousands(kilos * t));
            left -= k;
            if (k > 0) fixings.push({ date: minDate(addDays(date, 20 + n * 25), today), kilos: k, price: new Decimal(base).times(0.9 + rnd.next() * 0.2).toDecimalPlaces(0).toFixed(2) });
          });
        }
        contracts.push({
          number: ++number,
          entity_id: g.entity_id,
          grain: g.grain,
          harvest: g.harvest,
          date,
          pricing: fijar ? 'fijar' : 'hecho',
          kilos,
          price: fijar ? null : new Decimal(base).times(0.92 + rnd.next() * 0.16).toDecimalPlaces(0).toFixed(2),
          delivery_from: addDays(date, 15),
          delivery_to: addDays(date, 120),
          destination: rnd.pick(DESTINATIONS),
          broker_slip: `${date.slice(0, 4)}-${String(rnd.int(1, 99_999)).padStart(6, '0')}`,
          // Contracts migrated from the previous system have no print; the demo's customers have one such (soja, oldest harvest).
          printable: isRich ? !(g.grain === 'SOJ' && g.harvest === oldest) : !rnd.chance(0.08),
          fixings,
        });
      });
    }
    if (contracts.length === 0) continue;

    await bulkInsert(trx, 'grain_contracts', {
      company_id: 'integer', entity_id: 'integer', grain: 'text', harvest: 'text', series: 'integer', number: 'integer', date: 'date',
      pricing: 'text', kilos: 'numeric', price: 'numeric', currency: 'text', delivery_from: 'date', delivery_to: 'date', destination: 'text',
      broker_slip: 'text', printable: 'boolean',
    }, contracts.map((c) => ({ ...c, company_id: company.id, series: 1, currency: 'USD' })));
    const ids = new Map(
      (await trx.selectFrom('grain_contracts').select(['id', 'number']).where('company_id', '=', company.id).execute()).map((r) => [r.number, r.id]),
    );
    await bulkInsert(trx, 'grain_contract_fixings', { company_id: 'integer', contract_id: 'integer', date: 'date', kilos: 'numeric', price: 'numeric' },
      contracts.flatMap((c) => c.fixings.map((f) => ({ company_id: company.id, contract_id: ids.get(c.number)!, ...f }))));

    // Deliveries, the certificate and the settlements, each class in date order, to the contracts whose kilograms they
    // overlap (a movement may be split between two contracts).
    for (const kinds of [sql`(1)`, sql`(2)`, sql`(4, 5)`]) {
      await sql`with c as (
          select id, entity_id, grain, harvest,
            sum(kilos) over (partition by entity_id, grain, harvest order by date, id) - kilos as c_from,
            sum(kilos) over (partition by entity_id, grain, harvest order by date, id) as c_to
          from grain_contracts where company_id = ${company.id}
        ), m as (
          select id, entity_id, grain, harvest, kilos, sum(kilos) over (partition by entity_id, grain, harvest order by date, id) - kilos as m_from
          from grain_movements where company_id = ${company.id} and kind in ${kinds}
        )
        insert into grain_contract_applications (company_id, contract_id, movement_id, kilos)
        select ${company.id}, c.id, m.id, least(m.m_from + m.kilos, c.c_to) - greatest(m.m_from, c.c_from)
        from m join c on c.entity_id = m.entity_id and c.grain = m.grain and c.harvest = m.harvest and m.m_from < c.c_to and m.m_from + m.kilos > c.c_from`.execute(trx);
    }
    // Settlements older than a month are paid.
    await sql`update grain_movements gm set collected = true
      where gm.company_id = ${company.id} and gm.kind in (4, 5) and gm.date < ${addDays(today, -30)}::date
        and exists (select 1 from grain_contract_applications a where a.company_id = gm.company_id and a.movement_id = gm.id)`.execute(trx);
    // The commitments: one kind-7 row per contract (the dashboard's 'Contrato'), applied whole to it.
    await sql`delete from grain_movements where company_id = ${company.id} and kind = 7`.execute(trx);
    await sql`insert into grain_movements (company_id, entity_id, grain, harvest, date, kind, kilos, direct, series, number)
      select company_id, entity_id, grain, harvest, date, 7, kilos, false, series, number from grain_contracts where company_id = ${company.id}`.execute(trx);
    await sql`insert into grain_contract_applications (company_id, contract_id, movement_id, kilos)
      select gc.company_id, gc.id, gm.id, gm.kilos from grain_contracts gc
      join grain_movements gm on gm.company_id = gc.company_id and gm.entity_id = gc.entity_id and gm.kind = 7 and gm.series = gc.series and gm.number = gc.number
      where gc.company_id = ${company.id}`.execute(trx);
  }
}
