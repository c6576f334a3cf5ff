import { z } from 'zod';
import { idSchema, offsetSchema, queryBoolean } from './common.js';
import { ORDERING, orderingMsg } from './ordering-messages.js';
import { SALES_STAFF_PROFILES } from './profiles.js';
import type { RouteDef } from './routes.js';
import { erpAnswerWire } from './integration-events.js';

/**
 * Commercial ordering (ordering.md): catalogue and facets, product detail, the sales cart (/proxy/pedidos), the
 * purchase-order cart (/proxy/ordenescompra), order lists by status, history and repeat purchase, the order PDF
 * and its share link, and the staff back office that approves and applies orders (/proxy/gestionpedidos).
 *
 * One path answers several calls (GET /proxy/pedidos is the catalogue, a carousel, a status list, the history, a
 * facet list or the cart depending on its query), so each call has its own query and answer schemas below
 * (`catalogQuery`, `catalogResponse`, …) for typing the browser's fetchers, and the route descriptor of the path
 * carries the union (`pedidosGetQuery`, `pedidosGetResponse`).
 */


// ---------------------------------------------------------------------------------------------------------------
// Common pieces

const id = idSchema(orderingMsg.idInvalido);
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());
// start within int4 (a larger offset is a 400, never a 500), page within int4 as well.
const start = offsetSchema(orderingMsg.startInvalido).optional();
const limit = z.coerce.number({ error: orderingMsg.limitInvalido }).int({ error: orderingMsg.limitInvalido }).min(1, { error: orderingMsg.limitInvalido }).max(100, { error: orderingMsg.limitInvalido }).optional();
const page = idSchema(orderingMsg.pageInvalida).optional();
const flag = queryBoolean.optional();
const isoDate = z.string({ error: orderingMsg.fechaInvalida }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: orderingMsg.fechaInvalida });
const detalle = z.string({ error: orderingMsg.detalleLargo }).max(500, { error: orderingMsg.detalleLargo });

/** A catalogue text: at least 3 characters after trimming (§5). */
export const patron = z
  .string({ error: orderingMsg.patronCorto })
  .trim()
  .min(ORDERING.minSearch, { error: orderingMsg.patronCorto })
  .max(100, { error: orderingMsg.patronCorto });

/** A quantity (§5: minimum 1); up to 3 decimals because some products sell by the kilo or litre. */
export const cantidad = z.coerce
  .number({ error: orderingMsg.cantidadMinima })
  .min(1, { error: orderingMsg.cantidadMinima })
  .max(99_999_999, { error: orderingMsg.cantidadMinima })
  .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, { error: orderingMsg.cantidadDecimales });

/** A proposed unit price: positive, at most 2 decimals (§5 price entry). Sent as a number or a decimal string. */
export const precio = z
  .union([z.number(), z.string()], { error: orderingMsg.precioInvalido })
  .transform((v) => String(v).trim())
  .refine((s) => /^\d{1,13}(\.\d{1,2})?$/.test(s) && Number(s) > 0, { error: orderingMsg.precioInvalido });

// ---------------------------------------------------------------------------------------------------------------
// Catalogue

/** The Filter of §3, sent JSON-encoded as `filtros`. Facet ids are product_facets ids (the `id` of the facet lists). */
export const productFilter = z.object({
  patron: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), patron.optional()),
  familia_id: optionalId,
  subfamilia_id: optionalId,
  /** Unit of measure (unidad_medida_completa), e.g. 'kg'. */
  unidad: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string({ error: orderingMsg.filtrosInvalidos }).max(40).optional()),
  negocio_id: optionalId,
  presentacion_id: optionalId,
  rubro_id: optionalId,
  subrubro_id: optionalId,
  linea_id: optionalId,
  marca_id: optionalId,
  es_nuevo: z.preprocess((v) => (v === null || v === '' ? undefined : v), queryBoolean.optional()),
  es_promocion: z.preprocess((v) => (v === null || v === '' ? undefined : v), queryBoolean.optional()),
});
export type ProductFilter = z.input<typeof productFilter>;

/** `filtros`: the Filter as a JSON string (what the browser sends); absent or '{}' lists the whole catalogue. */
export const filtrosParam = z
  .string({ error: orderingMsg.filtrosInvalidos })
  .optional()
  .transform((s, ctx) => {
    if (s === undefined || s.trim() === '') return {};
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: orderingMsg.filtrosInvalidos });
      return z.NEVER;
    }
  })
  .pipe(productFilter);

