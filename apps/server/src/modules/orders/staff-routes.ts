import type { FastifyInstance } from 'fastify';
import { orderingRoutes as r } from '@portal/contract';
import { registerRoute } from '../../lib/route.js';
import type { OrderingServices } from './services.js';

/** The staff back office: /proxy/gestionpedidos (lists by status, approve, apply with its invoice). */
export function staffRoutes(app: FastifyInstance, s: OrderingServices): void {
  registerRoute(app, r.staffList, async ({ user, tenant, query }) =>
    s.backOffice.staffList(user, tenant, query.estado, query.start ?? 0, query.limit, query.buscar),
  );
  registerRoute(app, r.staffApprove, async ({ user, tenant, params }) => s.backOffice.approve(user, tenant, params.id));
  registerRoute(app, r.staffApply, async ({ user, tenant, params }) => s.backOffice.apply(user, tenant, params.id));
}
