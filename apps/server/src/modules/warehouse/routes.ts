import type { FastifyInstance, FastifyRequest } from 'fastify';
import { warehouseMsg, warehouseRoutes as r } from '@portal/contract';
import { idempotencyKeyOf } from '../../lib/idempotency-key.js';
import type { DB } from '../../db/database.js';
import { registerRoute } from '../../lib/route.js';
import { WarehouseService } from './service.js';

/** The submission's Idempotency-Key when it carries one. */
const idempotencyKey = (request: FastifyRequest) => idempotencyKeyOf(request, warehouseMsg.claveInvalida);

/** Picking under /proxy/cgi: pedidosPendientes, renglonesPedido, catalogo, putPicking, cancelarPedido (field-warehouse.md §7). */
export function warehouseRoutes(app: FastifyInstance, db: DB): void {
  const picking = new WarehouseService(db);
  const scope = (user: { userId: number; ip: string }, companyId: number) => ({ userId: user.userId, companyId, ip: user.ip });
  registerRoute(app, r.pedidosPendientes, async ({ user, tenant }) => picking.pending(scope(user, tenant.company.id)));
  registerRoute(app, r.renglonesPedido, async ({ user, tenant, query }) => picking.lines(scope(user, tenant.company.id), query.numero));
  registerRoute(app, r.catalogo, async ({ user, tenant, body }) => picking.catalog(scope(user, tenant.company.id), body.descri));
  registerRoute(app, r.putPicking, async ({ user, tenant, body, request }) => picking.confirm(scope(user, tenant.company.id), body.cabecera.numero, body.renglones, idempotencyKey(request)));
  registerRoute(app, r.cancelarPedido, async ({ user, tenant, body }) => picking.cancel(scope(user, tenant.company.id), body.numero));
}
