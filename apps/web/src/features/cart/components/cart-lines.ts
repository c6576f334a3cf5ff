import type { PurchaseCartResponse, SalesCartResponse } from '@portal/contract';

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
  totalTxt: string;
  simbolo: string;
  fechaMinima: string;
};

export function salesView(a: SalesCartResponse): CartView {
  const c = a.carrito;
  return {
    id: c.id,
    simbolo: c.importes.moneda_simbolo,
    totalTxt: c.importes.importe_total_con_formato,
    fechaMinima: a.fecha_minima_entrega,
    lines: c.productos.map((l) => ({
      key: String(l.producto_id),
      productoId: l.producto_id,
      removeId: l.producto_id,
      nombre: l.nombre,
      codigo: l.codigo_alfanumerico,
      cantidad: l.cantidad,
      cantidadTxt: l.cantidad_con_formato,
      unimed: l.unimed_venta_completa,
      precioFinal: l.precio_final,
      precioFinalTxt: l.precio_final_con_formato,
      precioListaTxt: l.precio_lista_con_formato,
      precioOriginalTxt: l.precio_modificado === null ? null : l.precio_final_lista_con_formato,
      band: { min: l.precio_final_minimo, max: l.precio_final_maximo, minTxt: l.precio_final_minimo_con_formato, maxTxt: l.precio_final_maximo_con_formato },
      bonif1: l.bonificacion_uno,
      bonif1Txt: l.bonificacion_uno_con_formato,
      bonif2: l.bonificacion_dos,
      bonif2Txt: l.bonificacion_dos_con_formato,
      subtotalTxt: l.subtotal_con_formato,
      alerta: l.alerta,
      image: l.url[0],
    })),
  };
}

export function purchaseView(a: PurchaseCartResponse): CartView {
  const c = a.carrito;
  return {
    id: c.id,
    simbolo: c.importes.moneda_simbolo,
    totalTxt: c.importes.importe_total_con_formato,
    fechaMinima: a.fecha_minima_entrega,
    lines: c.productos.map((l) => ({
      key: String(l.pk),
      productoId: l.producto_id,
      removeId: l.pk,
      nombre: l.nombre,
      codigo: l.codigo_alfanumerico,
      cantidad: l.cantidad,
      cantidadTxt: l.cantidad_con_formato,
      unimed: l.unimed_venta_completa,
      precioFinal: l.precio_final,
      precioFinalTxt: l.precio_final_con_formato,
      precioListaTxt: l.precio_lista_con_formato,
      precioOriginalTxt: null,
      bonif1: 0,
      bonif1Txt: '',
      bonif2: 0,
      bonif2Txt: '',
      subtotalTxt: l.subtotal_con_formato,
      alerta: false,
      image: l.url[0],
    })),
  };
}
