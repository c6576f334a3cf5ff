import type { FastifyInstance } from 'fastify';
import { warehouseRoutes as r } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { registerRoute } from '../../lib/route.js';
import { StockService } from './service.js';

/** POST /proxy/cgi/consultarStock, modificarStock, confirmarStock (field-warehouse.md §7, Stock). */
export function stockRoutes(app: FastifyInstance, db: DB): void {
  const stock = new StockService(db);
  registerRoute(app, r.consultarStock, async ({ user, tenant, body }) => stock.consult({ companyId: tenant.company.id, userId: user.userId, ip: user.ip }, body));
  registerRoute(app, r.modificarStock, async ({ user, tenant, body }) => stock.adjust({ companyId: tenant.company.id, userId: user.userId, ip: user.ip }, body.codalfa, body.cantidad));
  registerRoute(app, r.confirmarStock, async ({ user, tenant, body }) => stock.confirm({ companyId: tenant.company.id, userId: user.userId, ip: user.ip }, body.codalfa));
}
