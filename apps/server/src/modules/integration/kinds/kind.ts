import type { z } from 'zod';
import type { IntegrationKind, IntegrationRejection } from '@portal/contract';
import type { DB } from '../../../db/database.js';

/** A row that passed its schema, with its number in the body. */
export type Numbered<R> = { n: number; row: R };

/** What writing a chunk did to each of its rows (every row lands in exactly one list). */
export type ChunkResult = { accepted: number[]; unchanged: number[]; rejected: IntegrationRejection[] };

/**
 * One kind of data an ERP loads: its row schemas, the row's key (the ERP's own code), and the two writes, each
 * run on a chunk of rows inside the chunk's transaction. A write reports rows refused by what the database holds
 * (an unknown seller, a removal of what never was) as rejections and writes nothing of them.
 */
export type KindHandler<Row extends object, Removal extends object> = {
  kind: IntegrationKind;
  row: z.ZodType<Row>;
  removal: z.ZodType<Removal>;
  /** The row's key in the batch (a code, or codes joined): a key repeated in one batch rejects the later row. */
  keyOf: (row: Row | Removal) => string;
  /** The field a repeated key is reported on, and its message (default: `codigo`, 'El código ya vino en la fila …'). */
  repeated?: { field: string; message: (first: number) => string };
  /** Rows written per transaction (default CHUNK_ROWS; the batches module, docs/decisions/integration.md). */
  chunkRows?: number;
  upsert: (trx: DB, companyId: number, rows: Numbered<Row>[]) => Promise<ChunkResult>;
  remove: (trx: DB, companyId: number, rows: Numbered<Removal>[]) => Promise<ChunkResult>;
};

/**
 * The kinds the customers' catalogue reads (productos, precios, stock) are written 250 rows a transaction: a
 * 10,000-product re-sync with 1,000-row chunks took the browsing customers' catalogue p95 to 2.4× its idle figure,
 * with 250 to 1.8–1.9× (target ≤ 2×), for a load about a fifth slower (200,000 changed products: 22.1 s → 26.8 s).
 * The other kinds keep 1,000 (docs/decisions/integration.md).
 */
export const CATALOGUE_CHUNK_ROWS = 250;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyKindHandler = KindHandler<any, any>;
