import Decimal from 'decimal.js';
import { todayInArgentina, voucherNumberText } from '@portal/contract';
import type { DB } from '../database.js';
import { bulkInsert } from './bulk.js';
import { Random } from './random.js';
import type { DemoSize } from './demo-size.js';

/**
 * The statements' demo data (docs/decisions/statements.md): the two account types of every company
 * (Cuenta corriente, Cuenta canje) and, on the exchange account, inputs bought against the harvest
 * ('Factura canje', due at harvest) and the grain settlements that pay them ('Liquidación de granos canje').
 * The rest of the current account is the ledger the dashboard seed writes (account type 1).
 */
const CANJES: Record<DemoSize, { count: number; share: number }> = {
  small: { count: 3, share: 0.5 },
  demo: { count: 4, share: 0.5 },
  large: { count: 2, share: 0.1 },
};
const RICH_CANJES = 12;
const GRAIN_PRICES: Record<string, { name: string; usdPerTon: number }> = {
  SOJ: { name: 'Soja', usdPerTon: 290 },
  MAI: { name: 'Maíz', usdPerTon: 175 },
  TRI: { name: 'Trigo', usdPerTon: 205 },
};
const INPUTS = ['Semilla de soja RR', 'Fertilizante fosfato monoamónico', 'Glifosato 66,2%', 'Urea granulada', 'Semilla de maíz híbrido', 'Atrazina 90%'];
const HARVESTS = ['2024/25', '2025/26'];

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function seedAccountTypes(trx: DB): Promise<void> {
  const companies = await trx.selectFrom('companies').select('id').execute();
  for (const c of companies) {
    await trx
      .insertInto('account_types')
      .values([
        { company_id: c.id, code: 1, short_code: 'CC', name: 'Cuenta corriente', exchange: false },
        { company_id: c.id, code: 2, short_code: 'CJ', name: 'Cuenta canje', exchange: true },
      ])
      .onConflict((oc) => oc.columns(['company_id', 'code']).doNothing())
      .execute();
  }
}

type Line = { kind: 'product' | 'other' | 'applied'; description: string; quantity?: string; unit?: string; unitPrice?: string; amount: string };

