import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import {
  defaultFiscalRange,
  fiscalMsg,
  formatMoney,
  msg,
  oneYearBefore,
  todayInArgentina,
  type FiscalListResponse,
  type ZipResponse,
} from '@portal/contract';
import type { DB } from '../../db/database.js';
import Decimal from 'decimal.js';
import { asPrinted, pdfText, readZip } from '../../documents/test-support.js';
import { bearer, createTestApp, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { fiscalPage, wholeMonths } from './repository.js';
import type { EntityScope } from '../../lib/identity.js';

/**
 * GET /proxy/cgi/etenet_cabcbte: the list (7 at a time), its validation and the default-range rule, the export
 * (files=true: XLSX and PDF of everything the filter matches, authenticated by the query) and the bulk ZIP.
 * Expected figures come from the seeded rows, read here with SQL of their own.
 */

let ctx: TestContext;
let token: string;
const URL = '/api/public/proxy/cgi/etenet_cabcbte';
const TODAY = todayInArgentina();
const DEFAULT = defaultFiscalRange(TODAY);
const own = () => bearer(token, { cuit: LA_PAMPA, entity_id: '1001' });

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function qs(params: Record<string, string | number | string[]>): string {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const x of Array.isArray(v) ? v : [v]) u.append(k, String(x));
  return u.toString();
}

async function list(params: Record<string, string | number | string[]>, headers: Record<string, string> = own()) {
  return ctx.app.inject({ method: 'GET', url: `${URL}?${qs(params)}`, headers });
}

async function entityId(code: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('entities as e')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .select('e.id')
    .where('c.cuit', '=', LA_PAMPA)
    .where('e.code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The entity's vouchers in the range, in the list's order, straight from the table. */
async function expected(code: number, from: string, to: string, names: string[] = []) {
  let q = ctx.db
    .selectFrom('account_movements')
    .select(['id', 'date', 'voucher_code', 'series', 'number', 'voucher_name', 'amount', 'currency', 'printable'])
    .where('entity_id', '=', await entityId(code))
    .where('date', '>=', from)
    .where('date', '<=', to);
  if (names.length) q = q.where('voucher_name', 'in', names);
  return q.orderBy('date', 'desc').orderBy('id', 'desc').execute();
}

const cents = (v: string) => {
  const neg = v.startsWith('-');
  const [i, f = ''] = v.replace('-', '').split('.');
  return (neg ? -1 : 1) * (Number(i) * 100 + Number((f + '00').slice(0, 2)));
};

before(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'productor')).access_token;
});
after(async () => {
  await ctx?.close();
});

