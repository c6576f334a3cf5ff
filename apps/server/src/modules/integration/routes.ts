import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  INTEGRATION_API_PREFIX,
  integrationAdminRoutes as admin,
  integrationEventRoutes as ev,
  integrationRoutes as r,
  integrationWebhookRoutes as wh,
  SPREADSHEET,
  spreadsheetMsg,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.js';
import { badRequest, HttpError } from '../../lib/http-errors.js';
import { registerRoute } from '../../lib/route.js';
import { sendFile } from '../../lib/send-file.js';
import { IntegrationBatches } from './batches.js';
import { readEventFeed } from './feed.js';
import { recordEventResult } from './results.js';
import { IntegrationKeys } from './keys.js';
import { WebhookDelivery, type DeliveryOptions } from './deliveries.js';
import { IntegrationWebhooks } from './webhooks.js';
import { SpreadsheetImport, spreadsheetTemplate } from './spreadsheet.js';

/**
 * The uploaded spreadsheet (multipart field `archivo`, one file). The size limit breaks the stream early: a larger
 * file is refused (413) after its first SPREADSHEET.maxFileBytes, and nothing of it is read.
 */
async function readUpload(request: FastifyRequest): Promise<{ name: string; data: Buffer }> {
  if (!request.isMultipart()) throw badRequest(spreadsheetMsg.archivoFaltante);
  let file: { name: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: SPREADSHEET.maxFileBytes, files: 1, fields: 2, parts: 3, fieldSize: 1024 } })) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      file = { name: (part.filename || 'planilla').slice(0, 200), data };
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, spreadsheetMsg.archivoGrande);
    if (code?.startsWith('FST_')) throw badRequest(spreadsheetMsg.formatoInvalido);
    throw e;
  }
  if (!file) throw badRequest(spreadsheetMsg.archivoFaltante);
  if (file.data.length === 0) throw badRequest(spreadsheetMsg.archivoVacio);
  return file;
}

export type IntegrationDeps = { db: DB; dataDir: string; log: FastifyBaseLogger; webhooks?: Partial<DeliveryOptions> };

/**
 * The ERP integration: the administrator's 'Integración' calls (keys, last batches) under the public API with a
 * user's session, and the ERP's own calls under INTEGRATION_API_PREFIX with an integration key.
 */
export function integrationRoutes(app: FastifyInstance, deps: IntegrationDeps): void {
  const keys = new IntegrationKeys(deps.db);
  registerRoute(app, admin.keys, async ({ tenant }) => keys.list(tenant));
  registerRoute(app, admin.createKey, async ({ user, tenant, body, reply }) => {
    const answer = await keys.create(user, tenant, body);
    reply.status(201);
    return answer;
  });
  registerRoute(app, admin.revokeKey, async ({ user, tenant, params }) => keys.revoke(user, tenant, params.id));
  registerRoute(app, admin.batches, async ({ tenant }) => keys.batches(tenant));

  // Webhooks: this process's delivery loop runs while the app does (deliveries.ts); the admin's calls set them up.
  const delivery = new WebhookDelivery(deps.db, deps.log, deps.webhooks);
  app.addHook('onReady', async () => delivery.start());
  app.addHook('onClose', async () => delivery.stop());
  const webhooks = new IntegrationWebhooks(deps.db, () => delivery.kick());
  registerRoute(app, wh.webhook, async ({ tenant, params }) => webhooks.get(tenant, params.id));
  registerRoute(app, wh.setWebhook, async ({ user, tenant, params, body }) => webhooks.set(user, tenant, params.id, body));
  registerRoute(app, wh.rotateWebhookSecret, async ({ user, tenant, params }) => webhooks.rotate(user, tenant, params.id));
  registerRoute(app, wh.removeWebhook, async ({ user, tenant, params }) => webhooks.remove(user, tenant, params.id));
  registerRoute(app, wh.deliveries, async ({ tenant, params, query }) => webhooks.deliveries(tenant, params.id, query.pagina));
  registerRoute(app, wh.resendDelivery, async ({ user, tenant, params }) => webhooks.resend(user, tenant, params.id, params.entrega));

  // 'Importar planilla': a file read into rows and loaded as the API's batch (its dry run for the preview).
  const batches = new IntegrationBatches(deps);
  const spreadsheets = new SpreadsheetImport(batches);
  registerRoute(app, admin.spreadsheetPreview, async ({ user, tenant, params, request }) => spreadsheets.run(user, tenant, params.tipo, await readUpload(request), true));
  registerRoute(app, admin.spreadsheetApply, async ({ user, tenant, params, request }) => spreadsheets.run(user, tenant, params.tipo, await readUpload(request), false));
  registerRoute(app, admin.spreadsheetTemplate, async ({ params, query, reply }) => {
    const t = await spreadsheetTemplate(params.tipo, query.formato);
    return sendFile(reply.header('cache-control', 'private, max-age=3600'), 'attachment', t.name, t.type, t.data);
  });

  const prefix = INTEGRATION_API_PREFIX;
  registerRoute(
    app,
    r.whoAmI,
    async ({ key }) => ({
      success: true as const,
      empresa: { cuit: key.company.cuit, nombre: key.company.name },
      clave: { nombre: key.name, prefijo: key.prefix, escribir: key.writeKinds, leer: key.readKinds },
    }),
    { prefix },
  );

  registerRoute(app, ev.eventFeed, async ({ key, query }) => readEventFeed(deps.db, key, query), { prefix });
  registerRoute(app, ev.eventResult, async ({ key, params, body }) => recordEventResult(deps.db, key, params.id, body), { prefix });

  // A batch's body is read as a stream by its own reader (batch-reader.ts), in constant memory and without the
  // app's 1 MB body limit: this scope hands the request's stream to the route as it comes.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    registerRoute(app, r.upsert, async ({ key, params, request }) => batches.run(key, params.tipo, 'alta', request.headers['content-type'], request.body), { prefix, on: scope });
    registerRoute(app, r.remove, async ({ key, params, request }) => batches.run(key, params.tipo, 'baja', request.headers['content-type'], request.body), { prefix, on: scope });
  });
}
