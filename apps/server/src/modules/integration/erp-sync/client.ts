import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { formatNumber, INTEGRATION_API_PREFIX, INTEGRATION_KINDS, type IntegrationBatchResponse, type IntegrationKind, type IntegrationRejection } from '@portal/contract';
import { readRows } from '../batch-reader.js';
import { csvRows } from './csv.js';

/**
 * The reference client of the integration API (docs/integration.md 'Reference client'): sends a folder's files, one
 * per kind (`productos.ndjson`, `precios.csv`, `stock.json`; removals as `productos.bajas.csv`…), in batches, and
 * answers what the portal counted. Upserts go in the order of INTEGRATION_KINDS (products before their prices and
 * stock); removals after every upsert, in the reverse order. Each file is read as a stream: any size, little memory.
 */

export type SyncOptions = {
  /** The portal's address, e.g. https://portal.example (the API's prefix is added here). */
  url: string;
  /** The integration key (pic_…). */
  key: string;
  dir: string;
  /** Rows per request (the API takes up to 100,000). */
  batchRows?: number;
  /** Batches in flight at once (default 2: the next is read and checked while one is written). */
  concurrency?: number;
  /** Told after each batch. */
  progress?: (p: { file: string; kind: IntegrationKind; removal: boolean; sent: number; answer: IntegrationBatchResponse }) => void;
};

export type FileSummary = {
  file: string;
  kind: IntegrationKind;
  removal: boolean;
  received: number;
  accepted: number;
  unchanged: number;
  rejected: number;
  /** Each rejection with the row number in the file (its data rows counted from 1, the CSV header not counted). */
  rejections: IntegrationRejection[];
  /** A refused batch or a failure: the file's rows after it were not sent. */
  error: string | null;
};

type Format = 'ndjson' | 'jsonl' | 'json' | 'csv';

/** The files of `dir` the client sends, in the order it sends them; other files are left alone. */
export async function plan(dir: string): Promise<Array<{ file: string; kind: IntegrationKind; removal: boolean; format: Format }>> {
  const found: Array<{ file: string; kind: IntegrationKind; removal: boolean; format: Format }> = [];
  for (const name of (await readdir(dir)).sort()) {
    const m = /^([a-z]+)(\.bajas)?\.(ndjson|jsonl|json|csv)$/.exec(name);
    if (!m || !(INTEGRATION_KINDS as readonly string[]).includes(m[1]!)) continue;
    found.push({ file: path.join(dir, name), kind: m[1] as IntegrationKind, removal: Boolean(m[2]), format: m[3] as Format });
  }
  const order = (f: (typeof found)[number]) => (f.removal ? 2 * INTEGRATION_KINDS.length - INTEGRATION_KINDS.indexOf(f.kind) : INTEGRATION_KINDS.indexOf(f.kind));
  return found.sort((a, b) => order(a) - order(b));
}

async function* rowsOf(file: string, format: Format): AsyncGenerator<unknown> {
  const input = createReadStream(file);
  if (format === 'csv') {
    yield* csvRows(input);
    return;
  }
  for await (const { value } of readRows(input, format === 'json' ? 'json' : 'ndjson', Number.POSITIVE_INFINITY)) yield value;
}

