import { type Readable, type Writable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { closedEarly, whenFinished } from './stream-util.js';

/**
 * Several documents in one zip, streamed to `out`: entries are appended one at a time (the next one is pulled
 * from the iterable only once the previous one has been consumed), so a batch of PDFs never sits in memory
 * at once.
 */

export type ZipEntry = { name: string; data: Buffer | Readable };

/** Formats that are already compressed are stored, not deflated again. */
const STORED = /\.(pdf|xlsx|docx|zip|gz|png|jpe?g|gif|webp)$/i;

/** A file name safe on every desktop system: no folders, no reserved characters. */
export function safeEntryName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 180);
  return cleaned || 'archivo';
}

/** 'FC-3-1234.pdf' → 'FC-3-1234 (2).pdf' */
function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** Gives every entry a distinct name (case-insensitive, as Windows and macOS compare them). */
export class UniqueNames {
  private readonly taken = new Set<string>();

  next(name: string): string {
    const base = safeEntryName(name);
    let candidate = base;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) candidate = numbered(base, n);
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

/** Writes the zip to `out` (which is ended) and resolves once `out` has received all of it. */
export async function writeZip(
  out: Writable,
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  options: { date?: Date } = {},
): Promise<void> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  let failure: Error | null = null;
  const failed = new Promise<never>((_resolve, reject) => {
    archive.on('error', (err) => {
      failure = err;
      reject(err);
    });
  });
  failed.catch(() => undefined);
  archive.on('warning', (err) => {
    failure = err;
  });
  const done = whenFinished(out);
  done.catch(() => undefined);
  const interrupted = closedEarly(out);
  archive.pipe(out);

  const names = new UniqueNames();
  const date = options.date ?? new Date();
  try {
    for await (const entry of entries) {
      if (failure) throw failure;
      const name = names.next(entry.name);
      const data = entry.data;
      let onSourceError: ((err: Error) => void) | undefined;
      const appended = new Promise<void>((resolve, reject) => {
        archive.once('entry', () => resolve());
        // archiver does not watch its sources: a failing stream would otherwise stall the zip forever.
        if (!Buffer.isBuffer(data)) {
          onSourceError = reject;
          data.once('error', onSourceError);
        }
      });
      archive.append(data, { name, date, store: STORED.test(name) });
      try {
        await Promise.race([appended, failed, interrupted.promise]);
      } finally {
        if (onSourceError && !Buffer.isBuffer(data)) data.off('error', onSourceError);
      }
    }
    if (failure) throw failure;
    await Promise.race([archive.finalize(), failed, interrupted.promise]);
  } catch (err) {
    archive.unpipe(out);
    archive.abort();
    throw err;
  } finally {
    interrupted.dispose();
  }
  await done;
}
