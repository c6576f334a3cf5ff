import { msg } from './messages.js';
import { todayInArgentina } from './format.js';

/**
 * The fiscal area's zod-free values (texts, page size, date rules), apart from its schemas (fiscal.ts) so that a
 * screen reading them does not download zod and the schemas (docs/decisions/web-delivery.md, 'Every route').
 */

/** Every Spanish text of this area. The validation texts are the spec's, word for word. */
export const fiscalMsg = {
  fechaDesdeObligatoria: 'Seleccione una fecha desde',
  fechaHastaObligatoria: 'Seleccione una fecha hasta',
  fechaDesdeInvalida: 'La fecha desde no es válida.',
  fechaHastaInvalida: 'La fecha hasta no es válida.',
  fechasInvertidas: msg.fechasInvertidas,
  rangoMaximo: 'La diferencia en el rango de fechas no puede ser mayor a 30 dias',
  desdeUltimoAnio: 'La fecha desde debe estar dentro del último año',
  infoTipoCambio: 'Los movimientos se encuentran expresados a Tipo de cambio histórico comprobante.',
  sinImpresion: 'El movimiento seleccionado no tiene impresión',
  errorDescargaArchivos: 'Error al descargar los archivos',
  errorDescargaArchivo: 'Error al descargar el archivo',
  noHayMasRegistros: msg.noHayMasRegistros,
  cargando: msg.cargando,
  comprobanteObligatorio: 'Indique el comprobante (codcom, codtal y numero).',
  comprobanteInexistente: 'El comprobante no existe.',
  comprobantesInvalidos: 'La lista de comprobantes no es válida.',
  comprobantesDemasiados: 'Puede descargar hasta 200 comprobantes por vez.',
  sinComprobantesImprimibles: 'No hay comprobantes con impresión para descargar.',
  imprimeInvalido: 'Solo se pueden descargar comprobantes con impresión (imprime=true).',
  tipoArchivoInvalido: 'El tipo de archivo debe ser pdf o excel.',
  tipoInvalido: 'El tipo de archivo indicado no existe.',
  cuitInvalido: 'El CUIT de la cooperativa debe tener 11 dígitos.',
  archivoInvalido: 'El nombre del archivo no es válido.',
  archivoInexistente: 'El archivo no existe.',
  archivoEliminado: 'Archivo eliminado.',
  enlaceInvalido: msg.enlaceInvalido,
  enlaceVencido: 'El enlace venció. Pida que le compartan el comprobante nuevamente.',
  documentoNoDisponible: 'El documento ya no está disponible.',
  errorGenerarArchivo: 'No se pudo generar el archivo. Intente nuevamente.',
  entidadObligatoriaQuery: 'Indique la entidad (entity_id).',
  cooperativaObligatoria: 'Indique la cooperativa (cuit).',
} as const;

// ── Dates ───────────────────────────────────────────────────────────────────────────────────────────────────

/** Page size of the fiscal list (ordering.md §9). */
export const FISCAL_PAGE_SIZE = 7;
/** Maximum range the customer may choose in the search drawer, in days (2,592,000,000 ms). */
export const FISCAL_MAX_RANGE_DAYS = 30;

function utcDay(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}
function isoOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` ('YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / 86_400_000);
}

/** The first day of the month six months before `today` ('2026-11-21' → '2026-05-01'). */
export function defaultFiscalFrom(today: string = todayInArgentina()): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return isoOf(Date.UTC(y, m - 1 - 6, 1));
}

/** The screen's opening range: first day of the month six months back → today (docs/decisions/fiscal.md). */
export function defaultFiscalRange(today: string = todayInArgentina()): { fechadesde: string; fechahasta: string } {
  return { fechadesde: defaultFiscalFrom(today), fechahasta: today };
}

/** The same day one year before ('2024-02-29' → '2023-02-28'): the oldest allowed start. */
export function oneYearBefore(today: string = todayInArgentina()): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return isoOf(Date.UTC(y - 1, m - 1, Math.min(d, last)));
}

export type RangeInput = { fechadesde: string; fechahasta: string };

/**
 * An opening range (defaultFiscalRange) of some day: the first day of the month six months before its end. The day is
 * the browser's: a device whose date is a day (or more) off the server's opens the screen with its own day's range,
 * which must still be accepted.
 */
export function isOpeningRange(v: RangeInput): boolean {
  return v.fechadesde === defaultFiscalFrom(v.fechahasta);
}

/**
 * The search drawer's rules (ordering.md §5): from ≤ to; from within the last year; at most 30 days, except an
 * opening range (first day of the month six months back → its end), which is always accepted whatever the day it
 * ends on, so the screen opens on a device whose clock differs from the server's.
 */
export function checkFiscalRange(v: RangeInput, today: string = todayInArgentina()): string | null {
  if (v.fechadesde > v.fechahasta) return fiscalMsg.fechasInvertidas;
  if (v.fechadesde < oneYearBefore(today)) return fiscalMsg.desdeUltimoAnio;
  if (!isOpeningRange(v) && daysBetween(v.fechadesde, v.fechahasta) > FISCAL_MAX_RANGE_DAYS) return fiscalMsg.rangoMaximo;
  return null;
}