async function post(o: SyncOptions, kind: IntegrationKind, removal: boolean, rows: unknown[]): Promise<IntegrationBatchResponse> {
  const url = `${o.url.replace(/\/+$/, '')}${INTEGRATION_API_PREFIX}/${kind}${removal ? '/bajas' : ''}`;
  const body = rows.map((r) => JSON.stringify(r)).join('\n');
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${o.key}`, 'content-type': 'application/x-ndjson' }, body }).catch((e: unknown) => {
      throw new Error(`No se pudo conectar con el portal (${url}): ${(e as Error).message}`);
    });
    const text = await res.text();
    // Past the key's requests a minute: wait as told and send the batch again (the API is idempotent).
    if (res.status === 429 && attempt < 5) {
      await new Promise((r) => setTimeout(r, 1_000 * Math.min(60, Number(res.headers.get('retry-after')) || 5)));
      continue;
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new Error(`El portal respondió ${res.status}: ${text.slice(0, 200)}`);
    }
    if (!res.ok) throw new Error(`El portal rechazó el lote (${res.status}): ${(answer as { msg?: string }).msg ?? text.slice(0, 200)}`);
    return answer as IntegrationBatchResponse;
  }
}

/** Sends every file of the folder; answers a summary per file. Stops at the first refused batch (a 4xx or 5xx). */
export async function syncDir(o: SyncOptions): Promise<FileSummary[]> {
  const batchRows = o.batchRows ?? 10_000;
  const concurrency = o.concurrency ?? 2;
  const out: FileSummary[] = [];
  for (const f of await plan(o.dir)) {
    const s: FileSummary = { file: path.basename(f.file), kind: f.kind, removal: f.removal, received: 0, accepted: 0, unchanged: 0, rejected: 0, rejections: [], error: null };
    out.push(s);
    let rows: unknown[] = [];
    let read = 0;
    let sent = 0;
    let failure: Error | null = null;
    const inFlight = new Set<Promise<void>>();
    // A batch is posted while the next is read, up to `concurrency` at once; its rejections are numbered from its start.
    const flush = () => {
      const start = read;
      const batch = rows;
      rows = [];
      read += batch.length;
      const done: Promise<void> = post(o, f.kind, f.removal, batch)
        .then((answer) => {
          s.received += answer.recibidas;
          s.accepted += answer.aceptadas;
          s.unchanged += answer.sin_cambios;
          s.rejected += answer.rechazadas;
          for (const r of answer.rechazos) s.rejections.push({ ...r, fila: start + r.fila });
          sent += batch.length;
          o.progress?.({ file: s.file, kind: f.kind, removal: f.removal, sent, answer });
        })
        .catch((e: unknown) => {
          failure ??= e as Error;
        })
        .finally(() => inFlight.delete(done));
      inFlight.add(done);
    };
    try {
      for await (const row of rowsOf(f.file, f.format)) {
        rows.push(row);
        if (rows.length < batchRows) continue;
        flush();
        while (inFlight.size >= concurrency) await Promise.race(inFlight);
        if (failure) break;
      }
      if (rows.length && !failure) flush();
    } catch (e) {
      failure ??= e as Error;
    }
    await Promise.all(inFlight);
    s.rejections.sort((a, b) => a.fila - b.fila);
    if (failure) {
      s.error = (failure as Error).message;
      break;
    }
  }
  return out;
}

/** The summary's lines: a line per file, its first rejections and its error. */
const SHOWN_REJECTIONS = 20;
const n = (v: number) => formatNumber(v, 0);

export function summaryLines(summary: FileSummary[]): string[] {
  const lines: string[] = [];
  for (const s of summary) {
    lines.push(`${s.file} (${s.kind}${s.removal ? ', bajas' : ''}): ${n(s.received)} recibidas, ${n(s.accepted)} aceptadas, ${n(s.unchanged)} sin cambios, ${n(s.rejected)} rechazadas`);
    for (const r of s.rejections.slice(0, SHOWN_REJECTIONS)) lines.push(`  fila ${r.fila}${r.campo ? `, ${r.campo}` : ''}: ${r.mensaje}`);
    if (s.rejections.length > SHOWN_REJECTIONS) lines.push(`  … y ${n(s.rejections.length - SHOWN_REJECTIONS)} rechazos más`);
    if (s.error) lines.push(`  ERROR: ${s.error}`);
  }
  if (!summary.length) lines.push('No hay archivos para enviar (se esperan nombres como productos.ndjson, precios.csv, stock.json, productos.bajas.csv)');
  return lines;
}

export function exitCode(summary: FileSummary[]): number {
  if (summary.some((s) => s.error)) return 2;
  return summary.some((s) => s.rejected > 0) ? 1 : 0;
}

