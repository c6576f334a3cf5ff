import { z } from 'zod';
import { idSchema, int4Schema, offsetSchema } from './common.js';
import { PROFILE } from './profiles.js';
import type { RouteDef } from './routes.js';
import { erpAnswerWire } from './integration-events.js';
import { RECEIPTS, receiptsMsg } from './receipts-values.js';
import { LEDGER_CODE } from './ledger-codes.js';

/**
 * Receipts (recibos), and the staff's list, approval and rejection of them: statements.md §2–§8 and
 * docs/decisions/receipts.md. The stock vouchers' authorization is authorizations.ts.
 * Amounts travel as decimal strings ('1234.56'): the browser and the server do their arithmetic with decimal.js,
 * never with floats. The `_con_formato` fields carry the es-AR text.
 */

export * from './receipts-values.js';

// Every number the receipts and authorization routes compare with a column stays inside int4: a larger one is a 400,
// never a 500.
export const receiptsStart = offsetSchema(receiptsMsg.paginaInvalida).default(0);
export const receiptsLimit = (d: number) => z.coerce.number({ error: receiptsMsg.paginaInvalida }).int().min(1, { error: receiptsMsg.paginaInvalida }).max(50, { error: receiptsMsg.paginaInvalida }).default(d);
const flag01 = z.enum(['0', '1', 'true', 'false'], { error: receiptsMsg.estadoInvalido }).transform((v) => v === '1' || v === 'true');
const decimalString = z.string();

// ── Generated receipts ────────────────────────────────────────────────────────────────────────────────────────

/** pendientes=1 pending, 0 approved (§4); rechazados=1 (beyond the spec) the rejected ones, whatever pendientes says. */
export const recibosListQuery = z.object({ start: receiptsStart, limit: receiptsLimit(RECEIPTS.pageSize), pendientes: flag01.default(true), rechazados: flag01.default(false) });
export type RecibosListQuery = z.input<typeof recibosListQuery>;

export const reciboPago = z.object({ descripcion: z.string(), importe: decimalString, importe_con_formato: z.string(), detalle: z.string() });
export const reciboAdjunto = z.object({ id: z.number().int(), nombre: z.string(), tipo: z.string(), tamano: z.number().int() });
export const reciboAplicacion = z.object({ descripcion: z.string(), importe: decimalString, importe_con_formato: z.string() });
export const reciboItem = z.object({
  id: z.number().int(),
  /** 'Recibo provisorio' (pending), 'Recibo' (approved) or 'Recibo rechazado'. */
  descom: z.string(),
  /** The receipt's date, dd/mm/yyyy. */
  forig_id: z.string(),
  fecha: z.string(),
  torig: z.string(),
  /** '0002-00000012' */
  norig: z.string(),
  importe: decimalString,
  importe_con_formato: z.string(),
  estado: z.enum(['pendiente', 'aprobado', 'rechazado']),
  codcom: z.string(),
  codtal: z.number().int(),
  numero: z.number().int(),
  entidad: z.string(),
  observacion: z.string(),
  aprobado_por: z.string().nullable(),
  aprobado_el: z.string().nullable(),
  rechazado_por: z.string().nullable(),
  rechazado_el: z.string().nullable(),
  motivo_rechazo: z.string().nullable(),
  pagos: z.array(reciboPago),
  comprobantes: z.array(reciboAplicacion),
  adjuntos: z.array(reciboAdjunto),
  /** The ERP's answer (applied with its number, or rejected with the reason); null until it answers. */
  erp: erpAnswerWire.nullable().optional(),
});
export type ReciboItem = z.infer<typeof reciboItem>;
export const recibosListResponse = z.object({ success: z.literal(true), items: z.array(reciboItem), total: z.number().int() });
export type RecibosListResponse = z.infer<typeof recibosListResponse>;

// ── Pending documents ─────────────────────────────────────────────────────────────────────────────────────────

export const pendienteItem = z.object({
  /** The document (account movement) to apply to: comprobantes[].id of the post. */
  id: z.number().int(),
  descomp: z.string(),
  letra: z.string().nullable(),
  torig: z.string(),
  norig: z.string(),
  fecha: z.string(),
  /** Due date dd/mm/yyyy, or '' when the document has none. */
  fecha_venc_id: z.string(),
  vencido: z.boolean(),
  importe_total: decimalString,
  /** What receipts apply to it: approved ones and those awaiting approval (outstanding = total − aplicado). */
  importe_aplicado: decimalString,
  /** The part of importe_aplicado in receipts still awaiting approval: the ledger has not taken it yet. */
  importe_en_aprobacion: decimalString,
  importe_saldo: decimalString,
  importe_saldo_con_formato: z.string(),
});
export type PendienteItem = z.infer<typeof pendienteItem>;
export const pendientesResponse = z.object({
  success: z.literal(true),
  items: z.array(pendienteItem),
  /** Today in Buenos Aires (YYYY-MM-DD): the receipt's default date and the latest one allowed. */
  hoy: z.string(),
  parametros: z.object({ permite_anticipos: z.boolean(), modifica_fecha: z.boolean() }),
});
export type PendientesResponse = z.infer<typeof pendientesResponse>;

