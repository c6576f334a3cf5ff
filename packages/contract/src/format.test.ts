import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatDate, formatDateSlash, formatMoney, formatNumber, parseAmountText, todayInArgentina } from './format.js';
import { applicationError, receiptsMsg } from './receipts-values.js';
import { formatPhone } from './phone.js';

test('es-AR numbers: dot thousands, comma decimals, decimal strings accepted', () => {
  assert.equal(formatNumber(1234567.5), '1.234.567,50');
  assert.equal(formatNumber('1234567.456', 2), '1.234.567,46');
  assert.equal(formatNumber(1234567.5, 0), '1.234.568');
  assert.equal(formatNumber(-0.5), '-0,50');
  assert.equal(formatNumber('abc'), '');
});

test('a decimal string is formatted exactly as Intl formats its number (the fast path of formatNumber)', () => {
  const intl = (v: string, d: number) => {
    const n = Number(v);
    return Number.isFinite(n) ? new Intl.NumberFormat('es-AR', { minimumFractionDigits: d, maximumFractionDigits: d }).format(n) : '';
  };
  const cases = ['0', '-0', '0.00', '-0.00', '007.5', '-007.50', '5.', '.5', '+5', '1e3', ' 5', '', '-', '1234', '999999999999999',
    '9999999999999999', '123456789012345.6', '12345678901234.56', '0.001', '0.005', '0.015', '-0.005', '1.005', '00', '-00.0', '1234567.456'];
  // A fixed pseudo-random sample: 0 to 16 integer digits, 0 to 4 fraction digits, signs and leading zeros.
  let seed = 20261125;
  const next = (k: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % k);
  for (let i = 0; i < 20_000; i++) {
    const il = next(17);
    const fl = next(5);
    let v = (next(4) === 0 ? '-' : '') + (next(6) === 0 ? '0'.repeat(next(3)) : '');
    v += il ? Array.from({ length: il }, () => next(10)).join('') : '0';
    if (fl || next(3) === 0) v += `.${Array.from({ length: fl }, () => next(10)).join('')}`;
    cases.push(v);
  }
  for (const v of cases) for (const d of [0, 1, 2, 3]) assert.equal(formatNumber(v, d), intl(v, d), `${JSON.stringify(v)} with ${d} decimals`);
});

