import type { FastifyInstance } from 'fastify';
import {
  INTEGRATION_API_PREFIX,
  integrationAdminRoutes as admin,
  integrationEventRoutes as ev,
  integrationRoutes as r,
  integrationWebhookRoutes as wh,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.js';
import { registerRoute } from '../../lib/route.js';
import { IntegrationBatches } from './batches.js';
import { readEventFeed } from './feed.js';
import { recordEventResult } from './results.js';
import { IntegrationKeys } from './keys.js';
import { WebhookDelivery, type DeliveryOptions } from './deliveries.js';
import { IntegrationWebhooks } from './webhooks.js';

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
  const batches = new IntegrationBatches(deps);
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    registerRoute(app, r.upsert, async ({ key, params, request }) => batches.run(key, params.tipo, 'alta', request.headers['content-type'], request.body), { prefix, on: scope });
    registerRoute(app, r.remove, async ({ key, params, request }) => batches.run(key, params.tipo, 'baja', request.headers['content-type'], request.body), { prefix, on: scope });
  });
}
