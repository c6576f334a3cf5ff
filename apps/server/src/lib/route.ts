import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_PREFIX, firstIssueMessage, msg, type RouteDef } from '@portal/contract';
import type { AuthUser, EntityTenant, QueryCredentials, Tenant } from './identity.js';
import type { IntegrationKey } from '../plugins/integration-access.js';
import { badRequest } from './http-errors.js';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RouteInput<D extends RouteDef> = {
  params: Out<D['params']>;
  query: Out<D['query']>;
  body: Out<D['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
  user: D['access'] extends 'public' | 'integration' ? undefined : AuthUser;
  /** Integration routes get the key they were called with (its company is the only one they touch). */
  key: D['access'] extends 'integration' ? IntegrationKey : undefined;
  /** Entity routes get a tenant whose entity is set (the gate refuses the call otherwise). */
  tenant: D['access'] extends 'entity' ? EntityTenant : D['access'] extends 'company' ? Tenant : undefined;
};

/** What a public use of a gated path gets (registerRoute's `publicUse`): no user, no tenant. */
export type PublicInput = { request: FastifyRequest; reply: FastifyReply };

export type RouteOptions = {
  prefix?: string;
  /**
   * The encapsulated instance to register the route on (one with content-type parsers of its own, as the
   * integration API's streamed bodies); the route is still listed under `app` for the fuzz and authorization tests.
   */
  on?: FastifyInstance;
  /**
   * Uses of the path the browser opens itself (window.open, <a href>: no headers): when this says so for the
   * request's query, its `token`, `cooperativa` and `entity_id` stand for the bearer, Cuit and Entity_ID headers.
   */
  queryCredentials?: (query: Record<string, unknown>) => boolean;
  /**
   * A use of the path that is public (a product picture on /proxy/files: an <img> sends no header): when `when`
   * says so for the query, `handler` answers it without the gate; every other use goes through the gate.
   */
  publicUse?: { when: (query: Record<string, unknown>) => boolean; handler: (input: PublicInput) => Promise<unknown> };
};

/** A query flag: 'true' or '1'. */
export function isFlag(value: unknown): boolean {
  const v = Array.isArray(value) ? value[0] : value;
  return v === 'true' || v === '1';
}

function first(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** token, cooperativa and entity_id as the raw query has them. */
function queryCredentials(query: Record<string, unknown>): QueryCredentials {
  return { token: first(query.token), cooperativa: first(query.cooperativa), entity_id: first(query.entity_id) };
}

type Answer<D extends RouteDef> = z.input<D['response']> | FastifyReply;

/** Parses with a contract schema, or refuses with 400 and the schema's first Spanish message. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    throw badRequest(
      firstIssueMessage(result.error, msg.solicitudInvalida),
      result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  return result.data;
}

/** A NUL character anywhere in the input: PostgreSQL text cannot hold it, so it is a 400 before any query. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

function parsePart<S extends z.ZodType | undefined>(schema: S, value: unknown): Out<S> {
  return (schema ? parseOr400(schema, value) : undefined) as Out<S>;
}

/** Every route registered from a contract descriptor, per app: the fuzz and authorization tests walk this list. */
const registry = new WeakMap<FastifyInstance, Array<{ def: RouteDef; url: string }>>();
export function registeredRoutes(app: FastifyInstance): ReadonlyArray<{ def: RouteDef; url: string }> {
  return registry.get(app) ?? [];
}

/**
 * A thin route: the contract descriptor says the path, the access level and the schemas; this checks the
 * token (401), the company/entity headers (400/403), the role (`admin`, `orProfiles`: 403), the module
 * (`module`: enabled for this user on the `Dispositivo` device today, else 403) and the input (400 with the
 * Spanish message), in that order, then hands typed input to one service call.
 */
export function registerRoute<D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  handler: (input: RouteInput<D>) => Promise<Answer<D>>,
  options: RouteOptions = {},
): void {
  // Role and module are checked against the company's membership: a route without one would skip them silently.
  if ((def.admin || def.orProfiles || def.module) && def.access !== 'company' && def.access !== 'entity') {
    throw new Error(`${def.method} ${def.url}: admin, orProfiles and module need access 'company' or 'entity'`);
  }
  const url = `${options.prefix ?? API_PREFIX}${def.url}`;
  const list = registry.get(app) ?? [];
  list.push({ def, url });
  registry.set(app, list);
  (options.on ?? app).route({
    method: def.method,
    url,
    config: { contract: def },
    handler: async (request, reply) => {
      const raw = (request.query ?? {}) as Record<string, unknown>;
      if (options.publicUse?.when(raw)) {
        if (hasNul(request.params) || hasNul(request.query)) throw badRequest(msg.solicitudInvalida);
        return options.publicUse.handler({ request, reply });
      }
      if (def.access === 'integration') {
        const key = await app.authenticateKey(request);
        // A streamed body (no schema: the route reads it row by row) is checked row by row by its reader.
        if (hasNul(request.params) || hasNul(request.query) || (def.body && hasNul(request.body))) throw badRequest(msg.solicitudInvalida);
        const input = {
          params: parsePart(def.params, request.params),
          query: parsePart(def.query, request.query),
          body: parsePart(def.body, request.body),
          request,
          reply,
          user: undefined,
          tenant: undefined,
          key,
        } as RouteInput<D>;
        return handler(input);
      }
      const scoped = def.access === 'company' || def.access === 'entity';
      const fromQuery = options.queryCredentials?.(raw) ? queryCredentials(raw) : undefined;
      const gate = scoped ? await app.authenticateTenant(request, def.access === 'entity', fromQuery) : undefined;
      const user = gate?.user ?? (def.access === 'public' ? undefined : await app.authenticate(request));
      const tenant = gate?.tenant;
      if (user && tenant) {
        await app.requireRole(request, user, tenant, def);
        if (def.module) await app.requireModule(request, user, tenant, def.module);
      }
      if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) throw badRequest(msg.solicitudInvalida);
      const input = {
        params: parsePart(def.params, request.params),
        query: parsePart(def.query, request.query),
        body: parsePart(def.body, request.body),
        request,
        reply,
        user,
        tenant,
        key: undefined,
      } as RouteInput<D>;
      return handler(input);
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: RouteDef;
  }
}
