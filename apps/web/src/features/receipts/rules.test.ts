import { describe, expect, it } from 'vitest';
import { receiptsMsg, type Campo, type FormaCobro, type PendienteItem } from '@portal/contract';
import Decimal from 'decimal.js';
import {
  applicationError,
  collection,
  dec,
  documentsStep,
  esAr,
  idsForMode,
  initialValues,
  lineAmount,
  lineError,
  paymentPayload,
  paymentsError,
  selectionMode,
  withDefaultAmounts,
  type PaymentLine,
} from './rules';

const doc = (id: number, saldo: string, vencido = false): PendienteItem => ({
  id, descomp: 'Factura', letra: 'A', torig: 'FC', norig: `0003-${id}`, fecha: '01/11/2026', fecha_venc_id: '', vencido,
  importe_total: saldo, importe_aplicado: '0.00', importe_en_aprobacion: '0.00', importe_saldo: saldo, importe_saldo_con_formato: saldo,
});

const campo = (id: string, patch: Partial<Campo> = {}): Campo => ({
  id, id_ep: null, label: id, type: 'input', inputtype: 'text', suma: false, required: false, requiredFile: false, placeholder: '', options: [], value: '', selected: '', opc: '',
  ...patch,
});

const line = (values: PaymentLine['values']): PaymentLine => ({ key: 'l1', codcon: 1, values });

describe('receipt rules: amounts as people type them', () => {
  it('reads es-AR amounts ("1.234,56") as decimals and refuses what is not one', () => {
    expect(dec('1.234,56')?.toFixed(2)).toBe('1234.56');
    expect(dec('50.000')?.toFixed(2)).toBe('50000.00');
    expect(dec(12.5)?.toFixed(2)).toBe('12.50');
    expect(dec('')).toBeNull();
    expect(dec('   ')).toBeNull();
    expect(dec(null)).toBeNull();
    expect(dec('doce')).toBeNull();
  });

  it('writes a decimal back with two decimals, es-AR style', () => {
    expect(esAr('1234.5')).toBe('1.234,50');
    expect(esAr(0)).toBe('0,00');
  });
});

describe('receipt rules: the amount applied to a document (§5)', () => {
  it('takes from zero up to the outstanding amount of a debt, never more nor zero', () => {
    const invoice = doc(1, '1000.00');
    expect(applicationError(invoice, '1.000,00')).toBeNull();
    expect(applicationError(invoice, '0,01')).toBeNull();
    expect(applicationError(invoice, '1.000,01')).toBe(receiptsMsg.saldoMayor('1.000,00'));
    expect(applicationError(invoice, '0')).toBe(receiptsMsg.saldoCero);
    expect(applicationError(invoice, '-5')).toBe(receiptsMsg.saldoNegativoNoPermitido);
    expect(applicationError(invoice, 'mil')).toBe(receiptsMsg.saldoNoNumerico);
  });

  it('applies a credit note as a negative amount no larger than its balance', () => {
    const credit = doc(2, '-300.00');
    expect(applicationError(credit, '-300')).toBeNull();
    expect(applicationError(credit, '-0,01')).toBeNull();
    expect(applicationError(credit, '-300,01')).toBe(receiptsMsg.saldoNegativo('-300,00'));
    expect(applicationError(credit, '100')).toBe(receiptsMsg.saldoNegativo('-300,00'));
  });
});

describe('receipt rules: the selection radio (§4)', () => {
  const docs = [doc(1, '10.00', true), doc(2, '20.00', true), doc(3, '30.00')];

  it('names the option the selection matches', () => {
    expect(selectionMode(docs, new Set())).toBe('ninguno');
    expect(selectionMode(docs, new Set([1, 2, 3]))).toBe('todos');
    expect(selectionMode(docs, new Set([1, 2]))).toBe('vencidos');
  });

  it('shows none of its options for a selection of its own', () => {
    expect(selectionMode(docs, new Set([1]))).toBeUndefined();
    expect(selectionMode(docs, new Set([1, 3]))).toBeUndefined();
  });

  it('says "todos" when every document is overdue and all are selected', () => {
    const overdue = [doc(1, '10.00', true), doc(2, '20.00', true)];
    expect(selectionMode(overdue, new Set([1, 2]))).toBe('todos');
  });
});

