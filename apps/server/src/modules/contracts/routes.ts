import type { FastifyInstance } from 'fastify';
import { contractExportQuery, contractListQuery, contractRoutes as r } from '@portal/contract';
import { isFlag, parseOr400, registerRoute } from '../../lib/route.js';
import { scopeOf, sendFile } from '../../lib/send-file.js';
import { ContractsService, type ContractsDeps } from './service.js';
// The print options (contract, settlement) register themselves with GET /proxy/imprime.
import './prints.js';

/** GET /proxy/cgi/etenet_contratos (list; files=true: export) and etenet_contrapaq (what was applied to a contract). */
export function contractsRoutes(app: FastifyInstance, deps: ContractsDeps): void {
  const service = new ContractsService(deps);
  registerRoute(app, { ...r.contratos, query: undefined }, async ({ tenant, request, reply }) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    if (isFlag(raw.files)) {
      const q = parseOr400(contractExportQuery, raw);
      const file = await service.export(scopeOf(tenant), q, tenant.entity.name);
      reply.header('cache-control', 'private, no-store');
      return sendFile(reply, 'attachment', file.fileName, file.contentType, file.stream);
    }
    return service.list(scopeOf(tenant), parseOr400(contractListQuery, raw));
  }, { queryCredentials: (query) => isFlag(query.files) });
  registerRoute(app, r.detalle, async ({ tenant, query }) => service.detail(scopeOf(tenant), query));
}
