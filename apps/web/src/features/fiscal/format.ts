import type { FiscalDocument } from '@portal/contract';

/** 'Factura A' already carries its letter; 'Factura' + 'A' does not. The document column shows both once. */
export function voucherTitle(d: Pick<FiscalDocument, 'descomlarga' | 'letra'>): string {
  if (!d.letra || d.descomlarga.endsWith(` ${d.letra}`)) return d.descomlarga;
  return `${d.descomlarga} ${d.letra}`;
}

/** The number the way the cooperative prints it on its tables: point of sale (4) and number (8), '0003-00001234'. */
export function voucherNumber(d: Pick<FiscalDocument, 'codtal' | 'numero'>): string {
  return `${String(d.codtal).padStart(4, '0')}-${String(d.numero).padStart(8, '0')}`;
}

/** The detail lines 1 to 3 that have something to say (ordering.md 'Fiscal documents screen'). */
export function detailLines(d: Pick<FiscalDocument, 'detalle' | 'detalle1' | 'detalle2' | 'detalle3'>): string[] {
  return [d.detalle1, d.detalle2, d.detalle3].filter((l) => l.trim().length > 0);
}
