import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { formatMoney, todayInArgentina, type StatementResponse } from '@portal/contract';
import { bulkInsert } from '../../db/seed/bulk.js';
import { bearer, createTestApp, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';

/**
 * The running balance from the monthly checkpoints (statement_checkpoints, kept by triggers): a deep page, a
 * filtered page, a back-dated movement and every currency, checked against balances this test sums itself
 * (decimal.js) over every row of the account, never taken from the answer.
 */

let ctx: TestContext;
let token: string;
let entity: number;
let company: number;
const URLS = { c: '/api/public/proxy/cgi/etenet_rencbtec', f: '/api/public/proxy/cgi/etenet_rencbtef', j: '/api/public/proxy/cgi/etenet_rencbtej' } as const;
type View = keyof typeof URLS;
const TODAY = todayInArgentina();
const EXTRA = 1_500;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function list(view: View, params: Record<string, string | number>): Promise<StatementResponse> {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await ctx.app.inject({ method: 'GET', url: `${URLS[view]}?${q}`, headers: bearer(token, { cuit: LA_PAMPA, entity_id: '1001' }) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as StatementResponse;
}

type Mov = { id: string; date: string; due_date: string | null; amount: string; account_type: number; voucher_name: string; settled: boolean; saldo: string };
/** Every movement of the account, newest first in the view's order, with the balance summed here from the oldest. */
async function reference(view: View, currency: 'ARS' | 'USD', types: number[] = view === 'j' ? [2] : [1, 2]): Promise<Mov[]> {
  const rows = await ctx.db
    .selectFrom('account_movements')
    .select(['id', sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'), sql<string | null>`to_char(due_date, 'YYYY-MM-DD')`.as('due_date'), sql<string>`amount::text`.as('amount'), 'account_type', 'voucher_name', 'settled'])
    .where('entity_id', '=', entity)
    .where('currency', '=', currency)
    .where('account_type', 'in', types)
    .execute();
  const key = (m: (typeof rows)[number]) => (view === 'f' ? (m.due_date ?? m.date) : m.date);
  rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : Number(a.id) - Number(b.id)));
  let run = new Decimal(0);
  return rows
    .map((m) => {
      run = run.plus(m.amount);
      return { ...m, id: String(m.id), account_type: Number(m.account_type), saldo: run.toFixed(2) };
    })
    .reverse();
}

/** The page's ids and balances equal the reference's rows start..start+limit. */
function assertPage(page: StatementResponse, want: Mov[], start: number, currency: 'ARS' | 'USD', label: string) {
  const slice = want.slice(start, start + 7);
  assert.equal(page.total, want.length, `${label}: total`);
  assert.deepEqual(page.items.map((m) => m.id), slice.map((m) => m.id), `${label}: rows at ${start}`);
  page.items.forEach((m, i) => assert.equal(m.saldo_con_formato, formatMoney(slice[i]!.saldo, currency), `${label}: saldo of row ${start + i}`));
}

/** The checkpoints equal a recomputation from account_movements, row for row (no missing, extra or wrong month). */
async function assertCheckpointsExact() {
  const recomputed = sql`select m.company_id, m.entity_id, m.currency, b.basis, b.month, m.account_type, sum(m.amount) as total, count(*)::int as movements,
      (count(*) filter (where m.amount < 0))::int as credits, (count(*) filter (where m.amount > 0))::int as debits
    from account_movements m
    cross join lateral (values ('c'::"char", date_trunc('month', m.date::timestamp)::date), ('f'::"char", date_trunc('month', coalesce(m.due_date, m.date)::timestamp)::date)) as b(basis, month)
    group by 1, 2, 3, 4, 5, 6`;
  const stored = sql`select company_id, entity_id, currency, basis, month, account_type, total, movements, credits, debits from statement_checkpoints`;
  const diff = await sql<{ n: number }>`select (select count(*) from (${recomputed} except ${stored}) a)::int + (select count(*) from (${stored} except ${recomputed}) b)::int as n`.execute(ctx.db);
  assert.equal(Number(diff.rows[0]!.n), 0, 'checkpoints differ from the movements');
}

before(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'productor')).access_token;
  const row = await ctx.db
    .selectFrom('entities as e')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .select(['e.id', 'e.company_id'])
    .where('c.cuit', '=', LA_PAMPA)
    .where('e.code', '=', 1001)
    .executeTakeFirstOrThrow();
  entity = row.id;
  company = row.company_id;
  // Three years of history more for Juan Pérez: invoices with due dates, receipts, exchange invoices, in both
  // currencies, several on the same day (ties ordered by id), one statement (the insert trigger sees 1,500 rows).
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < EXTRA; i++) {
    const date = addDays(TODAY, -Math.floor(((EXTRA - i) / EXTRA) * 3 * 365));
    const usd = i % 4 === 3;
    const kind = i % 7;
    const amount = new Decimal((i * 7919) % 250_000).plus(100).div(usd ? 900 : 1).toDecimalPlaces(2);
    const credit = kind === 2 || kind === 5;
    rows.push({
      company_id: company, entity_id: entity, date, voucher_code: credit ? 'RC' : kind === 6 ? 'FJ' : 'FC', voucher_name: credit ? 'Recibo' : kind === 6 ? 'Factura canje' : 'Factura A',
      series: 7, number: 700_000 + i, currency: usd ? 'USD' : 'ARS', amount: (credit ? amount.negated() : amount).toFixed(2),
      due_date: credit ? null : addDays(date, [15, 45, 120][i % 3]!), settled: date < addDays(TODAY, -60), account_type: kind === 6 ? 2 : 1,
    });
  }
  await bulkInsert(ctx.db, 'account_movements', {
    company_id: 'integer', entity_id: 'integer', date: 'date', voucher_code: 'text', voucher_name: 'text', series: 'integer', number: 'integer',
    currency: 'text', amount: 'numeric', due_date: 'date', settled: 'boolean', account_type: 'smallint',
  }, rows);
});
after(async () => {
  await ctx?.close();
});

