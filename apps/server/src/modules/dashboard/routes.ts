import type { FastifyInstance } from 'fastify';
import { dashboardRoutes as r } from '@portal/contract';
import { registerRoute } from '../../lib/route.js';
import type { DB } from '../../db/database.js';
import { DashboardService } from './service.js';

export function dashboardRoutes(app: FastifyInstance, db: DB): void {
  const service = new DashboardService(db);
  registerRoute(app, r.dashboard, async ({ user, tenant, query }) => service.dashboard(user, tenant, query));
}
