import type { FastifyInstance } from 'fastify';
import {
  fiscalExportQuery,
  fiscalListQuery,
  fiscalRoutes as r,
  fiscalZipFilterQuery,
  fiscalZipSelectedQuery,
} from '@portal/contract';
import { parseOr400, registerRoute } from '../../lib/route.js';
import { entityGate, isFlag, queryCredentials } from '../files/gate.js';
import { scopeOf, sendFile } from '../files/routes.js';
import { FiscalService, type FiscalDeps } from './service.js';

/**
 * GET /proxy/cgi/etenet_cabcbte: the list, the export (files=true) and the bulk ZIP (zip=true). One path, so
 * one handler: the gate (token → company → entity → module 'cfiscales') runs first, then the use's schema.
 */
export function fiscalRoutes(app: FastifyInstance, deps: FiscalDeps): void {
  const service = new FiscalService(deps);
  const module = r.list.module;

  registerRoute(app, { ...r.list, access: 'public', module: undefined, query: undefined }, async ({ request, reply }) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    if (isFlag(raw.files)) {
      // Opened by the browser itself: token, cooperativa and entity_id may come in the query.
      const { tenant } = await entityGate(app, request, { module, fromQuery: queryCredentials(raw) });
      const q = parseOr400(fiscalExportQuery, raw);
      const file = await service.export(scopeOf(tenant), q, tenant.entity.name);
      reply.header('cache-control', 'private, no-store');
      return sendFile(reply, 'attachment', file.fileName, file.contentType, file.stream);
    }
    const { tenant } = await entityGate(app, request, { module });
    if (isFlag(raw.zip)) {
      if (raw.comprobantes !== undefined) return service.zipSelected(scopeOf(tenant), parseOr400(fiscalZipSelectedQuery, raw).comprobantes);
      return service.zipFiltered(scopeOf(tenant), parseOr400(fiscalZipFilterQuery, raw));
    }
    return service.list(scopeOf(tenant), parseOr400(fiscalListQuery, raw));
  });
}
