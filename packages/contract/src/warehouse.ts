import { z } from 'zod';
import type { RouteDef } from './routes.js';
import { WAREHOUSE, warehouseMsg } from './warehouse-values.js';

/**
 * Warehouse picking and stock counting (field-warehouse.md: Pendientes, Pedido Nro., Stock; the calls under
 * "Picking" and "Stock", all under /proxy/cgi). The legacy client also sends fixed codes (codemp 1, grudep 1,
 * coddep 1, usrid 8888, motivo 1, codcom/codtal = numero): they are accepted and ignored; the company and user
 * come from the session and the deposit from the user's setting (docs/decisions/warehouse.md).
 */

export * from './warehouse-values.js';

/** Every Spanish text of the area, written once for server and browser (§4, §5, §8; spec strings verbatim). */
// Legacy clients send numbers as strings as often as numbers.
const code = z.union([z.number(), z.string()]).optional();
const intFrom = (message: string, min = 0, max = 2_147_483_647) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );
/** A counted quantity: whole units (a comma or a fraction is refused, never guessed). */
const quantity = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: warehouseMsg.cantidadInvalida }).int({ error: warehouseMsg.cantidadInvalida }).min(0, { error: warehouseMsg.cantidadInvalida }).max(99_999, { error: warehouseMsg.cantidadInvalida }),
);

// ---------------------------------------------------------------- picking

export const pendingOrder = z.object({
  id: z.number(),
  numero: z.number(),
  razsocial: z.string(),
  razsoc: z.string(),
  /** DD/MM/YYYY */
  fecha: z.string(),
  vendedor: z.string(),
  codent: z.number(),
  observacion: z.string(),
  renglones: z.number(),
});
export type PendingOrder = z.infer<typeof pendingOrder>;
export const pendingOrdersResponse = z.object({ success: z.literal(true), items: z.array(pendingOrder) });
export type PendingOrdersResponse = z.infer<typeof pendingOrdersResponse>;

export const orderLinesQuery = z.object({ numero: intFrom(warehouseMsg.numeroInvalido, 1) });
export const orderLine = z.object({
  /** sales_order_lines.id */
  id: z.number(),
  nroren: z.number(),
  /** products.id */
  producto: z.number(),
  codalfa: z.string(),
  alfacor: z.string(),
  nombre: z.string(),
  /** The sales unit ("Bolsa x 40 kg"): what the picker takes off the shelf. */
  alias: z.string(),
  linea: z.string(),
  marca: z.string(),
  ubicacion: z.string().nullable(),
  cantidad: z.number(),
  precio: z.string(),
  precvta: z.string(),
  movprec: z.boolean(),
});
export type OrderLine = z.infer<typeof orderLine>;
export const orderLinesResponse = z.object({
  success: z.literal(true),
  numero: z.number(),
  razsocial: z.string(),
  fecha: z.string(),
  items: z.array(orderLine),
});
export type OrderLinesResponse = z.infer<typeof orderLinesResponse>;

export const catalogoRequest = z.object({
  codemp: code,
  iduser: code,
  descri: z
    .string({ error: warehouseMsg.minimoTresLetras })
    .transform((s) => s.trim())
    .refine((s) => s.length >= WAREHOUSE.searchMin, { error: warehouseMsg.minimoTresLetras }),
});
export const catalogItem = z.object({
  id: z.number(), codalfa: z.string(), nombre: z.string(), marca: z.string(), linea: z.string(), ubicacion: z.string().nullable(), precio: z.string(), alias: z.string(),
});
export type CatalogItem = z.infer<typeof catalogItem>;
export const catalogoResponse = z.object({ success: z.literal(true), items: z.array(catalogItem) });
export type CatalogoResponse = z.infer<typeof catalogoResponse>;

/** The header of putPicking, sent as a JSON string (§7). Only numero counts. */
export const pickingHeader = z.object({
  numero: intFrom(warehouseMsg.numeroInvalido, 1),
  codemp: code,
  codcom: code,
  codtal: code,
  usrid: code,
});
/** One line of putPicking: an existing line (id) with its quantity, maybe another product; or a new line (producto). */
export const pickingLine = z
  .object({
    id: intFrom(warehouseMsg.lineaNoEncontrada, 1).optional(),
    producto: intFrom(warehouseMsg.elegiProducto, 1).optional(),
    cantidad: intFrom(warehouseMsg.cantidadInvalida, 0, 99_999),
    nroren: z.unknown().optional(),
  })
  .refine((l) => l.id !== undefined || l.producto !== undefined, { error: warehouseMsg.elegiProducto });
export type PickingLine = z.input<typeof pickingLine>;

const jsonString = <S extends z.ZodType>(schema: S, message: string) =>
  z.string({ error: message }).transform((s, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(s);
    } catch {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const r = schema.safeParse(value);
    if (!r.success) {
      ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? message });
      return z.NEVER;
    }
    return r.data as z.output<S>;
  });

export const putPickingRequest = z.object({
  cabecera: jsonString(pickingHeader, warehouseMsg.cabeceraInvalida),
  renglones: jsonString(z.array(pickingLine, { error: warehouseMsg.renglonesInvalidos }).max(500, { error: warehouseMsg.renglonesInvalidos }), warehouseMsg.renglonesInvalidos),
});
export const putPickingResponse = z.object({
  success: z.literal(true),
  msg: z.string(),
  numero: z.number(),
  /** 'preparado' when lines were picked; 'cancelado' when every line ended at 0. */
  estado: z.enum(['preparado', 'cancelado']),
  total: z.string(),
});
export type PutPickingResponse = z.infer<typeof putPickingResponse>;

