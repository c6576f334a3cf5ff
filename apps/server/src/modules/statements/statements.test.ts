import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import Decimal from 'decimal.js';
import { formatMoney, msg, statementMsg, todayInArgentina, type DashboardResponse, type StatementResponse } from '@portal/contract';
import { pdfText } from '../../documents/test-support.js';
import { bearer, createTestApp, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';

/**
 * GET /proxy/cgi/etenet_rencbtec|f|j: the three views of the current account. Expected balances are computed
 * here from the rows in the table (decimal.js), never taken from the answer.
 */

let ctx: TestContext;
let token: string;
const C = '/api/public/proxy/cgi/etenet_rencbtec';
const F = '/api/public/proxy/cgi/etenet_rencbtef';
const J = '/api/public/proxy/cgi/etenet_rencbtej';
const TODAY = todayInArgentina();
const own = () => bearer(token, { cuit: LA_PAMPA, entity_id: '1001' });

function qs(params: Record<string, string | number>): string {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) u.append(k, String(v));
  return u.toString();
}
async function get(url: string, params: Record<string, string | number> = {}, headers: Record<string, string> = own()) {
  return ctx.app.inject({ method: 'GET', url: `${url}?${qs(params)}`, headers });
}
async function list(url: string, params: Record<string, string | number> = {}): Promise<StatementResponse> {
  const res = await get(url, params);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as StatementResponse;
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

type Mov = { id: string; date: string; due_date: string | null; amount: string; account_type: number; voucher_name: string; letter: string | null; settled: boolean };
/** The entity's movements of one currency (and account types), oldest first in the view's order, with their running balance. */
async function ledger(currency: 'ARS' | 'USD', view: 'c' | 'f' | 'j' = 'c', types: number[] = [1, 2]) {
  const rows = (await ctx.db
    .selectFrom('account_movements')
    .select(['id', 'date', 'due_date', 'amount', 'account_type', 'voucher_name', 'letter', 'settled'])
    .where('entity_id', '=', await entityId(1001))
    .where('currency', '=', currency)
    .where('account_type', 'in', view === 'j' ? [2] : types)
    .execute()) as unknown as Mov[];
  const key = (m: Mov) => (view === 'f' ? (m.due_date ?? m.date) : m.date);
  rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : Number(a.id) - Number(b.id)));
  let run = new Decimal(0);
  return rows.map((m) => {
    run = run.plus(m.amount);
    return { ...m, id: String(m.id), saldo: run.toFixed(2) };
  });
}

before(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'productor')).access_token;
});
after(async () => {
  await ctx?.close();
});

