import type { StatementMovement } from '@portal/contract';

/** 'Factura A' already carries its letter; 'Factura' + 'A' does not. */
export function voucherTitle(m: Pick<StatementMovement, 'descomlarga' | 'letra'>): string {
  if (!m.letra || m.descomlarga.endsWith(` ${m.letra}`)) return m.descomlarga;
  return `${m.descomlarga} ${m.letra}`;
}

/** '0003-00001234': point of sale (4) and number (8). */
export function voucherNumber(m: Pick<StatementMovement, 'codtal' | 'numero'>): string {
  return `${String(m.codtal).padStart(4, '0')}-${String(m.numero).padStart(8, '0')}`;
}
