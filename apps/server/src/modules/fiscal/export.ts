import type { Column, Row } from '../../documents/index.js';
import { voucherNumberText } from '../../documents/index.js';
import type { DB } from '../../db/database.js';
import { detailLines } from './mapper.js';
import { type Range, type VoucherRow, voucherBatch } from './repository.js';
import type { EntityScope } from '../../lib/identity.js';

/**
 * The fiscal export's rows: everything the filter matches, in the list's order, fetched in keyset batches so
 * that memory stays flat whatever the size (the writers pull the next row only when the output has room).
 */

export const EXPORT_BATCH_SIZE = 2_000;

/**
 * Pages through any (date, id)-ordered query in batches: `fetch(after, size)` returns the batch that follows
 * `after` (null: the first). Reusable by other ledgers (statements) whose rows carry `date` and `id`.
 */
export async function* keysetRows<T extends { date: string; id: string | number }>(
  fetch: (after: { date: string; id: string } | null, size: number) => Promise<T[]>,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<T> {
  let after: { date: string; id: string } | null = null;
  for (;;) {
    const batch = await fetch(after, batchSize);
    for (const row of batch) yield row;
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1]!;
    after = { date: last.date, id: String(last.id) };
  }
}

/** The raw voucher rows the fiscal filter matches (newest first): for the export and for benchmarks. */
export function fiscalVoucherRows(db: DB, scope: EntityScope, range: Range, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<VoucherRow> {
  return keysetRows((after, size) => voucherBatch(db, scope, range, after, size), batchSize);
}

export const FISCAL_EXPORT_COLUMNS: readonly Column[] = [
  { key: 'fecha', header: 'Fecha', type: 'date', width: 1 },
  { key: 'comprobante', header: 'Comprobante', type: 'text', width: 1.8 },
  { key: 'numero', header: 'Número', type: 'text', width: 1.4 },
  { key: 'detalle', header: 'Detalle', type: 'text', width: 2.2 },
  { key: 'detalle1', header: 'Condición de venta', type: 'text', width: 1.8 },
  { key: 'vencimiento', header: 'Vencimiento', type: 'date', width: 1 },
  { key: 'moneda', header: 'Moneda', type: 'text', width: 0.7 },
  { key: 'importe', header: 'Importe', type: 'number', decimals: 2, width: 1.3 },
];

/** A voucher row as an export row (numbers stay decimal strings; the writers make them numbers / es-AR text). */
export function toExportRow(r: VoucherRow): Row {
  return {
    fecha: r.date,
    comprobante: r.voucher_name,
    numero: voucherNumberText(r.series, r.number),
    detalle: r.detail ?? '',
    detalle1: detailLines(r).detalle1,
    vencimiento: r.due_date,
    moneda: r.currency,
    importe: r.amount,
  };
}

/** The export's rows, ready for writeTableXlsx / writeTablePdf. */
export async function* fiscalExportRows(db: DB, scope: EntityScope, range: Range, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<Row> {
  for await (const r of fiscalVoucherRows(db, scope, range, batchSize)) yield toExportRow(r);
}
