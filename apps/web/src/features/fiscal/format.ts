import { voucherNumberText, type FiscalDocument } from '@portal/contract';

/** 'Factura A' already carries its letter; 'Factura' + 'A' does not. The document column shows both once. */
export function voucherTitle(d: Pick<FiscalDocument, 'descomlarga' | 'letra'>): string {
  if (!d.letra || d.descomlarga.endsWith(` ${d.letra}`)) return d.descomlarga;
  return `${d.descomlarga} ${d.letra}`;
}

/** The number as the voucher PDF prints it: point of sale (5) and number (8), '00003-00001234' (one format everywhere). */
export function voucherNumber(d: Pick<FiscalDocument, 'codtal' | 'numero'>): string {
  return voucherNumberText(d.codtal, d.numero);
}

/** The detail lines 1 to 3 that have something to say (ordering.md 'Fiscal documents screen'). */
export function detailLines(d: Pick<FiscalDocument, 'detalle' | 'detalle1' | 'detalle2' | 'detalle3'>): string[] {
  return [d.detalle1, d.detalle2, d.detalle3].filter((l) => l.trim().length > 0);
}
