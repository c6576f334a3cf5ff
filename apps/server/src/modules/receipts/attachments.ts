import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FileStorage } from '../../lib/file-storage.js';

/**
 * Receipt attachments (the transfer voucher, the e-cheq) live in the shared file storage (lib/file-storage.ts), in
 * the area 'adjuntos' that no sweeper runs on: they are kept as long as the receipt. The database row keeps the
 * address (storage_dir, storage_name), the original name and the sniffed type.
 */
const EXTENSION: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** Writes one file (its type already sniffed) and answers its address. */
export async function storeAttachment(store: FileStorage, contentType: string, data: Buffer): Promise<{ directorio: string; name: string }> {
  const file = await store.create(EXTENSION[contentType] ?? 'bin', 'adjunto');
  try {
    file.writeStream.end(data);
    await finished(file.writeStream);
  } catch (err) {
    await store.remove(file.directorio);
    throw err;
  }
  return { directorio: file.directorio, name: file.name };
}

/** A stream of a stored attachment, or null when the file is gone. */
export async function openAttachment(store: FileStorage, row: { storage_dir: string; storage_name: string }): Promise<Readable | null> {
  return store.open(row.storage_dir, row.storage_name);
}
