import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorizationsRoutes as r, receiptsMsg } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { idempotencyKeyOf } from '../../lib/idempotency-key.js';
import { registerRoute } from '../../lib/route.js';
import { AuthorizationsService } from './service.js';

/** GET /proxy/cgi/etenet_getPendAutoStock (list, /filtros) and etenet_putPendAutoStock (authorize or reject). */
export function authorizationsRoutes(app: FastifyInstance, db: DB): void {
  const service = new AuthorizationsService(db);
  const decisionKey = (request: FastifyRequest) => idempotencyKeyOf(request, receiptsMsg.claveDecision);
  registerRoute(app, r.authorizationList, async ({ tenant, query }) => service.vouchers(tenant, query));
  registerRoute(app, r.authorizationFilters, async ({ tenant }) => service.voucherFilters(tenant));
  registerRoute(app, r.authorizationDecide, async ({ tenant, user, query, request }) => service.decide(tenant, user, query, decisionKey(request)));
}
