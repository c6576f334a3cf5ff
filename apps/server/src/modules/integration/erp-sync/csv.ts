import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/**
 * CSV rows as the integration's JSON rows. The first line names the fields (the kinds' field names; a facet's as
 * `marca.codigo` and `marca.nombre`); the separator is `,` or `;` (what the header uses: spreadsheets of Argentine
 * locale save with `;`); quotes as RFC 4180 ("a ""b""", fields across lines). An empty cell is left out (the field's
 * default); code and integer fields become numbers, flags booleans (true/false, si/no, 1/0), `otros_codigos_barras`
 * and `perfiles` lists split at `|`; everything else (decimals included) stays text, as the API takes it.
 */
const INTEGERS = new Set(['codigo', 'vendedor', 'lista_precios', 'lista', 'producto', 'deposito', 'dias_entrega', 'cliente', 'punto_venta', 'numero', 'cuenta', 'tipo_afip', 'orden']);
const FLAGS = new Set(['activo', 'nuevo', 'promocion', 'envase', 'cancelado']);
const LISTS = new Set(['otros_codigos_barras', 'perfiles']);

export function typed(field: string, text: string): unknown {
  const leaf = field.split('.').at(-1)!;
  if (INTEGERS.has(leaf) && /^\d+$/.test(text)) return Number(text);
  if (FLAGS.has(leaf)) {
    const t = text.toLowerCase();
    if (['true', 'si', 'sí', '1'].includes(t)) return true;
    if (['false', 'no', '0'].includes(t)) return false;
  }
  if (LISTS.has(leaf)) return text.split('|').map((s) => s.trim()).filter(Boolean);
  return text;
}

/** Splits CSV records (a record may span lines inside quotes). */
export async function* records(input: Readable): AsyncGenerator<string[]> {
  let separator: string | null = null;
  let fields: string[] = [];
  let cell = '';
  let quoted = false;
  let open = false;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (separator === null) separator = line.includes(';') && !line.includes(',') ? ';' : ',';
    let text = line;
    if (open) text = `\n${line}`;
    else if (!line.trim()) continue;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"' && cell.trim() === '') {
        quoted = true;
        cell = '';
      } else if (c === separator) {
        fields.push(cell);
        cell = '';
      } else cell += c;
    }
    if (quoted) {
      open = true;
      continue;
    }
    fields.push(cell);
    yield fields.map((f) => f.trim());
    fields = [];
    cell = '';
    open = false;
  }
  if (open) throw new Error('El archivo CSV termina dentro de un campo entre comillas');
}

/** One record as the integration's row: the header's fields with their cells (empty cells left out), typed. */
export function rowOf(header: readonly string[], cells: readonly string[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  header.forEach((field, i) => {
    const text = cells[i] ?? '';
    if (!field || text === '') return;
    const [head, sub] = field.split('.', 2) as [string, string | undefined];
    if (sub === undefined) row[head] = typed(field, text);
    else ((row[head] ??= {}) as Record<string, unknown>)[sub] = typed(field, text);
  });
  return row;
}

/** The rows of a CSV file: one object per record after the header. */
export async function* csvRows(input: Readable): AsyncGenerator<Record<string, unknown>> {
  let header: string[] | null = null;
  for await (const cells of records(input)) {
    if (!header) {
      header = cells.map((h) => h.replace(/^\uFEFF/, ''));
      continue;
    }
    yield rowOf(header, cells);
  }
}