test("two-decimal strings (SQL's numeric text) format exactly as Intl's es-AR format does", () => {
  const intl = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const values = ['0.00', '-0.00', '0.01', '-0.01', '1.00', '999.99', '-999.99', '1000.00', '-1000.00', '999999.99', '1000000.00', '9999999999999.99', '-9999999999999.99', '1234567890123.45'];
  for (let digits = 1; digits <= 13; digits++) {
    for (let i = 0; i < 300; i++) {
      let int = String(1 + Math.floor(Math.random() * 9));
      while (int.length < digits) int += String(Math.floor(Math.random() * 10));
      const text = `${Math.random() < 0.5 ? '-' : ''}${int}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
      values.push(text);
    }
  }
  for (const v of values) {
    assert.equal(formatNumber(v), intl.format(Number(v)), v);
    assert.equal(formatMoney(v, 'USD'), `${Number(v) < 0 || v.startsWith('-') ? '-' : ''}U$S\u00a0${intl.format(Math.abs(Number(v)))}`, v);
  }
  // Other texts keep Intl's rounding: more decimals, one decimal, no decimals, leading zeros, 14 integer digits.
  for (const v of ['1234567.456', '1234.5', '1234', '007.50', '12345678901234.50', '-0.005', '1e3']) assert.equal(formatNumber(v), intl.format(Number(v)), v);
});

test('money carries its currency prefix, joined by a non-breaking space', () => {
  assert.equal(formatMoney(1500), '$\u00a01.500,00');
  assert.equal(formatMoney('-1500.2', 'USD'), '-U$S\u00a01.500,20');
  assert.doesNotMatch(formatMoney('520657.87'), / /, 'no plain space a line could break at');
});

test('one amount parser, the spec\'s: thousands dots go, the comma is the decimal point, 2 decimals', () => {
  assert.equal(parseAmountText('50.000'), '50000.00');
  assert.equal(parseAmountText('1.500.000'), '1500000.00');
  assert.equal(parseAmountText('$ 1.234,56'), '1234.56');
  assert.equal(parseAmountText('$\u00a0100.000,50'), '100000.50');
  assert.equal(parseAmountText('1234,5'), '1234.50');
  assert.equal(parseAmountText('1234,567'), '1234.57');
  assert.equal(parseAmountText('1234,564'), '1234.56');
  assert.equal(parseAmountText('-537.104,19'), '-537104.19');
  assert.equal(parseAmountText('12'), '12.00');
  assert.equal(parseAmountText('0'), '0.00');
  // A dot before one or two final digits groups nothing: it is the decimal point screens send on the wire.
  assert.equal(parseAmountText('1234.50'), '1234.50');
  assert.equal(parseAmountText(1234.5), '1234.50');
  for (const bad of ['', 'abc', '12a', '1,2,3', '1.23,4', '1234.567', '1.23.456', ',5', '1,', '--5', '12345678901234']) {
    assert.equal(parseAmountText(bad), null, bad);
  }
});

test('an amount to apply is refused with what is wrong with it', () => {
  assert.equal(applicationError('537104.19', 'abc'), receiptsMsg.saldoNoNumerico);
  assert.equal(applicationError('537104.19', '0'), receiptsMsg.saldoCero);
  assert.equal(applicationError('537104.19', '-5'), receiptsMsg.saldoNegativoNoPermitido);
  assert.equal(applicationError('537104.19', '537.104,20'), 'El saldo a aplicar debe ser menor a 537.104,19');
  assert.equal(applicationError('537104.19', '50.000'), null);
  assert.equal(applicationError('537104.19', '537.104,19'), null);
  assert.equal(applicationError('-1500.00', '-1.500'), null);
  assert.equal(applicationError('-1500.00', '5'), 'El saldo a aplicar debe estar comprendido entre $ -1.500,00 y cero');
});

test("today is Buenos Aires' day, not UTC's", () => {
  // 02:30 UTC on the 22nd is still 23:30 of the 21st in Argentina (UTC-3).
  assert.equal(todayInArgentina(new Date('2026-11-22T02:30:00Z')), '2026-11-21');
  assert.equal(todayInArgentina(new Date('2026-11-22T03:30:00Z')), '2026-11-22');
  // The answer kept for a quarter hour is the one Intl gives, around midnight and anywhere in time, in any order.
  const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires', year: 'numeric', month: '2-digit', day: '2-digit' });
  const midnight = Date.parse('2026-11-22T03:00:00Z');
  const instants = [-1, 0, 1, 899_999, 900_000, -900_000, -900_001].map((d) => midnight + d);
  for (let i = 0; i < 2_000; i++) instants.push(Math.floor(Math.random() * 4_000_000_000_000));
  for (const t of [...instants, ...instants.reverse()]) assert.equal(todayInArgentina(new Date(t)), intl.format(new Date(t)), new Date(t).toISOString());
});

test('dates and phones', () => {
  assert.equal(formatDate('2026-11-21'), '21-11-2026');
  assert.equal(formatDateSlash('2026-11-21T10:00:00Z'), '21/11/2026');
  // Area codes have 2, 3 or 4 digits: libphonenumber-js knows which.
  assert.equal(formatPhone('2954555010'), '+54 2954 55 5010');
  assert.equal(formatPhone('+542954555010'), '+54 2954 55 5010');
  assert.equal(formatPhone('1123456789'), '+54 11 2345 6789');
  assert.equal(formatPhone('3514567890'), '+54 351 456 7890');
});