// ── Payment methods ───────────────────────────────────────────────────────────────────────────────────────────

export const campoOption = z.object({ id: z.string(), descripcion: z.string() });
export const campo = z.object({
  id: z.string(),
  id_ep: z.string().nullable(),
  label: z.string(),
  type: z.enum(['input', 'select', 'date', 'checkbox']),
  /** 'cuit': a CUIT (11 digits with its check digit), checked by cuitFieldError on both sides. */
  inputtype: z.enum(['text', 'number', 'file', 'cuit']),
  suma: z.boolean(),
  required: z.boolean(),
  requiredFile: z.boolean(),
  placeholder: z.string(),
  options: z.array(campoOption),
  value: z.string(),
  selected: z.string(),
  opc: z.string(),
});
export type Campo = z.infer<typeof campo>;
export const formaCobro = z.object({ codcon: z.number().int(), descon: z.string(), campos: z.array(campo) });
export type FormaCobro = z.infer<typeof formaCobro>;
export const formasCobroResponse = z.object({ success: z.literal(true), items: z.array(formaCobro) });
export type FormasCobroResponse = z.infer<typeof formasCobroResponse>;

// ── Posting a receipt (multipart) ─────────────────────────────────────────────────────────────────────────────

/** One payment line: its method and the value of each field; a file field names its part by index in files[]. */
export const formaPagoLine = z.object({
  codcon: idSchema(receiptsMsg.formaCobroInexistente, { coerce: false }),
  campos: z
    .array(
      z.object({
        id: z.string().max(60),
        value: z.union([z.string().max(200), z.boolean(), z.null()]).optional(),
        file: z.number().int().min(0).max(RECEIPTS.maxFiles - 1).optional(),
      }),
    )
    .max(30),
});
export type FormaPagoLine = z.infer<typeof formaPagoLine>;
export const formaPagoList = z.array(formaPagoLine, { error: receiptsMsg.alMenosUnCobro }).min(1, { error: receiptsMsg.alMenosUnCobro }).max(20);
export const comprobanteLine = z.object({ id: idSchema(undefined, { coerce: false }), importe: z.union([z.string(), z.number()]) });
export const comprobantesList = z.array(comprobanteLine).max(200);
export const observacionesValue = z.object({
  fecha: z.string({ error: receiptsMsg.fechaInvalida }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: receiptsMsg.fechaInvalida }),
  observacion: z.string().max(RECEIPTS.maxObservation, { error: receiptsMsg.observacionLarga }).default(''),
});

/** The text fields of POST /proxy/recibos, as they arrive in the multipart form (JSON where structured). */
export const reciboPostFields = z.object({
  formaPago: z.string({ error: receiptsMsg.alMenosUnCobro }),
  comprobantes: z.string().default('[]'),
  observaciones: z.string({ error: receiptsMsg.fechaInvalida }),
  totalSeleccionado: z.string({ error: receiptsMsg.totalesNoCoinciden }),
  totalAcobrar: z.string({ error: receiptsMsg.verifiqueImportes }),
});
export const reciboPostResponse = z.object({
  success: z.literal(true),
  title: z.string(),
  msg: z.string(),
  cuit: z.string(),
  recibo: reciboItem,
  /** true when this answer repeats a receipt already made with the same Idempotency-Key. */
  repetido: z.boolean(),
});
export type ReciboPostResponse = z.infer<typeof reciboPostResponse>;

export const reciboParams = z.object({ id: idSchema(receiptsMsg.reciboInexistente) });
export const adjuntoParams = reciboParams.extend({ adjunto: idSchema(receiptsMsg.adjuntoInexistente) });
export const reciboPrintQuery = z.object({
  codcom: z.string().max(10).default(LEDGER_CODE.receipt),
  codtal: int4Schema(receiptsMsg.reciboInexistente),
  numero: int4Schema(receiptsMsg.reciboInexistente),
  cooperativa: z.string().optional(),
  type: z.literal('rdiprovisorio', { error: receiptsMsg.estadoInvalido }),
  imprime: z.string().optional(),
});
export const reciboPrintResponse = z.object({ success: z.literal(true), archivos: z.object({ archivo: z.string() }) });
export const reciboShareResponse = z.object({ success: z.literal(true), url: z.string(), texto: z.string(), vence: z.string() });
export type ReciboShareResponse = z.infer<typeof reciboShareResponse>;
export const reciboApproveResponse = z.object({ success: z.literal(true), msg: z.string(), recibo: reciboItem });
export const reciboRejectBody = z.object({
  motivo: z
    .string({ error: receiptsMsg.motivoRequerido })
    .trim()
    .min(1, { error: receiptsMsg.motivoRequerido })
    .max(300, { error: receiptsMsg.motivoLargo }),
});
export type ReciboRejectBody = z.infer<typeof reciboRejectBody>;

// ── Route descriptors ─────────────────────────────────────────────────────────────────────────────────────────

