import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  firstIssueMessage,
  INTEGRATION_KIND_LABELS,
  integrationBatchMsg,
  integrationMovementMsg,
  integrationMsg,
  type IntegrationBatchResponse,
  type IntegrationKind,
  type IntegrationOperation,
  type IntegrationRejection,
} from '@portal/contract';
import type { DB } from '../../db/database.js';
import { refreshStatistics } from '../../db/statistics.js';
import { collectWrites, reportWritesAtEnd } from '../../db/write-watch.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, forbidden, HttpError } from '../../lib/http-errors.js';
import type { IntegrationKey } from '../../plugins/integration-access.js';
import { CATALOGUE_KEPT_TABLES } from '../catalog/index.js';
import { formatOf, readRows } from './batch-reader.js';
import type { AnyKindHandler, ChunkResult } from './kinds/kind.js';
import { authorizations } from './kinds/authorizations.js';
import { contracts } from './kinds/contracts.js';
import { customers } from './kinds/customers.js';
import { grain } from './kinds/grain.js';
import { movements } from './kinds/movements.js';
import { news } from './kinds/news.js';
import { positions } from './kinds/positions.js';
import { prices } from './kinds/prices.js';
import { products } from './kinds/products.js';
import { routePlans } from './kinds/route-plans.js';
import { stock } from './kinds/stock.js';

/** Every kind an ERP loads (`pendientes` is derived from `movimientos`: handlerOf). */
const HANDLERS: Record<Exclude<IntegrationKind, 'pendientes'>, AnyKindHandler> = { clientes: customers, productos: products, precios: prices, stock, movimientos: movements, granos: grain, contratos: contracts, novedades: news, posiciones: positions, autorizaciones: authorizations, recorridos: routePlans };

/** The handler of a kind; `pendientes` answers 400. */
export function handlerOf(kind: IntegrationKind): AnyKindHandler {
  // Pending documents are what `movimientos` leaves open (not cancelled, less the portal's approved receipts):
  // no second list that could disagree with the ledger (docs/decisions/integration.md).
  if (kind === 'pendientes') throw badRequest(integrationMovementMsg.pendientesDerivados);
  return HANDLERS[kind];
}

/** Who sends a batch: an integration key, or an administrator applying a spreadsheet. */
export type BatchOrigin = {
  companyId: number;
  companyCuit: string;
  ip: string | null;
  keyId: number | null;
  userId: number | null;
  fileName: string | null;
  /** What the batch's audit row says of its sender (the key's name and prefix; the file's name). */
  audit: Record<string, unknown>;
};

/** A batch's counts; `lote` is null for a dry run (nothing recorded). */
export type BatchOutcome = Omit<IntegrationBatchResponse, 'success' | 'lote'> & { lote: string | null };

/** Thrown inside a dry run's transaction to roll it back. */
const ROLLBACK = Symbol('rollback');

/**
 * Rows written per transaction: each chunk commits on its own, so a bulk load holds its locks for a moment only and
 * never keeps customers' requests waiting behind one long transaction (docs/decisions/integration.md).
 */
export const CHUNK_ROWS = 1_000;

export type BatchDeps = { db: DB; dataDir: string; log: FastifyBaseLogger };

/**
 * A batch of one kind: read and checked whole first (the body streamed to a spool file, row by row, in constant
 * memory) so a malformed body, a row of another company or a batch too large writes nothing; then written in
 * chunks, each in its transaction. Good rows are written; bad rows are not, and each is answered with its row
 * number, field and Spanish message. The batch's record and its audit row commit with its counts.
 */
export class IntegrationBatches {
  private readonly spoolDir: string;

  constructor(private readonly d: BatchDeps) {
    this.spoolDir = path.join(d.dataDir, 'integration-spool');
  }

  async run(key: IntegrationKey, kind: IntegrationKind, operation: IntegrationOperation, contentType: string | undefined, body: unknown): Promise<IntegrationBatchResponse> {
    if (!key.writeKinds.includes(kind)) throw forbidden(integrationMsg.sinPermisoEscribir(INTEGRATION_KIND_LABELS[kind].toLowerCase()));
    const handler = handlerOf(kind);
    const format = formatOf(contentType);
    if (!format) throw new HttpError(415, integrationBatchMsg.formatoNoSoportado);
    if (!body || typeof (body as Readable).pipe !== 'function') throw badRequest(integrationBatchMsg.loteVacio);
    const origin: BatchOrigin = {
      companyId: key.company.id, companyCuit: key.company.cuit, ip: key.ip, keyId: key.id, userId: null, fileName: null,
      audit: { clave: key.name, prefijo: key.prefix },
    };
    const answer = await this.load(origin, handler, operation, readRows(body as Readable, format), false);
    return { success: true, ...answer, lote: answer.lote! };
  }

