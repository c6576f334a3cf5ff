import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QUICK_ORDER, quickOrderMsg, quickOrderRoutes, quickUploadFields } from '@portal/contract';
import { quickOrderTemplate } from '../../documents/index.js';
import { badRequest } from '../../lib/http-errors.js';
import { parseOr400, registerRoute } from '../../lib/route.js';
import { sendFile } from '../../lib/send-file.js';
import type { OrderingServices } from './services.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The uploaded sheet (field `archivo`) and the chosen columns. The size limit breaks the stream early: a 50 MB
 * sheet is refused after its first 2 MB, and nothing is read of it.
 */
async function readUpload(request: FastifyRequest): Promise<{ data: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest(quickOrderMsg.archivoFaltante);
  const fields: Record<string, string> = {};
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: QUICK_ORDER.maxFileBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 } })) {
      if (part.type === 'file') data = await part.toBuffer();
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(quickOrderMsg.archivoGrande);
    if (code?.startsWith('FST_')) throw badRequest(quickOrderMsg.archivoNoPlanilla);
    throw e;
  }
  if (!data || data.length === 0) throw badRequest(quickOrderMsg.archivoFaltante);
  return { data, fields };
}

/** Quick order of both carts: /proxy/pedidos/rapido… (with 'Repetir compra' through the review) and /proxy/ordenescompra/rapido…. */
export function quickOrderRoutesOf(app: FastifyInstance, s: OrderingServices): void {
  for (const kind of ['sales', 'purchase'] as const) {
    const r = quickOrderRoutes[kind];
    registerRoute(app, r.resolve, async ({ user, tenant, body }) => {
      const o = s.carts.owner(user, tenant, kind);
      if (body.historial_id !== undefined) {
        if (kind !== 'sales') throw badRequest(quickOrderMsg.vacio);
        return s.quickOrder.resolveHistory(o, body.historial_id);
      }
      return s.quickOrder.resolveInput(o, body);
    });
    registerRoute(app, r.upload, async ({ user, tenant, request }) => {
      const { data, fields } = await readUpload(request);
      const chosen = parseOr400(quickUploadFields, fields);
      return s.quickOrder.resolveFile(s.carts.owner(user, tenant, kind), data, { codigo: chosen.columna_codigo, cantidad: chosen.columna_cantidad });
    });
    registerRoute(app, r.template, async ({ reply }) =>
      sendFile(reply.header('cache-control', 'private, max-age=3600'), 'attachment', 'plantilla-pedido-rapido.xlsx', XLSX, await quickOrderTemplate()),
    );
  }
}
