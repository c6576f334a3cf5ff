import { z } from 'zod';
import type { RouteDef } from './routes.js';
import { integrationKeyParams } from './integration.js';
import { INTEGRATION_EVENT_KINDS } from './integration-events.js';
import { isWebhookUrl, WEBHOOK_DELIVERY_STATES, WEBHOOK_LIMITS, webhookMsg } from './integration-webhooks-values.js';

/**
 * The integration's webhooks (docs/integration.md, 'Webhooks'): per key, an optional address the portal POSTs each
 * event to, signed with the key's webhook secret; the administrator sets it, sees the deliveries and resends one.
 */

export const setWebhookRequest = z.object({
  url: z
    .string({ error: webhookMsg.urlObligatoria })
    .trim()
    .min(1, webhookMsg.urlObligatoria)
    .max(WEBHOOK_LIMITS.urlMax, webhookMsg.urlLarga)
    .refine(isWebhookUrl, webhookMsg.urlInvalida),
  activo: z.boolean({ error: webhookMsg.activoInvalido }).default(true),
});
export type SetWebhookRequest = z.input<typeof setWebhookRequest>;

export const webhookWire = z.object({
  url: z.string(),
  activo: z.boolean(),
  creado: z.string(),
  actualizado: z.string(),
  /** When the signing secret was last generated. */
  secreto_generado: z.string(),
});
export type WebhookWire = z.infer<typeof webhookWire>;

export const webhookResponse = z.object({ success: z.literal(true), webhook: webhookWire.nullable() });
export type WebhookResponse = z.infer<typeof webhookResponse>;
/** Saving answers the secret only when it was just generated (a new webhook, or a rotation). */
export const setWebhookResponse = z.object({ success: z.literal(true), msg: z.string(), webhook: webhookWire, secreto: z.string().optional() });
export type SetWebhookResponse = z.infer<typeof setWebhookResponse>;
export const removeWebhookResponse = z.object({ success: z.literal(true), msg: z.string() });

export const webhookDeliveryWire = z.object({
  id: z.string(),
  evento: z.string(),
  tipo: z.enum(INTEGRATION_EVENT_KINDS),
  sujeto: z.string(),
  estado: z.enum(WEBHOOK_DELIVERY_STATES),
  intentos: z.number().int(),
  ultimo_error: z.string().nullable(),
  ultimo_estado_http: z.number().int().nullable(),
  proximo_intento: z.string().nullable(),
  entregado: z.string().nullable(),
  creado: z.string(),
});
export type WebhookDeliveryWire = z.infer<typeof webhookDeliveryWire>;

export const webhookDeliveriesQuery = z.object({
  pagina: z.coerce.number({ error: webhookMsg.paginaInvalida }).int(webhookMsg.paginaInvalida).min(1, webhookMsg.paginaInvalida).max(100_000, webhookMsg.paginaInvalida).default(1),
});
export const webhookDeliveriesResponse = z.object({
  success: z.literal(true),
  items: z.array(webhookDeliveryWire),
  total: z.number().int(),
  pagina: z.number().int(),
  por_pagina: z.number().int(),
});
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponse>;

/** A delivery's id (a bigint, as the events'): its digits, as the feed takes an event's. */
const deliveryId = z.string({ error: webhookMsg.entregaInexistente }).regex(/^[1-9]\d{0,17}$/, webhookMsg.entregaInexistente);
export const webhookDeliveryParams = integrationKeyParams.extend({ entrega: deliveryId });
export const resendDeliveryResponse = z.object({ success: z.literal(true), msg: z.string(), entrega: webhookDeliveryWire });

const admin = { tag: 'integracion-admin', access: 'company', admin: true } as const;

/** The administrator's webhook calls of the 'Integración' screen (under /api/public, with a user session). */
export const integrationWebhookRoutes = {
  webhook: {
    ...admin, method: 'GET', url: '/proxy/integracion/claves/:id/webhook',
    summary: 'El webhook de una clave (sin su secreto), o null', params: integrationKeyParams, response: webhookResponse,
  },
  setWebhook: {
    ...admin, method: 'PUT', url: '/proxy/integracion/claves/:id/webhook',
    summary: 'Crea o cambia el webhook de una clave (dirección, activo); al crearlo, el secreto de firma se muestra solo en esta respuesta',
    params: integrationKeyParams, body: setWebhookRequest, response: setWebhookResponse,
  },
  rotateWebhookSecret: {
    ...admin, method: 'POST', url: '/proxy/integracion/claves/:id/webhook/secreto',
    summary: 'Genera un nuevo secreto de firma del webhook (el anterior deja de valer); se muestra solo en esta respuesta',
    params: integrationKeyParams, response: setWebhookResponse,
  },
  removeWebhook: {
    ...admin, method: 'DELETE', url: '/proxy/integracion/claves/:id/webhook',
    summary: 'Quita el webhook de una clave y su historial de entregas', params: integrationKeyParams, response: removeWebhookResponse,
  },
  deliveries: {
    ...admin, method: 'GET', url: '/proxy/integracion/claves/:id/entregas',
    summary: 'Entregas del webhook de una clave, las más recientes primero, con estado, intentos y último error',
    params: integrationKeyParams, query: webhookDeliveriesQuery, response: webhookDeliveriesResponse,
  },
  resendDelivery: {
    ...admin, method: 'POST', url: '/proxy/integracion/claves/:id/entregas/:entrega/reenviar',
    summary: 'Vuelve a enviar una entrega (aun entregada o agotada): queda pendiente ya',
    params: webhookDeliveryParams, response: resendDeliveryResponse,
  },
} satisfies Record<string, RouteDef>;
