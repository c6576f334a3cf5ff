import { z } from 'zod';
import type { RouteDef } from './routes.js';
import { idSchema } from './common.js';
import { DIAS, ESTADOS_VISITA, FIELD_LIMITS, fieldMsg, lineAmountAllowed, SEMANAS_MAX, TURNOS } from './field-values.js';

/**
 * Field sales (field-warehouse.md: Visitas, customer detail, Envases; §7 'Visits and sales'). These calls live
 * under their own base (§7: "relative to a base that differs from the main one"): FIELD_API_PREFIX on this
 * server; the web app reads it from its configuration (VITE_FIELD_API_BASE). Decisions: docs/decisions/field.md.
 */

export * from './field-values.js';
const isoDay = z
  .string({ error: fieldMsg.fechaInvalida })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: fieldMsg.fechaInvalida })
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, { error: fieldMsg.fechaInvalida });

const entityId = idSchema(fieldMsg.clienteInvalido);
const productId = idSchema(fieldMsg.productoInvalido);
/** A row's product left empty (§5: the row is ignored); any other value that is not an id is refused. */
const noProduct = (v: unknown) => v === undefined || v === null || v === '' || v === 0 || v === '0';
const decimals = (n: number, places: number) => Math.abs(n * 10 ** places - Math.round(n * 10 ** places)) < 1e-6;

// ── Visits ──────────────────────────────────────────────────────────────────────────────────────────────────

export const estadoRequest = z.object({
  fecha: isoDay,
  codent_id: entityId,
  estado: z.enum(ESTADOS_VISITA, { error: fieldMsg.estadoInvalido }),
});
export type EstadoRequest = z.infer<typeof estadoRequest>;

export const visitaCliente = z.object({
  ventas_id: z.number().nullable(),
  id: z.number(),
  codenti_id: z.number(),
  nombre: z.string(),
  lugar_entrega: z.string(),
  turno: z.enum(TURNOS),
  num_documento: z.string(),
  estado_venta: z.enum(['realizado', 'pendiente']),
  es_nuevo: z.boolean(),
  hora: z.string().nullable(),
  detalle: z.string(),
  estado: z.enum(ESTADOS_VISITA),
});
export type VisitaCliente = z.infer<typeof visitaCliente>;

export const visitasResponse = z.object({
  success: z.literal(true),
  fecha: z.string(),
  dia: z.enum(DIAS),
  clientes: z.array(visitaCliente),
  turnos: z.array(z.enum(TURNOS)),
});
export type VisitasResponse = z.infer<typeof visitasResponse>;

/**
 * §4 'Planner day: index Monday to Sunday, with a week offset': `day` is the weekday (today's when missing) and
 * `semana` the week counted from the current one (0 this week, 1 the next, -1 the previous).
 */
export const visitasHoyQuery = z.object({
  day: z.enum(DIAS, { error: fieldMsg.diaInvalido }).optional(),
  semana: z
    .string({ error: fieldMsg.semanaInvalida })
    .regex(/^-?\d{1,3}$/, { error: fieldMsg.semanaInvalida })
    .transform(Number)
    .refine((n) => Math.abs(n) <= SEMANAS_MAX, { error: fieldMsg.semanaInvalida })
    .optional(),
});
export const visitasFechaQuery = z.object({ date: isoDay });

// ── Sales ───────────────────────────────────────────────────────────────────────────────────────────────────

export const tipoOperacion = z.object({ id: z.number(), value: z.number(), descripcion: z.string() });
export const tiposOperacionResponse = z.object({ success: z.literal(true), productos: z.array(tipoOperacion) });
export type TipoOperacion = z.infer<typeof tipoOperacion>;

export const clienteDetalle = z.object({
  id: z.number(),
  generalId: z.number(),
  nombre: z.string(),
  direccion: z.string(),
  documento: z.string(),
  hora: z.string().nullable(),
  estado: z.enum(ESTADOS_VISITA),
});
export type ClienteDetalle = z.infer<typeof clienteDetalle>;

export const compra = z.object({
  producto: z.string(),
  producto_id: z.number(),
  cantidad: z.string(),
  precio: z.string(),
  subtotal: z.string(),
  es_envase: z.boolean(),
  ventas_id: z.number().nullable(),
});
export type Compra = z.infer<typeof compra>;