/** GET /proxy/pedidos (and /proxy/ordenescompra) catalogue: filtros, start, limit (default 12), page. */
export const catalogQuery = z.object({ filtros: filtrosParam, start, limit, page });
export type CatalogQuery = z.input<typeof catalogQuery>;

/** The Product of §3. Money as numbers plus es-AR formatted strings; 0 discounts mean none ('0,00'). */
export const product = z.object({
  id: z.number().int(),
  nombre: z.string(),
  /** Image file names (GET /proxy/files?cooperativa&type=pedidos&archivo); the first is the main one. */
  url: z.array(z.string()),
  precio_final: z.number(),
  precio_final_con_formato: z.string(),
  precio_lista: z.number(),
  precio_lista_con_formato: z.string(),
  precio_final_minimo: z.number(),
  precio_final_minimo_con_formato: z.string(),
  precio_final_maximo: z.number(),
  precio_final_maximo_con_formato: z.string(),
  moneda: z.enum(['ARS', 'USD']),
  moneda_simbolo: z.string(),
  unimed_venta_completa: z.string(),
  unidad_medida_completa: z.string(),
  factor_venta: z.number(),
  /** '40 kg' when factor_venta ≠ 1, else ''. */
  cantidad_envase_con_formato: z.string(),
  bonificacion_uno: z.number(),
  bonificacion_uno_con_formato: z.string(),
  bonificacion_dos: z.number(),
  bonificacion_dos_con_formato: z.string(),
  es_nuevo: z.boolean(),
  es_promocion: z.boolean(),
  codigo_alfanumerico: z.string(),
  codart: z.number().int(),
  /** The last line this entity bought of this product (null when never). */
  ultprecio_importe: z.number().nullable(),
  ultprecio_importe_conformato: z.string(),
  ultprec_cantidad_conformato: z.string(),
  ultprec_fecha: z.string().nullable(),
  /** '' when stock is not tracked. */
  stock_cantidad_conformato: z.string(),
  descripcion: z.string(),
  dias_de_entrega: z.number().int(),
  /** Already in the open sales cart (quantity), null when not: the product dialog then only adds quantity (§4). */
  en_carrito: z.number().nullable(),
});
export type Product = z.infer<typeof product>;

export const catalogResponse = z.object({ success: z.literal(true), productos: z.array(product), total: z.number().int() });
export type CatalogResponse = z.infer<typeof catalogResponse>;

/** Carousels (dashboard): one of visitados, comprados, promociones = true; up to `limit` (default 12) products. */
export const carouselQuery = z.object({ visitados: flag, comprados: flag, promociones: flag, limit });

// ---------------------------------------------------------------------------------------------------------------
// Facets and lookups (GET ?type=…)

export const FACET_TYPES = ['unegocio', 'familia', 'subfamilia', 'presentacion', 'rubro', 'subrubro', 'linea', 'marca'] as const;
export type FacetType = (typeof FACET_TYPES)[number];
export const SALES_LOOKUP_TYPES = ['carrito', ...FACET_TYPES, 'fdepagos', 'dentregas', 'torigen', 'toperacion'] as const;
export const PURCHASE_LOOKUP_TYPES = ['carrito', ...FACET_TYPES, 'cpagos'] as const;

/** Facet lists take the other facets as query params (and patron / es_nuevo / es_promocion / unidad). */
export const facetQuery = z.object({
  type: z.enum(FACET_TYPES, { error: orderingMsg.tipoInvalido }),
  patron: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), patron.optional()),
  familia_id: optionalId,
  subfamilia_id: optionalId,
  unidad: z.string().max(40).optional(),
  negocio_id: optionalId,
  presentacion_id: optionalId,
  rubro_id: optionalId,
  subrubro_id: optionalId,
  linea_id: optionalId,
  marca_id: optionalId,
  es_nuevo: flag,
  es_promocion: flag,
});
export type FacetQuery = z.input<typeof facetQuery>;

export const facetItem = z.object({ id: z.number().int(), descripcion: z.string(), cantidad: z.number().int() });
export const facetResponse = z.object({ success: z.literal(true), items: z.array(facetItem) });
export type FacetItem = z.infer<typeof facetItem>;

