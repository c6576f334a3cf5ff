import type { FastifyInstance } from 'fastify';
import { contractExportQuery, contractListQuery, contractRoutes as r } from '@portal/contract';
import { isFlag, parseOr400, registerRoute } from '../../lib/route.js';
import { sendFile } from '../../lib/send-file.js';
import { scopeOf } from '../../lib/identity.js';
import type { PrintRegistry } from '../../lib/print-registry.js';
import { ContractsService, type ContractsDeps } from './service.js';
import { registerContractPrints } from './prints.js';

/** GET /proxy/cgi/etenet_contratos (list; files=true: export) and etenet_contrapaq (what was applied to a contract). */
export function contractsRoutes(app: FastifyInstance, deps: ContractsDeps & { prints: PrintRegistry }): void {
  const service = new ContractsService(deps);
  // The print options (contract, settlement) that GET /proxy/imprime serves.
  registerContractPrints(deps.prints);
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