export const ventasProductsParams = z.object({ clientId: entityId, date: isoDay });
export const ventasProductsResponse = z.object({
  success: z.literal(true),
  cliente: clienteDetalle,
  compras: z.array(compra),
  total: z.string(),
});
export type VentasProductsResponse = z.infer<typeof ventasProductsResponse>;

const cantidadVenta = z.coerce
  .number({ error: fieldMsg.cantidadInvalida })
  .refine((n) => Number.isFinite(n) && n <= FIELD_LIMITS.cantidadMax && decimals(n, 3), { error: fieldMsg.cantidadInvalida });
const precioVenta = z
  .union([z.number(), z.string(), z.null()], { error: fieldMsg.precioInvalido })
  .optional()
  // §5: a missing price counts as 0.
  .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? '0' : String(v).trim()))
  .refine((s) => /^\d{1,9}(\.\d{1,2})?$/.test(s) && Number(s) <= FIELD_LIMITS.precioMax, { error: fieldMsg.precioInvalido });


/**
 * §3 'Sales order as sent'. Rows without a product or with a quantity of 0 or less are ignored (§5); the server
 * recomputes importe_total from the rows it keeps and answers it, whatever the browser sent.
 */
export const pedidoRequest = z
  .object({
    fecha: isoDay,
    codentiId: entityId,
    tipoOperacion: idSchema(fieldMsg.tipoOperacionInexistente).nullable().optional(),
    importe_total: z.union([z.number(), z.string()]).optional(),
    renglones: z
      .array(z.object({ codprodId: z.unknown().optional(), cantidadStock: z.unknown().optional(), precio_unitario: z.unknown().optional() }), { error: fieldMsg.sinRenglones })
      .max(200, { error: fieldMsg.demasiadosRenglones }),
  })
  .transform((o, ctx) => {
    const kept: Array<{ codprodId: number; cantidadStock: number; precio_unitario: string }> = [];
    for (const r of o.renglones) {
      const product = productId.safeParse(r.codprodId);
      const qty = Number(r.cantidadStock);
      if (!product.success && !noProduct(r.codprodId)) {
        ctx.addIssue({ code: 'custom', message: fieldMsg.productoInvalido, path: ['renglones'] });
        return z.NEVER;
      }
      if (!product.success || !(qty > 0)) continue;
      const q = cantidadVenta.safeParse(r.cantidadStock);
      if (!q.success) {
        ctx.addIssue({ code: 'custom', message: fieldMsg.cantidadInvalida, path: ['renglones'] });
        return z.NEVER;
      }
      const p = precioVenta.safeParse(r.precio_unitario);
      if (!p.success) {
        ctx.addIssue({ code: 'custom', message: fieldMsg.precioInvalido, path: ['renglones'] });
        return z.NEVER;
      }
      if (!lineAmountAllowed(q.data, p.data)) {
        ctx.addIssue({ code: 'custom', message: fieldMsg.importeRenglonExcedido, path: ['renglones'] });
        return z.NEVER;
      }
      kept.push({ codprodId: product.data, cantidadStock: q.data, precio_unitario: p.data });
    }
    if (kept.length === 0) {
      ctx.addIssue({ code: 'custom', message: fieldMsg.sinRenglones, path: ['renglones'] });
      return z.NEVER;
    }
    return { fecha: o.fecha, codentiId: o.codentiId, tipoOperacion: o.tipoOperacion ?? null, renglones: kept };
  });
export type PedidoRequest = z.input<typeof pedidoRequest>;

export const pedidoResponse = z.object({
  success: z.literal(true),
  msg: z.string(),
  id: z.number(),
  importe_total: z.string(),
  /** true when this key had already been recorded: the answer is the first one's, nothing new was written. */
  repetido: z.boolean(),
});
export type PedidoResponse = z.infer<typeof pedidoResponse>;

const idList = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, { error: message })
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.every((n) => n > 0 && n <= 2_147_483_647), { error: message });
const keyList = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[A-Za-z0-9_-]{8,100}(,[A-Za-z0-9_-]{8,100}){0,199}$/, { error: message })
    .transform((s) => [...new Set(s.split(','))]);

