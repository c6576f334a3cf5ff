/** Streamed list exports (XLSX and PDF) sharing one column definition. */
export type { Column, ColumnType, Row, TableTotals } from './table-columns.js';
export { type XlsxSheet, writeTableXlsx } from './table-xlsx.js';
export { type PdfTableMeta, writeTablePdf } from './table-pdf.js';
export { OutputClosedError } from './stream-util.js';
