import { randomInt } from 'node:crypto';
import Decimal from 'decimal.js';
import { vatRateOf } from '../cart/index.js';
import type { InvoiceLine, OrderLineRow } from './repository.js';

export { orderAmounts, vatRateOf, type OrderAmounts } from '../cart/index.js';
export { letterFor } from '../../lib/invoice-letter.js';

/**
 * A 14-digit CAE. A real deployment requests it from AFIP's WSFE (FECAESolicitar) when the invoice is issued;
 * the portal has no AFIP link, so it draws one (docs/decisions/ordering.md).
 */
export function generateCae(): string {
  return `7${String(randomInt(0, 10 ** 6)).padStart(6, '0')}${String(randomInt(0, 10 ** 7)).padStart(7, '0')}`;
}

const r2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/**
 * The lines and VAT split of the invoice of an order. Order prices are before VAT (like the catalogue): a
 * Factura A prints them and adds VAT per rate on each rate's subtotal; a Factura B prints prices with VAT
 * included and derives net and VAT from the gross per rate.
 */
export function invoiceAmounts(letter: 'A' | 'B', lines: OrderLineRow[]) {
  const net = { '21': new Decimal(0), '10.5': new Decimal(0) };
  const gross = { '21': new Decimal(0), '10.5': new Decimal(0) };
  const out: InvoiceLine[] = [];
  for (const l of lines) {
    const rate = vatRateOf(l.family);
    const factor = new Decimal(1).plus(new Decimal(rate).div(100));
    if (letter === 'A') {
      net[rate] = net[rate].plus(l.amount);
      out.push({ productCode: l.alpha_code, description: l.name, quantity: l.quantity, unit: l.sales_unit, unitPrice: l.final_price, discount: '0', amount: l.amount });
    } else {
      const unitGross = r2(new Decimal(l.final_price).times(factor));
      const amount = r2(unitGross.times(l.quantity));
      gross[rate] = gross[rate].plus(amount);
      out.push({ productCode: l.alpha_code, description: l.name, quantity: l.quantity, unit: l.sales_unit, unitPrice: unitGross.toFixed(2), discount: '0', amount: amount.toFixed(2) });
    }
  }
  let vat21: Decimal;
  let vat105: Decimal;
  let netTotal: Decimal;
  if (letter === 'A') {
    vat21 = r2(net['21'].times('0.21'));
    vat105 = r2(net['10.5'].times('0.105'));
    netTotal = net['21'].plus(net['10.5']);
  } else {
    const n21 = r2(gross['21'].div('1.21'));
    const n105 = r2(gross['10.5'].div('1.105'));
    vat21 = gross['21'].minus(n21);
    vat105 = gross['10.5'].minus(n105);
    netTotal = n21.plus(n105);
  }
  const total = netTotal.plus(vat21).plus(vat105);
  return { lines: out, net: netTotal.toFixed(2), vat21: vat21.toFixed(2), vat105: vat105.toFixed(2), total: total.toFixed(2) };
}

/** Days to the due date by the order's operation type (the sales order has no payment condition of its own). */
export function dueDaysFor(operation: string | null): { days: number; condition: string } {
  const o = (operation ?? '').toLowerCase();
  if (o.includes('contado')) return { days: 0, condition: 'Contado' };
  if (o.includes('cosecha') || o.includes('canje')) return { days: 180, condition: operation ?? 'Canje a cosecha' };
  return { days: 30, condition: 'Cuenta corriente 30 días' };
}