export const paymentConditionItem = z.object({ id: z.number().int(), conpago: z.string(), despago: z.string() });
export const destinationItem = z.object({ destino_id: z.number().int(), descripcion: z.string(), localidad: z.string() });
export const originItem = z.object({ origen_id: z.number().int(), descripcion: z.string(), localidad: z.string() });
export const operationItem = z.object({ id: z.number().int(), descripcion: z.string() });
export const paymentConditionsResponse = z.object({ success: z.literal(true), items: z.array(paymentConditionItem) });
export const destinationsResponse = z.object({ success: z.literal(true), items: z.array(destinationItem) });
export const originsResponse = z.object({ success: z.literal(true), items: z.array(originItem) });
export const operationsResponse = z.object({ success: z.literal(true), items: z.array(operationItem) });

// ---------------------------------------------------------------------------------------------------------------
// Sales cart

export const salesCartLine = z.object({
  producto_id: z.number().int(),
  pedido_id: z.number().int(),
  nombre: z.string(),
  codart: z.number().int(),
  codigo_alfanumerico: z.string(),
  cantidad: z.number(),
  cantidad_con_formato: z.string(),
  unimed_venta_completa: z.string(),
  /** The unit price this line is sold at: the proposed price when there is one, else the list's final price. */
  precio_final: z.number(),
  precio_final_con_formato: z.string(),
  /** The list's final price (before a proposed change). */
  precio_final_lista: z.number(),
  precio_final_lista_con_formato: z.string(),
  /** The proposed price (null when the list's price applies) and its formatted variant ('' when none). */
  precio_modificado: z.number().nullable(),
  precio_modificado_con_formato: z.string(),
  precio_final_minimo: z.number(),
  precio_final_minimo_con_formato: z.string(),
  precio_final_maximo: z.number(),
  precio_final_maximo_con_formato: z.string(),
  precio_lista: z.number(),
  precio_lista_con_formato: z.string(),
  bonificacion_uno: z.number(),
  bonificacion_uno_con_formato: z.string(),
  bonificacion_dos: z.number(),
  bonificacion_dos_con_formato: z.string(),
  subtotal: z.number(),
  subtotal_con_formato: z.string(),
  alerta: z.boolean(),
  url: z.array(z.string()),
});
export type SalesCartLine = z.infer<typeof salesCartLine>;

export const priceAlertItem = z.object({
  producto_id: z.number().int(),
  nombre: z.string(),
  precio_final: z.number(),
  precio_final_con_formato: z.string(),
  precio_final_minimo_con_formato: z.string(),
  precio_final_maximo_con_formato: z.string(),
});

/**
 * The cart's amounts (docs/decisions/ordering.md 'What each amount means'): importe_total is what the customer
 * pays, VAT included (the order PDF's and the invoice's 'Importe total'); importe_neto the lines before VAT;
 * importe_iva the VAT added per rate (10,5 % seeds and fertilisers, 21 % the rest; 0 for a purchase order
 * without taxes).
 */
const importes = z.object({
  moneda_simbolo: z.string(),
  importe_total: z.number(),
  importe_total_con_formato: z.string(),
  importe_neto: z.number(),
  importe_neto_con_formato: z.string(),
  importe_iva: z.number(),
  importe_iva_con_formato: z.string(),
});

export const salesCart = z.object({
  id: z.number().int(),
  productos: z.array(salesCartLine),
  destino_id: z.number().int().nullable(),
  origen_id: z.number().int().nullable(),
  tipo_operacion_id: z.number().int().nullable(),
  importes,
  /** YYYY-MM-DD or null. */
  fecha_entrega: z.string().nullable(),
  detalle: z.string(),
  /** Number of lines whose price is outside [min, max]. */
  alertas: z.number().int(),
  /** Positions (lines) of the cart against the company's limit; descri is the warning text ('' when within). */
  posiciones: z.object({ maximo_posicion: z.number().int(), cantidad: z.number().int(), descri: z.string() }),
  /** Quantities summed per sales unit. */
  totales: z.array(z.object({ unimed_venta_completa: z.string(), cantidad: z.number(), cantidad_con_formato: z.string() })),
  alertaprecio: z.array(priceAlertItem),
});
export type SalesCart = z.infer<typeof salesCart>;

