import { z } from 'zod';
import { idSchema } from './common.js';
import { orderingMsg } from './ordering-messages.js';
import type { RouteDef } from './routes.js';
import { QUICK_ORDER, QUICK_STATES, quickOrderMsg } from './quick-order-values.js';

/** The quick order's calls and their schemas; its rules, texts and parsers, which screens load without zod, are in quick-order-values.ts. */
// ---------------------------------------------------------------------------------------------------------------
// Calls

const line = z.object({
  linea: z.number({ error: orderingMsg.productoObligatorio }).int().min(1).max(1_000_000),
  codigo: z.string({ error: orderingMsg.productoObligatorio }).trim().min(1, { error: orderingMsg.productoObligatorio }).max(QUICK_ORDER.maxCodeLength, { error: orderingMsg.productoObligatorio }),
  cantidad: z.string({ error: orderingMsg.cantidadMinima }).regex(/^\d{1,9}(\.\d{1,6})?$/, { error: orderingMsg.cantidadMinima }),
});

/**
 * POST /proxy/pedidos/rapido (and /proxy/ordenescompra/rapido): the pasted text, or lines already read, or a past
 * order to repeat (sales only). Exactly one of them.
 */
export const quickResolveBody = z
  .object({
    texto: z.string({ error: quickOrderMsg.vacio }).max(QUICK_ORDER.maxTextChars, { error: quickOrderMsg.textoLargo }).optional(),
    lineas: z
      .array(line, { error: quickOrderMsg.vacio })
      .min(1, { error: quickOrderMsg.vacio })
      .max(QUICK_ORDER.maxLines, { error: quickOrderMsg.demasiados(QUICK_ORDER.maxLines + 1) })
      .optional(),
    historial_id: idSchema(orderingMsg.historialInexistente).optional(),
  })
  .refine((b) => [b.texto, b.lineas, b.historial_id].filter((v) => v !== undefined).length === 1, { error: quickOrderMsg.vacio });
export type QuickResolveBody = z.input<typeof quickResolveBody>;

export const quickProduct = z.object({
  id: z.number().int(),
  nombre: z.string(),
  codart: z.number().int(),
  codigo_alfanumerico: z.string(),
  unimed_venta_completa: z.string(),
  /** '40 kg' when the product is sold by packages of more than one unit, else ''. */
  cantidad_envase_con_formato: z.string(),
  factor_venta: z.number(),
  /** Null when the product has no price for this entity (not available). */
  precio_final: z.number().nullable(),
  precio_final_con_formato: z.string(),
  moneda_simbolo: z.string(),
  url: z.array(z.string()),
});
export type QuickProduct = z.infer<typeof quickProduct>;

export const quickSuggestion = z.object({ id: z.number().int(), codart: z.number().int(), codigo_alfanumerico: z.string(), nombre: z.string() });
export type QuickSuggestion = z.infer<typeof quickSuggestion>;

export const quickLine = z.object({
  /** The source lines (several when duplicated lines were merged). */
  lineas: z.array(z.number().int()),
  codigo: z.string(),
  estado: z.enum(QUICK_STATES),
  /** Why the line is not simply ready ('' when it is). */
  motivo: z.string(),
  /** The quantity asked (decimal string, summed when merged) and the one that goes to the cart. */
  cantidad_pedida: z.string(),
  cantidad: z.number(),
  cantidad_con_formato: z.string(),
  producto: quickProduct.nullable(),
  subtotal: z.number().nullable(),
  subtotal_con_formato: z.string(),
  sugerencias: z.array(quickSuggestion),
});
export type QuickLine = z.infer<typeof quickLine>;

export const quickResolveResponse = z.object({
  success: z.literal(true),
  renglones: z.array(quickLine),
  resumen: z.object({
    listo: z.number().int(),
    ajustado: z.number().int(),
    no_encontrado: z.number().int(),
    no_disponible: z.number().int(),
    duplicado: z.number().int(),
  }),
  /** An upload: the sheet's columns and those used (0-based), so the customer can choose others. */
  columnas: z.array(z.string()).optional(),
  columna_codigo: z.number().int().nullable().optional(),
  columna_cantidad: z.number().int().nullable().optional(),
  /** An upload whose columns were not recognised: the customer chooses them (renglones is empty). */
  aviso: z.string().optional(),
  /** A repeat: the order's conditions, copied with its lines. */
  historial_id: z.number().int().optional(),
});
export type QuickResolveResponse = z.infer<typeof quickResolveResponse>;

/** The upload's chosen columns (0-based), sent as multipart fields beside the file. */
export const quickUploadFields = z.object({
  columna_codigo: z.coerce.number({ error: quickOrderMsg.columnaInvalida }).int({ error: quickOrderMsg.columnaInvalida }).min(0, { error: quickOrderMsg.columnaInvalida }).max(200, { error: quickOrderMsg.columnaInvalida }).optional(),
  columna_cantidad: z.coerce.number({ error: quickOrderMsg.columnaInvalida }).int({ error: quickOrderMsg.columnaInvalida }).min(0, { error: quickOrderMsg.columnaInvalida }).max(200, { error: quickOrderMsg.columnaInvalida }).optional(),
});

const q = (kind: 'pedidos' | 'ordenescompra') =>
  ({
    resolve: {
      method: 'POST', url: `/proxy/${kind}/rapido`, tag: kind, access: 'entity', module: kind,
      summary:
        `Pedido rápido: revisa hasta ${QUICK_ORDER.maxLines} renglones (texto pegado, renglones leídos` +
        (kind === 'pedidos' ? ' o historial_id para Repetir compra' : '') +
        ') contra el catálogo y las listas de precios de la entidad; no escribe nada',
      body: quickResolveBody, response: quickResolveResponse,
    },
    upload: {
      method: 'POST', url: `/proxy/${kind}/rapido/archivo`, tag: kind, access: 'entity', module: kind,
      summary:
        `Pedido rápido desde una planilla (multipart/form-data: archivo XLSX o CSV de hasta 2 MB, primera hoja; columna_codigo y ` +
        `columna_cantidad opcionales, 0 = columna A): la revisa como POST /proxy/${kind}/rapido`,
      response: quickResolveResponse,
    },
    template: {
      method: 'GET', url: `/proxy/${kind}/rapido/plantilla`, tag: kind, access: 'entity', module: kind,
      summary: 'Plantilla XLSX del pedido rápido (Código, Cantidad, Descripción)', response: z.any(),
    },
  }) satisfies Record<string, RouteDef>;

export const quickOrderRoutes = { sales: q('pedidos'), purchase: q('ordenescompra') };