describe('current account: chronological view', () => {
  test('401, 403 for a foreign entity and another company', async () => {
    for (const url of [C, F, J]) await expectGuarded(ctx.app, { method: 'GET', url }, { access: 'entity', token, ownEntity: '1001' });
  });

  test('the running balance is right on every page, across a page boundary, in every currency', async () => {
    for (const currency of ['ARS', 'USD'] as const) {
      const expected = (await ledger(currency)).reverse();
      assert.ok(expected.length > 14, `${currency}: enough movements to page`);
      const seen: StatementResponse['items'] = [];
      for (let start = 0; start < 21; start += 7) {
        const page = await list(C, { moneda: currency, start, limit: 7 });
        assert.equal(page.moneda, currency);
        assert.equal(page.total, expected.length);
        seen.push(...page.items);
      }
      seen.forEach((m, i) => {
        assert.equal(m.id, expected[i]!.id, `${currency} row ${i}`);
        assert.equal(m.saldo_con_formato, formatMoney(expected[i]!.saldo, currency), `${currency} saldo of row ${i}`);
        assert.equal(m.importe_con_formato, formatMoney(expected[i]!.amount, currency));
      });
    }
  });

  test("the balance equals the dashboard's, to the cent", async () => {
    const dash = (await get('/api/public/proxy/cgi/etenet_dashboard', { grupo: 'resumen' })).json() as DashboardResponse;
    const summary = dash.porlets.find((p) => p.id === 'resumen-cliente') as Extract<DashboardResponse['porlets'][number], { tipo: 'resumen' }>;
    for (const currency of ['ARS', 'USD'] as const) {
      const page = await list(C, { moneda: currency });
      const item = summary.items.find((i) => i.id === `saldo-${currency}`)!;
      assert.equal(page.items[0]!.saldo_con_formato, item.valor_con_formato);
      const total = page.valoresdectasctes.find((v) => v.descri === `Saldo total ${currency}`)!;
      assert.equal(total.valor, item.valor_con_formato);
      const all = await ledger(currency);
      assert.equal(total.valor, formatMoney(all.at(-1)!.saldo, currency));
    }
  });

  test('answer lists: currencies, summaries, voucher and account types, balances per account type', async () => {
    const page = await list(C);
    assert.deepEqual(page.monedasdemovimientos, [{ moneda: 'ARS' }, { moneda: 'USD' }]);
    assert.deepEqual(page.resumenes.map((r) => r.codres), ['TOD', 'PEN', 'VEN']);
    assert.deepEqual(page.tipodectasctes, [
      { id: 1, descri: 'Cuenta corriente', tipocc: 'CC' },
      { id: 2, descri: 'Cuenta canje', tipocc: 'CJ' },
    ]);
    assert.ok(page.tipodecomprobantes.some((t) => t.descom === 'Factura canje'));
    const cj = (await ledger('USD', 'c', [2])).at(-1)!.saldo;
    const v = page.valoresdectasctes.find((x) => x.tipocc === 'CJ' && x.moneda === 'USD')!;
    assert.equal(v.valor, formatMoney(cj, 'USD'));
    assert.equal(v.signo, new Decimal(cj).isPositive() ? 'D' : 'A');
  });

  test('filters hide rows but keep the account balance; tipocc narrows the account', async () => {
    const all = (await ledger('ARS')).reverse();
    const back = new Date(`${TODAY}T12:00:00Z`);
    back.setUTCDate(back.getUTCDate() - 28);
    const from = back.toISOString().slice(0, 10);
    const credits = await list(C, { moneda: 'ARS', credito: 'true', limit: 100 });
    const wantCredits = all.filter((m) => new Decimal(m.amount).isNegative());
    assert.equal(credits.total, wantCredits.length);
    credits.items.forEach((m, i) => assert.equal(m.saldo_con_formato, formatMoney(wantCredits[i]!.saldo, 'ARS')));

    const ranged = await list(C, { moneda: 'ARS', fechadesde: from, fechahasta: TODAY, importedsd: '1000', limit: 100 });
    const want = all.filter((m) => m.date >= from && m.date <= TODAY && new Decimal(m.amount).abs().gte(1000));
    assert.ok(want.length > 0, 'movements in the last 28 days');
    assert.deepEqual(ranged.items.map((m) => m.id), want.map((m) => m.id));
    ranged.items.forEach((m, i) => assert.equal(m.saldo_con_formato, formatMoney(want[i]!.saldo, 'ARS')));

    const pending = await list(C, { moneda: 'ARS', codres: 'PEN', limit: 100 });
    assert.deepEqual(pending.items.map((m) => m.id), all.filter((m) => !m.settled).map((m) => m.id));
    const overdue = await list(C, { moneda: 'ARS', codres: 'VEN', limit: 100 });
    assert.ok(overdue.items.every((m) => m.vencido));

    const cc = (await ledger('ARS', 'c', [1])).reverse();
    const onlyCc = await list(C, { moneda: 'ARS', tipocc: 'CC', limit: 14 });
    assert.equal(onlyCc.total, cc.length);
    onlyCc.items.forEach((m, i) => assert.equal(m.saldo_con_formato, formatMoney(cc[i]!.saldo, 'ARS')));

    const facturas = await list(C, { moneda: 'ARS', descom: 'Factura canje', limit: 100 });
    assert.ok(facturas.items.length > 0 && facturas.items.every((m) => m.descomlarga === 'Factura canje'));
  });

  test('a movement carries its lines and its print flag', async () => {
    const page = await list(J, { moneda: 'USD', limit: 30 });
    const invoice = page.items.find((m) => m.codcom === 'FJ')!;
    assert.ok(invoice.renglonesProductos.length > 0);
    assert.deepEqual(invoice.renglonesImpuestos.map((l) => l.descripcion), ['IVA 10,5 %']);
    assert.equal(typeof invoice.imprime, 'boolean');
  });

  test("a movement's lines add up to its amount, exactly: net lines plus the VAT lines by rate; a receipt's payment methods, the documents it applied listed apart", async () => {
    const dec = (n: number) => new Decimal(String(n));
    const sum = (xs: readonly number[]) => xs.reduce((a, x) => a.plus(dec(x)), new Decimal(0));
    const seen = { vat: 0, receipt: 0, settlement: 0, rc5046: false };
    for (const currency of ['ARS', 'USD'] as const) {
      for (let start = 0; ; start += 100) {
        const page = await list(C, { moneda: currency, start, limit: 100 });
        for (const m of page.items) {
          const name = `${m.descomlarga} ${m.codtal}-${m.numero}`;
          const lines = [...m.renglonesProductos.map((l) => l.importe), ...m.renglonesOtros.map((l) => l.valor)];
          if (lines.length === 0) continue;
          const taxes = sum(m.renglonesImpuestos.map((l) => l.valor));
          assert.equal(sum(lines).plus(taxes).toFixed(2), dec(m.importe).abs().toFixed(2), `${name}: lines + VAT = total`);
          for (const l of [...m.renglonesImpuestos, ...m.renglonesOtros, ...m.renglonesAplicados]) assert.equal(l.valor_con_formato, formatMoney(String(l.valor), currency));
          if (m.letra === 'A' && (m.codcom === 'FC' || m.codcom === 'FJ')) {
            // A Factura A itemises its VAT by rate, as the invoice does.
            assert.ok(m.renglonesImpuestos.length > 0, `${name}: its VAT`);
            assert.ok(m.renglonesImpuestos.every((l) => ['IVA 21 %', 'IVA 10,5 %', 'Percepciones / otros tributos'].includes(l.descripcion)), name);
            seen.vat++;
          }
          if (m.letra !== 'A') assert.deepEqual(m.renglonesImpuestos, [], `${name}: lines that include their VAT (or none) get no VAT line`);
          if (m.codcom === 'RC' || m.codcom === 'LC') {
            // The documents it cancels are listed apart and add up to it (a receipt's payment methods are its lines).
            assert.ok(m.renglonesAplicados.length > 0, `${name}: what it cancels`);
            assert.equal(sum(m.renglonesAplicados.map((l) => l.valor)).toFixed(2), dec(m.importe).abs().toFixed(2), name);
            assert.ok(m.renglonesOtros.every((l) => !l.descripcion.startsWith('Cancela')), name);
            if (m.codcom === 'RC') seen.receipt++;
            else seen.settlement++;
            if (m.codcom === 'RC' && m.numero === 5046) seen.rc5046 = true;
          } else {
            assert.deepEqual(m.renglonesAplicados, [], name);
          }
        }
        if (page.items.length < 100) break;
      }
    }
    assert.ok(seen.vat > 0 && seen.receipt > 0 && seen.settlement > 0 && seen.rc5046, JSON.stringify(seen));
  });

  test('origin lines name the origin with the origin\'s point of sale, not the movement\'s own', async () => {
    // A receipt (point of sale 1) of an invoice (point of sale 3); a grain settlement (5) of an exchange invoice (5).
    const pesos = await list(C, { moneda: 'ARS', descom: 'Recibo', limit: 100 });
    const receipt = pesos.items.find((m) => m.codcom === 'RC' && m.codtal === 1 && m.torig === 'FC');
    assert.ok(receipt, 'an ERP receipt of an invoice');
    assert.match(receipt.detalle2, /^Origen: FC 00003-\d{8}$/);
    const exchange = await list(J, { moneda: 'USD', limit: 100 });
    const settlement = exchange.items.find((m) => m.codcom === 'LC');
    assert.ok(settlement, 'a grain settlement of an exchange invoice');
    assert.equal(settlement.detalle2, `Origen: FJ 00005-${String(settlement.norig).padStart(8, '0')}`);
    assert.ok(exchange.items.some((m) => m.codcom === 'FJ' && m.codtal === 5 && m.numero === settlement.norig), 'the invoice it names');
    // Its lines name the invoice in the one voucher-number format (5-digit point of sale), as the detail line does.
    assert.equal(settlement.renglonesAplicados[0]?.descripcion, `Factura canje A 00005-${String(settlement.norig).padStart(8, '0')}`);
  });

  test('400 for each bad parameter, with the Spanish message', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ fechadesde: '31/02/2026' }, statementMsg.fechaDesdeInvalida],
      [{ fechahasta: 'mañana' }, statementMsg.fechaHastaInvalida],
      [{ fechadesde: TODAY, fechahasta: '2020-01-01' }, statementMsg.fechasInvertidas],
      [{ fechadesde: '2020-01-01', fechahasta: '2020-01-10' }, statementMsg.desdeUltimoAnio],
      [{ importedsd: 'mil' }, statementMsg.importeDesdeNumerico],
      [{ importehst: '12a' }, statementMsg.importeHastaNumerico],
      [{ importedsd: '500', importehst: '100' }, statementMsg.importesInvertidos],
      [{ moneda: 'EUR' }, statementMsg.monedaInvalida],
      [{ tipocc: 'ZZ' }, statementMsg.tipoCuentaInvalido],
      [{ codres: 'XX' }, statementMsg.resumenInvalido],
      [{ start: -1 }, msg.solicitudInvalida],
      [{ limit: 1000 }, msg.solicitudInvalida],
      [{ credito: 'quizas' }, 'El valor debe ser true o false.'],
    ];
    for (const [params, message] of cases) expectRefused(await get(C, params), 400, message);
    const d = new Date(`${TODAY}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 45);
    expectRefused(await get(C, { fechadesde: d.toISOString().slice(0, 10), fechahasta: TODAY }), 400, statementMsg.rangoMaximo);
  });
});

describe('financial and exchange views', () => {
  test('financial: ordered by due date, balance running in that order', async () => {
    const expected = (await ledger('ARS', 'f')).reverse();
    const rows = [...(await list(F, { moneda: 'ARS', limit: 7 })).items, ...(await list(F, { moneda: 'ARS', start: 7, limit: 7 })).items];
    rows.forEach((m, i) => {
      assert.equal(m.id, expected[i]!.id);
      assert.equal(m.saldo_con_formato, formatMoney(expected[i]!.saldo, 'ARS'));
    });
  });

  test('exchange: only the canje account', async () => {
    const expected = (await ledger('USD', 'j')).reverse();
    const page = await list(J, { moneda: 'USD', limit: 100 });
    assert.equal(page.total, expected.length);
    assert.ok(page.items.every((m) => m.tipocc === 'CJ'));
    assert.equal(page.items[0]!.saldo_con_formato, formatMoney(expected[0]!.saldo, 'USD'));
    assert.deepEqual(page.tipodectasctes.map((t) => t.tipocc), ['CJ']);
  });
});

describe("the user's settings", () => {
  test('ocultamonedas hides a currency; agrupactasctes groups the account types', async () => {
    const user = await ctx.db.selectFrom('users').select('id').where('username', '=', 'productor').executeTakeFirstOrThrow();
    const company = await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
    const set = (group: boolean, hidden: string[]) =>
      ctx.db.updateTable('memberships').set({ group_accounts: group, hidden_currencies: JSON.stringify(hidden) }).where('user_id', '=', user.id).where('company_id', '=', company.id).execute();
    try {
      await set(true, ['USD']);
      const page = await list(C);
      assert.deepEqual(page.monedasdemovimientos, [{ moneda: 'ARS' }]);
      assert.ok(page.valoresdectasctes.every((v) => v.moneda === 'ARS' && v.tipocc === ''));
      assert.deepEqual(page.tipodectasctes, []);
      assert.equal(page.agrupactasctes, true);
      expectRefused(await get(C, { moneda: 'USD' }), 400, statementMsg.monedaOculta);
    } finally {
      await set(false, []);
    }
  });
});

describe('exports', () => {
  test('EXCEL and PDF with the token in the query, the running balance in each row', async () => {
    const expected = (await ledger('ARS')).reverse();
    const base = { moneda: 'ARS', files: 'true', token, cooperativa: LA_PAMPA, entity_id: '1001' };
    const x = await ctx.app.inject({ method: 'GET', url: `${C}?${qs({ ...base, type: 'excel' })}` });
    assert.equal(x.statusCode, 200, x.body);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const saldoCol = header.indexOf('Saldo');
    assert.ok(saldoCol > 0, header.join('|'));
    assert.equal(Number(sheet.getRow(2).getCell(saldoCol).value), Number(expected[0]!.saldo));
    assert.equal(Number(sheet.getRow(expected.length + 1).getCell(saldoCol).value), Number(expected.at(-1)!.saldo));
    // The voucher as the screen names it: its letter ('Factura A'), its number with a 5-digit point of sale.
    const compCol = header.indexOf('Comprobante');
    const numCol = header.indexOf('Número');
    const lettered = expected.findIndex((m) => m.letter && !m.voucher_name.endsWith(` ${m.letter}`));
    assert.ok(lettered >= 0, 'a voucher with a letter');
    assert.equal(String(sheet.getRow(lettered + 2).getCell(compCol).value), `${expected[lettered]!.voucher_name} ${expected[lettered]!.letter}`);
    assert.match(String(sheet.getRow(2).getCell(numCol).value), /^\d{5}-\d{8}$/);

    const p = await ctx.app.inject({ method: 'GET', url: `${F}?${qs({ ...base, type: 'pdf' })}` });
    assert.equal(p.statusCode, 200);
    const text = await pdfText(p.rawPayload);
    assert.match(text, /Cuenta corriente — Financiero/);
    assert.equal((await ctx.app.inject({ method: 'GET', url: `${C}?${qs({ ...base, token: 'x', type: 'pdf' })}` })).statusCode, 401);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${C}?${qs({ ...base, type: 'doc' })}` }), 400, statementMsg.tipoArchivoInvalido);
  });
});