/** GET /proxy/pedidos?type=carrito: the open cart (created on first use) and the configuration the drawer needs. */
export const salesCartResponse = z.object({
  success: z.literal(true),
  carrito: salesCart,
  /** Delivery lead in days: the earliest fecha_entrega is today (Buenos Aires) + diasentrega. */
  diasentrega: z.number().int(),
  /** YYYY-MM-DD: today + diasentrega. */
  fecha_minima_entrega: z.string(),
  /** Company parameter pedidos.muestra_tipooperacion. */
  muestra_tipooperacion: z.boolean(),
});
export type SalesCartResponse = z.infer<typeof salesCartResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Order lists, history


/** One of pendientes, aprobados, aplicados = true; 5 per page (start/limit). */
export const statusListQuery = z.object({ pendientes: flag, aprobados: flag, aplicados: flag, start, limit });

export const orderRow = z.object({
  /** sales_orders.id (purchase_orders.id under /proxy/ordenescompra): the PDF and share calls take it. */
  id: z.number().int(),
  descom: z.string(),
  letra_id: z.string(),
  fecha: z.string(),
  fecha_con_formato: z.string(),
  torig: z.string(),
  norig: z.number().int(),
  origen_del_pedido: z.string(),
  importe_pendiente: z.number(),
  importe_pendiente_con_formato: z.string(),
  importe_aplicado: z.number(),
  importe_aplicado_con_formato: z.string(),
  codcom_id: z.string(),
  codtal_id: z.number().int(),
  numero: z.number().int(),
  numero_con_formato: z.string(),
  estado: z.enum(['pending', 'approved', 'applied']),
  /** The ERP's answer to the order (accepted with its number, or rejected with the reason); null until it answers. */
  erp: erpAnswerWire.nullable().optional(),
});
export type OrderRow = z.infer<typeof orderRow>;
export const statusListResponse = z.object({ success: z.literal(true), productos: z.array(orderRow), total: z.number().int() });
export type StatusListResponse = z.infer<typeof statusListResponse>;

/** History: historial=true, 8 per page (start/limit or page), optionally one month (mes=YYYY-MM, the dashboard's link). */
export const historyQuery = z.object({
  historial: flag,
  mes: z.string({ error: orderingMsg.mesInvalido }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: orderingMsg.mesInvalido }).optional(),
  start,
  limit,
  page,
});
export const historyProduct = z.object({
  renglon_id: z.number().int(),
  producto_id: z.number().int(),
  descripcion: z.string(),
  url: z.array(z.string()),
  pedido_cantidad: z.number(),
  pedido_cantidad_con_formato: z.string(),
  precio_final: z.number(),
  precio_final_con_formato: z.string(),
  es_nuevo: z.boolean(),
  es_promocion: z.boolean(),
});
export const historyOrder = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  /** '00001-00014906': point of sale and number, as every screen and PDF prints it. */
  numero_con_formato: z.string(),
  fecha: z.string(),
  fecha_con_formato: z.string(),
  detalle: z.string(),
  origen_id: z.number().int().nullable(),
  origen_descripcion: z.string(),
  destino_id: z.number().int().nullable(),
  destino_descripcion: z.string(),
  total: z.number(),
  total_con_formato: z.string(),
  productos: z.array(historyProduct),
});
export type HistoryOrder = z.infer<typeof historyOrder>;
export const historyResponse = z.object({ success: z.literal(true), productos: z.array(historyOrder), total: z.number().int() });
export type HistoryResponse = z.infer<typeof historyResponse>;

// ---------------------------------------------------------------------------------------------------------------
// GET /proxy/pedidos: the union the route descriptor carries

export const pedidosGetQuery = z.object({
  type: z.enum(SALES_LOOKUP_TYPES, { error: orderingMsg.tipoInvalido }).optional(),
  filtros: z.string().optional(),
  start: z.string().optional(),
  limit: z.string().optional(),
  page: z.string().optional(),
  visitados: z.string().optional(),
  comprados: z.string().optional(),
  promociones: z.string().optional(),
  pendientes: z.string().optional(),
  aprobados: z.string().optional(),
  aplicados: z.string().optional(),
  historial: z.string().optional(),
  mes: z.string().optional(),
  patron: z.string().optional(),
  familia_id: z.string().optional(),
  subfamilia_id: z.string().optional(),
  unidad: z.string().optional(),
  negocio_id: z.string().optional(),
  presentacion_id: z.string().optional(),
  rubro_id: z.string().optional(),
  subrubro_id: z.string().optional(),
  linea_id: z.string().optional(),
  marca_id: z.string().optional(),
  es_nuevo: z.string().optional(),
  es_promocion: z.string().optional(),
});
export const pedidosGetResponse = z.union([
  catalogResponse, statusListResponse, historyResponse, facetResponse, paymentConditionsResponse, destinationsResponse,
  originsResponse, operationsResponse, salesCartResponse,
]);

