import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseQuantity } from './format.js';
import { codeKey, columnLetter, parseQuickOrderSheet, parseQuickOrderText, quickOrderMsg } from './quick-order-values.js';

test('quantities: es-AR decimals and thousands, plain numbers, spaces; words and negatives are not quantities', () => {
  assert.equal(parseQuantity('1,5'), '1.5');
  assert.equal(parseQuantity('1.000'), '1000');
  assert.equal(parseQuantity('1.000,25'), '1000.25');
  assert.equal(parseQuantity('12'), '12');
  assert.equal(parseQuantity('12.5'), '12.5');
  assert.equal(parseQuantity('1 000'), '1000');
  assert.equal(parseQuantity('-3'), null);
  assert.equal(parseQuantity('diez'), null);
  assert.equal(parseQuantity(''), null);
});

test('pasted lines: space, semicolon and tab; a header and blank lines skipped; the first bad line refuses the text', () => {
  const r = parseQuickOrderText('Código\tCantidad\n\nSEM 000123 10\nFER-45;2,5\n7791234567890\tUrea\t1.000\r\n');
  assert.equal(r.error, null);
  assert.deepEqual(r.lineas, [
    { linea: 3, codigo: 'SEM 000123', cantidad: '10' },
    { linea: 4, codigo: 'FER-45', cantidad: '2.5' },
    { linea: 5, codigo: '7791234567890', cantidad: '1000' },
  ]);
  assert.equal(parseQuickOrderText('A 1\nB').error, quickOrderMsg.renglonSinCantidad(2, 'B'));
  assert.equal(parseQuickOrderText('=SUMA(A1) 2').error, quickOrderMsg.renglonFormula(1));
  assert.equal(parseQuickOrderText('   ').error, quickOrderMsg.vacio);
});

test('sheets: columns by header anywhere in the first rows, or chosen; formulas name their cell', () => {
  const rows = [[{ text: 'Pedido' }], [{ text: 'Detalle' }, { text: 'Cód. Art.' }, { text: 'Cantidad' }], [{ text: 'x' }, { text: 'A-1' }, { text: '3' }]];
  const r = parseQuickOrderSheet(rows);
  assert.equal(r.error, null);
  assert.deepEqual([r.columnas.columna_codigo, r.columnas.columna_cantidad], [1, 2]);
  assert.deepEqual(r.lineas, [{ linea: 3, codigo: 'A-1', cantidad: '3' }]);
  const bare = [[{ text: 'A-1' }, { text: '3' }]];
  assert.equal(parseQuickOrderSheet(bare).error, quickOrderMsg.columnasNoEncontradas);
  assert.deepEqual(parseQuickOrderSheet(bare, { codigo: 0, cantidad: 1 }).lineas, [{ linea: 1, codigo: 'A-1', cantidad: '3' }]);
  assert.equal(parseQuickOrderSheet([[{ text: 'A-1' }, { text: '', formula: true }]], { codigo: 0, cantidad: 1 }).error, quickOrderMsg.celdaFormula('B1'));
  assert.equal(columnLetter(27), 'AB');
});

test('sheets: a \'Código\' column is the code even when a \'Producto\' column of names comes first; \'Producto\' alone is the code', () => {
  const named = parseQuickOrderSheet([[{ text: 'Producto' }, { text: 'Cant.' }, { text: 'Código' }], [{ text: 'Urea granulada' }, { text: '3' }, { text: 'FER-010001' }]]);
  assert.deepEqual([named.columnas.columna_codigo, named.columnas.columna_cantidad], [2, 1]);
  assert.deepEqual(named.lineas, [{ linea: 2, codigo: 'FER-010001', cantidad: '3' }]);
  const alone = parseQuickOrderSheet([[{ text: 'Producto' }, { text: 'Cantidad' }], [{ text: 'FER-010001' }, { text: '2' }]]);
  assert.deepEqual(alone.lineas, [{ linea: 2, codigo: 'FER-010001', cantidad: '2' }]);
});

test('code keys ignore case, spaces, punctuation and leading zeros of each number', () => {
  assert.equal(codeKey('sem 000123'), 'SEM123');
  assert.equal(codeKey('SEM-123'), 'SEM123');
  assert.equal(codeKey('0001001'), '1001');
  assert.equal(codeKey('000'), '0');
  assert.equal(codeKey('A00B001'), 'A0B1');
});
