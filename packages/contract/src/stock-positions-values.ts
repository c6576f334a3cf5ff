import { msg } from './messages.js';
import { orderingMsg } from './ordering-messages.js';
import { fiscalMsg } from './fiscal-values.js';
import { statementMsg } from './statements-values.js';
import { LABELS } from './labels.js';

/**
 * Stock positions' zod-free values (texts, page size, columns), apart from the schemas of stock-positions.ts so that
 * a screen reading them does not download zod (docs/decisions/web-delivery.md, 'Every route').
 */

export const stockPositionMsg = {
  resumenInvalido: statementMsg.resumenInvalido,
  desartInvalido: 'El texto a buscar no puede superar los 80 caracteres.',
  tipoArchivoInvalido: fiscalMsg.tipoArchivoInvalido,
  noHayMasRegistros: fiscalMsg.noHayMasRegistros,
  errorCargarDatos: msg.errorCargarDatos,
  sinProductos: orderingMsg.sinProductos,
  sinProductosDetalle: 'Pruebe otros criterios de búsqueda',
} as const;

export const STOCK_POSITION_PAGE_SIZE = 7;

export const STOCK_POSITION_SUMMARIES = [
  { id: 1, codres: 'POS', desres: 'Posición de stock' },
  { id: 2, codres: 'PEN', desres: 'Pendientes de entrega' },
] as const;
export type StockPositionSummaryCode = (typeof STOCK_POSITION_SUMMARIES)[number]['codres'];

/** Column ids of the position ('POS'); the deliverables ('PEN') have one column per deposit (its code) and the total. */
export const POSITION_COLUMNS = [
  { id: 1, titulo: 'Comprado' },
  { id: 2, titulo: LABELS.entregado },
  { id: 3, titulo: 'A entregar' },
] as const;
export const DELIVERABLES_TOTAL_COLUMN = { id: 100, titulo: 'Total a entregar' } as const;

/** The voucher lines' sub-table: its columns, as the response names them (renglonesComprobantes at the top). */
export const VOUCHER_LINE_COLUMNS = [
  { id: 'fecha', titulo: LABELS.fecha },
  { id: 'descripcion', titulo: 'Comprobante' },
  { id: 'numero', titulo: 'Número' },
  { id: 'cantidad', titulo: LABELS.cantidad },
  { id: 'pendiente', titulo: 'A entregar' },
  { id: 'deposito', titulo: 'Depósito' },
] as const;


/** A row of the position or the deliverables (StockPositionRow): its columns are named fields (columnKey). */
type ColumnRow = { readonly [field: string]: unknown };

/** A column's formatted value in a row ('' when the row does not have it). */
export const columnText = (row: ColumnRow, id: number): string => {
  const v = row[`columna${id}_con_formato`];
  return typeof v === 'string' ? v : '';
};

export const columnValue = (row: ColumnRow, id: number): number => {
  const v = row[`columna${id}`];
  return typeof v === 'number' ? v : 0;
};

/** The field of a row that holds a column's value. */
export const columnKey = (id: number) => `columna${id}` as const;