// ---------------------------------------------------------------------------------------------------------------
// Product detail

export const productParams = z.object({ id });
export const productResponse = z.object({ success: z.literal(true), producto: product });
export type ProductResponse = z.infer<typeof productResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Cart changes: PUT /proxy/pedidos/:pedido_id?type=carrito|condiciones|repetir

export const cartParams = z.object({ pedido_id: id });

export const cartPutQuery = z.object({
  type: z.enum(['carrito', 'condiciones', 'repetir'], { error: orderingMsg.tipoInvalido }),
  /** type=carrito: true adds to the line's quantity, false (default) sets it. */
  suma: flag,
  /** type=repetir: the history order (sales_orders.id) to copy. */
  historial_id: optionalId,
});

const lineInput = z.object({
  producto_id: idSchema(orderingMsg.productoObligatorio),
  pedido_cantidad: cantidad,
  precio_final: precio.optional(),
});

/**
 * type=carrito: one line {producto_id, pedido_cantidad, precio_final?} or the quick-entry batch
 * {productos: [{producto_id, pedido_cantidad}]} (all in one transaction). precio_final proposes a unit price;
 * outside [precio_final_minimo, precio_final_maximo] the line gets a price alert.
 */
export const cartLineBatch = z.object({
  productos: z
    .array(lineInput, { error: orderingMsg.sinCantidadSeleccionada })
    .min(1, { error: orderingMsg.sinCantidadSeleccionada })
    .max(ORDERING.maxBatch, { error: orderingMsg.demasiadosProductos }),
});
export const cartLineSingle = lineInput.extend({ pedido_id: optionalId });
export const cartLineBody = z.union([cartLineBatch, cartLineSingle], { error: orderingMsg.productoObligatorio });
/** The schema that validates a body: with `productos` the batch, otherwise the single line (each with its own Spanish messages). */
export const cartLineSchemaFor = (body: unknown) =>
  body !== null && typeof body === 'object' && 'productos' in body ? cartLineBatch : cartLineSingle;
export type CartLineBody = z.input<typeof cartLineBody>;

/** type=condiciones: exactly one of these (null clears it). */
export const salesConditionBody = z
  .object({
    dentrega: id.nullable().optional(),
    origen: id.nullable().optional(),
    operacion: id.nullable().optional(),
    fecha_entrega: isoDate.nullable().optional(),
    detalle: detalle.nullable().optional(),
  })
  .refine((b) => Object.values(b).filter((v) => v !== undefined).length === 1, { error: orderingMsg.condicionUna });
export type SalesConditionBody = z.input<typeof salesConditionBody>;

/** The body of PUT /proxy/pedidos/:pedido_id: which fields apply depends on `type` (checked by the server). */
export const pedidosPutBody = z.record(z.string(), z.unknown()).optional();

/** Cart changes answer the reloaded cart (the drawer reloads anyway), with the success text. */
export const cartChangeResponse = salesCartResponse.extend({ msg: z.string() });
export type CartChangeResponse = z.infer<typeof cartChangeResponse>;

// DELETE /proxy/pedidos {id?, pedido_id}: id = producto_id of the line; without it every line goes.
export const salesDeleteBody = z.object({ pedido_id: id, id: optionalId });
export type SalesDeleteBody = z.input<typeof salesDeleteBody>;

// POST /proxy/pedidos/addAlerta | deleteAlerta {pedido_id, producto_id}
export const alertBody = z.object({ pedido_id: id, producto_id: id });
export type AlertBody = z.input<typeof alertBody>;

// PUT /proxy/pedidos {pedidoid}: confirm.
export const confirmBody = z.object({ pedidoid: id });
export type ConfirmBody = z.input<typeof confirmBody>;
export const confirmResponse = z.object({
  success: z.literal(true),
  msg: z.string(),
  /** The order written (sales_orders.id / purchase_orders.id) and its number; the same on a repeated confirm. */
  id: z.number().int(),
  numero: z.number().int(),
  numero_con_formato: z.string(),
  /** VAT included (none on a purchase order without taxes), the amount the PDF and the WhatsApp text print; neto and iva as in the cart. */
  total: z.number(),
  total_con_formato: z.string(),
  neto: z.number(),
  neto_con_formato: z.string(),
  iva: z.number(),
  iva_con_formato: z.string(),
});
export type ConfirmResponse = z.infer<typeof confirmResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Order PDF and share link

