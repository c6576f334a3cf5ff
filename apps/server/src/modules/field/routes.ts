import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIELD_API_PREFIX, fieldMsg, fieldRoutes as r } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { idempotencyKeyOf, requiredIdempotencyKey } from '../../lib/idempotency-key.js';
import { registerRoute } from '../../lib/route.js';
import type { Tenant, AuthUser } from '../../lib/identity.js';
import { FieldService } from './service.js';

const idempotencyKey = (request: FastifyRequest) => requiredIdempotencyKey(request, fieldMsg.claveObligatoria);
const optionalKey = (request: FastifyRequest) => idempotencyKeyOf(request, fieldMsg.claveObligatoria);

/** Visits and sales (field-warehouse.md §7) under their own base, /api/field. */
export function fieldRoutes(app: FastifyInstance, db: DB): void {
  const service = new FieldService(db);
  const opts = { prefix: FIELD_API_PREFIX };
  const scope = (user: AuthUser, tenant: Tenant) => service.scope(tenant.company.id, user.userId, tenant.profileIds, user.ip);

  registerRoute(app, r.estado, async ({ user, tenant, body }) => service.setState(scope(user, tenant), body), opts);
  registerRoute(app, r.visitasHoy, async ({ user, tenant, query }) => service.visitsOfDay(scope(user, tenant), query.day, query.semana), opts);
  registerRoute(app, r.visitasFecha, async ({ user, tenant, query }) => service.visits(scope(user, tenant), query.date), opts);
  registerRoute(app, r.tiposOperacion, async ({ user, tenant }) => {
    scope(user, tenant);
    return service.operationTypes(tenant.company.id);
  }, opts);
  registerRoute(app, r.compras, async ({ user, tenant, params }) => service.purchases(scope(user, tenant), params.clientId, params.date), opts);
  registerRoute(app, r.pedido, async ({ user, tenant, body, request }) => {
    const s = scope(user, tenant);
    return service.saveOrder(s, idempotencyKey(request), body);
  }, opts);
  registerRoute(app, r.borrarPedido, async ({ user, tenant, params, query, request }) => {
    const s = scope(user, tenant);
    return service.deleteOrders(s, params.clientId, params.date, optionalKey(request), query);
  }, opts);
  registerRoute(app, r.envases, async ({ user, tenant, body, request }) => {
    const s = scope(user, tenant);
    return service.saveContainers(s, body, optionalKey(request));
  }, opts);
  registerRoute(app, r.productos, async ({ user, tenant, query }) => service.products(scope(user, tenant), query), opts);
  registerRoute(app, r.productosEnvase, async ({ user, tenant }) => {
    scope(user, tenant);
    return service.containerProducts(tenant.company.id);
  }, opts);
  registerRoute(app, r.clientes, async ({ user, tenant }) => service.customers(scope(user, tenant)), opts);
  registerRoute(app, r.nuevoCliente, async ({ user, tenant, body, request }) => {
    const s = scope(user, tenant);
    return service.createCustomer(s, idempotencyKey(request), body);
  }, opts);
}
