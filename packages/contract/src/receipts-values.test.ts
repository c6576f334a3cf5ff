import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cuitFieldError, receiptsMsg } from './receipts-values.js';

const label = 'CUIT del librador';

test('a CUIT field takes 11 digits whose last is the check digit, with or without dashes, spaces or dots', () => {
  for (const v of ['20123456786', '20-12345678-6', ' 20 12345678 6 ', '30.712.345.671']) assert.equal(cuitFieldError(1, label, v), null, v);
});

test('a CUIT field refuses another length, letters and a wrong check digit, each with its message', () => {
  assert.equal(cuitFieldError(1, label, '123'), receiptsMsg.cuitLongitud(1, label));
  assert.equal(cuitFieldError(2, label, '201234567861'), receiptsMsg.cuitLongitud(2, label));
  assert.equal(cuitFieldError(1, label, '20-1234567A-6'), receiptsMsg.cuitLongitud(1, label));
  assert.equal(cuitFieldError(1, label, '20-12345678-5'), receiptsMsg.cuitVerificador(1, label));
  assert.equal(receiptsMsg.cuitLongitud(1, label), 'Método cobro 1: El campo CUIT del librador debe tener 11 dígitos');
});

test('an empty CUIT field is left to the required rule', () => {
  assert.equal(cuitFieldError(1, label, '  '), null);
});
