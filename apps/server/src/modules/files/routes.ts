import type { FastifyInstance } from 'fastify';
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
import { isFlag, parseOr400, registerRoute, type PublicInput } from '../../lib/route.js';
import { sendFile } from '../../lib/send-file.js';
import { scopeOf } from '../../lib/identity.js';
import { FilesService, registerFilesShareKinds, type FilesDeps } from './service.js';

/**
 * /proxy/files (one path, chosen by its parameters), /proxy/imprime, /proxy/compartir and the public
 * /compartido/{token}. The gate of each use runs before its input is parsed, as registerRoute does.
 */
export function filesRoutes(app: FastifyInstance, deps: FilesDeps): void {
  const service = new FilesService(deps);
  registerFilesShareKinds(deps.shares);

  // Product pictures are public catalogue material: an <img> cannot send the bearer header.
  const image = async ({ request, reply }: PublicInput) => {
    const q = parseOr400(filesImageQuery, request.query);
    const image = await service.image(q.cooperativa, q.archivo, request.headers['if-none-match']);
    reply.header('cache-control', 'public, max-age=86400').header('etag', image.etag);
    if (image.notModified) return reply.code(304).send();
    return reply
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .type(image.contentType)
      .send(image.data);
  };
  const isDirect = (raw: Record<string, unknown>) => isFlag(raw.directa) || (raw.type === undefined && raw.codcom !== undefined);
  /** The voucher PDF (type=pdf) is opened directly by the browser, so its query may carry token, cooperativa and entity_id. */
  const isPdf = (raw: Record<string, unknown>) => !isFlag(raw.elimina) && !isDirect(raw);

  registerRoute(app, { ...r.files, query: undefined }, async ({ tenant, request, reply }) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    if (isFlag(raw.elimina)) {
      const q = parseOr400(filesDeleteQuery, raw);
      return service.elimina(scopeOf(tenant), q.url, q.directorio);
    }
    // Direct download (ordering.md §'Direct download'): the spec's call is just codcom, codtal, numero; `directa=true`
    // is still accepted. With type=pdf the browser opens the PDF itself (below).
    if (isDirect(raw)) {
      const q = parseOr400(filesDirectQuery, raw);
      return service.directa(scopeOf(tenant), q);
    }
    const q = parseOr400(filesPdfQuery, raw);
    const pdf = await service.voucherPdf(scopeOf(tenant), q);
    return sendFile(reply, 'inline', pdf.fileName, 'application/pdf', pdf.data);
  }, { publicUse: { when: (raw) => raw.type === 'pedidos', handler: image }, queryCredentials: isPdf });

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
    const resolve = deps.shares.resolver(claims.k);
    if (!resolve) throw new HttpError(403, fiscalMsg.enlaceInvalido);
    const file = await resolve({ db: deps.db, claims, tempFiles: deps.tempFiles });
    if (!file) throw new HttpError(410, fiscalMsg.documentoNoDisponible);
    reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    return sendFile(reply, file.disposition, file.fileName, file.contentType, file.body);
  });
}
