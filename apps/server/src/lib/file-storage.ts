import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import type { DB } from '../db/database.js';
import {
  DEFAULT_TEMP_FILE_MAX_AGE_MS,
  isValidDirectorio,
  isValidTempName,
  tempBaseName,
  type TempFile,
  type TempFileInfo,
  type TempFileStorage,
} from '../documents/index.js';

/**
 * Where files that must outlive a request live: shared by every server process and machine, never the local disk
 * (docs/decisions/file-storage.md). Two areas: `adjuntos` (receipt attachments, kept as long as their receipt) and
 * `temporales` (generated ZIPs and PDFs behind a signed link, swept after an hour). PostgreSQL holds them by
 * default (table `stored_files`: its backups hold them too); FILE_STORAGE_URL names an S3-compatible bucket instead.
 */
export type FileArea = 'adjuntos' | 'temporales';

export interface FileStorage extends TempFileStorage {
  /**
   * The same storage writing through this transaction: in PostgreSQL a file written during a change commits or
   * rolls back with it (a receipt and its attachments); an object store is not transactional and answers itself.
   */
  inTransaction(trx: DB): FileStorage;
}

const EXT = /^[a-z0-9]{1,10}$/;

function newAddress(ext: string, baseName?: string): { directorio: string; name: string } {
  const extension = ext.replace(/^\./, '').toLowerCase();
  if (!EXT.test(extension)) throw new Error(`Invalid temporary file extension: ${ext}`);
  return { directorio: randomBytes(16).toString('hex'), name: `${tempBaseName(baseName)}.${extension}` };
}

/** A writable that keeps what is written and hands it, whole, to `save` when it is ended. */
function collector(save: (content: Buffer) => Promise<void>): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      done();
    },
    final(done) {
      save(Buffer.concat(chunks)).then(() => done(), done);
    },
  });
}

function asBuffer(value: Uint8Array): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

/** Files as rows of `stored_files` (bytea): one row per file, keyed by (area, directorio). */
export class DbFileStore implements FileStorage {
  constructor(
    private readonly db: DB,
    readonly area: FileArea,
  ) {}

  inTransaction(trx: DB): FileStorage {
    return new DbFileStore(trx, this.area);
  }

  async create(ext: string, baseName?: string): Promise<TempFile> {
    const { directorio, name } = newAddress(ext, baseName);
    const writeStream = collector(async (content) => {
      await this.db.insertInto('stored_files').values({ area: this.area, directorio, name, size: content.length, content }).execute();
    });
    return { directorio, name, writeStream };
  }

  async open(directorio: string, name: string): Promise<Readable | null> {
    if (!isValidDirectorio(directorio) || !isValidTempName(name)) return null;
    const row = await this.db
      .selectFrom('stored_files')
      .select('content')
      .where('area', '=', this.area)
      .where('directorio', '=', directorio)
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? Readable.from([asBuffer(row.content)], { objectMode: false }) : null;
  }

  async stat(directorio: string, name: string): Promise<TempFileInfo | null> {
    if (!isValidDirectorio(directorio) || !isValidTempName(name)) return null;
    const row = await this.db
      .selectFrom('stored_files')
      .select(['size', 'created_at'])
      .where('area', '=', this.area)
      .where('directorio', '=', directorio)
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? { size: row.size, modifiedAt: new Date(row.created_at) } : null;
  }

  async remove(directorio: string): Promise<void> {
    if (!isValidDirectorio(directorio)) return;
    await this.db.deleteFrom('stored_files').where('area', '=', this.area).where('directorio', '=', directorio).execute();
  }

