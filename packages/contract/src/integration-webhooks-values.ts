import { LABELS } from './labels.js';

/**
 * The integration's webhooks (docs/integration.md, 'Webhooks') without zod: states, limits and every Spanish text,
 * for the server and the 'Integración' screen.
 */

/** A delivery's state: waiting its turn or its first attempt, failing and retried, delivered, or given up after 24 h. */
export const WEBHOOK_DELIVERY_STATES = ['pendiente', 'fallando', 'entregado', 'agotado'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WEBHOOK_DELIVERY_STATE_LABELS: Record<WebhookDeliveryState, string> = {
  pendiente: 'Pendiente',
  fallando: 'Fallando',
  entregado: LABELS.entregado,
  agotado: 'Agotado',
};

/** The headers a delivery carries (the ERP verifies the signature; the event id deduplicates). */
export const WEBHOOK_HEADERS = {
  signature: 'Portal-Signature',
  eventId: 'Portal-Event-Id',
  eventType: 'Portal-Event-Type',
  attempt: 'Portal-Delivery-Attempt',
} as const;

export const WEBHOOK_LIMITS = {
  urlMax: 2000,
  /** A delivery list page. */
  pageSize: 20,
  /** How long the receiver may take to answer before the attempt counts as failed (ms). */
  timeoutMs: 10_000,
  /** The first retry waits this much; each next one twice as long, up to `retryCapMs`. */
  retryBaseMs: 30_000,
  retryCapMs: 3_600_000,
  /** A delivery is retried for this long after its first attempt, then given up ('agotado'). */
  retryForMs: 24 * 3_600_000,
} as const;

export const webhookMsg = {
  titulo: 'Webhook',
  intro:
    'El portal avisa cada evento al sistema de gestión con un POST firmado a la dirección indicada, y reintenta durante 24 horas si no responde 2xx. ' +
    'Solo para claves que pueden leer eventos.',
  claveElegir: LABELS.clave,
  claveElegirPlaceholder: 'Elija una clave',
  sinClavesEventos: 'Ninguna clave activa puede leer eventos. Cree una con «Eventos» en «Puede leer» para recibirlos por webhook.',
  url: 'Dirección (URL)',
  urlPlaceholder: 'https://erp.cooperativa.com.ar/portal/webhook',
  urlAyuda: 'https:// (o http:// solo para localhost o 127.0.0.1)',
  activo: 'Activo',
  pausado: 'Pausado',
  sinWebhook: 'Esta clave no tiene webhook',
  guardar: 'Guardar webhook',
  quitar: 'Quitar webhook',
  quitarConfirmar: '¿Quitar el webhook? Se dejan de enviar los eventos y se borra el historial de entregas de esta clave.',
  rotar: 'Generar nuevo secreto',
  rotarConfirmar: '¿Generar un nuevo secreto de firma? El anterior deja de valer de inmediato: actualice el ERP con el nuevo.',
  secretoTitulo: 'Secreto de firma',
  secretoAviso: 'Copie el secreto ahora: por seguridad no se volverá a mostrar. El ERP lo usa para verificar la firma (encabezado Portal-Signature).',
  copiar: LABELS.copiar,
  copiado: 'Secreto copiado',
  entendido: 'Ya lo guardé',
  guardado: 'Webhook guardado',
  quitado: 'Webhook quitado',
  rotado: 'Nuevo secreto generado',
  // Deliveries
  entregas: 'Entregas',
  sinEntregas: 'Todavía no hay entregas',
  evento: 'Evento',
  tipo: LABELS.tipo,
  estado: LABELS.estado,
  intentos: 'Intentos',
  ultimoError: 'Último error',
  proximoIntento: 'Próximo intento',
  entregadoEl: LABELS.entregado,
  reenviar: 'Reenviar',
  reenviado: 'La entrega se enviará de nuevo en instantes',
  actualizar: 'Actualizar',
  // Validation and refusals
  urlObligatoria: 'Ingrese la dirección del webhook',
  urlLarga: `La dirección admite hasta ${WEBHOOK_LIMITS.urlMax} caracteres`,
  urlInvalida: 'La dirección debe empezar con https:// (http:// solo para localhost o 127.0.0.1) y no llevar usuario ni contraseña',
  activoInvalido: 'Indique si el webhook está activo (verdadero o falso)',
  paginaInvalida: 'La página debe ser un número entero positivo',
  entregaInexistente: 'La entrega no existe',
  claveSinEventos: 'La clave no puede leer eventos: cree una clave con «Eventos» en «Puede leer» para recibirlos por webhook',
  claveRevocadaWebhook: 'La clave está revocada: no puede tener webhook',
  webhookInexistente: 'La clave no tiene webhook',
  // What a failed attempt records (last error)
  errorEstado: (status: number) => `El receptor respondió ${status}`,
  errorTiempo: (seconds: number) => `Sin respuesta en ${seconds} s`,
  errorConexion: (detail: string) => `No se pudo conectar: ${detail}`,
} as const;

/**
 * Whether a webhook address is acceptable: https to any host, or http only to this machine (localhost, 127.0.0.1,
 * [::1]) for a receiver on the portal's own server; never with credentials in it.
 */
export function isWebhookUrl(value: string): boolean {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  if (u.protocol === 'https:') return u.hostname.length > 0;
  if (u.protocol === 'http:') return ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  return false;
}
