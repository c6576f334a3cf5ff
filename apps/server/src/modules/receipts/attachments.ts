import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { DB } from '../../db/database.js';
import { TempFileStore, type TempFileStorage } from '../../documents/index.js';

/**
 * Receipt attachments (the transfer voucher, the e-cheq) live in the document service's file storage — the
 * `TempFileStorage` interface the generated files use, so one S3-compatible implementation serves both — in a
 * store of their own under DATA_DIR/receipt-files that no sweeper runs on: they are kept as long as the receipt.
 * The database row keeps the address (storage_dir, storage_name), the original name and the sniffed type.
 */
export function createAttachmentStore(dataDir: string): TempFileStorage {
  return new TempFileStore(path.join(dataDir, 'receipt-files'));
}

const EXTENSION: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** Writes one file (its type already sniffed) and answers its address. */
export async function storeAttachment(store: TempFileStorage, contentType: string, data: Buffer): Promise<{ directorio: string; name: string }> {
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

/** A stream of a stored attachment, or null when its address is missing or the file is gone. */
export async function openAttachment(store: TempFileStorage, row: { storage_dir: string | null; storage_name: string | null }): Promise<Readable | null> {
  if (!row.storage_dir || !row.storage_name) return null;
  return store.open(row.storage_dir, row.storage_name);
}

/**
 * Moves the bytes of attachments saved in the database before the file storage (migration 20261125_1200) into the
 * storage, one row at a time, and clears them from the row. Run once at start-up, before serving; a row is only
 * cleared after its file is written, so an interrupted run is simply resumed by the next one.
 */
export async function relocateAttachments(db: DB, store: TempFileStorage): Promise<number> {
  let moved = 0;
  for (;;) {
    const row = await db
      .selectFrom('receipt_attachments')
      .select(['id', 'content_type', 'data'])
      .where('data', 'is not', null)
      .where('storage_dir', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!row?.data) return moved;
    const stored = await storeAttachment(store, row.content_type, row.data);
    const r = await db
      .updateTable('receipt_attachments')
      .set({ storage_dir: stored.directorio, storage_name: stored.name, data: null })
      .where('id', '=', row.id)
      .where('storage_dir', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) await store.remove(stored.directorio);
    else moved++;
  }
}