export const orderParams = z.object({ id });
/** GET /proxy/pedidos/:id/compartir: a public signed link to the PDF (valid 7 days) and the text for wa.me. */
export const shareResponse = z.object({ success: z.literal(true), url: z.string(), texto: z.string(), vence: z.string() });
export type ShareResponse = z.infer<typeof shareResponse>;
export const sharedParams = z.object({ token: z.string().min(1).max(1024) });

// ---------------------------------------------------------------------------------------------------------------
// Purchase orders

export const purchaseCartLine = z.object({
  /** cart_lines.id: DELETE takes it as pk. */
  pk: z.number().int(),
  ocompra_id: z.number().int(),
  producto_id: z.number().int(),
  nombre: z.string(),
  codart: z.number().int(),
  codigo_alfanumerico: z.string(),
  cantidad: z.number(),
  cantidad_con_formato: z.string(),
  unimed_venta_completa: z.string(),
  precio_final: z.number(),
  precio_final_con_formato: z.string(),
  precio_lista: z.number(),
  precio_lista_con_formato: z.string(),
  subtotal: z.number(),
  subtotal_con_formato: z.string(),
  url: z.array(z.string()),
});
export type PurchaseCartLine = z.infer<typeof purchaseCartLine>;

export const purchaseCart = z.object({
  id: z.number().int(),
  productos: z.array(purchaseCartLine),
  /** payment_conditions.id or null. */
  cpago: z.number().int().nullable(),
  conimpuesto: z.boolean(),
  fecha_entrega: z.string().nullable(),
  detalle: z.string(),
  importes,
  totalpedido: z.number(),
  totalpedido_con_formato: z.string(),
});
export type PurchaseCart = z.infer<typeof purchaseCart>;
export const purchaseCartResponse = z.object({
  success: z.literal(true),
  carrito: purchaseCart,
  diasentrega: z.number().int(),
  fecha_minima_entrega: z.string(),
});
export type PurchaseCartResponse = z.infer<typeof purchaseCartResponse>;
export const purchaseCartChangeResponse = purchaseCartResponse.extend({ msg: z.string() });

export const ordenesGetQuery = pedidosGetQuery.extend({
  type: z.enum(PURCHASE_LOOKUP_TYPES, { error: orderingMsg.tipoInvalido }).optional(),
});
export const ordenesGetResponse = z.union([catalogResponse, statusListResponse, facetResponse, paymentConditionsResponse, purchaseCartResponse]);

export const purchasePutQuery = z.object({
  type: z.enum(['carrito', 'condiciones'], { error: orderingMsg.tipoInvalido }),
  suma: flag,
});
/**
 * type=carrito: {producto_id, pedido_cantidad, precio_final?} (price defaults to the list's final price), or the
 * quick order's batch {productos: [...]} (all in one transaction, as the sales cart's).
 */
export const purchaseLineBody = lineInput.extend({ pedido_id: optionalId });
export const purchaseLineSchemaFor = (body: unknown) =>
  body !== null && typeof body === 'object' && 'productos' in body ? cartLineBatch : purchaseLineBody;
export type PurchaseLineBody = z.input<typeof purchaseLineBody>;
/** type=condiciones: exactly one of cpago, conimpuesto, fecha_entrega, detalle. */
export const purchaseConditionBody = z
  .object({
    cpago: id.nullable().optional(),
    conimpuesto: z.boolean({ error: orderingMsg.conimpuestoInvalido }).optional(),
    fecha_entrega: isoDate.nullable().optional(),
    detalle: detalle.nullable().optional(),
  })
  .refine((b) => Object.values(b).filter((v) => v !== undefined).length === 1, { error: orderingMsg.condicionUnaCompra });
export type PurchaseConditionBody = z.input<typeof purchaseConditionBody>;
/** DELETE /proxy/ordenescompra {pk?, ocompra_id}: pk = the line (purchaseCartLine.pk); without it every line goes. */
export const purchaseDeleteBody = z.object({ ocompra_id: id, pk: optionalId });
export type PurchaseDeleteBody = z.input<typeof purchaseDeleteBody>;