export async function seedStatementData(trx: DB, size: DemoSize, rich: Set<number>): Promise<void> {
  await seedAccountTypes(trx);
  const rnd = new Random(10_2026);
  const today = todayInArgentina();
  const companies = await trx.selectFrom('companies').select('id').orderBy('id').execute();
  for (const company of companies) {
    const entities = await trx
      .selectFrom('entities')
      .select(['id', 'code'])
      .where('company_id', '=', company.id)
      .where('seller_id', 'is not', null)
      .orderBy('code')
      .execute();
    const rows: Record<string, unknown>[] = [];
    const lines = new Map<string, Line[]>();
    let number = 20_000;
    for (const e of entities) {
      const isRich = rich.has(e.id);
      if (!isRich && !rnd.chance(CANJES[size].share)) continue;
      const count = isRich ? RICH_CANJES : CANJES[size].count;
      for (let i = 0; i < count; i++) {
        // Spread over the last 16 months, oldest first; the latest ones are not yet due (due at harvest).
        const date = addDays(today, -Math.floor(((count - i) / count) * 480) + rnd.int(0, 6));
        const usd = rnd.chance(0.65);
        const currency = usd ? 'USD' : 'ARS';
        const grain = rnd.pick(Object.keys(GRAIN_PRICES));
        const g = GRAIN_PRICES[grain]!;
        const harvest = date < addDays(today, -240) ? HARVESTS[0]! : HARVESTS[1]!;
        const kilos = rnd.int(12, 60) * 1000;
        const rate = usd ? new Decimal(1) : new Decimal(rnd.int(950, 1150));
        const value = new Decimal(kilos).div(1000).times(g.usdPerTon).times(rate).toDecimalPlaces(2);
        const due = addDays(date, rnd.int(120, 200));
        const invoiceNo = number++;
        const input = rnd.pick(INPUTS);
        const units = rnd.int(10, 80);
        // A Factura A: the inputs net of VAT (10.5 %: seeds, fertilisers, agrochemicals), the VAT added, worth the grain.
        const unitPrice = value.div('1.105').div(units).toDecimalPlaces(2);
        const net = unitPrice.times(units);
        const vat105 = net.times('0.105').toDecimalPlaces(2);
        const invoiceTotal = net.plus(vat105);
        lines.set(`FJ|${invoiceNo}`, [
          { kind: 'product', description: input, quantity: String(units), unit: 'u', unitPrice: unitPrice.toFixed(2), amount: net.toFixed(2) },
        ]);
        const settled = due < today;
        rows.push({
          company_id: company.id, entity_id: e.id, date, voucher_code: 'FJ', voucher_name: 'Factura canje', series: 5, number: invoiceNo,
          letter: 'A', detail: `Canje a cosecha: ${kilos.toLocaleString('es-AR')} kg de ${g.name} ${harvest}`, currency, amount: invoiceTotal.toFixed(2), due_date: due,
          settled, time: `${String(rnd.int(8, 17)).padStart(2, '0')}:${String(rnd.int(0, 59)).padStart(2, '0')}`, afip_type: 1,
          net_amount: net.toFixed(2), vat21: '0.00', vat105: vat105.toFixed(2),
          other_taxes: '0.00', printable: true, origin_type: null, origin_number: null, origin_series: null, sale_condition: 'Canje de granos a cosecha', account_type: 2,
        });
        if (settled) {
          const lqNo = number++;
          const lqDate = addDays(due, -rnd.int(0, 20)) > today ? today : addDays(due, -rnd.int(0, 20));
          lines.set(`LC|${lqNo}`, [
            { kind: 'other', description: `${g.name} ${harvest}: ${kilos.toLocaleString('es-AR')} kg a US$ ${g.usdPerTon}/t`, amount: invoiceTotal.toFixed(2) },
            { kind: 'applied', description: `Factura canje A ${voucherNumberText(5, invoiceNo)}`, amount: invoiceTotal.toFixed(2) },
          ]);
          rows.push({
            company_id: company.id, entity_id: e.id, date: lqDate, voucher_code: 'LC', voucher_name: 'Liquidación de granos canje', series: 5, number: lqNo,
            letter: null, detail: `Liquidación ${g.name.toLowerCase()} ${harvest}`, currency, amount: invoiceTotal.negated().toFixed(2), due_date: null,
            settled: true, time: '10:00', afip_type: null, net_amount: null, vat21: null, vat105: null, other_taxes: null,
            printable: !rnd.chance(0.2), origin_type: 'FJ', origin_number: invoiceNo, origin_series: 5, sale_condition: null, account_type: 2,
          });
        }
      }
    }
    if (rows.length === 0) continue;
    await bulkInsert(trx, 'account_movements', {
      company_id: 'integer', entity_id: 'integer', date: 'date', voucher_code: 'text', voucher_name: 'text', series: 'integer', number: 'integer',
      letter: 'text', detail: 'text', currency: 'text', amount: 'numeric', due_date: 'date', settled: 'boolean', time: 'text', afip_type: 'integer',
      net_amount: 'numeric', vat21: 'numeric', vat105: 'numeric', other_taxes: 'numeric', printable: 'boolean', origin_type: 'text',
      origin_number: 'integer', origin_series: 'integer', sale_condition: 'text', account_type: 'smallint',
    }, rows);
    const found = await trx
      .selectFrom('account_movements')
      .select(['id', 'voucher_code', 'number'])
      .where('company_id', '=', company.id)
      .where('account_type', '=', 2)
      .execute();
    const lineRows: Record<string, unknown>[] = [];
    for (const m of found) {
      (lines.get(`${m.voucher_code}|${m.number}`) ?? []).forEach((l, n) =>
        lineRows.push({
          company_id: company.id, movement_id: m.id, line_no: n + 1, kind: l.kind, description: l.description, quantity: l.quantity ?? null,
          unit: l.unit ?? null, unit_price: l.unitPrice ?? null, amount: l.amount,
        }),
      );
    }
    await bulkInsert(trx, 'voucher_lines', {
      company_id: 'integer', movement_id: 'bigint', line_no: 'integer', kind: 'text', description: 'text', quantity: 'numeric', unit: 'text',
      unit_price: 'numeric', amount: 'numeric',
    }, lineRows);
  }
}
