import { z } from 'zod';
import type { RouteDef } from './routes.js';
import { INTEGRATION_FEED, integrationEventsMsg } from './integration-values.js';

/**
 * The portal's outbound events (docs/integration.md, 'Eventos'): every change an ERP must learn of — an order
 * confirmed, a receipt posted or approved, a picking, a stock count, a field sale, a customer linked to the company —
 * is written as one event in the transaction of the change, and read by the ERP in commit order from
 * GET {INTEGRATION_API_PREFIX}/eventos.
 * Each kind's `datos` carries what the ERP needs with its own codes (customer code, product codes), the lines,
 * and amounts as exact decimal strings with their currency.
 */
export const INTEGRATION_EVENT_KINDS = [
  'pedido.confirmado',
  'pedido.aprobado',
  'pedido.aplicado',
  'orden_compra.confirmada',
  'recibo.ingresado',
  'recibo.aprobado',
  'recibo.rechazado',
  'comprobante.autorizado',
  'comprobante.rechazado',
  'preparacion.confirmada',
  'preparacion.cancelada',
  'stock.modificado',
  'stock.confirmado',
  'venta_campo.registrada',
  'venta_campo.eliminada',
  'visita.estado',
  'envases.modificados',
  'cliente_campo.alta',
  'usuario.registrado',
  'usuario.entidades_modificadas',
] as const;
export type IntegrationEventKind = (typeof INTEGRATION_EVENT_KINDS)[number];

/** An exact decimal as text ('1234.50', '-12.5'): amounts and quantities never travel as floats. */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const nullableText = z.string().nullable();

/** A customer (or supplier) by the ERP's own code. */
export const eventCustomer = z.object({ codigo: z.number().int(), razon_social: z.string(), cuit: z.string() });
/** A product by the ERP's codes: numeric and alphanumeric. */
export const eventProduct = z.object({ codigo: z.number().int(), codigo_alfa: z.string(), nombre: z.string() });
export const eventDeposit = z.object({ codigo: z.number().int(), nombre: z.string() });
/** An order's key as the ERP prints it: point of sale (serie) and number. */
const orderKey = z.object({ id: z.number().int(), serie: z.number().int(), numero: z.number().int() });

const salesLine = z.object({
  renglon: z.number().int(),
  producto: eventProduct,
  cantidad: decimal,
  precio_lista: decimal,
  bonificacion1: decimal,
  bonificacion2: decimal,
  precio: decimal,
  importe: decimal,
});

const salesOrder = orderKey.extend({
  fecha: date,
  moneda: z.string(),
  total: decimal,
  estado: z.string(),
  observaciones: nullableText,
  fecha_entrega: date.nullable(),
  /** The seller's code in the ERP, when the customer has one. */
  vendedor: z.number().int().nullable(),
  canal: z.string(),
  /** Codes of the cart's choices, when set. */
  destino: z.number().int().nullable(),
  tipo_operacion: z.number().int().nullable(),
});

export const salesOrderEvent = z.object({ pedido: salesOrder, cliente: eventCustomer, renglones: z.array(salesLine) });
export const salesOrderApprovedEvent = z.object({ pedido: salesOrder, cliente: eventCustomer });
export const salesOrderAppliedEvent = z.object({
  pedido: salesOrder,
  cliente: eventCustomer,
  factura: z.object({
    tipo: z.string(),
    letra: z.string().nullable(),
    punto_venta: z.number().int(),
    numero: z.number().int(),
    fecha: date,
    moneda: z.string(),
    neto: decimal,
    iva21: decimal,
    iva105: decimal,
    total: decimal,
    cae: nullableText,
    vencimiento: date.nullable(),
  }),
});

export const purchaseOrderEvent = z.object({
  orden: orderKey.extend({
    fecha: date,
    moneda: z.string(),
    total: decimal,
    con_iva: z.boolean(),
    condicion_pago: z.string().nullable(),
    fecha_entrega: date.nullable(),
    observaciones: nullableText,
  }),
  proveedor: eventCustomer,
  renglones: z.array(z.object({ renglon: z.number().int(), producto: eventProduct, cantidad: decimal, precio: decimal, importe: decimal })),
});

