import type { Readable } from 'node:stream';
import { integrationBatchMsg } from '@portal/contract';
import { badRequest, HttpError } from '../../lib/http-errors.js';

/** The largest row accepted (bytes of its JSON text): a row is a record, never a file. */
export const MAX_ROW_BYTES = 64 * 1024;
/** Rows a batch may carry; an ERP sends more in several batches. */
export const MAX_BATCH_ROWS = 100_000;

export type BodyFormat = 'json' | 'ndjson';

/** The body's format from its Content-Type: NDJSON (one row per line) or a JSON array of rows. */
export function formatOf(contentType: string | undefined): BodyFormat | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'application/x-ndjson' || type === 'application/ndjson' || type === 'application/jsonl') return 'ndjson';
  return null;
}

const malformed = (row: number, why: string) => badRequest(integrationBatchMsg.cuerpoMalFormado(row, why));

/**
 * The rows of a batch body, one at a time, in constant memory: NDJSON is split at line ends; a JSON array is split
 * at its top-level commas by a small scanner (strings and nesting tracked), each element parsed alone. A row that
 * is not a JSON object, a body that is not an array, an unterminated row: 400 naming the row.
 */
export async function* readRows(body: Readable, format: BodyFormat, maxRows = MAX_BATCH_ROWS): AsyncGenerator<{ n: number; value: unknown }> {
  let n = 0;
  const emit = (text: string) => {
    n++;
    if (n > maxRows) throw new HttpError(413, integrationBatchMsg.demasiadasFilas(maxRows));
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw malformed(n, integrationBatchMsg.jsonInvalido);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw malformed(n, integrationBatchMsg.filaNoObjeto);
    return { n, value };
  };

  if (format === 'ndjson') {
    let pending = '';
    for await (const chunk of body) {
      pending += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
      let at: number;
      while ((at = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, at).trim();
        pending = pending.slice(at + 1);
        if (line) yield emit(line);
      }
      if (pending.length > MAX_ROW_BYTES) throw malformed(n + 1, integrationBatchMsg.filaLarga(MAX_ROW_BYTES));
    }
    if (pending.trim()) yield emit(pending.trim());
    return;
  }

  // A JSON array: [ row, row, … ]
  let state: 'before' | 'between' | 'in-row' | 'after' = 'before';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let row = '';
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of body) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk as Buffer, { stream: true });
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (state === 'in-row') {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === '\\') escaped = true;
          else if (c === '"') inString = false;
          continue;
        }
        if (c === '"') inString = true;
        else if (c === '{' || c === '[') depth++;
        else if (c === '}' || c === ']') {
          depth--;
          if (depth === 0) {
            row += text.slice(start, i + 1);
            yield emit(row);
            row = '';
            state = 'between';
          } else if (depth < 0) throw malformed(n + 1, integrationBatchMsg.jsonInvalido);
        } else if (c === ',' && depth === 0) throw malformed(n + 1, integrationBatchMsg.filaNoObjeto);
        continue;
      }
      if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
      if (state === 'before') {
        if (c !== '[') throw malformed(0, integrationBatchMsg.noEsLista);
        state = 'between';
      } else if (state === 'between') {
        if (c === ',') continue;
        if (c === ']') {
          state = 'after';
          continue;
        }
        if (c !== '{') throw malformed(n + 1, integrationBatchMsg.filaNoObjeto);
        state = 'in-row';
        depth = 1;
        start = i;
      } else {
        throw malformed(n, integrationBatchMsg.jsonInvalido);
      }
    }
    if (state === 'in-row') {
      row += text.slice(start);
      if (row.length > MAX_ROW_BYTES) throw malformed(n + 1, integrationBatchMsg.filaLarga(MAX_ROW_BYTES));
    }
  }
  const ended: string = state;
  if (ended === 'before') throw malformed(0, integrationBatchMsg.noEsLista);
  if (ended !== 'after') throw malformed(n + 1, integrationBatchMsg.jsonIncompleto);
}
