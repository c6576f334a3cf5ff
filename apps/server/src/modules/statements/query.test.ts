import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultFiscalRange, statementListQuery, todayInArgentina } from '@portal/contract';
import { LEFT_TO_SCHEMA, quickStatementListQuery, statementListInput } from './query.js';
import { HttpError } from '../../lib/http-errors.js';

/**
 * The statements list's quick query path against the contract's schema: whenever the quick path takes a query, the
 * schema accepts it too and parses it to the very same object (key by key, absent and undefined told apart); every
 * query the schema refuses is left to the schema. Queries are drawn from values a screen sends, values the schema
 * coerces (' 7', '1e3', '') and values it refuses, in every combination.
 */

const TODAY = todayInArgentina();
const back = (days: number) => new Date(Date.parse(`${TODAY}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
const slash = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const def = defaultFiscalRange(TODAY);

const VALUES: Record<string, unknown[]> = {
  moneda: ['ARS', 'USD', 'ars', '', ' ARS', 'EUR', ['ARS', 'USD']],
  tipocc: ['CC', 'CJ', ' CJ ', 'cc', '', 'ABCDEFG', 'C-C', ['CC']],
  descom: ['Factura A', 'Factura A,Recibo', ' , Recibo,Recibo ', '', ',', ['Factura A', 'Recibo'], 'x'.repeat(81), `${'y'.repeat(80)},Recibo`],
  codres: ['TOD', 'PEN', 'VEN', 'ven', '', ['PEN']],
  fechadesde: [back(10), back(29), back(40), back(400), slash(back(20)), ` ${back(5)} `, '', '2026-02-30', 'ayer', def.fechadesde, `${back(3).slice(8, 10)}-${back(3).slice(5, 7)}-${back(3).slice(0, 4)}`, [back(3)]],
  fechahasta: [TODAY, back(1), back(20), back(50), slash(back(2)), '', '31/02/2026', 'hoy', def.fechahasta, [TODAY]],
  importedsd: ['1000', '500000', '1.234,50', '1234.5', '1234.567', '-5', 'abc', ' 500 ', '1,5', '', '0', '1.000.000', ['1']],
  importehst: ['2000', '100', '9.999,99', '1e3', '', ' 750,25', '3.5.5'],
  credito: ['true', 'false', '1', '0', '', 'yes', 'TRUE', ['true']],
  debito: ['true', 'false', '1', '0', '', 'no'],
  start: ['0', '7', '5000', '23993', '-1', '', ' 7', '1e3', '2147483647', '2147483648', '007', '7.0', '99999999999', ['7']],
  limit: ['7', '1', '100', '0', '101', '', 'abc', '20', ' 8'],
  token: ['abc'],
  files: ['false'],
  otro: ['x'],
};

function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
}

/** A query object as Fastify's parser gives it (null prototype). */
function queryOf(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, fields);
}

function compare(raw: Record<string, unknown>): 'quick' | 'schema' {
  const quick = quickStatementListQuery(raw);
  const schema = statementListQuery.safeParse(raw);
  if (quick === LEFT_TO_SCHEMA) return 'schema';
  assert.ok(schema.success, `the quick path took a query the schema refuses: ${JSON.stringify(raw)} → ${schema.error?.issues[0]?.message}`);
  assert.deepStrictEqual({ ...quick }, { ...schema.data }, JSON.stringify(raw));
  assert.deepStrictEqual(Object.keys(quick).sort(), Object.keys(schema.data).sort(), JSON.stringify(raw));
  return 'quick';
}

describe('statements list query: quick path = contract schema', () => {
  test('what the screens send takes the quick path, with the schema’s output', () => {
    const screens = [
      {},
      { start: '0', limit: '7' },
      { moneda: 'ARS', start: '0', limit: '7' },
      { moneda: 'USD', tipocc: 'CC', start: '5000', limit: '7' },
      { moneda: 'ARS', fechadesde: back(29), fechahasta: TODAY, importedsd: '500000', start: '7', limit: '7' },
      { moneda: 'ARS', credito: 'true', start: '140', limit: '7' },
      { moneda: 'ARS', codres: 'PEN', descom: 'Factura A,Recibo', start: '0', limit: '7' },
      { fechadesde: def.fechadesde, fechahasta: def.fechahasta, importehst: '1.234,50' },
    ];
    for (const s of screens) assert.equal(compare(queryOf(s)), 'quick', JSON.stringify(s));
  });

  test('every field alone, each of its values', () => {
    for (const [key, values] of Object.entries(VALUES)) for (const v of values) compare(queryOf({ [key]: v }));
  });

  test('20,000 drawn combinations', () => {
    const next = lcg(20_261_125);
    const keys = Object.keys(VALUES);
    const taken = { quick: 0, schema: 0 };
    for (let i = 0; i < 20_000; i++) {
      const fields: Record<string, unknown> = {};
      for (const k of keys) {
        if (next() < 0.55) continue;
        const values = VALUES[k]!;
        fields[k] = values[Math.floor(next() * values.length)];
      }
      taken[compare(queryOf(fields))]++;
    }
    // Both paths were exercised (a quick path that always deferred would pass the comparison without being tested).
    assert.ok(taken.quick > 1_000 && taken.schema > 1_000, JSON.stringify(taken));
  });

  test('a refused query is the schema’s 400, word for word', () => {
    for (const raw of [
      { moneda: 'EUR' },
      { fechadesde: back(10), fechahasta: back(20) },
      { fechadesde: back(80), fechahasta: back(10) },
      { importedsd: '2000', importehst: '100' },
      { importedsd: 'abc' },
      { start: '-1' },
      { limit: '101' },
    ]) {
      const expected = statementListQuery.safeParse(raw);
      assert.ok(!expected.success);
      assert.throws(
        () => statementListInput(queryOf(raw)),
        (e: unknown) => e instanceof HttpError && e.statusCode === 400 && e.message === expected.error.issues[0]!.message,
        JSON.stringify(raw),
      );
    }
  });
});
