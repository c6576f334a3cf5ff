import type { FastifyInstance } from 'fastify';
import { grainExportQuery, grainListQuery, grainRoutes as r } from '@portal/contract';
import { isFlag, parseOr400, registerRoute } from '../../lib/route.js';
import { sendFile } from '../../lib/send-file.js';
import { scopeOf } from '../../lib/identity.js';
import { GrainService, type GrainDeps } from './service.js';

/** GET /proxy/cgi/etenet_fichadet (list; files=true: export) and etenet_fichapaq (a certificate's loads). */
export function grainRoutes(app: FastifyInstance, deps: GrainDeps): void {
  const service = new GrainService(deps);
  registerRoute(app, { ...r.ficha, query: undefined }, async ({ tenant, request, reply }) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    if (isFlag(raw.files)) {
      const q = parseOr400(grainExportQuery, raw);
      const file = await service.export(scopeOf(tenant), q, tenant.entity.name);
      reply.header('cache-control', 'private, no-store');
      return sendFile(reply, 'attachment', file.fileName, file.contentType, file.stream);
    }
    return service.list(scopeOf(tenant), parseOr400(grainListQuery, raw));
  }, { queryCredentials: (query) => isFlag(query.files) });
  registerRoute(app, r.detalle, async ({ tenant, query }) => service.detail(scopeOf(tenant), query));
}
