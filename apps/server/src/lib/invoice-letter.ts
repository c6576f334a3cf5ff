/**
 * Factura A for customers registered with AFIP (an 11-digit CUIT of a company, 30/33/34, or a person, 20/23/24/27),
 * Factura B otherwise (final consumers identified by DNI). The portal has no VAT condition per customer, so the
 * CUIT stands in for it (docs/decisions/ordering.md).
 */
export function letterFor(cuit: string | null): 'A' | 'B' {
  return cuit && /^(20|23|24|27|30|33|34)\d{9}$/.test(cuit) ? 'A' : 'B';
}
