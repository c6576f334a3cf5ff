import { type Readable, type Writable } from 'node:stream';

/**
 * Generated files (a zip of vouchers, a PDF behind a signed link) that the browser downloads by (directorio, name)
 * afterwards, and files kept for good (receipt attachments): the storage interface callers depend on. Each file
 * has its own random `directorio`; generated files expire on their own (sweep). The implementations live in
 * lib/file-storage.ts (PostgreSQL by default, an S3-compatible bucket by URL): never this machine's disk.
 */

export type TempFile = {
  /** Random id of the file's directory (32 hex characters): half of the download address. */
  directorio: string;
  /** The file's name: the other half. */
  name: string;
  /** Where to write the content; end it (or pipe into it) to complete the file. */
  writeStream: Writable;
};

export type TempFileInfo = { size: number; modifiedAt: Date };

export interface TempFileStorage {
  /** A new empty file named `{baseName}.{ext}` ('archivo' by default) in a new random directory. */
  create(ext: string, baseName?: string): Promise<TempFile>;
  /** A stream of the file, or null when the address is invalid or the file does not exist (any longer). */
  open(directorio: string, name: string): Promise<Readable | null>;
  /** Size and date of the file, or null. */
  stat(directorio: string, name: string): Promise<TempFileInfo | null>;
  /** Deletes the directory and its file; no error when it is already gone. */
  remove(directorio: string): Promise<void>;
  /** Deletes the directories older than maxAgeMs; returns how many. */
  sweep(maxAgeMs?: number, now?: number): Promise<number>;
}

export const DEFAULT_TEMP_FILE_MAX_AGE_MS = 60 * 60 * 1000;
export const DEFAULT_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

const DIRECTORIO = /^[0-9a-f]{32}$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,119}$/;

export function isValidDirectorio(value: string): boolean {
  return typeof value === 'string' && DIRECTORIO.test(value);
}

export function isValidTempName(value: string): boolean {
  return typeof value === 'string' && NAME.test(value) && !value.includes('..');
}

/** 'Resumen de cuenta – Pérez' → 'Resumen-de-cuenta-Perez'. */
export function tempBaseName(value: string | undefined): string {
  const cleaned = (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 100);
  return cleaned || 'archivo';
}

/** Runs storage.sweep now and every intervalMs, one sweep at a time. Returns a stop function. */
export function startTempFileSweeper(
  storage: TempFileStorage,
  options: { intervalMs?: number; maxAgeMs?: number; onError?: (err: unknown) => void } = {},
): () => void {
  const intervalMs = options.intervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_TEMP_FILE_MAX_AGE_MS;
  const onError = options.onError ?? (() => undefined);
  let running = false;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = true;
    storage
      .sweep(maxAgeMs)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, 0);
  first.unref();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
  };
}