const receipt = z.object({
  id: z.number().int(),
  serie: z.number().int(),
  numero: z.number().int(),
  fecha: date,
  estado: z.enum(['pendiente', 'aprobado', 'rechazado']),
  moneda: z.string(),
  total_aplicado: decimal,
  total_cobrado: decimal,
  observaciones: nullableText,
});
export const receiptEvent = z.object({
  recibo: receipt,
  cliente: eventCustomer,
  /** The documents it pays, by their voucher keys, and how much of each. */
  aplicaciones: z.array(z.object({ comprobante: z.string(), serie: z.number().int(), numero: z.number().int(), letra: nullableText, importe: decimal })),
  /** How it was paid: the payment method's code and the fields entered (cheque number, bank, …). */
  cobros: z.array(
    z.object({
      renglon: z.number().int(),
      forma: z.object({ codigo: z.number().int(), nombre: z.string() }),
      importe: decimal,
      /** Each field entered: its id in the payment method, its label and the value as the portal shows it. */
      datos: z.array(z.object({ id: z.string(), campo: z.string(), valor: z.string() })),
    }),
  ),
  /** The attached files; `ruta` is the staff call that downloads each (with a user session of the company). */
  adjuntos: z.array(z.object({ id: z.number().int(), renglon: z.number().int(), campo: z.string(), nombre: z.string(), tipo: z.string(), bytes: z.number().int(), ruta: z.string() })),
  /** Who decided it and why (rejections), when decided. */
  decision: z.object({ usuario: nullableText, fecha: z.string().nullable(), motivo: nullableText }).nullable(),
});

export const voucherDecisionEvent = z.object({
  comprobante: z.object({
    codigo: z.string(),
    nombre: z.string(),
    serie: z.number().int(),
    numero: z.number().int(),
    fecha: date,
    pedido: z.number().int().nullable(),
    moneda: z.string(),
    importe: decimal,
  }),
  cliente: eventCustomer,
  motivo: z.string(),
});

export const pickingEvent = z.object({
  pedido: orderKey,
  cliente: eventCustomer,
  deposito: eventDeposit.nullable(),
  /** The picked lines as they leave (empty when cancelled). */
  renglones: z.array(z.object({ renglon: z.number().int(), producto: eventProduct, cantidad: decimal, precio: decimal, importe: decimal })),
  moneda: z.string(),
  total: decimal,
  /** The cancellation reason's code (cancelled pickings); null when confirmed. */
  motivo: z.number().int().nullable(),
});

export const stockCountEvent = z.object({
  deposito: eventDeposit,
  producto: eventProduct,
  movimiento: z.string(),
  cantidad_anterior: decimal,
  cantidad: decimal,
});

export const fieldSaleEvent = z.object({
  venta: z.object({ id: z.number().int(), fecha: date, moneda: z.string(), total: decimal, tipo_operacion: z.number().int().nullable() }),
  cliente: eventCustomer,
  renglones: z.array(z.object({ renglon: z.number().int(), producto: eventProduct, cantidad: decimal, precio: decimal, importe: decimal })),
});
export const fieldSaleDeletedEvent = z.object({ cliente: eventCustomer, fecha: date, ventas: z.array(z.number().int()) });
export const visitStateEvent = z.object({ cliente: eventCustomer, fecha: date, estado: z.enum(['normal', 'pendiente', 'no_fuimos']) });
export const containersEvent = z.object({
  cliente: eventCustomer,
  fecha: date,
  /** The quantity of each named container the customer holds after the change (0: none left). */
  envases: z.array(z.object({ producto: eventProduct, cantidad: decimal })),
});
export const fieldCustomerEvent = z.object({
  cliente: eventCustomer.extend({ direccion: z.string(), documento: z.string() }),
});

/**
 * A portal user as the ERP records them: the account's own data (never password material). `telefono` is the
 * SMS-verified mobile (10 digits) and `cuit` the one given at registration; both null for users an administrator created.
 */
const portalUser = z.object({
  id: z.number().int(),
  usuario: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  telefono: nullableText,
  cuit: nullableText,
  /** ISO date-time the account was created. */
  alta: z.string(),
});
const eventCompany = z.object({ cuit: z.string(), razon_social: z.string() });
export const userRegisteredEvent = z
  .object({ usuario: portalUser, empresa: eventCompany, entidades: z.array(eventCustomer) })
  .describe(
    'Un cliente registrado en el portal se vincula a la empresa por su CUIT: el evento es de la empresa a la que se vincula, ' +
      'al vincularse (el registro solo no pertenece a ninguna empresa). `entidades`: los clientes del ERP a los que quedó vinculado.',
  );
