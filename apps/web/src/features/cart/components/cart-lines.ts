import { orderingMsg, type PurchaseCartResponse, type SalesCartResponse } from '@portal/contract';

/** One cart line as the drawer shows it, whichever cart it comes from. */
export type CartLineView = {
  key: string;
  productoId: number;
  /** What DELETE names: the product (sales, `id`) or the line (purchase, `pk`). */
  removeId: number;
  nombre: string;
  codigo: string;
  cantidad: number;
  cantidadTxt: string;
  unimed: string;
  precioFinal: number;
  precioFinalTxt: string;
  precioListaTxt: string;
  /** Sales lines: the list's final price when a proposed price replaces it. */
  precioOriginalTxt: string | null;
  band?: { min: number; max: number; minTxt: string; maxTxt: string };
  bonif1: number;
  bonif1Txt: string;
  bonif2: number;
  bonif2Txt: string;
  subtotalTxt: string;
  alerta: boolean;
  image: string | undefined;
};

export type CartView = {
  id: number;
  lines: CartLineView[];
  /** VAT included: what the customer pays, the PDF's 'Importe total' (docs/decisions/ordering.md). */
  totalTxt: string;
  netoTxt: string;
  ivaTxt: string;
  /** False for a purchase order placed 'Con impuestos: No': its total is the net, and says so. */
  conImpuestos: boolean;
  simbolo: string;
  fechaMinima: string;
  /** The chosen delivery date, YYYY-MM-DD or null. */
  fechaEntrega: string | null;
};

type SalesLine = SalesCartResponse['carrito']['productos'][number];
type PurchaseLine = PurchaseCartResponse['carrito']['productos'][number];

/** What a sales line has that a purchase line has not: a proposed price within a band, two discounts, a price alert. */
function salesOnly(l: SalesLine): Pick<CartLineView, 'key' | 'removeId' | 'precioOriginalTxt' | 'band' | 'bonif1' | 'bonif1Txt' | 'bonif2' | 'bonif2Txt' | 'alerta'> {
  return {
    key: String(l.producto_id),
    removeId: l.producto_id,
    precioOriginalTxt: l.precio_modificado === null ? null : l.precio_final_lista_con_formato,
    band: { min: l.precio_final_minimo, max: l.precio_final_maximo, minTxt: l.precio_final_minimo_con_formato, maxTxt: l.precio_final_maximo_con_formato },
    bonif1: l.bonificacion_uno,
    bonif1Txt: l.bonificacion_uno_con_formato,
    bonif2: l.bonificacion_dos,
    bonif2Txt: l.bonificacion_dos_con_formato,
    alerta: l.alerta,
  };
}

/** A purchase line is removed by its line key (pk) and has no price band, discounts nor alert. */
function purchaseOnly(l: PurchaseLine): ReturnType<typeof salesOnly> {
  return { key: String(l.pk), removeId: l.pk, precioOriginalTxt: null, bonif1: 0, bonif1Txt: '', bonif2: 0, bonif2Txt: '', alerta: false };
}

/** The cart as the drawer shows it, from the sales or the purchase cart's answer. */
export function cartView(answer: { kind: 'sales'; cart: SalesCartResponse } | { kind: 'purchase'; cart: PurchaseCartResponse }): CartView {
  const a = answer.cart;
  const c = a.carrito;
  const lines: Array<[SalesLine | PurchaseLine, ReturnType<typeof salesOnly>]> =
    answer.kind === 'sales' ? answer.cart.carrito.productos.map((l) => [l, salesOnly(l)]) : answer.cart.carrito.productos.map((l) => [l, purchaseOnly(l)]);
  return {
    id: c.id,
    simbolo: c.importes.moneda_simbolo,
    totalTxt: c.importes.importe_total_con_formato,
    netoTxt: c.importes.importe_neto_con_formato,
    ivaTxt: c.importes.importe_iva_con_formato,
    conImpuestos: answer.kind === 'sales' || answer.cart.carrito.conimpuesto,
    fechaMinima: a.fecha_minima_entrega,
    fechaEntrega: c.fecha_entrega,
    lines: lines.map(([l, own]) => ({
      ...own,
      productoId: l.producto_id,
      nombre: l.nombre,
      codigo: l.codigo_alfanumerico,
      cantidad: l.cantidad,
      cantidadTxt: l.cantidad_con_formato,
      unimed: l.unimed_venta_completa,
      precioFinal: l.precio_final,
      precioFinalTxt: l.precio_final_con_formato,
      precioListaTxt: l.precio_lista_con_formato,
      subtotalTxt: l.subtotal_con_formato,
      image: l.url[0],
    })),
  };
}

/** The label of the cart's total: VAT included, or no taxes at all for a purchase order without them. */
export function totalLabel(view: Pick<CartView, 'conImpuestos'>): string {
  return view.conImpuestos ? orderingMsg.importeTotal : orderingMsg.importeTotalSinImpuestos;
}