  async sweep(maxAgeMs = DEFAULT_TEMP_FILE_MAX_AGE_MS, now = Date.now()): Promise<number> {
    const r = await this.db
      .deleteFrom('stored_files')
      .where('area', '=', this.area)
      .where('created_at', '<', sql<Date>`${new Date(now - maxAgeMs).toISOString()}::timestamptz`)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}

/**
 * An S3-compatible bucket named by a URL: `s3://KEY:SECRET@host[:port]/bucket[/prefix]?region=…` (HTTPS) or
 * `s3+http://…` (plain HTTP, a bucket inside the private network). Path-style addressing, which AWS, MinIO,
 * Ceph, Garage and R2 all accept. Without credentials in the URL the SDK's usual chain (AWS_ACCESS_KEY_ID, …) applies.
 */
export type S3Location = {
  endpoint: string;
  bucket: string;
  prefix: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

export function parseS3Url(value: string): S3Location {
  const url = new URL(value);
  if (url.protocol !== 's3:' && url.protocol !== 's3+http:') throw new Error('FILE_STORAGE_URL: expected s3:// or s3+http://');
  const [bucket, ...rest] = url.pathname.replace(/^\/+|\/+$/g, '').split('/');
  if (!bucket) throw new Error('FILE_STORAGE_URL: the bucket is missing (s3://host/bucket)');
  const endpoint = `${url.protocol === 's3:' ? 'https' : 'http'}://${url.host}`;
  const credentials = url.username
    ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
    : undefined;
  return { endpoint, bucket, prefix: rest.join('/'), region: url.searchParams.get('region') ?? 'us-east-1', ...(credentials ? { credentials } : {}) };
}

type S3Module = typeof S3Sdk;

/**
 * Objects under `{prefix}/{area}/{directorio}/{name}`. The SDK is loaded only when a bucket is configured (it costs
 * start-up time the default storage does not need). Checksums are sent only where S3 requires them: several
 * S3-compatible servers reject the SDK's newer default (an aws-chunked body with a trailing CRC32).
 */
export class S3FileStore implements FileStorage {
  private client: Promise<{ s3: S3Module; client: InstanceType<S3Module['S3Client']> }> | null = null;

  constructor(
    private readonly location: S3Location,
    readonly area: FileArea,
  ) {}

  inTransaction(): FileStorage {
    return this;
  }

  private sdk() {
    this.client ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        endpoint: this.location.endpoint,
        region: this.location.region,
        forcePathStyle: true,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        ...(this.location.credentials ? { credentials: this.location.credentials } : {}),
      }),
    }));
    return this.client;
  }

  /** Closes the client's sockets. */
  async close(): Promise<void> {
    if (this.client) (await this.client).client.destroy();
  }

  private dirKey(directorio: string): string {
    return [this.location.prefix, this.area, directorio].filter(Boolean).join('/') + '/';
  }

  async create(ext: string, baseName?: string): Promise<TempFile> {
    const { directorio, name } = newAddress(ext, baseName);
    const writeStream = collector(async (content) => {
      const { s3, client } = await this.sdk();
      await client.send(new s3.PutObjectCommand({ Bucket: this.location.bucket, Key: this.dirKey(directorio) + name, Body: content, ContentLength: content.length }));
    });
    return { directorio, name, writeStream };
  }

  async open(directorio: string, name: string): Promise<Readable | null> {
    if (!isValidDirectorio(directorio) || !isValidTempName(name)) return null;
    const { s3, client } = await this.sdk();
    try {
      const out = await client.send(new s3.GetObjectCommand({ Bucket: this.location.bucket, Key: this.dirKey(directorio) + name }));
      return out.Body instanceof Readable ? out.Body : null;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async stat(directorio: string, name: string): Promise<TempFileInfo | null> {
    if (!isValidDirectorio(directorio) || !isValidTempName(name)) return null;
    const { s3, client } = await this.sdk();
    try {
      const out = await client.send(new s3.HeadObjectCommand({ Bucket: this.location.bucket, Key: this.dirKey(directorio) + name }));
      return { size: out.ContentLength ?? 0, modifiedAt: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /** Each object under the prefix: its key and date, page by page. */
  private async *list(prefix: string): AsyncGenerator<{ key: string; modifiedAt: Date }> {
    const { s3, client } = await this.sdk();
    let token: string | undefined;
    do {
      const page = await client.send(new s3.ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date(0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async remove(directorio: string): Promise<void> {
    if (!isValidDirectorio(directorio)) return;
    const { s3, client } = await this.sdk();
    for await (const o of this.list(this.dirKey(directorio))) {
      await client.send(new s3.DeleteObjectCommand({ Bucket: this.location.bucket, Key: o.key }));
    }
  }

  /** Deletes the area's objects older than maxAgeMs (a bucket lifecycle rule on the prefix does the same without it). */
  async sweep(maxAgeMs = DEFAULT_TEMP_FILE_MAX_AGE_MS, now = Date.now()): Promise<number> {
    const { s3, client } = await this.sdk();
    const areaPrefix = [this.location.prefix, this.area].filter(Boolean).join('/') + '/';
    let removed = 0;
    for await (const o of this.list(areaPrefix)) {
      if (o.modifiedAt.getTime() >= now - maxAgeMs) continue;
      await client.send(new s3.DeleteObjectCommand({ Bucket: this.location.bucket, Key: o.key }));
      removed++;
    }
    return removed;
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** The storage of one area: the bucket of FILE_STORAGE_URL when set, else PostgreSQL (the portal's database). */
export function createFileStorage(db: DB, fileStorageUrl: string | undefined, area: FileArea): FileStorage {
  return fileStorageUrl ? new S3FileStore(parseS3Url(fileStorageUrl), area) : new DbFileStore(db, area);
}
