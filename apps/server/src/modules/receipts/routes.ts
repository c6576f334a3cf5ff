import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { RECEIPTS, receiptsMsg, receiptsRoutes as r } from '@portal/contract';
import type { DB } from '../../db/database.js';
import type { FileStorage } from '../../lib/file-storage.js';
import { badRequest } from '../../lib/http-errors.js';
import { idempotencyKeyOf, requiredIdempotencyKey } from '../../lib/idempotency-key.js';
import { registerRoute } from '../../lib/route.js';
import { sendFile } from '../../lib/send-file.js';
import type { ShareRegistry } from '../../lib/share-registry.js';
import { ReceiptsService, registerReceiptShareKind, type UploadedFile } from './service.js';

/**
 * Reads the multipart form of POST /proxy/recibos: text fields and the files of `files[]` (or `files`), each held
 * in memory up to its limit. Limits break the stream early: a client never gets to upload 100 MB first.
 */
async function readForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw badRequest(receiptsMsg.datosInvalidos);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files[]' && part.fieldname !== 'files') {
          await part.toBuffer();
          continue;
        }
        const data = await part.toBuffer();
        total += data.length;
        if (total > RECEIPTS.maxTotalBytes) throw badRequest(receiptsMsg.envioGrande(RECEIPTS.maxTotalBytes / 1024 / 1024));
        files.push({ filename: part.filename, data });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(receiptsMsg.archivoGrande('adjunto', RECEIPTS.maxFileBytes / 1024 / 1024));
    if (code === 'FST_FILES_LIMIT') throw badRequest(receiptsMsg.demasiadosArchivos(RECEIPTS.maxFiles));
    if (code?.startsWith('FST_')) throw badRequest(receiptsMsg.datosInvalidos);
    throw e;
  }
  return { fields, files };
}

export async function receiptsRoutes(app: FastifyInstance, deps: { db: DB; tokenSecret: string; publicUrl: string; attachments: FileStorage; shares: ShareRegistry }): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: RECEIPTS.maxFileBytes, files: RECEIPTS.maxFiles, fields: 20, fieldSize: 256 * 1024, parts: 40 },
  });
  const service = new ReceiptsService(deps.db, deps);
  registerReceiptShareKind(deps.shares);

  registerRoute(app, r.list, async ({ tenant, query }) => service.list(tenant, tenant.entity.id, query));
  registerRoute(app, r.pending, async ({ tenant }) => service.pending(tenant));
  registerRoute(app, r.methods, async ({ tenant }) => service.methods(tenant));
  registerRoute(app, r.post, async ({ tenant, user, request }) => {
    const { fields, files } = await readForm(request);
    return service.post(tenant, user, { fields, files, idempotencyKey: requiredIdempotencyKey(request, receiptsMsg.claveIdempotencia) });
  });
  registerRoute(app, r.pdf, async ({ tenant, params, reply }) => {
    const { file, name } = await service.pdf(tenant.company.id, tenant.entity.id, params.id);
    return sendFile(reply.header('cache-control', 'private, no-store'), 'inline', name, 'application/pdf', file);
  });
  registerRoute(app, r.share, async ({ tenant, params }) => service.share(tenant, params.id));
  registerRoute(app, r.attachment, async ({ tenant, params, reply }) => {
    const f = await service.attachment(tenant.company.id, tenant.entity.id, params.id, params.adjunto);
    return sendFile(reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff'), 'attachment', f.fileName, f.contentType, f.body);
  });
  registerRoute(app, r.print, async ({ tenant, query }) => service.print(tenant, query.codtal, query.numero));

  registerRoute(app, r.staffList, async ({ tenant, query }) => service.list(tenant, null, query));
  const decisionKey = (request: FastifyRequest) => idempotencyKeyOf(request, receiptsMsg.claveDecision);
  registerRoute(app, r.staffApprove, async ({ tenant, user, params, request }) => service.approve(tenant, user, params.id, decisionKey(request)));
  registerRoute(app, r.staffReject, async ({ tenant, user, params, body, request }) => service.reject(tenant, user, params.id, body.motivo, decisionKey(request)));
  registerRoute(app, r.staffPdf, async ({ tenant, params, reply }) => {
    const { file, name } = await service.pdf(tenant.company.id, null, params.id);
    return sendFile(reply.header('cache-control', 'private, no-store'), 'inline', name, 'application/pdf', file);
  });
  registerRoute(app, r.staffAttachment, async ({ tenant, params, reply }) => {
    const f = await service.attachment(tenant.company.id, null, params.id, params.adjunto);
    return sendFile(reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff'), 'attachment', f.fileName, f.contentType, f.body);
  });
}