describe('running balance from monthly checkpoints', () => {
  test('the seeds and a bulk insert leave checkpoints equal to the movements', async () => {
    await assertCheckpointsExact();
  });

  test('a deep page has the balance of the window sum over the whole account, in every view, currency and account type', async () => {
    const cases: Array<{ view: View; currency: 'ARS' | 'USD'; tipocc?: string; types?: number[] }> = [
      { view: 'c', currency: 'ARS' }, { view: 'c', currency: 'USD' }, { view: 'f', currency: 'ARS' }, { view: 'f', currency: 'USD' },
      { view: 'j', currency: 'ARS' }, { view: 'c', currency: 'ARS', tipocc: 'CC', types: [1] },
    ];
    for (const c of cases) {
      const want = await reference(c.view, c.currency, c.types);
      const label = `${c.view} ${c.currency} ${c.tipocc ?? ''}`;
      assert.ok(want.length > 100, `${label}: a long account (${want.length})`);
      for (const start of [0, 7, Math.floor(want.length / 2), want.length - 10, want.length - 7, want.length - 1]) {
        assertPage(await list(c.view, { moneda: c.currency, ...(c.tipocc ? { tipocc: c.tipocc } : {}), start, limit: 7 }), want, start, c.currency, label);
      }
      assert.equal((await list(c.view, { moneda: c.currency, ...(c.tipocc ? { tipocc: c.tipocc } : {}), start: want.length, limit: 7 })).items.length, 0, `${label}: past the end`);
    }
  });

  test('every page of a list, whichever end of its months the balance is counted from (early and late days, pages across months)', async () => {
    // A month's balances are summed from its first day or back from its last one, whichever is nearer the page's
    // rows: walking every page meets both, and pages that straddle two months.
    const cases: Array<{ view: View; currency: 'ARS' | 'USD'; params?: Record<string, string>; keep?: (m: Mov) => boolean }> = [
      { view: 'c', currency: 'ARS' },
      { view: 'f', currency: 'USD' },
      { view: 'f', currency: 'ARS', params: { fechadesde: addDays(TODAY, -75), fechahasta: addDays(TODAY, -46), importedsd: '60000' },
        keep: (m) => (m.due_date ?? m.date) >= addDays(TODAY, -75) && (m.due_date ?? m.date) <= addDays(TODAY, -46) && new Decimal(m.amount).abs().gte(60_000) },
    ];
    for (const c of cases) {
      const want = (await reference(c.view, c.currency)).filter(c.keep ?? (() => true));
      const label = `${c.view} ${c.currency} ${JSON.stringify(c.params ?? {})}`;
      assert.ok(want.length > 20, `${label}: several pages (${want.length})`);
      for (let start = 0; start < want.length; start += 7) {
        assertPage(await list(c.view, { moneda: c.currency, ...c.params, start, limit: 7 }), want, start, c.currency, label);
      }
    }
  });

  test('filters hide rows and keep each row its balance: dates cutting months, credits, debits, amounts, deep pages', async () => {
    const all = await reference('c', 'ARS');
    const from = addDays(TODAY, -40);
    const to = addDays(TODAY, -12);
    const hasta = addDays(TODAY, -500);
    // Ranges of one shape (both dates) that cut no month, one and two: the statement's text differs by the months cut.
    const month = (back: number) => {
      const [y, m] = TODAY.split('-').map(Number) as [number, number];
      const d = new Date(Date.UTC(y, m - 1 - back, 1));
      return { first: d.toISOString().slice(0, 10), last: new Date(Date.UTC(y, m - back, 0)).toISOString().slice(0, 10), day: (n: number) => new Date(Date.UTC(y, m - 1 - back, n)).toISOString().slice(0, 10) };
    };
    const [m1, m2] = [month(1), month(2)];
    const between = (a: string, b: string) => ({ params: { fechadesde: a, fechahasta: b }, keep: (m: Mov) => m.date >= a && m.date <= b });
    const cases: Array<{ params: Record<string, string>; keep: (m: Mov) => boolean }> = [
      between(m1.first, m1.last),
      between(m1.day(5), m1.day(20)),
      between(m2.day(20), m1.day(10)),
      between(m2.first, m2.last),
      { params: { fechadesde: from, fechahasta: to }, keep: (m) => m.date >= from && m.date <= to },
      { params: { fechahasta: hasta }, keep: (m) => m.date <= hasta },
      { params: { fechadesde: addDays(TODAY, -300) }, keep: (m) => m.date >= addDays(TODAY, -300) },
      { params: { credito: 'true' }, keep: (m) => new Decimal(m.amount).isNegative() },
      { params: { debito: 'true', fechahasta: hasta }, keep: (m) => new Decimal(m.amount).isPositive() && m.date <= hasta },
      { params: { importedsd: '100000', importehst: '200000' }, keep: (m) => new Decimal(m.amount).abs().gte(100_000) && new Decimal(m.amount).abs().lte(200_000) },
      { params: { fechadesde: from, fechahasta: to, importedsd: '50000' }, keep: (m) => m.date >= from && m.date <= to && new Decimal(m.amount).abs().gte(50_000) },
      { params: { codres: 'PEN' }, keep: (m) => !m.settled },
    ];
    for (const c of cases) {
      const want = all.filter(c.keep);
      const label = JSON.stringify(c.params);
      assert.ok(want.length > 0, `${label}: something to list`);
      for (const start of new Set([0, Math.floor(want.length / 2), Math.max(0, want.length - 7)])) {
        assertPage(await list('c', { moneda: 'ARS', ...c.params, start, limit: 7 }), want, start, 'ARS', label);
      }
    }
  });

  test('a back-dated movement moves every later balance, in its currency only; update and delete too', async () => {
    const beforeArs = await reference('c', 'ARS');
    const beforeUsd = await reference('c', 'USD');
    const date = addDays(TODAY, -800);
    const inserted = await ctx.db
      .insertInto('account_movements')
      .values({ company_id: company, entity_id: entity, date, voucher_code: 'ND', voucher_name: 'Nota de débito A', series: 7, number: 799_999, currency: 'ARS', amount: '12345.67', due_date: addDays(date, 10), account_type: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await assertCheckpointsExact();
    const afterArs = await reference('c', 'ARS');
    const at = afterArs.findIndex((m) => m.id === String(inserted.id));
    assert.ok(at > 100, 'the movement is deep in the history');
    // Every row newer than it is 12.345,67 higher, every older one unchanged: on the pages the server answers.
    for (const start of [0, Math.floor(at / 2), at - 3, at + 1, afterArs.length - 7]) {
      const page = await list('c', { moneda: 'ARS', start, limit: 7 });
      assertPage(page, afterArs, start, 'ARS', 'after the back-dated insert');
      for (const item of page.items) {
        if (item.id === String(inserted.id)) continue;
        const old = beforeArs.find((m) => m.id === item.id)!;
        const moved = afterArs.findIndex((m) => m.id === item.id) < at;
        assert.equal(item.saldo_con_formato, formatMoney(moved ? new Decimal(old.saldo).plus('12345.67').toFixed(2) : old.saldo, 'ARS'));
      }
    }
    const usdPage = await list('c', { moneda: 'USD', start: 0, limit: 7 });
    assertPage(usdPage, beforeUsd, 0, 'USD', 'USD untouched');

    // Moved to another month, currency and amount; then deleted: the checkpoints follow, the balances with them.
    await ctx.db.updateTable('account_movements').set({ date: addDays(TODAY, -400), currency: 'USD', amount: '-99.99' }).where('id', '=', inserted.id).execute();
    await assertCheckpointsExact();
    const usd = await reference('c', 'USD');
    const usdAt = usd.findIndex((m) => m.id === String(inserted.id));
    assertPage(await list('c', { moneda: 'USD', start: usdAt - 2, limit: 7 }), usd, usdAt - 2, 'USD', 'after the update');
    assertPage(await list('c', { moneda: 'ARS', start: at, limit: 7 }), beforeArs, at, 'ARS', 'ARS back as before');
    await ctx.db.deleteFrom('account_movements').where('id', '=', inserted.id).execute();
    await assertCheckpointsExact();
    assertPage(await list('c', { moneda: 'USD', start: usdAt - 2, limit: 7 }), beforeUsd, usdAt - 2, 'USD', 'after the delete');
  });

  test('settling documents (an update that changes no amount) leaves the checkpoints as they were', async () => {
    const before = await ctx.db.selectFrom('statement_checkpoints').select(sql<string>`sum(total)::text`.as('t')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    await ctx.db.updateTable('account_movements').set({ settled: true }).where('entity_id', '=', entity).where('settled', '=', false).execute();
    const after = await ctx.db.selectFrom('statement_checkpoints').select(sql<string>`sum(total)::text`.as('t')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    assert.deepEqual(after, before);
    await assertCheckpointsExact();
  });
});

describe('per-entity parts kept by the server (statement_versions)', () => {
  const valueOf = (page: StatementResponse, descri: string) => page.valoresdectasctes.find((v) => v.descri === descri)?.valor;
  /** 'Vencido ARS' summed here: unsettled debits of the entity due before today. */
  async function overdueArs(): Promise<string | undefined> {
    const rows = await ctx.db.selectFrom('account_movements').select([sql<string>`amount::text`.as('amount'), sql<string | null>`to_char(due_date, 'YYYY-MM-DD')`.as('due')])
      .where('entity_id', '=', entity).where('currency', '=', 'ARS').where('settled', '=', false).execute();
    const due = rows.filter((r) => new Decimal(r.amount).isPositive() && r.due !== null && r.due < TODAY);
    return due.length ? formatMoney(due.reduce((a, r) => a.plus(r.amount), new Decimal(0)).toFixed(2), 'ARS') : undefined;
  }

  test('a new movement, a settled document, a renamed account type and a delete show in the very next answer', async () => {
    const first = await list('c', { moneda: 'ARS', start: 0, limit: 7 });
    const again = await list('c', { moneda: 'ARS', start: 0, limit: 7 });
    assert.deepEqual(again, first, 'a kept summary answers the same');
    const name = 'Nota de débito de la prueba';
    assert.ok(!first.tipodecomprobantes.some((t) => t.descom === name));

    const inserted = await ctx.db
      .insertInto('account_movements')
      .values({ company_id: company, entity_id: entity, date: TODAY, voucher_code: 'ND', voucher_name: name, series: 7, number: 798_001, currency: 'ARS', amount: '1000.00', due_date: addDays(TODAY, -1), account_type: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const want = await reference('c', 'ARS');
    const added = await list('c', { moneda: 'ARS', start: 0, limit: 7 });
    assertPage(added, want, 0, 'ARS', 'after the insert');
    assert.equal(added.items[0]!.id, String(inserted.id));
    assert.equal(valueOf(added, 'Saldo total ARS'), formatMoney(want[0]!.saldo, 'ARS'));
    assert.ok(added.tipodecomprobantes.some((t) => t.descom === name), 'the new voucher type is offered');
    assert.equal(valueOf(added, 'Vencido ARS'), await overdueArs());
    // A deep page is located with the months' counts: they include the new movement too.
    assertPage(await list('c', { moneda: 'ARS', start: want.length - 7, limit: 7 }), want, want.length - 7, 'ARS', 'oldest page after the insert');

    // Settling changes no amount (the checkpoints stay) but 'Vencido' and 'Comprobantes pendientes' do.
    await ctx.db.updateTable('account_movements').set({ settled: true }).where('id', '=', inserted.id).execute();
    const settled = await list('c', { moneda: 'ARS', start: 0, limit: 7 });
    assert.equal(valueOf(settled, 'Vencido ARS'), await overdueArs());
    assert.notEqual(valueOf(settled, 'Vencido ARS'), valueOf(added, 'Vencido ARS'));

    await ctx.db.updateTable('account_types').set({ name: 'Cuenta corriente general' }).where('company_id', '=', company).where('code', '=', 1).execute();
    try {
      const renamed = await list('c', { moneda: 'ARS', start: 0, limit: 7 });
      assert.ok(valueOf(renamed, 'Cuenta corriente general ARS'), 'the renamed account type is in the carousel');
      assert.ok(renamed.tipodectasctes.some((t) => t.descri === 'Cuenta corriente general'));
    } finally {
      await ctx.db.updateTable('account_types').set({ name: 'Cuenta corriente' }).where('company_id', '=', company).where('code', '=', 1).execute();
    }

    await ctx.db.deleteFrom('account_movements').where('id', '=', inserted.id).execute();
    const gone = await list('c', { moneda: 'ARS', start: 0, limit: 7 });
    assert.equal(gone.total, first.total);
    assert.deepEqual(gone.valoresdectasctes, first.valoresdectasctes);
    assert.ok(!gone.tipodecomprobantes.some((t) => t.descom === name));
  });

  test('a truncate of the movements changes every entity\'s version (row 0, 0), rolled back here', async () => {
    const version = (db: typeof ctx.db) => sql<{ v: string }>`select coalesce(sum(version), 0)::text as v from statement_versions
      where (company_id, entity_id) in ((0, 0), (${company}, 0), (${company}, ${entity}))`.execute(db).then((r) => BigInt(r.rows[0]!.v));
    const before = await version(ctx.db);
    const rollback = new Error('rollback');
    await assert.rejects(ctx.db.transaction().execute(async (trx) => {
      await sql`truncate account_movements cascade`.execute(trx);
      assert.ok((await version(trx)) > before, 'the version moved with the truncate');
      throw rollback;
    }), (e) => e === rollback);
    assert.equal(await version(ctx.db), before);
  });
});
