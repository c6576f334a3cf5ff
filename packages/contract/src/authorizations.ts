import { z } from 'zod';
import { idSchema, int4Schema } from './common.js';
import type { RouteDef } from './routes.js';
import { AUTHORIZER_PROFILES, receiptsLimit, receiptsStart } from './receipts.js';
import { RECEIPTS, receiptsMsg } from './receipts-values.js';

/**
 * Voucher authorization (autorizacion): the stock vouchers the ERP holds for a decision, listed by entity, seller and
 * zone, authorized or rejected once with a reason (statements.md §9, docs/decisions/receipts.md). The staff's
 * receipts share its module and its profiles (receipts.ts).
 */

const decimalString = z.string();

// ── Vouchers to authorize ─────────────────────────────────────────────────────────────────────────────────────

const optionalId = z.preprocess((v) => (v === '' || v === undefined ? undefined : v), idSchema(receiptsMsg.estadoInvalido).optional());
export const autorizacionListQuery = z.object({
  start: receiptsStart,
  limit: receiptsLimit(RECEIPTS.authorizationPageSize),
  entidad: optionalId,
  vendedor: optionalId,
  zona: optionalId,
  estado: z.enum(['pendientes', 'decididos'], { error: receiptsMsg.estadoInvalido }).default('pendientes'),
});
export type AutorizacionListQuery = z.input<typeof autorizacionListQuery>;
export const voucherProducto = z.object({ descripcion: z.string(), cantidad: z.string(), importe: decimalString });
export const voucherItem = z.object({
  fecha: z.string(),
  descom: z.string(),
  torig: z.string(),
  norig: z.string(),
  razsoc: z.string(),
  /** Who made the voucher. */
  desusr: z.string(),
  importe: decimalString,
  importe_con_formato: z.string(),
  /** 'Pendiente', 'Autorizado' or 'Rechazado'. */
  desest: z.string(),
  numpre: z.number().int().nullable(),
  deslar2: z.string(),
  codcom: z.string(),
  codtal: z.number().int(),
  numero: z.number().int(),
  productos: z.array(voucherProducto),
  decidido_por: z.string().nullable(),
  decidido_el: z.string().nullable(),
  motivo: z.string().nullable(),
});
export type VoucherItem = z.infer<typeof voucherItem>;
export const autorizacionListResponse = z.object({ success: z.boolean(), msg: z.string(), items: z.array(voucherItem), total: z.number().int() });
export type AutorizacionListResponse = z.infer<typeof autorizacionListResponse>;
const filterItem = z.object({ id: z.number().int(), descripcion: z.string() });
export const autorizacionFiltrosResponse = z.object({
  success: z.literal(true),
  entidad: z.array(filterItem),
  vendedor: z.array(filterItem),
  zona: z.array(filterItem),
});
export type AutorizacionFiltrosResponse = z.infer<typeof autorizacionFiltrosResponse>;
export const autorizacionDecisionQuery = z.object({
  codcom: z.string({ error: receiptsMsg.comprobanteInexistente }).min(1, { error: receiptsMsg.comprobanteInexistente }).max(10),
  codtal: int4Schema(receiptsMsg.comprobanteInexistente),
  numero: int4Schema(receiptsMsg.comprobanteInexistente),
  autoriza: z.enum(['true', 'false', '1', '0'], { error: receiptsMsg.estadoInvalido }).transform((v) => v === 'true' || v === '1'),
  motivo: z.string().trim().max(300).optional(),
  detalle: z.string().trim().max(300).optional(),
}).transform((q, ctx) => {
  const motivo = q.motivo || q.detalle || '';
  if (!motivo) ctx.addIssue({ code: 'custom', message: receiptsMsg.motivoRequerido, path: ['motivo'] });
  return { ...q, motivo };
});
export const autorizacionDecisionResponse = z.object({ success: z.boolean(), data: z.object({ success: z.boolean(), msg: z.string() }) });
export type AutorizacionDecisionResponse = z.infer<typeof autorizacionDecisionResponse>;


// ── Route descriptors ─────────────────────────────────────────────────────────────────────────────────────────

const am = 'autorizacion';

export const authorizationsRoutes = {
  authorizationList: {
    method: 'GET', url: '/proxy/cgi/etenet_getPendAutoStock', tag: 'autorizacion', access: 'company', admin: true, orProfiles: AUTHORIZER_PROFILES, module: am,
    summary: 'Comprobantes de stock pendientes de autorización (o ya decididos: estado=decididos), filtrados por entidad, vendedor y zona; 7 por página',
    query: autorizacionListQuery, response: autorizacionListResponse,
  },
  authorizationFilters: {
    method: 'GET', url: '/proxy/cgi/etenet_getPendAutoStock/filtros', tag: 'autorizacion', access: 'company', admin: true, orProfiles: AUTHORIZER_PROFILES, module: am,
    summary: 'Listas de los filtros entidad, vendedor y zona (id = código, descripcion) de la autorización de comprobantes',
    response: autorizacionFiltrosResponse,
  },
  authorizationDecide: {
    method: 'GET', url: '/proxy/cgi/etenet_putPendAutoStock', tag: 'autorizacion', access: 'company', admin: true, orProfiles: AUTHORIZER_PROFILES, module: am,
    summary: 'Autoriza (autoriza=true) o rechaza (false) un comprobante pendiente con un motivo; se decide una sola vez',
    query: autorizacionDecisionQuery, response: autorizacionDecisionResponse,
  },
} satisfies Record<string, RouteDef>;