export const userEntitiesEvent = z
  .object({
    usuario: portalUser,
    empresa: eventCompany,
    /** Every entity linked after the change (empty: none left, or the user taken out of the company). */
    entidades: z.array(eventCustomer),
    /** ERP codes linked and unlinked by the change. */
    agregadas: z.array(z.number().int()),
    quitadas: z.array(z.number().int()),
  })
  .describe('Un administrador de la empresa cambia los clientes del ERP vinculados a un usuario (alta, edición o baja del usuario en la empresa).');

/** The schema of each kind's `datos`. */
export const INTEGRATION_EVENT_PAYLOADS = {
  'pedido.confirmado': salesOrderEvent,
  'pedido.aprobado': salesOrderApprovedEvent,
  'pedido.aplicado': salesOrderAppliedEvent,
  'orden_compra.confirmada': purchaseOrderEvent,
  'recibo.ingresado': receiptEvent,
  'recibo.aprobado': receiptEvent,
  'recibo.rechazado': receiptEvent,
  'comprobante.autorizado': voucherDecisionEvent,
  'comprobante.rechazado': voucherDecisionEvent,
  'preparacion.confirmada': pickingEvent,
  'preparacion.cancelada': pickingEvent,
  'stock.modificado': stockCountEvent,
  'stock.confirmado': stockCountEvent,
  'venta_campo.registrada': fieldSaleEvent,
  'venta_campo.eliminada': fieldSaleDeletedEvent,
  'visita.estado': visitStateEvent,
  'envases.modificados': containersEvent,
  'cliente_campo.alta': fieldCustomerEvent,
  'usuario.registrado': userRegisteredEvent,
  'usuario.entidades_modificadas': userEntitiesEvent,
} as const satisfies Record<IntegrationEventKind, z.ZodType>;
export type IntegrationEventPayload<K extends IntegrationEventKind> = z.infer<(typeof INTEGRATION_EVENT_PAYLOADS)[K]>;

// ── The feed ───────────────────────────────────────────────────────────────────────────────────────────────────


/** A cursor is a position in the feed: digits, 0 for the beginning. */
export const integrationFeedQuery = z.object({
  desde: z
    .string({ error: integrationEventsMsg.cursorInvalido })
    .regex(/^\d{1,18}$/, integrationEventsMsg.cursorInvalido)
    .default('0')
    .transform((v) => BigInt(v).toString()),
  limite: z.coerce
    .number({ error: integrationEventsMsg.limiteInvalido })
    .int(integrationEventsMsg.limiteInvalido)
    .min(1, integrationEventsMsg.limiteInvalido)
    .max(INTEGRATION_FEED.maxLimit, integrationEventsMsg.limiteInvalido)
    .default(INTEGRATION_FEED.defaultLimit),
});

export const integrationEventWire = z.object({
  /** The event's id (stable; names it in the ERP's answer). */
  id: z.string(),
  /** Its place in the feed: increasing in commit order. */
  posicion: z.string(),
  tipo: z.enum(INTEGRATION_EVENT_KINDS),
  /** ISO date-time of the change. */
  ocurrido: z.string(),
  /** Who made the change: the portal user, when there was one. */
  actor: z.object({ usuario_id: z.number().int().nullable(), nombre: z.string().nullable() }),
  /** The document's key ('pedido/0001-00000042', 'recibo/0001-00000007', 'stock/1/1001', …). */
  sujeto: z.string(),
  /** The kind's data (INTEGRATION_EVENT_PAYLOADS). */
  datos: z.record(z.string(), z.unknown()),
});
export type IntegrationEventWire = z.infer<typeof integrationEventWire>;

export const integrationFeedResponse = z.object({
  success: z.literal(true),
  eventos: z.array(integrationEventWire),
  /** The cursor of the next call (`desde`): the last event's position, or the same cursor when none came. */
  siguiente: z.string(),
  /** More events wait past this page. */
  hay_mas: z.boolean(),
});
export type IntegrationFeedResponse = z.infer<typeof integrationFeedResponse>;

