import { describe, expect, it } from 'vitest';
import { receiptsMsg, type Campo, type PendienteItem } from '@portal/contract';
import { applicationError, dec, esAr, lineAmount, lineError, selectionMode, type PaymentLine } from './rules';

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
