import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Share links: a signed, expiring token naming exactly one document, usable without a session (sent by mail
 * or WhatsApp). Format: `base64url(JSON payload) "." base64url(HMAC-SHA256)`, where the payload is
 * {c, e, k, r, x} (x = expiry, Unix seconds). The HMAC key is derived from the server secret for this purpose
 * only, so a share token can never pass for an access token or the other way round.
 */

export type ShareClaims = {
  /** Company id. */
  c: number;
  /** Entity id (the customer the document belongs to). */
  e: number;
  /** Kind of document: 'voucher', 'order', 'statement'… */
  k: string;
  /** The document's reference within the kind: 'FC-3-1234'. */
  r: string;
};

export type VerifiedShareClaims = ShareClaims & {
  /** Expiry, Unix seconds. */
  x: number;
};

const KIND = /^[a-z][a-z0-9_-]{0,31}$/;
const MAX_REFERENCE = 128;
const MAX_TOKEN = 1024;
const KEY_LABEL = 'portal/share-link/v1';

function key(secret: string): Buffer {
  if (!secret) throw new Error('A share-link secret is required');
  return createHmac('sha256', secret).update(KEY_LABEL).digest();
}

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', key(secret)).update(payload).digest();
}

function seconds(now: Date | number): number {
  return Math.floor((typeof now === 'number' ? now : now.getTime()) / 1000);
}

function validClaims(c: Partial<VerifiedShareClaims>): c is VerifiedShareClaims {
  return (
    Number.isSafeInteger(c.c) &&
    (c.c as number) > 0 &&
    Number.isSafeInteger(c.e) &&
    (c.e as number) > 0 &&
    typeof c.k === 'string' &&
    KIND.test(c.k) &&
    typeof c.r === 'string' &&
    c.r.length > 0 &&
    c.r.length <= MAX_REFERENCE &&
    Number.isSafeInteger(c.x)
  );
}

/**
 * A token for the claims, valid for `ttlSeconds` from `now` (a Date or epoch milliseconds).
 * Throws on claims that could not be verified back (ids not positive integers, kind not /^[a-z][a-z0-9_-]*$/).
 */
export function signShareToken(
  secret: string,
  claims: ShareClaims,
  ttlSeconds: number,
  now: Date | number = Date.now(),
): string {
  if (!Number.isFinite(ttlSeconds) || ttlSeconds <= 0) throw new Error('ttlSeconds must be positive');
  const full: VerifiedShareClaims = {
    c: claims.c,
    e: claims.e,
    k: claims.k,
    r: claims.r,
    x: seconds(now) + Math.ceil(ttlSeconds),
  };
  if (!validClaims(full)) throw new Error('Invalid share-link claims');
  const payload = Buffer.from(JSON.stringify(full)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The claims of an intact, unexpired token; null for anything altered, expired or malformed. */
export function verifyShareToken(
  secret: string,
  token: string,
  now: Date | number = Date.now(),
): VerifiedShareClaims | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN) return null;
  const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, payload, signature] = m as unknown as [string, string, string];
  // Compared as text: base64url's last character carries spare bits, so two spellings decode alike.
  const given = Buffer.from(signature);
  const expected = Buffer.from(mac(secret, payload).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: Partial<VerifiedShareClaims>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<VerifiedShareClaims>;
  } catch {
    return null;
  }
  if (claims === null || typeof claims !== 'object' || !validClaims(claims)) return null;
  if (claims.x <= seconds(now)) return null;
  return { c: claims.c, e: claims.e, k: claims.k, r: claims.r, x: claims.x };
}