describe('receipt rules: a payment line', () => {
  const importe = campo('importe', { label: 'Importe', suma: true });
  const recargo = campo('recargo', { label: 'Recargo', suma: true });
  const banco = campo('banco', { label: 'Banco', type: 'select' });
  const cuit = campo('cuit', { label: 'CUIT del librador', inputtype: 'cuit' });
  const comprobante = campo('comprobante', { label: 'Comprobante', inputtype: 'file', requiredFile: true });
  const conforme = campo('conforme', { label: 'Conforme', type: 'checkbox', required: true });

  it('sums the fields that add up, and has no amount while one of them is not a number', () => {
    expect(lineAmount([importe, recargo, banco], line({ importe: '1.000,50', recargo: '99,50', banco: '7' }))?.toFixed(2)).toBe('1100.00');
    expect(lineAmount([importe, recargo], line({ importe: '1.000', recargo: '' }))).toBeNull();
    expect(lineAmount([importe], line({ importe: 'abc' }))).toBeNull();
    expect(lineAmount([banco], line({ banco: '7' }))?.toFixed(2)).toBe('0.00');
  });

  it('asks for amounts, selects, required files and checkboxes, naming the line', () => {
    expect(lineError(2, [importe], line({ importe: ' ' }))).toBe(receiptsMsg.campoRequerido(2, 'Importe'));
    expect(lineError(1, [banco], line({}))).toBe(receiptsMsg.campoRequerido(1, 'Banco'));
    expect(lineError(3, [comprobante], line({ comprobante: null }))).toBe(receiptsMsg.archivoRequerido(3));
    expect(lineError(1, [conforme], line({ conforme: false }))).toBe(receiptsMsg.campoRequerido(1, 'Conforme'));
  });

  it('accepts a complete line', () => {
    const file = new File(['%PDF-1.4'], 'cheque.pdf', { type: 'application/pdf' });
    expect(lineError(1, [importe, banco, comprobante, conforme], line({ importe: '10', banco: '7', comprobante: file, conforme: true }))).toBeNull();
  });

  it('checks a CUIT field by its check digit, and leaves an empty optional one alone', () => {
    expect(lineError(1, [cuit], line({ cuit: '20-12345678-6' }))).toBeNull();
    expect(lineError(1, [cuit], line({ cuit: '20-12345678-5' }))).not.toBeNull();
    expect(lineError(1, [cuit], line({ cuit: '' }))).toBeNull();
  });

  it('reports the first field in the order of the method', () => {
    expect(lineError(1, [banco, importe], line({}))).toBe(receiptsMsg.campoRequerido(1, 'Banco'));
  });
});

describe('receipt rules: step 1, the documents', () => {
  const docs = [doc(1, '100.00', true), doc(2, '50.00'), doc(3, '-30.00', true)];

  it('picks the documents of each option', () => {
    expect(idsForMode(docs, 'todos')).toEqual([1, 2, 3]);
    expect(idsForMode(docs, 'vencidos')).toEqual([1, 3]);
    expect(idsForMode(docs, 'ninguno')).toEqual([]);
  });

  it('starts a newly selected document at its outstanding amount and keeps an amount already typed', () => {
    expect(withDefaultAmounts(docs, [1, 2], { 1: '40' })).toEqual({ 1: '40', 2: '50,00' });
    expect(withDefaultAmounts(docs, [3], {})).toEqual({ 3: '-30,00' });
  });

  it('totals the chosen amounts and lets the flow on only when each is right', () => {
    const ok = documentsStep(docs, new Set([1, 3]), { 1: '100,00', 3: '-30,00' }, false);
    expect(ok.chosen.map((d) => d.id)).toEqual([1, 3]);
    expect(ok.total.toFixed(2)).toBe('70.00');
    expect(ok.negative).toBe(false);
    expect(ok.blocked).toBe(false);

    const tooMuch = documentsStep(docs, new Set([1]), { 1: '150' }, false);
    expect(tooMuch.errors.get(1)).toBe(receiptsMsg.saldoMayor('100,00'));
    expect(tooMuch.blocked).toBe(true);
  });

  it('stops a total below zero, and an empty selection unless advances are allowed', () => {
    const credit = documentsStep(docs, new Set([3]), { 3: '-30' }, true);
    expect(credit.negative).toBe(true);
    expect(credit.blocked).toBe(true);
    expect(documentsStep(docs, new Set(), {}, false).blocked).toBe(true);
    expect(documentsStep(docs, new Set(), {}, true).blocked).toBe(false);
  });
});

