import { todayInArgentina } from './format.js';
import { warehouseMsg } from './warehouse-values.js';

/**
 * Field sales' zod-free values (texts, days, limits, date helpers), apart from the schemas of field.ts so that a
 * screen reading them does not download zod (docs/decisions/web-delivery.md, 'Every route').
 */

export const FIELD_API_PREFIX = '/api/field';

/**
 * What a field sale may carry (docs/decisions/field.md, 'Amounts'): a truck's sale, far inside the columns
 * (quantities numeric(14,3), prices and amounts numeric(16,2)), so no sale can overflow them.
 */
export const FIELD_LIMITS = {
  /** Units of a line, and of a container row. */
  cantidadMax: 10_000,
  /** Unit price, pesos. */
  precioMax: 100_000_000,
  /** Quantity × price of one line, pesos. */
  importeRenglonMax: 1_000_000_000,
} as const;

/** Quantity × price of a line within FIELD_LIMITS.importeRenglonMax, in integer thousandths and cents (no float error). */
export function lineAmountAllowed(cantidad: number | string, precio: number | string): boolean {
  const milli = BigInt(Math.round(Number(cantidad) * 1000));
  const cents = BigInt(Math.round(Number(precio) * 100));
  return milli * cents <= BigInt(FIELD_LIMITS.importeRenglonMax) * 100_000n;
}

/** The planner's week offset (GET /visitas/hoy?semana=) reaches a year back and ahead. */
export const SEMANAS_MAX = 52;

/** Every Spanish text of the area: §5 and §8 word for word, the rest ours. */
export const fieldMsg = {
  // §4 / §8
  estadoActualizado: 'Estado actualizado',
  errorEstado: 'No se pudo actualizar el estado',
  pedidoGuardado: 'Pedido guardado correctamente',
  errorPedido: 'Hubo un error al guardar el pedido',
  errorCompra: 'Error al intentar editar la compra.',
  compraEliminada: 'Compra eliminada.',
  errorEnvases: 'Error al guardar los envases',
  faltanDatos: 'Faltan datos',
  // §5
  completarCampos: 'Completá todos los campos antes de continuar',
  dniLongitud: 'El DNI debe tener entre 7 y 8 dígitos',
  // ours (server refusals and screen texts the spec does not give)
  soloHoy: 'Solo se pueden cargar pedidos y envases en el día de hoy.',
  soloHoyEstado: 'Solo se puede cambiar el estado de las visitas de hoy.',
  fechaInvalida: 'La fecha no es válida (AAAA-MM-DD).',
  diaInvalido: 'El día debe ser lunes, martes, miércoles, jueves, viernes, sábado o domingo.',
  semanaInvalida: 'La semana debe ser un número entero entre -52 y 52.',
  estadoInvalido: 'El estado debe ser normal, pendiente o no_fuimos.',
  clienteInvalido: 'Indique el cliente.',
  clienteAjeno: 'El cliente no pertenece a su recorrido.',
  sinRenglones: 'El pedido no tiene productos con cantidad mayor a 0.',
  productoInvalido: 'Indique el producto de cada renglón.',
  productoInexistente: 'Uno de los productos no existe o no está disponible.',
  envaseInexistente: 'Uno de los productos no es un envase.',
  cantidadInvalida: 'La cantidad debe ser un número mayor que 0 y de hasta 10.000, con hasta 3 decimales.',
  cantidadEnvaseInvalida: 'La cantidad de envases debe ser un número de 0 a 10.000 con hasta 3 decimales.',
  precioInvalido: 'El precio debe ser un número de 0 a 100.000.000 con hasta 2 decimales.',
  importeRenglonExcedido: 'El importe de un renglón (cantidad × precio) no puede superar $ 1.000.000.000.',
  tipoOperacionInexistente: 'El tipo de operación no existe.',
  claveObligatoria: 'Falta la clave de idempotencia (encabezado Idempotency-Key).',
  clavePedidoEliminado: 'Este pedido fue eliminado en el servidor antes de que llegara su reenvío.',
  busquedaCorta: warehouseMsg.minimoTresLetras,
  ventasInvalidas: 'Las ventas a eliminar no son válidas.',
  demasiadosRenglones: 'Un pedido admite hasta 200 renglones.',
} as const;

export const TURNOS = ['mañana', 'tarde'] as const;
export type Turno = (typeof TURNOS)[number];
export const DIAS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;
export type Dia = (typeof DIAS)[number];
export const ESTADOS_VISITA = ['normal', 'pendiente', 'no_fuimos'] as const;
export type EstadoVisita = (typeof ESTADOS_VISITA)[number];
/** §9: the repeat-order suggestion looks 7 days back. */
export const DIAS_ATRAS_SUGERENCIA = 7;
/** §8: notifications last 9000 ms. */
export const FIELD_NOTIFY_MS = 9000;
export const SIN_DIRECCION = 'Sin dirección';
/** The header a write carries so that a retry or a replay of the offline queue never makes a second record. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';


/** 'YYYY-MM-DD' → 1 (lunes) … 7 (domingo). */
export function weekdayOf(iso: string): number {
  const d = new Date(`${iso}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** 'YYYY-MM-DD' plus n days (negative goes back). */
export function addDays(iso: string, n: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The date of a weekday (1–7) in the week (Monday to Sunday) of `today`. */
export function dateOfWeekday(weekday: number, today: string = todayInArgentina()): string {
  return addDays(today, weekday - weekdayOf(today));
}

export function dayName(weekday: number): Dia {
  return DIAS[weekday - 1]!;
}