export const cancelarPedidoRequest = z.object({
  numero: intFrom(warehouseMsg.numeroInvalido, 1),
  codemp: code,
  codcom: code,
  codtal: code,
  motivo: z.union([z.number(), z.string()]).optional(),
  usrid: code,
});
export const cancelarPedidoResponse = z.object({ success: z.literal(true), msg: z.string(), numero: z.number() });

// ---------------------------------------------------------------- stock

export const consultarStockRequest = z
  .object({
    codemp: code,
    grudep: code,
    descri: z.string().optional(),
    barcode: z.string().optional(),
  })
  .transform((b) => ({ ...b, descri: b.descri?.trim() || undefined, barcode: b.barcode?.trim().toUpperCase() || undefined }))
  .refine((b) => b.descri !== undefined || b.barcode !== undefined, { error: warehouseMsg.textoOCodigo })
  .refine((b) => b.barcode !== undefined || (b.descri?.length ?? 0) >= WAREHOUSE.searchMin, { error: warehouseMsg.minimoTresLetras });
export const stockProduct = z.object({
  id: z.number(),
  codalfa: z.string(),
  /** The short code (products.code). */
  alfacor: z.string(),
  barcode: z.string(),
  desart: z.string(),
  /** Quantity in the user's deposit. */
  salcan: z.number(),
  presentacion: z.string(),
  ubicacion: z.string().nullable(),
  /** When this product was last counted in the deposit, DD/MM/YYYY HH:mm, or null. */
  contado: z.string().nullable(),
});
export type StockProduct = z.infer<typeof stockProduct>;
export const deposit = z.object({ coddep: z.number(), nombre: z.string() });
export const consultarStockResponse = z.object({ success: z.literal(true), deposito: deposit, items: z.array(stockProduct) });
export type ConsultarStockResponse = z.infer<typeof consultarStockResponse>;

const codalfa = z.string({ error: warehouseMsg.faltaCodalfa }).trim().min(1, { error: warehouseMsg.faltaCodalfa });
export const modificarStockRequest = z.object({ codalfa, cantidad: quantity, codemp: code, coddep: code });
export const confirmarStockRequest = z.object({ codalfa, codemp: code, coddep: code });
export const stockChangeResponse = z.object({
  success: z.literal(true),
  msg: z.string(),
  producto: stockProduct,
  deposito: deposit,
  movimiento: z.object({ id: z.string(), anterior: z.number(), nueva: z.number() }).nullable(),
});
export type StockChangeResponse = z.infer<typeof stockChangeResponse>;

/** Warehouse staff (profile 5, Depósito) and the company's administrators. */
const STAFF = [5] as const;
const m = 'almacenes';
const s = 'stock';
export const warehouseRoutes = {
  pedidosPendientes: {
    method: 'GET', url: '/proxy/cgi/pedidosPendientes', tag: 'almacenes', access: 'company', admin: true, orProfiles: STAFF, module: m,
    summary: 'Pedidos aprobados de la empresa pendientes de preparación (picking)', response: pendingOrdersResponse,
  },
  renglonesPedido: {
    method: 'GET', url: '/proxy/cgi/renglonesPedido', tag: 'almacenes', access: 'company', admin: true, orProfiles: STAFF, module: m,
    summary: 'Renglones de un pedido pendiente de preparación', query: orderLinesQuery, response: orderLinesResponse,
  },
  catalogo: {
    method: 'POST', url: '/proxy/cgi/catalogo', tag: 'almacenes', access: 'company', admin: true, orProfiles: STAFF, module: m,
    summary: 'Busca productos para agregar a un pedido (descri, al menos 3 letras)', body: catalogoRequest, response: catalogoResponse,
  },
  putPicking: {
    method: 'POST', url: '/proxy/cgi/putPicking', tag: 'almacenes', access: 'company', admin: true, orProfiles: STAFF, module: m,
    summary:
      'Confirma la preparación de un pedido: cabecera y renglones como cadenas JSON. Con todos los renglones en 0 el pedido queda cancelado. ' +
      'Un pedido ya confirmado por otro usuario responde 409',
    body: putPickingRequest, response: putPickingResponse,
  },
  cancelarPedido: {
    method: 'POST', url: '/proxy/cgi/cancelarPedido', tag: 'almacenes', access: 'company', admin: true, orProfiles: STAFF, module: m,
    summary: 'Cancela un pedido pendiente de preparación (repetido sobre uno ya cancelado: éxito sin cambios)',
    body: cancelarPedidoRequest, response: cancelarPedidoResponse,
  },
  consultarStock: {
    method: 'POST', url: '/proxy/cgi/consultarStock', tag: 'stock', access: 'company', admin: true, orProfiles: STAFF, module: s,
    summary: 'Stock de productos en el depósito del usuario, por texto (descri) o código de barras (barcode)',
    body: consultarStockRequest, response: consultarStockResponse,
  },
  modificarStock: {
    method: 'POST', url: '/proxy/cgi/modificarStock', tag: 'stock', access: 'company', admin: true, orProfiles: STAFF, module: s,
    summary: 'Fija la cantidad contada de un producto en el depósito del usuario (queda un movimiento de stock)',
    body: modificarStockRequest, response: stockChangeResponse,
  },
  confirmarStock: {
    method: 'POST', url: '/proxy/cgi/confirmarStock', tag: 'stock', access: 'company', admin: true, orProfiles: STAFF, module: s,
    summary: 'Confirma el stock de un producto en el depósito del usuario (queda un movimiento de stock)',
    body: confirmarStockRequest, response: stockChangeResponse,
  },
} as const satisfies Record<string, RouteDef>;
