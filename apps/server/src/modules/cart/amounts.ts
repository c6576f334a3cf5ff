import Decimal from 'decimal.js';

/** Families sold at the reduced VAT rate (Ley de IVA art. 28: seeds and fertilisers); everything else 21 %. */
const REDUCED_VAT_FAMILIES = new Set(['semillas', 'fertilizantes']);

export function vatRateOf(family: string | null): '10.5' | '21' {
  const f = (family ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
  return REDUCED_VAT_FAMILIES.has(f) ? '10.5' : '21';
}

const r2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

export type OrderAmounts = { net: string; vat: string; total: string };

/**
 * What each amount of an order means (docs/decisions/ordering.md 'What each amount means'): `net` is the sum of
 * the lines (prices before VAT, like the catalogue); `vat` the VAT per rate on each rate's subtotal, exactly as the
 * order PDF and a Factura A add it; `total` = net + vat, what the customer pays. A purchase order without taxes
 * (conimpuesto false) has no VAT. The cart, the confirm answer, the lists, the history, the back office, the
 * WhatsApp text and the PDF all show these three numbers.
 */
export function orderAmounts(lines: ReadonlyArray<{ amount: string; family: string | null }>, withTax = true): OrderAmounts {
  const net = { '21': new Decimal(0), '10.5': new Decimal(0) };
  for (const l of lines) net[vatRateOf(l.family)] = net[vatRateOf(l.family)].plus(l.amount);
  const netTotal = net['21'].plus(net['10.5']);
  const vat = withTax ? r2(net['21'].times('0.21')).plus(r2(net['10.5'].times('0.105'))) : new Decimal(0);
  return { net: netTotal.toFixed(2), vat: vat.toFixed(2), total: netTotal.plus(vat).toFixed(2) };
}
