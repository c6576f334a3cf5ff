import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser, Tenant } from '../../plugins/access.js';

/** Credentials a directly opened URL carries in its query (window.open and <a href> cannot send headers). */
export type QueryCredentials = { token?: string | undefined; cooperativa?: string | undefined; entity_id?: string | undefined };

function first(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** token, cooperativa and entity_id as the raw query has them. */
export function queryCredentials(query: unknown): QueryCredentials {
  const q = (query ?? {}) as Record<string, unknown>;
  return { token: first(q.token), cooperativa: first(q.cooperativa), entity_id: first(q.entity_id) };
}

/**
 * The access gate of plugins/access.ts for an entity-scoped call, in the order registerRoute runs it: token (401),
 * company and entity (400/403), module (403). With `fromQuery`, a `token` in the query stands for the bearer
 * header, `cooperativa` for Cuit and `entity_id` for Entity_ID: the very same checks run on them (the request
 * is seen through a view whose headers are replaced; nothing else changes).
 */
export async function entityGate(
  app: FastifyInstance,
  request: FastifyRequest,
  options: { module?: string; fromQuery?: QueryCredentials } = {},
): Promise<{ user: AuthUser; tenant: Tenant & { entity: NonNullable<Tenant['entity']> } }> {
  let req = request;
  const q = options.fromQuery;
  if (q?.token) {
    const headers: Record<string, string | string[] | undefined> = { ...request.headers, authorization: `Bearer ${q.token}` };
    if (q.cooperativa) headers.cuit = q.cooperativa;
    if (q.entity_id) headers.entity_id = q.entity_id;
    req = Object.create(request, { headers: { value: headers, enumerable: true } }) as FastifyRequest;
  }
  // The same one-statement gate as registerRoute: token, company, entity and module settings together.
  const { user, tenant } = await app.authenticateTenant(req, true);
  if (options.module) await app.requireModule(req, user, tenant, options.module);
  // authenticateTenant(…, true) never answers without an entity.
  return { user, tenant: tenant as Tenant & { entity: NonNullable<Tenant['entity']> } };
}

/** A query flag: 'true' or '1'. */
export function isFlag(value: unknown): boolean {
  const v = Array.isArray(value) ? value[0] : value;
  return v === 'true' || v === '1';
}

/** The URL as logs may keep it: a `token` in the query (direct-open links) is masked. */
export function redactToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1***');
}

/** Fastify's request log line, with the query token masked (access tokens must not end up in log files). */
export function requestLogSerializer(req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: redactToken(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
