import type { CatalogSample } from './catalog.js';
import type { Random } from './random.js';

export type VoucherLineSeed = {
  kind: 'product' | 'other' | 'applied';
  productCode?: string;
  description: string;
  quantity?: number;
  unit?: string;
  unitPrice?: number;
  discount?: number;
  amount: number;
};

const round2 = (n: number) => Math.round(n * 100) / 100;
/** A dollar at the cooperative's reference rate, for invoices in USD. */
const USD_RATE = 1_050;

/**
 * The lines and tax split of a seeded invoice. Catalogue prices are before VAT: a Factura A shows them and adds
 * VAT per rate (10.5 % seeds and fertilisers, 21 % the rest); a Factura B shows prices with VAT included.
 * Without products (the bulk of the `large` size) only the total is drawn and split at 21 %.
 */
export function voucherLinesFor(
  rnd: Random,
  o: { products: CatalogSample[]; letter: 'A' | 'B'; usd: boolean; fallbackAmount: number },
): { lines: VoucherLineSeed[]; net: number; vat21: number; vat105: number; total: number } {
  if (o.products.length === 0) {
    const total = round2(o.fallbackAmount);
    const net = round2(total / 1.21);
    return { lines: [], net, vat21: round2(total - net), vat105: 0, total };
  }
  const lines: VoucherLineSeed[] = [];
  let net = 0;
  let vat21 = 0;
  let vat105 = 0;
  const count = rnd.int(1, 4);
  for (let i = 0; i < count; i++) {
    const p = rnd.pick(o.products);
    const quantity = p.salesUnit === 'Litro' ? rnd.int(5, 30) * 100 : rnd.int(1, 12);
    const unitNet = o.usd ? Math.max(1, round2(p.price / USD_RATE)) : p.price;
    const rate = p.vat / 100;
    let lineNet: number;
    let lineVat: number;
    if (o.letter === 'A') {
      lineNet = round2(quantity * unitNet);
      lineVat = round2(lineNet * rate);
      lines.push({ kind: 'product', productCode: p.alphaCode, description: p.name, quantity, unit: p.salesUnit, unitPrice: unitNet, discount: 0, amount: lineNet });
    } else {
      const unitGross = round2(unitNet * (1 + rate));
      const amount = round2(quantity * unitGross);
      lineNet = round2(amount / (1 + rate));
      lineVat = round2(amount - lineNet);
      lines.push({ kind: 'product', productCode: p.alphaCode, description: p.name, quantity, unit: p.salesUnit, unitPrice: unitGross, discount: 0, amount });
    }
    net += lineNet;
    if (p.vat === 21) vat21 += lineVat;
    else vat105 += lineVat;
  }
  net = round2(net);
  vat21 = round2(vat21);
  vat105 = round2(vat105);
  return { lines, net, vat21, vat105, total: round2(net + vat21 + vat105) };
}
