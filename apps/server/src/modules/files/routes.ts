import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  filesDeleteQuery,
  filesDirectQuery,
  filesImageQuery,
  filesPdfQuery,
  filesRoutes as r,
  fiscalMsg,
} from '@portal/contract';
import { verifyShareToken } from '../../documents/index.js';
import { HttpError } from '../../lib/http-errors.js';
import { parseOr400, registerRoute } from '../../lib/route.js';
import { entityGate, isFlag, queryCredentials } from './gate.js';
import { FilesService, type FilesDeps } from './service.js';
import { shareResolver } from './share-registry.js';

/** RFC 6266: an ASCII fallback name and the UTF-8 one. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * /proxy/files (one path, chosen by its parameters), /proxy/imprime, /proxy/compartir and the public
 * /compartido/{token}. The gate of each use runs before its input is parsed, as registerRoute does.
 */
export function filesRoutes(app: FastifyInstance, deps: FilesDeps): void {
  const service = new FilesService(deps);

  registerRoute(app, { ...r.files, access: 'public', query: undefined }, async ({ request, reply }) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    // Product pictures are public catalogue material: an <img> cannot send the bearer header.
    if (raw.type === 'pedidos') {
      const q = parseOr400(filesImageQuery, raw);
      const image = await service.image(q.cooperativa, q.archivo, request.headers['if-none-match']);
      reply.header('cache-control', 'public, max-age=86400').header('etag', image.etag);
      if (image.notModified) return reply.code(304).send();
      return reply
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .type(image.contentType)
        .send(image.data);
    }
    if (isFlag(raw.elimina)) {
      const { tenant } = await entityGate(app, request);
      const q = parseOr400(filesDeleteQuery, raw);
      return service.elimina(scopeOf(tenant), q.url, q.directorio);
    }
    if (isFlag(raw.directa)) {
      const { tenant } = await entityGate(app, request);
      const q = parseOr400(filesDirectQuery, raw);
      return service.directa(scopeOf(tenant), q);
    }
    // type=pdf: opened directly by the browser, so the query may carry token, cooperativa and entity_id.
    const { tenant } = await entityGate(app, request, { fromQuery: queryCredentials(raw) });
    const q = parseOr400(filesPdfQuery, raw);
    const pdf = await service.voucherPdf(scopeOf(tenant), q);
    return sendFile(reply, 'inline', pdf.fileName, 'application/pdf', pdf.data);
  });

  registerRoute(app, r.imprime, async ({ tenant, query }) => service.imprime(scopeOf(tenant), query));

  registerRoute(app, r.share, async ({ tenant, query }) => service.share(scopeOf(tenant), query, tenant.company.name));

  registerRoute(app, r.shared, async ({ params, reply }) => {
    const now = Date.now();
    const claims = verifyShareToken(deps.tokenSecret, params.token, now);
    if (!claims) {
      // Intact but past its date (it verifies as of the epoch) → 410; anything else was altered → 403.
      const expired = verifyShareToken(deps.tokenSecret, params.token, 0) !== null;
      throw new HttpError(expired ? 410 : 403, expired ? fiscalMsg.enlaceVencido : fiscalMsg.enlaceInvalido);
    }
    const resolve = shareResolver(claims.k);
    if (!resolve) throw new HttpError(403, fiscalMsg.enlaceInvalido);
    const file = await resolve({ db: deps.db, claims, tempFiles: deps.tempFiles });
    if (!file) throw new HttpError(410, fiscalMsg.documentoNoDisponible);
    reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    return sendFile(reply, file.disposition, file.fileName, file.contentType, file.body);
  });
}

export function sendFile(reply: FastifyReply, disposition: 'inline' | 'attachment', fileName: string, contentType: string, body: unknown): FastifyReply {
  return reply.header('content-disposition', contentDisposition(disposition, fileName)).type(contentType).send(body);
}

/** Entity-scoped calls always resolve an entity (authenticateTenant with requireEntity). */
export function scopeOf(tenant: { company: { id: number }; entity: { id: number } | null }) {
  if (!tenant.entity) throw new HttpError(400, fiscalMsg.entidadObligatoriaQuery);
  return { companyId: tenant.company.id, entityId: tenant.entity.id };
}
