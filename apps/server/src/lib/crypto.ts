import { createCipheriv, createDecipheriv, createHash, createHmac, createSecretKey, hkdfSync, randomBytes, randomInt, timingSafeEqual, type KeyObject } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
/** `algorithm: 2` is Algorithm.Argon2id (a const enum, unreadable under isolatedModules). */
const ARGON = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argonHash(password, ARGON);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argonVerify(hash, password);
  } catch {
    return false;
  }
}

/** A hash computed once so that a login for an unknown user costs the same time as for a known one. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A 6-digit numeric code, uniformly drawn. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

// ── Access tokens: compact HS256 JWTs ───────────────────────────────────────────────────────────────────────

export type AccessClaims = { sub: number; fam: string; iat: number; exp: number; jti: string };

const JWT_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * The HMAC key of the last secret used (a process has one token secret): made once, not from the secret's text on
 * every request (createHmac with a string converts and imports it each time: ≈ 36 µs of a gated call under load).
 */
let keyed: { secret: string; key: KeyObject } | null = null;
function hmacKey(secret: string): KeyObject {
  if (keyed?.secret !== secret) keyed = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
  return keyed.key;
}

function sign(input: string, secret: string): string {
  return createHmac('sha256', hmacKey(secret)).update(input).digest('base64url');
}

export function signAccessToken(claims: AccessClaims, secret: string): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const input = `${JWT_HEADER}.${body}`;
  return `${input}.${sign(input, secret)}`;
}

/** The claims of a well-signed token, or null. `ignoreExpiry` serves revocation of an expired token. */
export function verifyAccessToken(
  token: string,
  secret: string,
  nowSeconds: number,
  ignoreExpiry = false,
): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts as [string, string, string];
  if (header !== JWT_HEADER) return null;
  if (!safeEqual(signature, sign(`${header}.${body}`, secret))) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const c = claims as Partial<AccessClaims>;
  if (typeof c.sub !== 'number' || typeof c.fam !== 'string' || typeof c.exp !== 'number') return null;
  if (!ignoreExpiry && accessTokenExpired(c as AccessClaims, nowSeconds)) return null;
  return c as AccessClaims;
}

/** Whether a token with these claims has expired at `nowSeconds` (its `exp` is the first second it is refused). */
export function accessTokenExpired(claims: AccessClaims, nowSeconds: number): boolean {
  return claims.exp <= nowSeconds;
}

/**
 * AES-256-GCM under a key derived (HKDF-SHA256) from a secret the caller holds, e.g. a refresh token that is
 * stored only as its hash: whoever reads the database cannot open what was sealed for the token's holder.
 */
function keyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'portal-seal', 'refresh-successor', 32));
}

export function seal(plaintext: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The sealed text, or null when it was not sealed with this secret (or was altered). */
export function unseal(sealed: string, secret: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
