import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCuit, cuitCheckDigit, formatCuit, isValidCuit } from './cuit.js';

test('the demo CUITs are valid and a wrong verification digit is not', () => {
  for (const c of ['30712345671', '30709998885', '30691112221', '20123456786', '30680001118']) assert.equal(isValidCuit(c), true, c);
  assert.equal(isValidCuit('20123456785'), false);
  assert.equal(isValidCuit('2012345678'), false);
  assert.equal(isValidCuit('20-12345678-6'), false);
});

test('check digit: 11 gives 0, 10 has none', () => {
  assert.equal(cuitCheckDigit('2012345678'), 6);
  // 20-00000001: weights give sum 2*5+... → a case where 11 - r is 11 maps to 0
  const zero = Array.from({ length: 100 }, (_, i) => `20${String(i).padStart(8, '0')}`).find((p) => cuitCheckDigit(p) === 0);
  assert.ok(zero, 'some prefix yields digit 0');
  const none = Array.from({ length: 100 }, (_, i) => `20${String(i).padStart(8, '0')}`).find((p) => cuitCheckDigit(p) === null);
  assert.ok(none, 'some prefix yields no digit');
  assert.equal(cuitCheckDigit('abc'), null);
});

test('buildCuit always yields a valid CUIT, switching 20 to 23 when needed', () => {
  for (let dni = 10_000_000; dni < 10_000_300; dni++) {
    const c = buildCuit('20', dni);
    assert.equal(isValidCuit(c), true, c);
    assert.match(c, /^2[03]/);
  }
});

test('formatCuit', () => {
  assert.equal(formatCuit('30712345671'), '30-71234567-1');
  assert.equal(formatCuit('123'), '123');
});
