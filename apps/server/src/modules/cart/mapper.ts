import Decimal from 'decimal.js';
import { formatNumber, ORDERING, orderingMsg, type PurchaseCart, type SalesCart, type SalesCartLine } from '@portal/contract';
import { currencySymbol, formatQuantity, imagesOf } from '../catalog/index.js';
import { orderAmounts } from './amounts.js';
import type { CartRow, LineRow } from './repository.js';

const money = (d: Decimal.Value) => new Decimal(d).toFixed(2);

/** Neto, IVA and total (VAT included) of the lines; a cart holds one currency (CartService.setLines). */
function importes(lines: LineRow[], withTax = true) {
  const a = orderAmounts(lines.map((l) => ({ amount: l.subtotal, family: l.family })), withTax);
  const currency = lines[0]?.currency ?? 'ARS';
  return {
    total: a.total,
    importes: {
      moneda_simbolo: currencySymbol(currency),
      importe_total: Number(a.total),
      importe_total_con_formato: formatNumber(a.total),
      importe_neto: Number(a.net),
      importe_neto_con_formato: formatNumber(a.net),
      importe_iva: Number(a.vat),
      importe_iva_con_formato: formatNumber(a.vat),
    },
  };
}

function salesLine(cartId: number, l: LineRow): SalesCartLine {
  return {
    producto_id: l.product_id,
    pedido_id: cartId,
    nombre: l.name,
    codart: l.code,
    codigo_alfanumerico: l.alpha_code,
    cantidad: Number(l.quantity),
    cantidad_con_formato: formatQuantity(l.quantity),
    unimed_venta_completa: l.sales_unit,
    precio_final: Number(l.unit_price),
    precio_final_con_formato: formatNumber(l.unit_price),
    precio_final_lista: Number(l.final_price),
    precio_final_lista_con_formato: formatNumber(l.final_price),
    precio_modificado: l.price === null ? null : Number(l.price),
    precio_modificado_con_formato: l.price === null ? '' : formatNumber(l.price),
    precio_final_minimo: Number(l.min_price),
    precio_final_minimo_con_formato: formatNumber(l.min_price),
    precio_final_maximo: Number(l.max_price),
    precio_final_maximo_con_formato: formatNumber(l.max_price),
    precio_lista: Number(l.list_price),
    precio_lista_con_formato: formatNumber(l.list_price),
    bonificacion_uno: Number(l.discount1),
    bonificacion_uno_con_formato: formatNumber(l.discount1),
    bonificacion_dos: Number(l.discount2),
    bonificacion_dos_con_formato: formatNumber(l.discount2),
    subtotal: Number(l.subtotal),
    subtotal_con_formato: formatNumber(l.subtotal),
    alerta: l.price_alert,
    url: imagesOf(l.images),
  };
}

export function toSalesCart(cart: CartRow, lines: LineRow[]): SalesCart {
  const perUnit = new Map<string, Decimal>();
  for (const l of lines) perUnit.set(l.sales_unit, (perUnit.get(l.sales_unit) ?? new Decimal(0)).plus(l.quantity));
  const alerts = lines.filter((l) => l.price_alert);
  return {
    id: cart.id,
    productos: lines.map((l) => salesLine(cart.id, l)),
    destino_id: cart.destination_id,
    origen_id: cart.origin_id,
    tipo_operacion_id: cart.operation_type_id,
    importes: importes(lines).importes,
    fecha_entrega: cart.delivery_date,
    detalle: cart.detail ?? '',
    alertas: alerts.length,
    posiciones: {
      maximo_posicion: ORDERING.maxPositions,
      cantidad: lines.length,
      descri: lines.length > ORDERING.maxPositions ? orderingMsg.posicionesExcedidas : '',
    },
    totales: [...perUnit.entries()].map(([unit, q]) => ({ unimed_venta_completa: unit, cantidad: q.toNumber(), cantidad_con_formato: formatQuantity(q.toString()) })),
    alertaprecio: alerts.map((l) => ({
      producto_id: l.product_id,
      nombre: l.name,
      precio_final: Number(l.unit_price),
      precio_final_con_formato: formatNumber(l.unit_price),
      precio_final_minimo_con_formato: formatNumber(l.min_price),
      precio_final_maximo_con_formato: formatNumber(l.max_price),
    })),
  };
}

export function toPurchaseCart(cart: CartRow, lines: LineRow[]): PurchaseCart {
  const { total, importes: imp } = importes(lines, cart.with_tax);
  return {
    id: cart.id,
    productos: lines.map((l) => ({
      pk: l.line_id,
      ocompra_id: cart.id,
      producto_id: l.product_id,
      nombre: l.name,
      codart: l.code,
      codigo_alfanumerico: l.alpha_code,
      cantidad: Number(l.quantity),
      cantidad_con_formato: formatQuantity(l.quantity),
      unimed_venta_completa: l.sales_unit,
      precio_final: Number(l.unit_price),
      precio_final_con_formato: formatNumber(l.unit_price),
      precio_lista: Number(l.list_price),
      precio_lista_con_formato: formatNumber(l.list_price),
      subtotal: Number(l.subtotal),
      subtotal_con_formato: formatNumber(l.subtotal),
      url: imagesOf(l.images),
    })),
    cpago: cart.payment_condition_id,
    conimpuesto: cart.with_tax,
    fecha_entrega: cart.delivery_date,
    detalle: cart.detail ?? '',
    importes: imp,
    totalpedido: Number(money(total)),
    totalpedido_con_formato: formatNumber(money(total)),
  };
}