describe('the list', () => {
  test('is guarded: 401 without or with a forged token, 403 for a foreign company and a foreign entity', async () => {
    await expectGuarded(ctx.app, { method: 'GET', url: `${URL}?${qs(DEFAULT)}` }, { access: 'entity', token });
  });

  test('pages 7 at a time, newest first, in a stable order; the last batch is short', async () => {
    const rows = await expected(1001, DEFAULT.fechadesde, DEFAULT.fechahasta);
    assert.ok(rows.length > 14, 'the demo entity has more than two pages in the default range');
    const seen: string[] = [];
    for (let start = 0; ; start += 7) {
      const res = await list({ ...DEFAULT, start, limit: 7 });
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json() as FiscalListResponse;
      assert.equal(body.total, rows.length);
      seen.push(...body.items.map((i) => i.id));
      if (body.items.length < 7) break;
    }
    assert.deepEqual(seen, rows.map((r) => String(r.id)));
  });

  test('the limit defaults to 7', async () => {
    const body = (await list(DEFAULT)).json() as FiscalListResponse;
    assert.equal(body.items.length, 7);
  });

  test('answers the spec fields: formatted amount and dates, lines, red credits, detail lines', async () => {
    const body = (await list({ ...DEFAULT, limit: 100 })).json() as FiscalListResponse;
    const invoice = body.items.find((i) => i.codcom === 'FC' && i.renglonesProductos.length > 0)!;
    assert.ok(invoice);
    const row = await ctx.db.selectFrom('account_movements').selectAll().where('id', '=', invoice.id).executeTakeFirstOrThrow();
    assert.equal(invoice.fecha, row.date.split('-').reverse().join('/'));
    assert.equal(invoice.importe_con_formato, formatMoney(row.amount, row.currency));
    assert.equal(invoice.importe, Number(row.amount));
    assert.equal(invoice.descomlarga, row.voucher_name);
    assert.equal(invoice.tvdgi, row.afip_type);
    assert.equal(invoice.letra, row.letter);
    assert.equal(invoice.imprime, row.printable);
    assert.equal(invoice.estilo, 'normal');
    assert.match(invoice.detalle3, new RegExp(`^CAE ${row.cae} vto\\. \\d{2}/\\d{2}/\\d{4}$`));
    assert.match(invoice.fecha_vencimiento, /^\d{2}\/\d{2}\/\d{4}$/);
    const lines = await ctx.db.selectFrom('voucher_lines').selectAll().where('movement_id', '=', invoice.id).orderBy('line_no').execute();
    assert.deepEqual(
      invoice.renglonesProductos.map((l) => [l.descripcion, l.cantidad, l.importe]),
      lines.filter((l) => l.kind === 'product').map((l) => [l.description, Number(l.quantity), Number(l.amount)]),
    );
    assert.match(invoice.renglonesProductos[0]!.importe_con_formato, /^(\$|U\$S)\u00a0[\d.]+,\d{2}$/);

    // Every receipt is a credit in red, the portal's own (series 2, no lines of their own) included.
    const receipts = body.items.filter((i) => i.codcom === 'RC');
    assert.ok(receipts.some((r) => r.codtal === 2), 'the portal\'s receipts are listed too');
    assert.ok(receipts.every((r) => r.estilo === 'rojo' && r.importe < 0));
    // The ERP's receipts (point of sale 1) carry their lines and the invoice they cancel.
    const receipt = receipts.find((i) => i.codtal === 1)!;
    assert.ok(receipt);
    assert.equal(receipt.estilo, 'rojo');
    assert.ok(receipt.importe < 0);
    assert.ok(receipt.renglonesOtros.length > 0);
    // The receipt names the invoice with the invoice's point of sale (3), not its own (1).
    assert.match(receipt.detalle2, /^Origen: FC 00003-\d{8}$/);
  });

  test("a document's lines add up to its amount, exactly: net lines plus 'IVA 21 %' / 'IVA 10,5 %', on the screen and in its PDF", async () => {
    const dec = (n: number) => new Decimal(String(n));
    const sum = (xs: readonly number[]) => xs.reduce((a, x) => a.plus(dec(x)), new Decimal(0));
    const docs: FiscalListResponse['items'] = [];
    for (let start = 0; ; start += 100) {
      const page = (await list({ ...DEFAULT, start, limit: 100 })).json() as FiscalListResponse;
      docs.push(...page.items);
      if (page.items.length < 100) break;
    }
    const lined = docs.filter((d) => d.renglonesProductos.length + d.renglonesOtros.length > 0);
    for (const d of lined) {
      const lines = sum([...d.renglonesProductos.map((l) => l.importe), ...d.renglonesOtros.map((l) => l.valor)]);
      const taxes = sum(d.renglonesImpuestos.map((l) => l.valor));
      assert.equal(lines.plus(taxes).toFixed(2), dec(d.importe).abs().toFixed(2), `${d.descomlarga} ${d.numero_con_formato}`);
    }
    // The VAT is the server's, from the voucher's stored split (decimal), by rate.
    const invoices = lined.filter((d) => d.letra === 'A' && d.codcom === 'FC');
    assert.ok(invoices.length > 0);
    for (const d of invoices) {
      const row = await ctx.db.selectFrom('account_movements').select(['vat21', 'vat105', 'other_taxes']).where('id', '=', d.id).executeTakeFirstOrThrow();
      const want = [
        ...(new Decimal(row.vat21!).isZero() ? [] : [['IVA 21 %', new Decimal(row.vat21!).toNumber()]]),
        ...(new Decimal(row.vat105!).isZero() ? [] : [['IVA 10,5 %', new Decimal(row.vat105!).toNumber()]]),
      ];
      assert.deepEqual(d.renglonesImpuestos.map((l) => [l.descripcion, l.valor]), want, d.numero_con_formato);
      assert.deepEqual(d.renglonesImpuestos.map((l) => l.valor_con_formato), want.map(([, v]) => formatMoney(String(v), d.moneda)));
    }
    // The PDF: the same lines, 'Importe neto gravado' their sum, the same VAT by rate, the same total.
    const both = invoices.find((d) => d.renglonesImpuestos.length === 2 && d.imprime) ?? invoices.find((d) => d.imprime)!;
    const canje = lined.find((d) => d.codcom === 'FJ' && d.imprime);
    for (const d of [both, canje].filter((x) => x !== undefined)) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/public/proxy/files?codcom=${d.codcom}&codtal=${d.codtal}&numero=${d.numero}&cooperativa=${LA_PAMPA}&type=pdf`, headers: own() });
      assert.equal(res.statusCode, 200, res.body);
      const text = await pdfText(res.rawPayload);
      const esc = (t: string) => asPrinted(t).replace(/[.$()]/g, (c) => `\\${c}`);
      const net = sum(d.renglonesProductos.map((l) => l.importe)).plus(sum(d.renglonesOtros.map((l) => l.valor))).toFixed(2);
      assert.match(text, new RegExp(`Importe neto gravado:\\s+${esc(formatMoney(net, d.moneda))}`), `${d.numero_con_formato}\n${text}`);
      for (const t of d.renglonesImpuestos) assert.match(text, new RegExp(`${esc(t.descripcion)}:\\s+${esc(t.valor_con_formato)}`), text);
      assert.match(text, new RegExp(`Importe total:\\s+${esc(d.importe_con_formato)}`), text);
    }
  });

  test("a receipt (RC 00001-00005046 of the demo) lists its payment and, apart, the invoice it cancels; its PDF has no VAT and prints what it received once", async () => {
    const rc = await ctx.db.selectFrom('account_movements').select(['id', 'date', 'amount']).where('entity_id', '=', await entityId(1001))
      .where('voucher_code', '=', 'RC').where('series', '=', 1).where('number', '=', 5046).executeTakeFirstOrThrow();
    const page = (await list({ fechadesde: addDays(rc.date, -1), fechahasta: rc.date, limit: 100 })).json() as FiscalListResponse;
    const d = page.items.find((i) => i.id === String(rc.id))!;
    const total = new Decimal(rc.amount).abs();
    assert.equal(d.renglonesOtros.length, 1, 'its one payment');
    assert.equal(new Decimal(String(d.renglonesOtros[0]!.valor)).toFixed(2), total.toFixed(2));
    assert.deepEqual(d.renglonesImpuestos, []);
    assert.equal(d.renglonesAplicados.length, 1);
    assert.match(d.renglonesAplicados[0]!.descripcion, /^Factura A 00003-\d{8}$/);
    assert.equal(new Decimal(String(d.renglonesAplicados[0]!.valor)).toFixed(2), total.toFixed(2));
    const res = await ctx.app.inject({ method: 'GET', url: `/api/public/proxy/files?codcom=RC&codtal=1&numero=5046&cooperativa=${LA_PAMPA}&type=pdf`, headers: own() });
    assert.equal(res.statusCode, 200, res.body);
    const text = await pdfText(res.rawPayload);
    assert.ok(!text.includes('Importe neto gravado') && !text.includes('IVA 21'), text);
    const money = asPrinted(formatMoney(total.toFixed(2), 'ARS'));
    assert.ok(text.includes(`Total recibido:`) && text.includes(money), text);
    assert.match(text, new RegExp(`${d.renglonesOtros[0]!.descripcion}\\s+${money.slice(2).replace(/\./g, '\\.')}`));
    assert.match(text, /Aplicado a\s+Importe/);
    assert.ok(text.includes(d.renglonesAplicados[0]!.descripcion), text);
  });

  test('vouchers follow the customer\'s VAT condition: a registered taxpayer gets no Factura B', async () => {
    const r = await sql<{ n: number }>`select count(*)::int as n from account_movements m join entities e on e.id = m.entity_id
      where m.voucher_code in ('FC', 'NC') and m.letter = 'B' and e.cuit ~ '^(20|23|24|27|30|33|34)[0-9]{9}$'`.execute(ctx.db);
    assert.equal(r.rows[0]!.n, 0);
    const hnos = await sql<{ letters: string[] }>`select array_agg(distinct m.letter order by m.letter) as letters from account_movements m
      join entities e on e.id = m.entity_id where e.name like 'Pérez Hnos%' and m.voucher_code = 'FC'`.execute(ctx.db);
    assert.deepEqual(hnos.rows[0]!.letters, ['A']);
  });

  test('every origin line names a voucher or order that exists, with its point of sale', async () => {
    const named = await sql<{ n: number }>`select count(*)::int as n from account_movements where origin_type is not null and origin_number is not null`.execute(ctx.db);
    assert.ok(named.rows[0]!.n > 0);
    const orphans = await sql<{ id: string; origin_type: string; origin_number: number; origin_series: number | null }>`
      select m.id::text as id, m.origin_type, m.origin_number, m.origin_series from account_movements m
      where m.origin_type is not null and m.origin_number is not null
        and not exists (select 1 from account_movements v where v.company_id = m.company_id and v.entity_id = m.entity_id
          and v.voucher_code = m.origin_type and v.number = m.origin_number and v.series = m.origin_series)
        and not exists (select 1 from sales_orders o where m.origin_type = 'PED' and o.company_id = m.company_id
          and o.entity_id = m.entity_id and o.number = m.origin_number and o.series = m.origin_series)
      limit 5`.execute(ctx.db);
    assert.deepEqual(orphans.rows, []);
  });

  test('resumenes total the whole filtered set per currency; tipodecomprobantes are the entity\'s descriptions', async () => {
    const rows = await expected(1001, DEFAULT.fechadesde, DEFAULT.fechahasta);
    const body = (await list(DEFAULT)).json() as FiscalListResponse;
    for (const currency of ['ARS', 'USD'] as const) {
      const mine = rows.filter((r) => r.currency === currency);
      const resumen = body.resumenes.find((r) => r.moneda === currency);
      if (mine.length === 0) {
        assert.equal(resumen, undefined);
        continue;
      }
      const total = mine.reduce((s, r) => s + cents(r.amount), 0);
      assert.equal(resumen!.cantidad, mine.length);
      assert.equal(Math.round(resumen!.total * 100), total);
      assert.equal(resumen!.total_con_formato, formatMoney((total / 100).toFixed(2), currency));
    }
    const names = await ctx.db
      .selectFrom('account_movements')
      .select('voucher_name')
      .distinct()
      .where('entity_id', '=', await entityId(1001))
      .orderBy('voucher_name')
      .execute();
    assert.deepEqual(body.tipodecomprobantes.map((t) => t.id), names.map((n) => n.voucher_name));
  });

  test('descom filters by one or more descriptions, repeated or comma-separated', async () => {
    const names = ['Factura A', 'Recibo'];
    const rows = await expected(1001, DEFAULT.fechadesde, DEFAULT.fechahasta, names);
    for (const descom of [names, names.join(',')]) {
      const body = (await list({ ...DEFAULT, descom, limit: 100 })).json() as FiscalListResponse;
      assert.deepEqual(body.items.map((i) => i.id), rows.map((r) => String(r.id)));
      assert.ok(body.items.every((i) => names.includes(i.descomlarga)));
    }
    // Juan Pérez has a registered taxpayer's CUIT: his invoices are all Factura A.
    const one = (await list({ ...DEFAULT, descom: 'Recibo', limit: 100 })).json() as FiscalListResponse;
    assert.ok(one.items.length > 0 && one.items.every((i) => i.descomlarga === 'Recibo'));
  });

  test('another entity of the same user sees only its own documents', async () => {
    const body = (await list({ ...DEFAULT, limit: 100 }, bearer(token, { cuit: LA_PAMPA, entity_id: '1002' }))).json() as FiscalListResponse;
    const rows = await expected(1002, DEFAULT.fechadesde, DEFAULT.fechahasta);
    assert.deepEqual(body.items.map((i) => i.id), rows.slice(0, 100).map((r) => String(r.id)));
  });
});

describe('the summaries and the descriptions as the statement computes them', () => {
  class Rollback extends Error {}
  /** Writes and readings in a transaction that is rolled back: the other tests see the seed as it was. */
  async function rolledBack(work: (trx: DB) => Promise<void>): Promise<void> {
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await work(trx);
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
  }
  async function scopeOf(code: number): Promise<EntityScope> {
    const company = await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
    return { companyId: company.id, entityId: await entityId(code) };
  }
  /** Count and total per currency of the entity's movements in the range, straight from the table. */
  async function sums(db: DB, scope: EntityScope, from: string, to: string) {
    const r = await sql<{ currency: string; cantidad: number; total: string }>`select currency, count(*)::int as cantidad, sum(amount)::text as total
      from account_movements where company_id = ${scope.companyId} and entity_id = ${scope.entityId} and date >= ${from} and date <= ${to}
      group by currency order by currency`.execute(db);
    return r.rows;
  }
  /** The first day of the month `n` months after the one of `iso` (n may be negative), and that month's last day. */
  const monthStart = (iso: string, n: number) => new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1 + n, 1)).toISOString().slice(0, 10);
  const monthEnd = (iso: string, n: number) => addDays(monthStart(iso, n + 1), -1);
  // Each voucher its own number: a voucher is one per type, point of sale and number (account_movements_voucher_key).
  let number = 970_000;
  const movement = (scope: EntityScope, date: string, currency: 'ARS' | 'USD', amount: string, extra: Record<string, unknown> = {}) => ({
    company_id: scope.companyId, entity_id: scope.entityId, date, voucher_code: 'ND', voucher_name: 'Nota de débito A', series: 9, number: number++, currency, amount, ...extra,
  });

  test('the whole months of a range: from its first whole month to the month after its last', () => {
    assert.deepEqual(wholeMonths('2026-05-01', '2026-11-25'), { first: '2026-05-01', end: '2026-11-01' });
    assert.deepEqual(wholeMonths('2026-05-02', '2026-11-30'), { first: '2026-06-01', end: '2026-12-01' });
    assert.deepEqual(wholeMonths('2026-12-01', '2026-12-31'), { first: '2026-12-01', end: '2027-01-01' });
    assert.deepEqual(wholeMonths('2026-01-31', '2026-03-01'), { first: '2026-02-01', end: '2026-03-01' });
    assert.deepEqual(wholeMonths('2028-02-01', '2028-02-29'), { first: '2028-02-01', end: '2028-03-01' });
    assert.equal(wholeMonths('2028-02-01', '2028-02-28'), null, 'a leap February ends on the 29th');
    assert.equal(wholeMonths('2026-11-10', '2026-11-20'), null);
    assert.equal(wholeMonths('2026-10-15', '2026-11-14'), null);
    assert.equal(wholeMonths('2026-11-25', '2026-11-25'), null);
  });

  test('totals from the monthly checkpoints are the movements\' exact sums: back-dated, moved and deleted movements, two currencies, ranges cut mid-month', async () => {
    const scope = await scopeOf(1001);
    const first = DEFAULT.fechadesde;
    await rolledBack(async (trx) => {
      await trx
        .insertInto('account_movements')
        .values([
          // Back-dated into whole months of the opening range, in both currencies (a month's checkpoint changes, not the later ones').
          movement(scope, addDays(monthStart(first, 2), 9), 'ARS', '1234567.89'),
          movement(scope, addDays(monthStart(first, 3), 20), 'USD', '-0.01'),
          movement(scope, monthEnd(first, 4), 'USD', '250.50'),
          // The range's first and last day, and the day before it (left out).
          movement(scope, first, 'USD', '10.10'),
          movement(scope, TODAY, 'ARS', '-99.99'),
          movement(scope, addDays(first, -1), 'ARS', '777.77'),
        ])
        .execute();
      // One movement moved out of the range, another's amount changed, another deleted.
      const inRange = await trx
        .selectFrom('account_movements')
        .select('id')
        .where('entity_id', '=', scope.entityId)
        .where('date', '>=', monthStart(first, 1))
        .where('date', '<', monthStart(first, 4))
        // Movements nothing else points to (a delivery, a receipt, an order), so the third can be deleted.
        .where(
          sql<boolean>`not exists (select 1 from product_deliveries d where d.movement_id = account_movements.id)
            and not exists (select 1 from receipts r where r.movement_id = account_movements.id)
            and not exists (select 1 from receipt_applications a where a.movement_id = account_movements.id)
            and not exists (select 1 from sales_orders o where o.invoice_movement_id = account_movements.id)`,
        )
        .orderBy('id')
        .limit(3)
        .execute();
      assert.equal(inRange.length, 3, 'the demo entity has movements in the whole months');
      await trx.updateTable('account_movements').set({ date: addDays(first, -40) }).where('id', '=', inRange[0]!.id).execute();
      await trx.updateTable('account_movements').set({ amount: '0.07', currency: 'USD' }).where('id', '=', inRange[1]!.id).execute();
      await trx.deleteFrom('voucher_lines').where('movement_id', '=', inRange[2]!.id).execute();
      await trx.deleteFrom('account_movements').where('id', '=', inRange[2]!.id).execute();

      const ranges: Array<[string, string]> = [
        [first, TODAY], // the opening range: six whole months and this one's days
        [addDays(first, 1), TODAY], // the first month cut
        [addDays(first, -1), TODAY], // a day of the month before
        [first, monthEnd(first, 3)], // whole months only
        [monthStart(first, 2), monthEnd(first, 2)], // one whole month
        [addDays(monthStart(first, 1), 14), addDays(monthStart(first, 2), 13)], // mid-month to mid-month: no whole month
        [addDays(monthStart(first, 1), 14), monthEnd(first, 3)], // cut start, whole months after
        [monthStart(first, 2), addDays(monthStart(first, 4), 5)], // whole months, cut end
        [TODAY, TODAY],
      ];
      for (const [from, to] of ranges) {
        const page = await fiscalPage(trx, scope, { fechadesde: from, fechahasta: to, descom: [] }, 0, 7);
        assert.deepEqual(page.totals, await sums(trx, scope, from, to), `${from} → ${to}`);
      }
      assert.ok(wholeMonths(first, TODAY), 'the opening range is read from the checkpoints');
    });
  });

  test('the descriptions are every one of the entity\'s, in order, whatever the range; ties on a date go by id as numbers', async () => {
    const scope = await scopeOf(1001);
    await rolledBack(async (trx) => {
      await trx
        .insertInto('account_movements')
        .values([
          movement(scope, addDays(oneYearBefore(TODAY), -200), 'ARS', '1.00', { voucher_name: 'Ajuste' }),
          movement(scope, addDays(TODAY, -3), 'ARS', '1.00', { voucher_name: 'ajuste interno' }),
          movement(scope, addDays(TODAY, -3), 'ARS', '1.00', { voucher_name: 'Ñandú' }),
          movement(scope, TODAY, 'ARS', '1.00', { id: '999999999' }),
          movement(scope, TODAY, 'ARS', '2.00', { id: '1000000000' }),
        ])
        .execute();
      const names = await sql<{ n: string }>`select distinct voucher_name as n from account_movements
        where company_id = ${scope.companyId} and entity_id = ${scope.entityId} order by voucher_name`.execute(trx);
      const page = await fiscalPage(trx, scope, { fechadesde: TODAY, fechahasta: TODAY, descom: ['Ajuste'] }, 0, 7);
      assert.deepEqual(page.names, names.rows.map((r) => r.n));
      assert.ok(page.names.includes('Ajuste') && page.names.includes('Ñandú'));
      assert.deepEqual(page.rows, [], 'no Ajuste today');
      const today = await fiscalPage(trx, scope, { fechadesde: TODAY, fechahasta: TODAY, descom: [] }, 0, 2);
      assert.deepEqual(today.rows.map((r) => r.id), ['1000000000', '999999999']);
    });
  });
});

describe('validation and the date range', () => {
  test('the spec\'s texts: dates required, from ≤ to, within the last year, at most 30 days', async () => {
    expectRefused(await list({ fechahasta: TODAY }), 400, 'Seleccione una fecha desde');
    expectRefused(await list({ fechadesde: '', fechahasta: TODAY }), 400, 'Seleccione una fecha desde');
    expectRefused(await list({ fechadesde: TODAY }), 400, 'Seleccione una fecha hasta');
    expectRefused(await list({ fechadesde: TODAY, fechahasta: addDays(TODAY, -1) }), 400, fiscalMsg.fechasInvertidas);
    expectRefused(await list({ fechadesde: addDays(oneYearBefore(TODAY), -1), fechahasta: addDays(oneYearBefore(TODAY), 5) }), 400, 'La fecha desde debe estar dentro del último año');
    expectRefused(await list({ fechadesde: addDays(TODAY, -31), fechahasta: TODAY }), 400, 'La diferencia en el rango de fechas no puede ser mayor a 30 dias');
    expectRefused(await list({ fechadesde: '31/02/2026', fechahasta: TODAY }), 400, fiscalMsg.fechaDesdeInvalida);
    expectRefused(await list({ ...DEFAULT, limit: 0 }), 400, msg.solicitudInvalida);
  });

  test('30 days is allowed; dates may come as DD/MM/YYYY', async () => {
    const from = addDays(TODAY, -30);
    const res = await list({ fechadesde: from, fechahasta: TODAY });
    assert.equal(res.statusCode, 200, res.body);
    const slash = await list({ fechadesde: from.split('-').reverse().join('/'), fechahasta: TODAY.split('-').reverse().join('/') });
    assert.equal(slash.statusCode, 200, slash.body);
    assert.deepEqual(slash.json(), res.json());
  });

  test('the default range (first day of the month six months back → today) passes although it is longer than 30 days', async () => {
    assert.equal(DEFAULT.fechadesde, `${DEFAULT.fechadesde.slice(0, 8)}01`);
    const res = await list(DEFAULT);
    assert.equal(res.statusCode, 200, res.body);
    // A device whose date is a day behind or ahead of the server's opens with its own day's range: accepted.
    for (const day of [addDays(TODAY, -1), addDays(TODAY, 1)]) {
      const res = await list(defaultFiscalRange(day));
      assert.equal(res.statusCode, 200, `${day}: ${res.body}`);
    }
    // Another start over 30 days is refused.
    expectRefused(await list({ fechadesde: addDays(DEFAULT.fechadesde, 1), fechahasta: TODAY }), 400, fiscalMsg.rangoMaximo);
    expectRefused(await list({ fechadesde: addDays(DEFAULT.fechadesde, -1), fechahasta: TODAY }), 400, fiscalMsg.rangoMaximo);
  });
});

describe('export (files=true)', () => {
  const exportUrl = (extra: Record<string, string>) =>
    `${URL}?${qs({ ...DEFAULT, files: 'true', type: 'excel', token, cooperativa: LA_PAMPA, entity_id: '1001', ...extra })}`;

  test('XLSX of every filtered row (not only the first page): numbers are numbers, dates are dates', async () => {
    const rows = await expected(1001, DEFAULT.fechadesde, DEFAULT.fechahasta);
    // Opened by the browser itself: no headers at all, the query authenticates.
    const res = await ctx.app.inject({ method: 'GET', url: exportUrl({}) });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="Comprobantes fiscales .*\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0]!;
    assert.equal(ws.getRow(1).getCell(1).value, 'Fecha');
    const got: Array<{ numero: string; importe: number; fecha: Date }> = [];
    ws.eachRow((row, n) => {
      if (n === 1) return;
      got.push({ numero: String(row.getCell(3).value), importe: row.getCell(8).value as number, fecha: row.getCell(1).value as Date });
    });
    assert.equal(got.length, rows.length);
    assert.ok(got.length > 7);
    for (const [i, r] of rows.entries()) {
      assert.equal(got[i]!.numero, `${String(r.series).padStart(5, '0')}-${String(r.number).padStart(8, '0')}`);
      assert.equal(typeof got[i]!.importe, 'number');
      assert.equal(Math.round(got[i]!.importe * 100), cents(r.amount));
      assert.ok(got[i]!.fecha instanceof Date);
      assert.equal(got[i]!.fecha.toISOString().slice(0, 10), r.date);
    }
  });

  test('PDF of every filtered row, es-AR amounts', async () => {
    const rows = await expected(1001, DEFAULT.fechadesde, DEFAULT.fechahasta);
    const res = await ctx.app.inject({ method: 'GET', url: exportUrl({ type: 'pdf' }) });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.rawPayload.subarray(0, 5).toString(), '%PDF-');
    const text = await pdfText(res.rawPayload);
    assert.match(text, /Comprobantes fiscales/);
    assert.match(text, /Pérez, Juan/);
    for (const r of rows) {
      assert.ok(text.includes(`${String(r.series).padStart(5, '0')}-${String(r.number).padStart(8, '0')}`), `voucher ${r.number} in the PDF`);
    }
    const first = rows[0]!;
    const amount = formatMoney(first.amount, 'ARS').replace(/^\$\s/, '');
    assert.ok(text.includes(amount), `amount ${amount} in es-AR`);
  });

  test('the export takes the headers too, and refuses 401 / 403 / 400 like every call', async () => {
    const withHeaders = await ctx.app.inject({ method: 'GET', url: `${URL}?${qs({ ...DEFAULT, files: 'true', type: 'excel' })}`, headers: own() });
    assert.equal(withHeaders.statusCode, 200);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${URL}?${qs({ ...DEFAULT, files: 'true', type: 'excel', cooperativa: LA_PAMPA, entity_id: '1001' })}` }), 401, msg.noAutenticado);
    const forged = await ctx.app.inject({ method: 'GET', url: exportUrl({ token: `${token.slice(0, -4)}AAAA` }) });
    assert.equal(forged.statusCode, 401);
    const foreignEntity = await ctx.app.inject({ method: 'GET', url: exportUrl({ entity_id: '2000' }) });
    assert.equal(foreignEntity.statusCode, 403, foreignEntity.body);
    const foreignCompany = await ctx.app.inject({ method: 'GET', url: exportUrl({ cooperativa: '30500010912' }) });
    assert.equal(foreignCompany.statusCode, 403);
    expectRefused(await ctx.app.inject({ method: 'GET', url: exportUrl({ type: 'xls' }) }), 400, fiscalMsg.tipoArchivoInvalido);
    expectRefused(await ctx.app.inject({ method: 'GET', url: exportUrl({ fechadesde: addDays(TODAY, -40), fechahasta: TODAY }) }), 400, fiscalMsg.rangoMaximo);
  });
});