// ---------------------------------------------------------------------------------------------------------------
// Staff back office (module gestionpedidos)

export const staffListQuery = z.object({
  estado: z.enum(['pendientes', 'aprobados', 'aplicados'], { error: orderingMsg.estadoInvalido }).default('pendientes'),
  /** The customer's name or code, or the order number; accents and case do not matter. */
  buscar: z.string({ error: orderingMsg.patronCorto }).trim().max(80, { error: orderingMsg.patronCorto }).optional(),
  start,
  limit,
});
export type StaffListQuery = z.input<typeof staffListQuery>;
export const staffOrder = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  numero_con_formato: z.string(),
  fecha: z.string(),
  fecha_con_formato: z.string(),
  entidad: z.number().int(),
  entidad_nombre: z.string(),
  vendedor: z.string(),
  detalle: z.string(),
  total: z.number(),
  total_con_formato: z.string(),
  estado: z.enum(['pending', 'approved', 'applied']),
  /** Applied orders: the invoice written ('FC A 00003-00001234'). */
  factura: z.string().nullable(),
  /** The ERP's answer to the order (accepted with its number, or rejected with the reason); null until it answers. */
  erp: erpAnswerWire.nullable().optional(),
});
export type StaffOrder = z.infer<typeof staffOrder>;
export const staffListResponse = z.object({ success: z.literal(true), pedidos: z.array(staffOrder), total: z.number().int() });
export type StaffListResponse = z.infer<typeof staffListResponse>;
export const staffActionResponse = z.object({ success: z.literal(true), msg: z.string(), pedido: staffOrder });
export type StaffActionResponse = z.infer<typeof staffActionResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Route descriptors

