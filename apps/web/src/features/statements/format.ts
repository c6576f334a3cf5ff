import { voucherNumberText, voucherTitleText, type StatementMovement } from '@portal/contract';

/** 'Factura A' already carries its letter; 'Factura' + 'A' does not. */
export function voucherTitle(m: Pick<StatementMovement, 'descomlarga' | 'letra'>): string {
  return voucherTitleText(m.descomlarga, m.letra);
}

/** '00003-00001234': the one voucher-number format of the portal (the contract's voucherNumberText). */
export function voucherNumber(m: Pick<StatementMovement, 'codtal' | 'numero'>): string {
  return voucherNumberText(m.codtal, m.numero);
}