const rm = 'recibos';
/** The staff's receipts belong to the authorizer's module ('autorizacion'), with the vouchers (authorizations.ts). */
const am = 'autorizacion';
/** Staff who approve receipts and decide vouchers: the company's administrators and the authorizer profile (6). */
export const AUTHORIZER_PROFILES = [PROFILE.autorizador] as const;

export const receiptsRoutes = {
  list: {
    method: 'GET', url: '/proxy/recibos/getAllRecibos', tag: 'recibos', access: 'entity', module: rm,
    summary: 'Recibos generados de la entidad: pendientes=1 (pendientes de aprobación) o 0 (aprobados), o rechazados=1; 5 por página',
    query: recibosListQuery, response: recibosListResponse,
  },
  pending: {
    method: 'GET', url: '/proxy/recibos/getAllPendientes', tag: 'recibos', access: 'entity', module: rm,
    summary: 'Documentos de la entidad con saldo pendiente (ARS), con su saldo ya descontado de los recibos aprobados y de los pendientes de aprobación',
    response: pendientesResponse,
  },
  methods: {
    method: 'GET', url: '/proxy/recibos/getAllFormasCobro', tag: 'recibos', access: 'entity', module: rm,
    summary: 'Formas de cobro de la empresa y sus campos dinámicos (input, select, date, checkbox, archivo)',
    response: formasCobroResponse,
  },
  post: {
    method: 'POST', url: '/proxy/recibos', tag: 'recibos', access: 'entity', module: rm,
    summary:
      'Genera un recibo (multipart/form-data: files[], formaPago, comprobantes, observaciones, totalSeleccionado, totalAcobrar) con el ' +
      'encabezado Idempotency-Key (una clave por intento: repetir el envío devuelve el mismo recibo). Archivos: PDF, JPG o PNG ' +
      '(según su contenido), hasta 5 MB cada uno, 10 archivos y 20 MB en total. El servidor recalcula los totales',
    response: reciboPostResponse,
  },
  pdf: {
    method: 'GET', url: '/proxy/recibos/:id/pdf', tag: 'recibos', access: 'entity', module: rm,
    summary: 'PDF del recibo de esta entidad', params: reciboParams, response: z.any(),
  },
  share: {
    method: 'GET', url: '/proxy/recibos/:id/compartir', tag: 'recibos', access: 'entity', module: rm,
    summary: 'Enlace público firmado (7 días, GET /compartido/{token}) al PDF del recibo y texto para compartir por WhatsApp',
    params: reciboParams, response: reciboShareResponse,
  },
  attachment: {
    method: 'GET', url: '/proxy/recibos/:id/adjuntos/:adjunto', tag: 'recibos', access: 'entity', module: rm,
    summary: 'Archivo adjunto a un cobro del recibo (solo de esta entidad)', params: adjuntoParams, response: z.any(),
  },
  print: {
    method: 'GET', url: '/proxy/recibo', tag: 'recibos', access: 'entity',
    module: rm,
    summary: 'Impresión del recibo provisorio (type=rdiprovisorio, imprime=true): archivos.archivo es el PDF en base64',
    query: reciboPrintQuery, response: reciboPrintResponse,
  },
  staffList: {
    method: 'GET', url: '/proxy/recibos/gestion', tag: 'recibos', access: 'company', admin: true, orProfiles: AUTHORIZER_PROFILES, module: am,
    summary: 'Recibos de todas las entidades de la empresa, pendientes=1 o 0, o rechazados=1 (administradores y autorizadores)',
    query: recibosListQuery, response: recibosListResponse,
  },
  staffApprove: {
    method: 'POST', url: '/proxy/recibos/gestion/:id/aprobar', tag: 'recibos', access: 'company', admin: true, orProfiles: AUTHORIZER_PROFILES, module: am,
    summary:
      'Aprueba un recibo pendiente (una sola vez): se aplica a sus documentos (bajan sus saldos), su crédito entra en la cuenta ' +
      'corriente y pasa a Aprobados',
    params: reciboParams, response: reciboApproveResponse,
  },
  staffReject: {
    method: 'POST', url: '/proxy/recibos/gestion/:id/rechazar', tag: 'recibos', access: 'company', admin: true, orProfiles: AUTHORIZER_PROFILES, module: am,
    summary: 'Rechaza un recibo pendiente con un motivo (una sola vez): libera los saldos que reservaba y no toca la cuenta corriente',
    params: reciboParams, body: reciboRejectBody, response: reciboApproveResponse,
  },
  staffPdf: {
    method: 'GET', url: '/proxy/recibos/gestion/:id/pdf', tag: 'recibos', access: 'company', admin: true, orProfiles: AUTHORIZER_PROFILES, module: am,
    summary: 'PDF de un recibo de cualquier entidad de la empresa', params: reciboParams, response: z.any(),
  },
  staffAttachment: {
    method: 'GET', url: '/proxy/recibos/gestion/:id/adjuntos/:adjunto', tag: 'recibos', access: 'company', admin: true, orProfiles: AUTHORIZER_PROFILES, module: am,
    summary: 'Archivo adjunto de un recibo de cualquier entidad de la empresa', params: adjuntoParams, response: z.any(),
  },
} satisfies Record<string, RouteDef>;