const m = 'pedidos';
const oc = 'ordenescompra';
export const orderingRoutes = {
  pedidosGet: {
    method: 'GET', url: '/proxy/pedidos', tag: 'pedidos', access: 'entity', module: m,
    summary:
      'Catálogo (filtros, start, limit 12, page), carruseles (visitados | comprados | promociones), pedidos por estado ' +
      '(pendientes | aprobados | aplicados, 5 por página), historial (historial=true, mes=AAAA-MM, 8 por página) o, con type, ' +
      'facetas, listas de condiciones y el carrito abierto',
    query: pedidosGetQuery, response: pedidosGetResponse,
  },
  productDetail: {
    method: 'GET', url: '/proxy/pedidos/:id', tag: 'pedidos', access: 'entity', module: m,
    summary: 'Detalle de un producto (registra la visita)', params: productParams, response: productResponse,
  },
  cartPut: {
    method: 'PUT', url: '/proxy/pedidos/:pedido_id', tag: 'pedidos', access: 'entity', module: m,
    summary:
      'type=carrito (agrega o fija cantidades, suma=true|false; uno o un lote {productos}), type=condiciones (una condición), ' +
      'type=repetir (historial_id; con {productos}, solo los renglones revisados en Pedido rápido)',
    params: cartParams, query: cartPutQuery, body: pedidosPutBody, response: cartChangeResponse,
  },
  confirm: {
    method: 'PUT', url: '/proxy/pedidos', tag: 'pedidos', access: 'entity', module: m,
    summary: 'Confirma el carrito (pedidoid) como pedido pendiente; repetir la confirmación devuelve el mismo pedido',
    body: confirmBody, response: confirmResponse,
  },
  cartDelete: {
    method: 'DELETE', url: '/proxy/pedidos', tag: 'pedidos', access: 'entity', module: m,
    summary: 'Quita un producto (id) o todos (solo pedido_id) del carrito', body: salesDeleteBody, response: cartChangeResponse,
  },
  addAlert: {
    method: 'POST', url: '/proxy/pedidos/addAlerta', tag: 'pedidos', access: 'entity', module: m,
    summary: 'Registra la alerta de precio de un renglón cuyo precio está fuera del rango', body: alertBody, response: cartChangeResponse,
  },
  deleteAlert: {
    method: 'POST', url: '/proxy/pedidos/deleteAlerta', tag: 'pedidos', access: 'entity', module: m,
    summary: 'Quita la alerta de precio de un renglón y vuelve al precio de lista', body: alertBody, response: cartChangeResponse,
  },
  orderPdf: {
    method: 'GET', url: '/proxy/pedidos/:id/pdf', tag: 'pedidos', access: 'entity', module: m,
    summary: 'PDF del pedido (sales_orders.id) de esta entidad', params: orderParams, response: z.any(),
  },
  orderShare: {
    method: 'GET', url: '/proxy/pedidos/:id/compartir', tag: 'pedidos', access: 'entity', module: m,
    summary: 'Enlace público firmado (7 días) al PDF del pedido y texto para compartir por WhatsApp', params: orderParams, response: shareResponse,
  },
  sharedOrderRedirect: {
    method: 'GET', url: '/compartido/pedidos/:token', tag: 'pedidos', access: 'public',
    summary:
      'Enlaces de pedidos enviados antes de la ruta única: redirige (308) al mismo token en GET /compartido/{token}, que sirve el PDF ' +
      '(403 si el enlace fue alterado, 410 si venció)',
    params: sharedParams, response: z.any(),
  },
  ordenesGet: {
    method: 'GET', url: '/proxy/ordenescompra', tag: 'ordenescompra', access: 'entity', module: oc,
    summary: 'Catálogo (filtros, start, limit), órdenes por estado (pendientes | aprobados | aplicados) o, con type, facetas, cpagos y el carrito',
    query: ordenesGetQuery, response: ordenesGetResponse,
  },
  ordenesCartPut: {
    method: 'PUT', url: '/proxy/ordenescompra/:pedido_id', tag: 'ordenescompra', access: 'entity', module: oc,
    summary: 'type=carrito (producto_id, pedido_cantidad, precio_final, o un lote {productos}) o type=condiciones (cpago | conimpuesto | fecha_entrega | detalle)',
    params: cartParams, query: purchasePutQuery, body: pedidosPutBody, response: purchaseCartChangeResponse,
  },
  ordenesConfirm: {
    method: 'PUT', url: '/proxy/ordenescompra', tag: 'ordenescompra', access: 'entity', module: oc,
    summary: 'Confirma la orden de compra (pedidoid); requiere condición de pago', body: confirmBody, response: confirmResponse,
  },
  ordenesPdf: {
    method: 'GET', url: '/proxy/ordenescompra/:id/pdf', tag: 'ordenescompra', access: 'entity', module: oc,
    summary: 'PDF de la orden de compra (purchase_orders.id) de esta entidad (403 si es de otra entidad o empresa, 404 si no existe)',
    params: orderParams, response: z.any(),
  },
  ordenesShare: {
    method: 'GET', url: '/proxy/ordenescompra/:id/compartir', tag: 'ordenescompra', access: 'entity', module: oc,
    summary:
      'Enlace público firmado (7 días, GET /compartido/{token}) al PDF de la orden de compra y texto para compartir por WhatsApp',
    params: orderParams, response: shareResponse,
  },
  ordenesCartDelete: {
    method: 'DELETE', url: '/proxy/ordenescompra', tag: 'ordenescompra', access: 'entity', module: oc,
    summary: 'Quita un renglón (pk) o todos (solo ocompra_id) de la orden de compra', body: purchaseDeleteBody, response: purchaseCartChangeResponse,
  },
  staffList: {
    method: 'GET', url: '/proxy/gestionpedidos', tag: 'gestionpedidos', access: 'company', admin: true, orProfiles: SALES_STAFF_PROFILES, module: 'gestionpedidos',
    summary: 'Pedidos de la empresa por estado, según el alcance del vendedor o jefe de zona', query: staffListQuery, response: staffListResponse,
  },
  staffApprove: {
    method: 'POST', url: '/proxy/gestionpedidos/:id/aprobar', tag: 'gestionpedidos', access: 'company', admin: true, orProfiles: SALES_STAFF_PROFILES, module: 'gestionpedidos',
    summary: 'Aprueba un pedido pendiente', params: orderParams, response: staffActionResponse,
  },
  staffApply: {
    method: 'POST', url: '/proxy/gestionpedidos/:id/aplicar', tag: 'gestionpedidos', access: 'company', admin: true, orProfiles: SALES_STAFF_PROFILES, module: 'gestionpedidos',
    summary: 'Aplica un pedido aprobado: emite la factura (FC) con sus renglones', params: orderParams, response: staffActionResponse,
  },
} satisfies Record<string, RouteDef>;

