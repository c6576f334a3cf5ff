import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Files shared by every server process and machine (lib/file-storage.ts, docs/decisions/file-storage.md): the table
 * `stored_files` holds receipt attachments (area 'adjuntos') and generated documents behind a signed link
 * (area 'temporales', swept after an hour). Existing attachments move in once, here:
 * - bytes still in `receipt_attachments.data` (rows older than the disk storage), under a new random address;
 * - files under `{DATA_DIR}/receipt-files/{storage_dir}/{storage_name}` on the disk of the machine that migrates,
 *   at the address the row already names. A row whose file is not on this disk is listed in the log line and keeps
 *   its address: `npm run files:import -w @portal/server` on the machine that has it brings it in later.
 * Then `data` goes: every row names its file in the storage. Generated documents on disk are not moved (they
 * expire within the hour; a link to one answers 404 as an expired one does).
 */
export function storedFilesMigration(dataDir: string | undefined): Migration {
  return { up: (db) => up(db, dataDir), down };
}

export async function up(db: Kysely<unknown>, dataDir?: string): Promise<void> {
  await sql`create table stored_files (
    area text not null check (area in ('adjuntos', 'temporales')),
    directorio text not null,
    name text not null,
    size integer not null,
    content bytea not null,
    created_at timestamptz not null default now(),
    primary key (area, directorio)
  )`.execute(db);
  await sql`create index stored_files_area_created on stored_files (area, created_at)`.execute(db);

  await sql`update receipt_attachments set storage_dir = replace(gen_random_uuid()::text, '-', ''),
      storage_name = 'adjunto.' || case content_type when 'application/pdf' then 'pdf' when 'image/jpeg' then 'jpg'
                                                     when 'image/png' then 'png' else 'bin' end
    where data is not null and storage_dir is null`.execute(db);
  await sql`insert into stored_files (area, directorio, name, size, content)
    select 'adjuntos', storage_dir, storage_name, length(data), data from receipt_attachments where data is not null
    on conflict do nothing`.execute(db);

  if (dataDir) await importAttachmentsFromDisk(db, dataDir);

  await sql`alter table receipt_attachments drop constraint if exists receipt_attachments_stored`.execute(db);
  await sql`alter table receipt_attachments drop column data`.execute(db);
  await sql`alter table receipt_attachments alter column storage_dir set not null, alter column storage_name set not null`.execute(db);
}

/**
 * Copies the attachment files this machine's DATA_DIR holds into `stored_files`, at the addresses their rows
 * name; rows already there are skipped. Answers how many were copied and which are still missing.
 */
export async function importAttachmentsFromDisk(db: Kysely<unknown>, dataDir: string): Promise<{ copied: number; missing: number[] }> {
  const { rows } = await sql<{ id: number; storage_dir: string; storage_name: string }>`
    select a.id, a.storage_dir, a.storage_name from receipt_attachments a
    where a.storage_dir is not null
      and not exists (select 1 from stored_files f where f.area = 'adjuntos' and f.directorio = a.storage_dir)
    order by a.id`.execute(db);
  let copied = 0;
  const missing: number[] = [];
  for (const row of rows) {
    if (!/^[0-9a-f]{32}$/.test(row.storage_dir) || row.storage_name.includes('/') || row.storage_name.includes('..')) {
      missing.push(row.id);
      continue;
    }
    let content: Buffer;
    try {
      content = await readFile(path.join(dataDir, 'receipt-files', row.storage_dir, row.storage_name));
    } catch {
      missing.push(row.id);
      continue;
    }
    await sql`insert into stored_files (area, directorio, name, size, content)
      values ('adjuntos', ${row.storage_dir}, ${row.storage_name}, ${content.length}, ${content}) on conflict do nothing`.execute(db);
    copied++;
  }
  if (missing.length) {
    process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), missing, msg: 'receipt attachments not found under DATA_DIR/receipt-files: import them from the machine that has them (npm run files:import)' })}\n`);
  }
  return { copied, missing };
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table receipt_attachments add column data bytea`.execute(db);
  await sql`update receipt_attachments a set data = f.content from stored_files f where f.area = 'adjuntos' and f.directorio = a.storage_dir`.execute(db);
  await sql`alter table receipt_attachments alter column storage_dir drop not null, alter column storage_name drop not null`.execute(db);
  await sql`update receipt_attachments set storage_dir = null, storage_name = null where data is not null`.execute(db);
  await sql`alter table receipt_attachments add constraint receipt_attachments_stored
    check (data is not null or (storage_dir is not null and storage_name is not null))`.execute(db);
  await sql`drop table stored_files`.execute(db);
}
