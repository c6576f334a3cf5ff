import type { Readable } from 'node:stream';
import { API_PREFIX } from '@portal/contract';
import { type VerifiedShareClaims, signShareToken } from '../documents/index.js';
import type { TempFileStorage } from '../documents/index.js';
import type { DB } from '../db/database.js';

/**
 * Public links: GET /api/public/compartido/{token} serves whatever a signed, expiring token names, without a
 * session. The token's kind picks the resolver from the app's ShareRegistry, which buildApp creates and hands to the
 * areas' routes functions; each area registers its kinds there at startup (files 'voucher' and 'archivo', orders
 * 'order' and 'ordencompra', receipts 'recibo'), without touching the route. Nothing is registered at import time:
 * two apps in one process (tests) have registries of their own.
 */

export type SharedFile = {
  fileName: string;
  contentType: string;
  body: Buffer | Readable;
  /** inline: the browser shows it (PDF); attachment: it downloads (ZIP). */
  disposition: 'inline' | 'attachment';
};

export type ShareContext = { db: DB; claims: VerifiedShareClaims; tempFiles: TempFileStorage };

/** The file the claims name, or null when it is no longer available (410). */
export type ShareResolver = (ctx: ShareContext) => Promise<SharedFile | null>;

/** The kinds of shared document one app serves. */
export class ShareRegistry {
  private readonly resolvers = new Map<string, ShareResolver>();

  /** Adds a kind of shared document; a kind registered twice (two areas claiming one name) fails the startup. */
  register(kind: string, resolver: ShareResolver): void {
    if (this.resolvers.has(kind)) throw new Error(`Share kind '${kind}' is registered twice`);
    this.resolvers.set(kind, resolver);
  }

  resolver(kind: string): ShareResolver | undefined {
    return this.resolvers.get(kind);
  }
}

/** Path of the public link ('/api/public/compartido/{token}') for these claims, valid ttlSeconds. */
export function sharePath(secret: string, claims: { c: number; e: number; k: string; r: string }, ttlSeconds: number, now = Date.now()): string {
  return `${API_PREFIX}/compartido/${signShareToken(secret, claims, ttlSeconds, now)}`;
}

/** The token at the end of a share path or URL, or null. */
export function tokenOfSharePath(url: string): string | null {
  const m = /\/compartido\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\/?$/.exec(url.split(/[?#]/)[0] ?? '');
  return m ? m[1]! : null;
}

/** Share links to one voucher live a week; links to generated files as long as the files themselves. */
export const VOUCHER_SHARE_TTL_SECONDS = 7 * 24 * 60 * 60;
