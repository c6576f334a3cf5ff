import type { FastifyInstance } from 'fastify';
import { stockPositionExportQuery, stockPositionListQuery, stockPositionRoutes as r } from '@portal/contract';
import { isFlag, parseOr400, registerRoute } from '../../lib/route.js';
import { sendFile } from '../../lib/send-file.js';
import { scopeOf } from '../../lib/identity.js';
import { StockPositionsService, type StockPositionsDeps } from './service.js';

/** GET /proxy/cgi/etenet_pEntregarStk: the position or the deliverables (codres), and with files=true their export. */
export function stockPositionsRoutes(app: FastifyInstance, deps: StockPositionsDeps): void {
  const service = new StockPositionsService(deps);
  registerRoute(app, { ...r.posiciones, query: undefined }, async ({ tenant, request, reply }) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    if (isFlag(raw.files)) {
      const q = parseOr400(stockPositionExportQuery, raw);
      const file = await service.export(scopeOf(tenant), q, tenant.entity.name);
      reply.header('cache-control', 'private, no-store');
      return sendFile(reply, 'attachment', file.fileName, file.contentType, file.stream);
    }
    return service.list(scopeOf(tenant), parseOr400(stockPositionListQuery, raw));
  }, { queryCredentials: (query) => isFlag(query.files) });
}