describe('receipt rules: step 2, the payments', () => {
  const importe = campo('importe', { label: 'Importe', suma: true });
  const banco = campo('banco', { label: 'Banco', type: 'select', selected: '7' });
  const conforme = campo('conforme', { label: 'Conforme', type: 'checkbox', opc: 'S' });
  const nota = campo('nota', { label: 'Nota', value: 'sin nota' });
  const comprobante = campo('comprobante', { label: 'Comprobante', inputtype: 'file', value: 'x.pdf' });
  const transfer: FormaCobro = { codcon: 10, descon: 'Transferencia', campos: [importe, banco, conforme, nota, comprobante] };
  const cash: FormaCobro = { codcon: 20, descon: 'Efectivo', campos: [importe] };
  const methods = [transfer, cash];
  const pay = (key: string, codcon: number | null, values: PaymentLine['values']): PaymentLine => ({ key, codcon, values });

  it('starts a line with the method\'s checkbox states, chosen options and defaults, never a file', () => {
    expect(initialValues(transfer.campos)).toEqual({ banco: '7', conforme: true, nota: 'sin nota' });
  });

  it('totals the lines and tells a shortfall from a surplus that goes to the account', () => {
    const lines = [pay('a', 10, { importe: '60', banco: '7' }), pay('b', 20, { importe: '50' })];
    const enough = collection(lines, methods, new Decimal('100'), 2);
    expect(enough.amounts.map((a) => a?.toFixed(2))).toEqual(['60.00', '50.00']);
    expect(enough.total.toFixed(2)).toBe('110.00');
    expect(enough.insufficient).toBe(false);
    expect(enough.surplus?.toFixed(2)).toBe('10.00');
    expect(collection(lines, methods, new Decimal('100'), 0).surplus).toBeNull();
    expect(collection(lines, methods, new Decimal('200'), 2).insufficient).toBe(true);
  });

  it('has no total to take while a line has no method or an amount that is not a number', () => {
    expect(collection([pay('a', null, {})], methods, new Decimal(0), 0).valid).toBe(false);
    expect(collection([pay('a', 20, { importe: 'diez' })], methods, new Decimal(0), 0).valid).toBe(false);
    expect(collection([pay('a', 20, { importe: '0' })], methods, new Decimal(0), 0).valid).toBe(false);
  });

  it('gives the first reason the payments cannot go on', () => {
    const check = (lines: PaymentLine[], selected: string) => paymentsError(lines, methods, collection(lines, methods, new Decimal(selected), 1));
    expect(check([pay('a', null, {})], '10')).toBe(receiptsMsg.alMenosUnCobro);
    expect(check([pay('a', 20, { importe: '10' }), pay('b', null, {})], '10')).toBe(receiptsMsg.alMenosUnCobro);
    expect(check([pay('a', 20, { importe: '' })], '10')).toBe(receiptsMsg.campoRequerido(1, 'Importe'));
    expect(check([pay('a', 20, { importe: '0' })], '10')).toBe(receiptsMsg.verifiqueImportes);
    expect(check([pay('a', 20, { importe: '5' })], '10')).toBe(receiptsMsg.cobroInsuficiente);
    expect(check([pay('a', 20, { importe: '10' })], '10')).toBeNull();
  });

  it('sends amounts with two decimals, text trimmed, checkboxes as booleans and files by position', () => {
    const file = new File(['%PDF-1.4'], 'transferencia.pdf', { type: 'application/pdf' });
    const { formaPago, files } = paymentPayload(
      [pay('a', 10, { importe: '1.234,5', banco: ' 7 ', conforme: false, nota: '  ', comprobante: file }), pay('b', 20, { importe: '10' })],
      methods,
    );
    expect(formaPago).toEqual([
      { codcon: 10, campos: [{ id: 'importe', value: '1234.50' }, { id: 'banco', value: '7' }, { id: 'conforme', value: false }, { id: 'comprobante', file: 0 }] },
      { codcon: 20, campos: [{ id: 'importe', value: '10.00' }] },
    ]);
    expect(files).toEqual([file]);
  });
});
