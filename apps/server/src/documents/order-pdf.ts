import { formatDateSlash } from '@portal/contract';
import type { CompanyHeader, Currency, DecimalValue } from './types.js';
import { type VoucherCustomer, type VoucherProductLine, renderVoucherPdf } from './voucher-pdf.js';

/**
 * A sales order or purchase order ('Nota de pedido'): the voucher layout with letter X (not a fiscal
 * document, printed 'DOCUMENTO NO VÁLIDO COMO FACTURA'), no AFIP code and no CAE.
 */

export type OrderDocument = {
  /** Default 'Nota de pedido'; e.g. 'Orden de compra'. */
  title?: string;
  /** Branch / point of sale of the order, or null to print just the number. */
  pointOfSale?: number | null;
  number: number;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'YYYY-MM-DD': printed 'Fecha de entrega'. */
  deliveryDate?: string | null;
  currency: Currency;
  customer: VoucherCustomer;
  saleCondition: string;
  lines: readonly VoucherProductLine[];
  net: DecimalValue;
  vat21: DecimalValue;
  vat105: DecimalValue;
  otherTaxes?: DecimalValue;
  total: DecimalValue;
  detail?: string | null;
  /** e.g. [{ label: 'Vendedor', value: 'Juan Gómez' }, { label: 'Estado', value: 'Aprobado' }]. */
  extraFields?: ReadonlyArray<{ label: string; value: string }>;
};

export function renderOrderPdf(order: OrderDocument, company: CompanyHeader): Promise<Buffer> {
  const extra = [...(order.extraFields ?? [])];
  if (order.deliveryDate) extra.unshift({ label: 'Fecha de entrega', value: formatDateSlash(order.deliveryDate) });
  return renderVoucherPdf(
    {
      title: order.title ?? 'Nota de pedido',
      letter: 'X',
      tvdgi: null,
      pointOfSale: order.pointOfSale ?? null,
      number: order.number,
      date: order.date,
      dueDate: null,
      currency: order.currency,
      customer: order.customer,
      saleCondition: order.saleCondition,
      productLines: order.lines,
      otherLines: [],
      net: order.net,
      vat21: order.vat21,
      vat105: order.vat105,
      otherTaxes: order.otherTaxes ?? 0,
      total: order.total,
      cae: null,
      caeDue: null,
      detail: order.detail ?? null,
      extraFields: extra,
    },
    company,
  );
}
