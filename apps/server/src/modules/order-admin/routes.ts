import type { FastifyInstance } from 'fastify';
import { orderingRoutes as r } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { registerRoute } from '../../lib/route.js';
import { OrderAdminService } from './service.js';

/** The staff's order management: /proxy/gestionpedidos (lists by status, approve, apply with its invoice). */
export function orderAdminRoutes(app: FastifyInstance, db: DB): void {
  const service = new OrderAdminService(db);
  registerRoute(app, r.staffList, async ({ user, tenant, query }) =>
    service.staffList(user, tenant, query.estado, query.start ?? 0, query.limit, query.buscar),
  );
  registerRoute(app, r.staffApprove, async ({ user, tenant, params }) => service.approve(user, tenant, params.id));
  registerRoute(app, r.staffApply, async ({ user, tenant, params }) => service.apply(user, tenant, params.id));
}
