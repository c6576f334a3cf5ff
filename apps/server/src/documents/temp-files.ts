import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, type Writable } from 'node:stream';

/**
 * Short-lived generated files (a large export prepared in the background, a zip of vouchers) that the browser
 * downloads by (directorio, name) afterwards. Each file lives in its own random directory; leftovers expire on
 * their own (sweep). The interface is what callers depend on, so an S3-compatible store (objects under
 * `tmp-files/{directorio}/{name}` with a bucket lifecycle rule for expiry) can replace the disk later.
 * Files kept for good (receipt attachments, modules/receipts/attachments.ts) use the same interface in a store of
 * their own that no sweeper runs on.
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
const EXT = /^[a-z0-9]{1,10}$/;

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

export class TempFileStore implements TempFileStorage {
  /** @param baseDir e.g. `${config.dataDir}/tmp-files`; created on first use. */
  constructor(readonly baseDir: string) {}

  async create(ext: string, baseName?: string): Promise<TempFile & { path: string }> {
    const extension = ext.replace(/^\./, '').toLowerCase();
    if (!EXT.test(extension)) throw new Error(`Invalid temporary file extension: ${ext}`);
    const directorio = randomBytes(16).toString('hex');
    const name = `${tempBaseName(baseName)}.${extension}`;
    const dir = path.join(this.baseDir, directorio);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const filePath = path.join(dir, name);
    const writeStream = createWriteStream(filePath, { flags: 'wx', mode: 0o600 });
    return { directorio, name, path: filePath, writeStream };
  }

  private pathOf(directorio: string, name: string): string | null {
    if (!isValidDirectorio(directorio) || !isValidTempName(name)) return null;
    return path.join(this.baseDir, directorio, name);
  }

  async open(directorio: string, name: string): Promise<Readable | null> {
    const filePath = this.pathOf(directorio, name);
    if (!filePath) return null;
    try {
      const handle = await open(filePath, 'r');
      try {
        if (!(await handle.stat()).isFile()) {
          await handle.close();
          return null;
        }
      } catch (err) {
        await handle.close();
        throw err;
      }
      return handle.createReadStream();
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async stat(directorio: string, name: string): Promise<TempFileInfo | null> {
    const filePath = this.pathOf(directorio, name);
    if (!filePath) return null;
    try {
      const s = await stat(filePath);
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(directorio: string): Promise<void> {
    if (!isValidDirectorio(directorio)) return;
    await rm(path.join(this.baseDir, directorio), { recursive: true, force: true });
  }

  /** Age is the directory's modification time, i.e. when its file was created. */
  async sweep(maxAgeMs = DEFAULT_TEMP_FILE_MAX_AGE_MS, now = Date.now()): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.baseDir);
    } catch (err) {
      if (isMissing(err)) return 0;
      throw err;
    }
    let removed = 0;
    for (const name of names) {
      if (!isValidDirectorio(name)) continue;
      const dir = path.join(this.baseDir, name);
      try {
        const s = await stat(dir);
        if (s.isDirectory() && s.mtimeMs < now - maxAgeMs) {
          await rm(dir, { recursive: true, force: true });
          removed++;
        }
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
    return removed;
  }

  /** Sweeps now and every intervalMs (timers unref'd: they never keep the process alive). Returns stop(). */
  startSweeper(
    intervalMs = DEFAULT_SWEEP_INTERVAL_MS,
    maxAgeMs = DEFAULT_TEMP_FILE_MAX_AGE_MS,
    onError: (err: unknown) => void = () => undefined,
  ): () => void {
    return startTempFileSweeper(this, { intervalMs, maxAgeMs, onError });
  }
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

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
