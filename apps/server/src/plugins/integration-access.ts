import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INTEGRATION_KEY_PATTERN, integrationMsg, type IntegrationKind, type IntegrationReadKind } from '@portal/contract';
import { safeEqual, sha256 } from '../lib/crypto.js';
import { unauthorized } from '../lib/http-errors.js';
import type { DB } from '../db/database.js';
import { RateLimiter, type LimitRule } from './rate-limit.js';

/** The key an integration call was made with, and the company it acts for (never another). */
export type IntegrationKey = {
  id: number;
  name: string;
  prefix: string;
  writeKinds: IntegrationKind[];
  readKinds: IntegrationReadKind[];
  company: { id: number; cuit: string; name: string };
  ip: string;
};

/**
 * Requests per key and window, shared by every server process (plugins/rate-limit.ts). A batch of 10,000 rows is
 * one request, so an ERP that syncs every few minutes stays far below; a runaway loop is stopped.
 */
export const INTEGRATION_KEY_LIMIT: LimitRule = { name: 'integration-key', max: 600, windowSeconds: 60 };

declare module 'fastify' {
  interface FastifyInstance {
    /** 401 unless the bearer is a live integration key (never a user's token); 429 past the key's limit. */
    authenticateKey(request: FastifyRequest): Promise<IntegrationKey>;
  }
}

/** The bearer header's integration key, split into its public prefix and secret; null when it is not one. */
export function parseIntegrationKey(value: string): { prefix: string; secret: string } | null {
  const match = INTEGRATION_KEY_PATTERN.exec(value);
  return match ? { prefix: `pic_${match[1]}`, secret: match[2]! } : null;
}

/** The stored form of a key's secret: SHA-256 of a 256-bit random secret (a password hash would add nothing but cost). */
export const hashIntegrationSecret = (secret: string) => sha256(secret);

async function keyRow(db: DB, prefix: string) {
  return db
    .selectFrom('integration_keys as k')
    .innerJoin('companies as c', 'c.id', 'k.company_id')
    .select(['k.id', 'k.name', 'k.prefix', 'k.secret_hash', 'k.write_kinds', 'k.read_kinds', 'k.revoked_at', 'c.id as company_id', 'c.cuit', 'c.name as company_name', 'c.active'])
    .where('k.prefix', '=', prefix)
    .executeTakeFirst();
}

/**
 * The integration API's gate: `Authorization: Bearer pic_…`. The key is looked up by its public prefix and its
 * secret compared with the stored hash in constant time; revocation counts at once (nothing is kept between
 * requests). The time of last use is written at most once a minute per key.
 */
export const integrationAccessPlugin = fp(async (app: FastifyInstance, options: { rateLimitScale: number }) => {
  const limiter = new RateLimiter(app.db, options.rateLimitScale);

  app.decorate('authenticateKey', async (request: FastifyRequest): Promise<IntegrationKey> => {
    const header = request.headers.authorization;
    if (!header) throw unauthorized(integrationMsg.claveObligatoria);
    const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!bearer) throw unauthorized(integrationMsg.claveInvalida);
    const parsed = parseIntegrationKey(bearer);
    // A user's access token (three dot-separated parts) is refused by name: the ERP developer learns why.
    if (!parsed) throw unauthorized(bearer.split('.').length === 3 ? integrationMsg.soloClaves : integrationMsg.claveInvalida);
    const row = await keyRow(app.db, parsed.prefix);
    if (!row || !row.active || !safeEqual(row.secret_hash, hashIntegrationSecret(parsed.secret))) throw unauthorized(integrationMsg.claveInvalida);
    if (row.revoked_at) throw unauthorized(integrationMsg.claveRevocadaAcceso);
    await limiter.hit(INTEGRATION_KEY_LIMIT, String(row.id), () => integrationMsg.demasiadasSolicitudes);
    await app.db
      .updateTable('integration_keys')
      .set({ last_used_at: new Date() })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(Date.now() - 60_000))]))
      .execute();
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      writeKinds: row.write_kinds as IntegrationKind[],
      readKinds: row.read_kinds as IntegrationReadKind[],
      company: { id: row.company_id, cuit: row.cuit, name: row.company_name },
      ip: request.ip,
    };
  });
});