// ── The ERP's answer ───────────────────────────────────────────────────────────────────────────────────────────

/** What the ERP answers to each kind of event: orders are accepted or rejected, receipts applied or rejected. */
export const INTEGRATION_EVENT_RESULTS = {
  'pedido.confirmado': ['aceptado', 'rechazado'],
  'orden_compra.confirmada': ['aceptado', 'rechazado'],
  'recibo.ingresado': ['aplicado', 'rechazado'],
  'recibo.aprobado': ['aplicado', 'rechazado'],
} as const satisfies Partial<Record<IntegrationEventKind, readonly string[]>>;
export const INTEGRATION_RESULTS = ['aceptado', 'rechazado', 'aplicado'] as const;
export type IntegrationResult = (typeof INTEGRATION_RESULTS)[number];

export const integrationEventParams = z.object({
  id: z.string({ error: integrationEventsMsg.eventoInexistente }).regex(/^[1-9]\d{0,17}$/, integrationEventsMsg.eventoInexistente),
});

export const integrationEventResultRequest = z
  .object({
    resultado: z.enum(INTEGRATION_RESULTS, { error: integrationEventsMsg.resultadoInvalido }),
    /** The document's number in the ERP (accepted orders, applied receipts). */
    numero_erp: z.string({ error: integrationEventsMsg.numeroErpObligatorio }).trim().min(1, integrationEventsMsg.numeroErpObligatorio).max(40, integrationEventsMsg.numeroErpLargo).optional(),
    /** Why the ERP rejected it. */
    motivo: z.string({ error: integrationEventsMsg.motivoObligatorio }).trim().min(1, integrationEventsMsg.motivoObligatorio).max(500, integrationEventsMsg.motivoLargo).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.resultado !== 'rechazado' && !v.numero_erp) ctx.addIssue({ code: 'custom', path: ['numero_erp'], message: integrationEventsMsg.numeroErpObligatorio });
    if (v.resultado === 'rechazado' && !v.motivo) ctx.addIssue({ code: 'custom', path: ['motivo'], message: integrationEventsMsg.motivoObligatorio });
  });
export type IntegrationEventResultRequest = z.input<typeof integrationEventResultRequest>;

export const integrationEventResultResponse = z.object({
  success: z.literal(true),
  msg: z.string(),
  evento: z.string(),
  resultado: z.enum(INTEGRATION_RESULTS),
  numero_erp: z.string().nullable(),
  motivo: z.string().nullable(),
  /** The same answer was already recorded: nothing changed. */
  repetido: z.boolean(),
});
export type IntegrationEventResultResponse = z.infer<typeof integrationEventResultResponse>;

/** The ERP's answer as a document's screens show it (orders, receipts); absent until the ERP answers. */
export const erpAnswerWire = z.object({
  estado: z.enum(INTEGRATION_RESULTS),
  numero: z.string().nullable(),
  motivo: z.string().nullable(),
  /** ISO date-time it arrived. */
  fecha: z.string(),
});
export type ErpAnswerWire = z.infer<typeof erpAnswerWire>;

/** The ERP's calls on the feed (under INTEGRATION_API_PREFIX, with a key that may read 'eventos'). */
export const integrationEventRoutes = {
  eventFeed: {
    tag: 'integracion', access: 'integration', method: 'GET', url: '/eventos',
    summary:
      'Eventos del portal de la empresa (pedidos, recibos, preparaciones, stock, ventas de campo…) en orden de confirmación, desde un cursor. ' +
      'Repetir con el mismo cursor devuelve los mismos eventos; ningún evento se saltea',
    query: integrationFeedQuery, response: integrationFeedResponse,
  },
  eventResult: {
    tag: 'integracion', access: 'integration', method: 'POST', url: '/eventos/:id/resultado',
    summary:
      'Respuesta del ERP a un evento: pedido u orden de compra aceptado (con su número en el ERP) o rechazado (con el motivo); recibo aplicado o rechazado. ' +
      'Una vez por evento; la misma respuesta otra vez no cambia nada',
    params: integrationEventParams, body: integrationEventResultRequest, response: integrationEventResultResponse,
  },
} satisfies Record<string, RouteDef>;
