import type { FastifyInstance } from 'fastify';
import {
  fiscalExportQuery,
  fiscalListQuery,
  fiscalRoutes as r,
  fiscalZipFilterQuery,
  fiscalZipSelectedQuery,
} from '@portal/contract';
import { isFlag, parseOr400, registerRoute } from '../../lib/route.js';
import { sendFile } from '../../lib/send-file.js';
import { scopeOf } from '../../lib/identity.js';
import { FiscalService, type FiscalDeps } from './service.js';

/**
 * GET /proxy/cgi/etenet_cabcbte: the list, the export (files=true) and the bulk ZIP (zip=true). One path, so
 * one handler: the gate (token → company → entity → module 'cfiscales') runs first, then the use's schema.
 */
export function fiscalRoutes(app: FastifyInstance, deps: FiscalDeps): void {
  const service = new FiscalService(deps);

  registerRoute(app, { ...r.list, query: undefined }, async ({ tenant, request, reply }) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    if (isFlag(raw.files)) {
      // Opened by the browser itself: token, cooperativa and entity_id may come in the query.
      const q = parseOr400(fiscalExportQuery, raw);
      const file = await service.export(scopeOf(tenant), q, tenant.entity.name);
      reply.header('cache-control', 'private, no-store');
      return sendFile(reply, 'attachment', file.fileName, file.contentType, file.stream);
    }
    if (isFlag(raw.zip)) {
      // imprime=true|1 (or absent): the vouchers with a printout, the only ones the ZIP can hold; other values 400.
      if (raw.comprobantes !== undefined) return service.zipSelected(scopeOf(tenant), parseOr400(fiscalZipSelectedQuery, raw).comprobantes);
      return service.zipFiltered(scopeOf(tenant), parseOr400(fiscalZipFilterQuery, raw));
    }
    return service.list(scopeOf(tenant), parseOr400(fiscalListQuery, raw));
  }, { queryCredentials: (query) => isFlag(query.files) });
}
