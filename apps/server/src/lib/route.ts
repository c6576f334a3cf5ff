import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_PREFIX, firstIssueMessage, msg, type RouteDef } from '@portal/contract';
import type { AuthUser, Tenant } from '../plugins/access.js';
import { badRequest } from './http-errors.js';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RouteInput<D extends RouteDef> = {
  params: Out<D['params']>;
  query: Out<D['query']>;
  body: Out<D['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
  user: D['access'] extends 'public' ? undefined : AuthUser;
  tenant: D['access'] extends 'company' | 'entity' ? Tenant : undefined;
};

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

function parsePart<S extends z.ZodType | undefined>(schema: S, value: unknown): Out<S> {
  return (schema ? parseOr400(schema, value) : undefined) as Out<S>;
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
  options: { prefix?: string } = {},
): void {
  // Role and module are checked against the company's membership: a route without one would skip them silently.
  if ((def.admin || def.orProfiles || def.module) && def.access !== 'company' && def.access !== 'entity') {
    throw new Error(`${def.method} ${def.url}: admin, orProfiles and module need access 'company' or 'entity'`);
  }
  app.route({
    method: def.method,
    url: `${options.prefix ?? API_PREFIX}${def.url}`,
    config: { contract: def },
    handler: async (request, reply) => {
      const scoped = def.access === 'company' || def.access === 'entity';
      const gate = scoped ? await app.authenticateTenant(request, def.access === 'entity') : undefined;
      const user = gate?.user ?? (def.access === 'public' ? undefined : await app.authenticate(request));
      const tenant = gate?.tenant;
      if (user && tenant) {
        await app.requireRole(request, user, tenant, def);
        if (def.module) await app.requireModule(request, user, tenant, def.module);
      }
      const input = {
        params: parsePart(def.params, request.params),
        query: parsePart(def.query, request.query),
        body: parsePart(def.body, request.body),
        request,
        reply,
        user,
        tenant,
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