/**
 * The sales a deletion is about: the ones the phone showed (`ventas`: their ids; `claves`: the Idempotency-Keys of
 * sales it made and had not seen answered). A sale recorded meanwhile by another phone is in neither and stays.
 * Without both, every sale of the customer and day is deleted (the call as §7 shows it).
 */
export const borrarPedidoQuery = z.object({
  ventas: idList(fieldMsg.ventasInvalidas).optional(),
  claves: keyList(fieldMsg.ventasInvalidas).optional(),
});

/** `repetido`: this Idempotency-Key had already deleted (the first answer, nothing deleted now). */
export const deletePedidoResponse = z.object({ success: z.literal(true), msg: z.string(), eliminados: z.number(), repetido: z.boolean() });

const cantidadEnvase = (v: unknown): number | null => {
  const n = v === null || v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/**
 * Containers of a customer on a day, sent as changes (docs/decisions/field.md, 'Containers'): a row with
 * `anterior` says "this product went from `anterior` (what the phone showed) to `cantidad`", and the server adds
 * that difference to what it has, so two phones' changes merge; a row without `anterior` sets that product's
 * quantity. Products not named stay as they are.
 */
export const envasesRequest = z
  .object({
    clienteId: z.unknown().optional(),
    fecha: z.unknown().optional(),
    envases: z
      .array(z.object({ productoId: z.unknown().optional(), cantidad: z.unknown().optional(), anterior: z.unknown().optional() }), { error: fieldMsg.faltanDatos })
      .max(200),
  })
  .transform((o, ctx) => {
    const client = entityId.safeParse(o.clienteId);
    const date = isoDay.safeParse(o.fecha);
    if (!client.success || !date.success) {
      ctx.addIssue({ code: 'custom', message: fieldMsg.faltanDatos });
      return z.NEVER;
    }
    // §5: only rows with a product and a quantity of at least 0 are kept.
    const rows = new Map<number, { cantidad: number; anterior: number | null }>();
    for (const r of o.envases) {
      const product = productId.safeParse(r.productoId);
      if (!product.success && !noProduct(r.productoId)) {
        ctx.addIssue({ code: 'custom', message: fieldMsg.productoInvalido });
        return z.NEVER;
      }
      const qty = cantidadEnvase(r.cantidad);
      if (!product.success || qty === null) continue;
      const before = r.anterior === undefined || r.anterior === null ? null : cantidadEnvase(r.anterior);
      const bad = (n: number) => n > FIELD_LIMITS.cantidadMax || !decimals(n, 3);
      if (bad(qty) || (r.anterior !== undefined && r.anterior !== null && (before === null || bad(before)))) {
        ctx.addIssue({ code: 'custom', message: fieldMsg.cantidadEnvaseInvalida });
        return z.NEVER;
      }
      const had = rows.get(product.data);
      rows.set(product.data, had
        ? { cantidad: had.cantidad + qty, anterior: had.anterior !== null && before !== null ? had.anterior + before : null }
        : { cantidad: qty, anterior: before });
    }
    return { clienteId: client.data, fecha: date.data, envases: [...rows].map(([productoId, r]) => ({ productoId, ...r })) };
  });
export type EnvasesRequest = z.input<typeof envasesRequest>;
export const envasesResponse = z.object({ success: z.literal(true), msg: z.string(), guardados: z.number() });

// ── Products and customers ──────────────────────────────────────────────────────────────────────────────────

export const productoDisponible = z.object({ id: z.number(), nombre: z.string(), precio: z.string() });
export type ProductoDisponible = z.infer<typeof productoDisponible>;
export const productosResponse = z.object({ success: z.literal(true), productos: z.array(productoDisponible) });

/**
 * GET /products: `cliente` prices them in that customer's list; `q` (3 letters at least, after trimming) searches the
 * whole sellable assortment; without `q`, what the rep is likely to sell (the phone keeps it for offline use).
 */
export const productosQuery = z.object({
  cliente: entityId.optional(),
  q: z.string({ error: fieldMsg.busquedaCorta }).trim().min(3, { error: fieldMsg.busquedaCorta }).max(100, { error: fieldMsg.busquedaCorta }).optional(),
});

export const clienteLista = z.object({
  id: z.number(),
  generalId: z.number(),
  nombre: z.string(),
  direccion: z.string(),
  documento: z.string(),
});
export type ClienteLista = z.infer<typeof clienteLista>;
export const clientesResponse = z.object({ success: z.literal(true), clientes: z.array(clienteLista) });

/** §3 'New customer payload' and §5: all three required, DNI of 7 or 8 digits. */
export const nuevoClienteRequest = z.object({
  nombre: z.string({ error: fieldMsg.completarCampos }).trim().min(1, { error: fieldMsg.completarCampos }).max(120, { error: fieldMsg.completarCampos }),
  nrodoc: z
    .union([z.string(), z.number()], { error: fieldMsg.completarCampos })
    .transform((v) => String(v).trim())
    .refine((s) => s.length > 0, { error: fieldMsg.completarCampos })
    .refine((s) => s.length === 0 || /^\d{7,8}$/.test(s), { error: fieldMsg.dniLongitud }),
  direccion: z.string({ error: fieldMsg.completarCampos }).trim().min(1, { error: fieldMsg.completarCampos }).max(200, { error: fieldMsg.completarCampos }),
});
export type NuevoClienteRequest = z.input<typeof nuevoClienteRequest>;
export const nuevoClienteResponse = z.object({ success: z.literal(true), id: z.number(), codenti_id: z.number(), repetido: z.boolean() });

const okMsg = z.object({ success: z.literal(true), msg: z.string() });

function route<T extends RouteDef>(def: T): T {
  return def;
}
const base = { tag: 'field', access: 'company', module: 'repartos' } as const;

export const fieldRoutes = {
  estado: route({ ...base, method: 'PATCH', url: '/customers/estado', summary: 'Cambia el estado de la visita de hoy (normal, pendiente, no_fuimos)', body: estadoRequest, response: okMsg }),
  visitasHoy: route({ ...base, method: 'GET', url: '/visitas/hoy', summary: 'Clientes del recorrido de un día de la semana (hoy por defecto), en esta semana o a `semana` semanas de ella', query: visitasHoyQuery, response: visitasResponse }),
  visitasFecha: route({ ...base, method: 'GET', url: '/visitas/fecha', summary: 'Visitas de una fecha: lo realizado si es pasada, el recorrido previsto si es futura', query: visitasFechaQuery, response: visitasResponse }),
  tiposOperacion: route({ ...base, method: 'GET', url: '/ventas/tipo-operacion', summary: 'Tipos de operación de la venta', response: tiposOperacionResponse }),
  compras: route({ ...base, method: 'GET', url: '/ventas/products/:clientId/:date', summary: 'Cliente y sus compras (ventas y envases) de una fecha', params: ventasProductsParams, response: ventasProductsResponse }),
  pedido: route({ ...base, method: 'POST', url: '/ventas/pedido', summary: 'Registra una venta de hoy; idempotente por el encabezado Idempotency-Key', body: pedidoRequest, response: pedidoResponse }),
  borrarPedido: route({ ...base, method: 'DELETE', url: '/ventas/pedido/:clientId/:date', summary: 'Elimina las ventas de hoy del cliente que el teléfono vio (ventas, claves); con Idempotency-Key, una sola vez por clave', params: ventasProductsParams, query: borrarPedidoQuery, response: deletePedidoResponse }),
  envases: route({ ...base, method: 'PUT', url: '/ventas/envases', summary: 'Aplica cambios a los envases del cliente en el día de hoy (de anterior a cantidad, por producto); con Idempotency-Key, una sola vez por clave', body: envasesRequest, response: envasesResponse }),
  productos: route({ ...base, method: 'GET', url: '/products', summary: 'Productos para la venta con el precio de la lista del cliente: los que el repartidor suele vender, o los que coinciden con q', query: productosQuery, response: productosResponse }),
  productosEnvase: route({ ...base, method: 'GET', url: '/products/envase', summary: 'Productos que son envases retornables', response: productosResponse }),
  clientes: route({ ...base, method: 'GET', url: '/customers', summary: 'Clientes del repartidor (recorrido y los que dio de alta)', response: clientesResponse }),
  nuevoCliente: route({ ...base, method: 'POST', url: '/customers', summary: 'Da de alta un cliente (nombre, nrodoc, direccion); idempotente por Idempotency-Key', body: nuevoClienteRequest, response: nuevoClienteResponse }),
} satisfies Record<string, RouteDef>;