  /**
   * A batch of rows, numbered by their sender (an API body from 1; a spreadsheet by its sheet rows): checked, then
   * written. A dry run writes the very same way inside one transaction and rolls it back, so what it answers is what
   * the batch would do; it records no batch and no audit row.
   */
  async load(origin: BatchOrigin, handler: AnyKindHandler, operation: IntegrationOperation, rows: AsyncIterable<{ n: number; value: unknown }>, dryRun: boolean): Promise<BatchOutcome> {
    await mkdir(this.spoolDir, { recursive: true });
    const spool = path.join(this.spoolDir, `${randomUUID()}.ndjson`);
    try {
      const checked = await this.check(origin, handler, operation, rows, spool);
      if (checked.received === 0) throw badRequest(integrationBatchMsg.loteVacio);
      return dryRun ? await this.rehearse(origin, handler, operation, spool, checked) : await this.write(origin, handler, operation, spool, checked);
    } finally {
      await rm(spool, { force: true });
    }
  }

  /** The first pass: every row parsed and checked; the good ones spooled with their numbers. Nothing is written. */
  private async check(origin: BatchOrigin, handler: AnyKindHandler, operation: IntegrationOperation, rows: AsyncIterable<{ n: number; value: unknown }>, spool: string) {
    const schema = operation === 'baja' ? handler.removal : handler.row;
    const out = createWriteStream(spool);
    const rejected: IntegrationRejection[] = [];
    const firstRowOf = new Map<string, number>();
    let received = 0;
    try {
      for await (const { n, value } of rows) {
        received++;
        const companyCuit = (value as { cuit_empresa?: unknown }).cuit_empresa;
        if (companyCuit !== undefined && companyCuit !== origin.companyCuit) throw forbidden(integrationBatchMsg.filaDeOtraEmpresa(n));
        const parsed = schema.safeParse(value);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          rejected.push({ fila: n, campo: issue?.path.join('.') ?? '', mensaje: firstIssueMessage(parsed.error, integrationBatchMsg.valorInvalido) });
          continue;
        }
        const rowKey = handler.keyOf(parsed.data);
        const first = firstRowOf.get(rowKey);
        if (first !== undefined) {
          const repeated = handler.repeated ?? { field: 'codigo', message: integrationBatchMsg.codigoRepetido };
          rejected.push({ fila: n, campo: repeated.field, mensaje: repeated.message(first) });
          continue;
        }
        firstRowOf.set(rowKey, n);
        if (!out.write(`${JSON.stringify({ n, row: parsed.data })}\n`)) await once(out, 'drain');
      }
    } finally {
      out.end();
      await once(out, 'close');
    }
    return { received, rejected };
  }

  /** The spooled rows, the kind's chunk size (CHUNK_ROWS unless it says otherwise) at a time, in their order. */
  private async eachChunk(spool: string, handler: AnyKindHandler, apply: (chunk: Array<{ n: number; row: unknown }>) => Promise<void>): Promise<void> {
    const size = handler.chunkRows ?? CHUNK_ROWS;
    let chunk: Array<{ n: number; row: unknown }> = [];
    const lines = createInterface({ input: createReadStream(spool), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line) continue;
      chunk.push(JSON.parse(line) as { n: number; row: unknown });
      if (chunk.length >= size) {
        await apply(chunk);
        chunk = [];
      }
    }
    if (chunk.length) await apply(chunk);
  }

  /**
   * The written tables' planner statistics, brought up to date before the answer when the batch (with the ones before
   * it) changed them a lot: the next batch plans its reads for the tables as they are (db/statistics.ts). A failure
   * here costs only speed: it is logged, and the batch stands.
   */
  private async refreshStatistics(tables: ReadonlySet<string>, batchId: string): Promise<void> {
    try {
      const t = performance.now();
      const analyzed = await refreshStatistics(this.d.db, tables);
      if (analyzed.length > 0) this.d.log.info({ batch: batchId, analyzed, ms: Math.round(performance.now() - t) }, 'integration batch refreshed statistics');
    } catch (e) {
      this.d.log.warn({ err: e, batch: batchId }, 'integration batch could not refresh statistics');
    }
  }

  /** A dry run's second pass: the chunks written as write() writes them, in one transaction that is rolled back. */
  private async rehearse(origin: BatchOrigin, handler: AnyKindHandler, operation: IntegrationOperation, spool: string, checked: { received: number; rejected: IntegrationRejection[] }): Promise<BatchOutcome> {
    const totals = { accepted: 0, unchanged: 0 };
    const rejected = [...checked.rejected];
    try {
      await this.d.db.transaction().execute(async (trx) => {
        await this.eachChunk(spool, handler, async (chunk) => {
          const result = operation === 'baja' ? await handler.remove(trx, origin.companyId, chunk) : await handler.upsert(trx, origin.companyId, chunk);
          totals.accepted += result.accepted.length;
          totals.unchanged += result.unchanged.length;
          rejected.push(...result.rejected);
        });
        throw ROLLBACK;
      });
    } catch (e) {
      if (e !== ROLLBACK) throw e;
    }
    rejected.sort((a, b) => a.fila - b.fila);
    return { lote: null, tipo: handler.kind, operacion: operation, recibidas: checked.received, aceptadas: totals.accepted, sin_cambios: totals.unchanged, rechazadas: rejected.length, rechazos: rejected };
  }

  /** The second pass: the spooled rows written chunk by chunk; the batch's record and audit row at the end. */
  private async write(origin: BatchOrigin, handler: AnyKindHandler, operation: IntegrationOperation, spool: string, checked: { received: number; rejected: IntegrationRejection[] }): Promise<BatchOutcome> {
    const { db } = this.d;
    const batch = await db
      .insertInto('integration_batches')
      .values({ company_id: origin.companyId, key_id: origin.keyId, user_id: origin.userId, file_name: origin.fileName, kind: handler.kind, operation, status: 'procesando', received: checked.received })
      .returning('id')
      .executeTakeFirstOrThrow();
    const totals = { accepted: 0, unchanged: 0 };
    const rejected = [...checked.rejected];
    const apply = async (chunk: Array<{ n: number; row: unknown }>) => {
      const result: ChunkResult = await db.transaction().execute((trx) =>
        operation === 'baja' ? handler.remove(trx, origin.companyId, chunk) : handler.upsert(trx, origin.companyId, chunk),
      );
      totals.accepted += result.accepted.length;
      totals.unchanged += result.unchanged.length;
      rejected.push(...result.rejected);
    };
    let written: ReadonlySet<string> = new Set();
    try {
      // The catalogue's kept answers are forgotten once, when the last chunk has committed (before the answer), not
      // at every chunk: customers searching during a load keep their warm answers (docs/decisions/integration.md).
      ({ tables: written } = await collectWrites(() => reportWritesAtEnd(db, CATALOGUE_KEPT_TABLES, () => this.eachChunk(spool, handler, apply))));
    } catch (e) {
      // The chunks already committed stay (each row whole); the batch says it failed, and a resend converges.
      await db.updateTable('integration_batches').set({ status: 'fallido', accepted: totals.accepted, unchanged: totals.unchanged, rejected: rejected.length, error: String((e as Error).message ?? e).slice(0, 500), finished_at: new Date() }).where('id', '=', batch.id).execute();
      this.d.log.error({ err: e, batch: batch.id, kind: handler.kind }, 'integration batch failed');
      throw e;
    }
    rejected.sort((a, b) => a.fila - b.fila);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('integration_batches')
        .set({ status: 'completo', accepted: totals.accepted, unchanged: totals.unchanged, rejected: rejected.length, finished_at: new Date() })
        .where('id', '=', batch.id)
        .execute();
      await writeAudit(trx, {
        action: 'integration.batch',
        companyId: origin.companyId,
        userId: origin.userId,
        ip: origin.ip,
        detail: { ...origin.audit, lote: String(batch.id), tipo: handler.kind, operacion: operation, recibidas: checked.received, aceptadas: totals.accepted, sin_cambios: totals.unchanged, rechazadas: rejected.length },
      });
    });
    await this.refreshStatistics(written, batch.id);
    return {
      lote: String(batch.id),
      tipo: handler.kind,
      operacion: operation,
      recibidas: checked.received,
      aceptadas: totals.accepted,
      sin_cambios: totals.unchanged,
      rechazadas: rejected.length,
      rechazos: rejected,
    };
  }
}
