import { msg } from './messages.js';
import { checkFiscalRange, fiscalMsg } from './fiscal-values.js';

/**
 * Statements' zod-free values (texts, page size, views, the filter's rules), apart from the schemas of statements.ts
 * so that a screen reading them does not download zod (docs/decisions/web-delivery.md, 'Every route').
 */

export const statementMsg = {
  fechaDesdeObligatoria: fiscalMsg.fechaDesdeObligatoria,
  fechaHastaObligatoria: fiscalMsg.fechaHastaObligatoria,
  fechasInvertidas: fiscalMsg.fechasInvertidas,
  fechaHastaAnterior: 'La fecha hasta no puede ser anterior a la fecha desde.',
  fechaDesdeInvalida: fiscalMsg.fechaDesdeInvalida,
  fechaHastaInvalida: fiscalMsg.fechaHastaInvalida,
  rangoMaximo: fiscalMsg.rangoMaximo,
  desdeUltimoAnio: fiscalMsg.desdeUltimoAnio,
  importeDesdeNumerico: 'Ingrese Importe desde (numérico)',
  importeHastaNumerico: 'Ingrese Importe hasta (numérico)',
  importesInvertidos: 'El importe desde no puede ser mayor al importe hasta.',
  monedaInvalida: 'La moneda indicada no existe.',
  monedaOculta: 'La moneda indicada no está disponible para su usuario.',
  tipoCuentaInvalido: 'El tipo de cuenta indicado no existe.',
  resumenInvalido: 'La opción de resumen indicada no existe.',
  sinImpresion: fiscalMsg.sinImpresion,
  noHayMasRegistros: fiscalMsg.noHayMasRegistros,
  cargando: fiscalMsg.cargando,
  errorCargarDatos: msg.errorCargarDatos,
  tipoArchivoInvalido: fiscalMsg.tipoArchivoInvalido,
} as const;

export const STATEMENT_PAGE_SIZE = 7;
export const STATEMENT_CURRENCIES = ['ARS', 'USD'] as const;
export type StatementCurrency = (typeof STATEMENT_CURRENCIES)[number];

/** The three views: c chronological (voucher date), f financial (due date), j exchange (canje accounts only). */
export const STATEMENT_VIEWS = {
  cronologico: { code: 'c', title: 'Cronológico', url: '/proxy/cgi/etenet_rencbtec' },
  financiero: { code: 'f', title: 'Financiero', url: '/proxy/cgi/etenet_rencbtef' },
  canjes: { code: 'j', title: 'Canjes', url: '/proxy/cgi/etenet_rencbtej' },
} as const;
export type StatementView = keyof typeof STATEMENT_VIEWS;

/** The summary options (resumenes): every movement, the unsettled ones, the unsettled ones already due. */
export const STATEMENT_SUMMARIES = [
  { id: 1, codres: 'TOD', desres: 'Todos los movimientos' },
  { id: 2, codres: 'PEN', desres: 'Comprobantes pendientes' },
  { id: 3, codres: 'VEN', desres: 'Comprobantes vencidos' },
] as const;
export type StatementSummaryCode = (typeof STATEMENT_SUMMARIES)[number]['codres'];

export type FilterOut = { fechadesde?: string | undefined; fechahasta?: string | undefined; importedsd?: string | undefined; importehst?: string | undefined };

/** §5: from ≤ to; a range is judged by the fiscal rules (30 days, within the last year; the opening range passes). */
export function statementFilterProblem(v: FilterOut): { message: string; path: string } | null {
  if (v.fechadesde && v.fechahasta) {
    if (v.fechadesde > v.fechahasta) return { message: statementMsg.fechasInvertidas, path: 'fechadesde' };
    const problem = checkFiscalRange({ fechadesde: v.fechadesde, fechahasta: v.fechahasta });
    if (problem) return { message: problem, path: 'fechadesde' };
  }
  if (v.importedsd && v.importehst && Number(v.importedsd) > Number(v.importehst)) return { message: statementMsg.importesInvertidos, path: 'importedsd' };
  return null;
}
