import { formatDate, formatNumber, type Product } from '@portal/contract';
import type { ProductRow } from './repository.js';

export const currencySymbol = (currency: string) => (currency === 'USD' ? 'U$S' : '$');

/** A quantity as people read it: no decimals when whole ("40"), otherwise up to 3 ("12,5"). */
export function formatQuantity(value: string | number): string {
  const s = String(value);
  const n = Number(s);
  if (Number.isInteger(n)) return formatNumber(n, 0);
  const decimals = (s.split('.')[1] ?? '').replace(/0+$/, '').length;
  return formatNumber(s, Math.min(Math.max(decimals, 1), 3));
}

export const imagesOf = (images: unknown): string[] => (Array.isArray(images) ? images.filter((x): x is string => typeof x === 'string') : []);

/** The entity's last purchase of the product (the per-customer fields of a Product, besides `en_carrito`). */
function lastPurchase(r: Pick<ProductRow, 'last_price' | 'last_quantity' | 'last_date'>) {
  return {
    ultprecio_importe: r.last_price === null ? null : Number(r.last_price),
    ultprecio_importe_conformato: r.last_price === null ? '' : formatNumber(r.last_price),
    ultprec_cantidad_conformato: r.last_quantity === null ? '' : formatQuantity(r.last_quantity),
    ultprec_fecha: r.last_date === null ? null : formatDate(r.last_date),
  };
}
const inCart = (r: Pick<ProductRow, 'in_cart'>) => (r.in_cart === null ? null : Number(r.in_cart));

/** A products row with its price → the Product of ordering.md §3. */
export function toProduct(r: ProductRow): Product {
  const factor = Number(r.sales_factor);
  return {
    id: r.id,
    nombre: r.name,
    url: imagesOf(r.images),
    precio_final: Number(r.final_price),
    precio_final_con_formato: formatNumber(r.final_price),
    precio_lista: Number(r.list_price),
    precio_lista_con_formato: formatNumber(r.list_price),
    precio_final_minimo: Number(r.min_price),
    precio_final_minimo_con_formato: formatNumber(r.min_price),
    precio_final_maximo: Number(r.max_price),
    precio_final_maximo_con_formato: formatNumber(r.max_price),
    moneda: r.currency === 'USD' ? 'USD' : 'ARS',
    moneda_simbolo: currencySymbol(r.currency),
    unimed_venta_completa: r.sales_unit,
    unidad_medida_completa: r.unit,
    factor_venta: factor,
    cantidad_envase_con_formato: factor !== 1 ? `${formatQuantity(r.sales_factor)} ${r.unit}` : '',
    bonificacion_uno: Number(r.discount1),
    bonificacion_uno_con_formato: formatNumber(r.discount1),
    bonificacion_dos: Number(r.discount2),
    bonificacion_dos_con_formato: formatNumber(r.discount2),
    es_nuevo: r.is_new,
    es_promocion: r.is_promotion,
    codigo_alfanumerico: r.alpha_code,
    codart: r.code,
    ...lastPurchase(r),
    stock_cantidad_conformato: r.stock === null ? '' : formatQuantity(r.stock),
    descripcion: r.description ?? '',
    dias_de_entrega: r.delivery_days,
    en_carrito: inCart(r),
  };
}

/**
 * A Product's JSON text without its per-customer fields: `head` up to `codart`, `tail` from
 * `stock_cantidad_conformato` to `dias_de_entrega`. The same for every customer of the price lists it was read in
 * (service.ts keeps it); `productText` puts a customer's last purchase and cart quantity back in their places.
 */
export type ProductParts = { head: string; tail: string };

export function productParts(r: ProductRow): ProductParts {
  const text = JSON.stringify(toProduct(r));
  // A key's quotes are never inside a JSON string value (they are escaped there), so these find the keys themselves.
  const own = text.indexOf(',"ultprecio_importe":');
  const tail = text.indexOf(',"stock_cantidad_conformato":', own);
  const cart = text.indexOf(',"en_carrito":', tail);
  return { head: text.slice(0, own), tail: text.slice(tail, cart) };
}

/** The JSON text of the Product `toProduct` makes of the row that gave `parts`, with this customer's own fields. */
export function productText(parts: ProductParts, own: Pick<ProductRow, 'last_price' | 'last_quantity' | 'last_date' | 'in_cart'>): string {
  return `${parts.head},${JSON.stringify(lastPurchase(own)).slice(1, -1)}${parts.tail},"en_carrito":${JSON.stringify(inCart(own))}}`;
}
