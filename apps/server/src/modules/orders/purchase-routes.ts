import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type ordenesGetResponse, orderingRoutes as r, purchaseConditionBody, purchaseLineSchemaFor, type PURCHASE_LOOKUP_TYPES } from '@portal/contract';
import { parseOr400, registerRoute } from '../../lib/route.js';
import { dispatch, sharedCalls, type CallTable } from './calls.js';
import type { OrderingServices } from './services.js';

/** GET /proxy/ordenescompra: the catalogue, lists by status, facet lists, payment conditions and the cart. */
function purchaseCalls(s: OrderingServices): CallTable<(typeof PURCHASE_LOOKUP_TYPES)[number], z.input<typeof ordenesGetResponse>> {
  const shared = sharedCalls(s, 'purchase');
  return {
    byType: {
      ...shared.facets,
      carrito: async ({ user, tenant }) => s.carts.purchaseCart(s.carts.owner(user, tenant, 'purchase')),
      cpagos: async ({ tenant }) => s.carts.paymentConditions(tenant.company.id),
    },
    byFlag: [shared.statusList],
    otherwise: shared.catalogue,
  };
}

/** Purchase orders: /proxy/ordenescompra (catalogue, cart, confirmation, PDF and share link). */
export function purchaseRoutes(app: FastifyInstance, s: OrderingServices): void {
  const calls = purchaseCalls(s);
  registerRoute(app, r.ordenesGet, async ({ user, tenant, query }) => dispatch(calls, { user, tenant, query }));
  registerRoute(app, r.ordenesCartPut, async ({ user, tenant, params, query, body }) => {
    const o = s.carts.owner(user, tenant, 'purchase');
    const msg =
      query.type === 'carrito'
        ? await s.carts.setLines(o, params.pedido_id, parseOr400(purchaseLineSchemaFor(body), body), query.suma === true)
        : await s.carts.setPurchaseCondition(o, params.pedido_id, parseOr400(purchaseConditionBody, body));
    return s.carts.purchaseReply(o, msg);
  });
  registerRoute(app, r.ordenesConfirm, async ({ user, tenant, body }) => s.confirmation.confirm(s.carts.owner(user, tenant, 'purchase'), body.pedidoid));
  registerRoute(app, r.ordenesPdf, async ({ tenant, params, reply }) => {
    const { file, name } = await s.documents.purchasePdf(tenant.company.id, tenant.entity.id, params.id);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${name}"`).send(file);
  });
  registerRoute(app, r.ordenesShare, async ({ tenant, params }) => s.documents.purchaseShare(tenant, params.id));
  registerRoute(app, r.ordenesCartDelete, async ({ user, tenant, body }) => {
    const o = s.carts.owner(user, tenant, 'purchase');
    return s.carts.purchaseReply(o, await s.carts.removeLines(o, body.ocompra_id, { lineId: body.pk }));
  });
}
