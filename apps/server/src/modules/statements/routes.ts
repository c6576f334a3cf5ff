import type { FastifyInstance } from 'fastify';
import { statementExportQuery, statementRoutes, type StatementView } from '@portal/contract';
import { isFlag, parseOr400, registerRoute } from '../../lib/route.js';
import { sendFile } from '../../lib/send-file.js';
import { scopeOf } from '../../lib/identity.js';
import { StatementsService, type StatementsDeps } from './service.js';
import { statementListInput } from './query.js';

/**
 * GET /proxy/cgi/etenet_rencbtec|f|j: the list and (files=true) the export, one handler per view. The gate
 * (token → company → entity → the view's module) runs first, then the use's schema.
 */
export function statementsRoutes(app: FastifyInstance, deps: StatementsDeps): void {
  const service = new StatementsService(deps);
  for (const view of ['cronologico', 'financiero', 'canjes'] as const satisfies readonly StatementView[]) {
    const route = statementRoutes[view];
    registerRoute(app, { ...route, query: undefined }, async ({ tenant, request, reply }) => {
      const raw = (request.query ?? {}) as Record<string, unknown>;
      if (isFlag(raw.files)) {
        const q = parseOr400(statementExportQuery, raw);
        const settings = { groupAccounts: tenant.groupAccounts, hiddenCurrencies: tenant.hiddenCurrencies };
        const file = await service.export(scopeOf(tenant), view, q, settings, tenant.entity.name);
        reply.header('cache-control', 'private, no-store');
        return sendFile(reply, 'attachment', file.fileName, file.contentType, file.stream);
      }
      const q = statementListInput(raw);
      return service.list(scopeOf(tenant), view, q, { groupAccounts: tenant.groupAccounts, hiddenCurrencies: tenant.hiddenCurrencies });
    }, { queryCredentials: (query) => isFlag(query.files) });
  }
}