describe('bulk ZIP (zip=true)', () => {
  async function zip(params: Record<string, string>, headers = own()) {
    return ctx.app.inject({ method: 'GET', url: `${URL}?${qs({ zip: 'true', ...params })}`, headers });
  }
  const key = (r: { voucher_code: string; series: number; number: number }) => ({ codcom: r.voucher_code, codtal: r.series, numero: r.number });

  test('of the selected vouchers: one valid PDF each, downloadable by its url, removed by elimina', async () => {
    const rows = (await expected(1001, DEFAULT.fechadesde, DEFAULT.fechahasta)).filter((r) => r.printable).slice(0, 3);
    const res = await zip({ comprobantes: JSON.stringify(rows.map(key)) });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as ZipResponse;
    assert.equal(body.success, true);
    assert.equal(body.cantidad, 3);
    assert.match(body.directorio!, /^[0-9a-f]{32}$/);
    assert.match(body.url!, /^\/api\/public\/compartido\//);

    const download = await ctx.app.inject({ method: 'GET', url: body.url! });
    assert.equal(download.statusCode, 200);
    assert.equal(download.headers['content-type'], 'application/zip');
    const entries = readZip(download.rawPayload);
    assert.equal(entries.length, 3);
    for (const [i, e] of entries.entries()) {
      assert.equal(e.data.subarray(0, 5).toString(), '%PDF-');
      assert.equal(e.name, `${rows[i]!.voucher_name} ${String(rows[i]!.series).padStart(5, '0')}-${String(rows[i]!.number).padStart(8, '0')}.pdf`);
    }

    const removed = await ctx.app.inject({ method: 'GET', url: `/api/public/proxy/files?${qs({ elimina: 'true', url: body.url!, directorio: body.directorio! })}`, headers: own() });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual(removed.json(), { success: true, msg: fiscalMsg.archivoEliminado });
    expectRefused(await ctx.app.inject({ method: 'GET', url: body.url! }), 410, fiscalMsg.documentoNoDisponible);
  });

  test('elimina needs the session and the link that entity was given', async () => {
    const rows = (await expected(1001, DEFAULT.fechadesde, DEFAULT.fechahasta)).filter((r) => r.printable).slice(0, 1);
    const body = (await zip({ comprobantes: JSON.stringify(rows.map(key)) })).json() as ZipResponse;
    const url = `/api/public/proxy/files?${qs({ elimina: 'true', url: body.url!, directorio: body.directorio! })}`;
    assert.equal((await ctx.app.inject({ method: 'GET', url })).statusCode, 401);
    // The other entity of the same user did not get this link.
    expectRefused(await ctx.app.inject({ method: 'GET', url, headers: bearer(token, { cuit: LA_PAMPA, entity_id: '1002' }) }), 403, fiscalMsg.enlaceInvalido);
    const other = `/api/public/proxy/files?${qs({ elimina: 'true', url: body.url!, directorio: 'a'.repeat(32) })}`;
    expectRefused(await ctx.app.inject({ method: 'GET', url: other, headers: own() }), 403, fiscalMsg.enlaceInvalido);
    assert.equal((await ctx.app.inject({ method: 'GET', url: body.url! })).statusCode, 200);
  });

  test('of the filter: every printable voucher it matches, and nothing unprintable', async () => {
    const from = addDays(TODAY, -30);
    const rows = await expected(1001, from, TODAY);
    const printable = rows.filter((r) => r.printable);
    const body = (await zip({ fechadesde: from, fechahasta: TODAY })).json() as ZipResponse;
    if (printable.length === 0) {
      assert.deepEqual(body, { success: false, msg: fiscalMsg.sinComprobantesImprimibles });
      return;
    }
    assert.equal(body.success, true);
    const entries = readZip((await ctx.app.inject({ method: 'GET', url: body.url! })).rawPayload);
    assert.equal(entries.length, printable.length);
  });

  test('a selection with another entity\'s voucher is refused whole (404, as an unknown one); bad list 400', async () => {
    const mine = (await expected(1001, DEFAULT.fechadesde, DEFAULT.fechahasta)).filter((r) => r.printable)[0]!;
    const foreign = (await expected(2000, oneYearBefore(TODAY), TODAY))[0]!;
    expectRefused(await zip({ comprobantes: JSON.stringify([key(mine), key(foreign)]) }), 404, fiscalMsg.comprobanteInexistente);
    expectRefused(await zip({ comprobantes: JSON.stringify([{ codcom: 'FC', codtal: 3, numero: 99999999 }]) }), 404, fiscalMsg.comprobanteInexistente);
    expectRefused(await zip({ comprobantes: 'no es json' }), 400, fiscalMsg.comprobantesInvalidos);
    assert.equal((await zip({ comprobantes: JSON.stringify([key(mine)]) }, {} as never)).statusCode, 401);
  });

  test('only unprintable vouchers selected: success false with the spec\'s text', async () => {
    const unprintable = (await expected(1001, oneYearBefore(TODAY), TODAY)).filter((r) => !r.printable)[0]!;
    assert.ok(unprintable, 'the demo has unprintable vouchers');
    const body = (await zip({ comprobantes: JSON.stringify([key(unprintable)]) })).json();
    assert.deepEqual(body, { success: false, msg: fiscalMsg.sinComprobantesImprimibles });
  });
});

describe('the module', () => {
  test('cfiscales disabled for the user on a device: the list, the export and the ZIP answer 403 there', async () => {
    const ids = await ctx.db
      .selectFrom('users as u')
      .innerJoin('companies as c', (j) => j.on('c.cuit', '=', LA_PAMPA))
      .select(['u.id as userId', 'c.id as companyId'])
      .where('u.username', '=', 'productor')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('user_modules')
      .values({ company_id: ids.companyId, user_id: ids.userId, module_id: 'cfiscales', mobile: false, desktop: true, date_from: null, date_to: null })
      .execute();
    try {
      const mobile = { ...own(), dispositivo: 'mobile' };
      expectRefused(await list(DEFAULT, mobile), 403, msg.moduloNoHabilitado);
      expectRefused(await list({ ...DEFAULT, zip: 'true' }, mobile), 403, msg.moduloNoHabilitado);
      expectRefused(await list({ ...DEFAULT, files: 'true', type: 'excel' }, mobile), 403, msg.moduloNoHabilitado);
      assert.equal((await list(DEFAULT, { ...own(), dispositivo: 'desktop' })).statusCode, 200);
    } finally {
      await ctx.db.deleteFrom('user_modules').where('user_id', '=', ids.userId).where('module_id', '=', 'cfiscales').execute();
    }
  });
});
