import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { API_PREFIX, type pedidosGetResponse, cartLineBatch, cartLineSchemaFor, orderingRoutes as r, salesConditionBody, type SALES_LOOKUP_TYPES } from '@portal/contract';
import { parseOr400, registerRoute } from '../../lib/route.js';
import { dispatch, salesFlagCalls, scopeOf, sharedCalls, type CallTable } from './calls.js';
import type { OrderingServices } from './services.js';

/** GET /proxy/pedidos: the catalogue, carousels, lists by status, history, facet and condition lists and the cart. */
function salesCalls(s: OrderingServices): CallTable<(typeof SALES_LOOKUP_TYPES)[number], z.input<typeof pedidosGetResponse>> {
  const shared = sharedCalls(s, 'sales');
  return {
    byType: {
      ...shared.facets,
      carrito: async ({ user, tenant }) => s.carts.salesCart(s.carts.owner(user, tenant, 'sales')),
      fdepagos: async ({ tenant }) => s.carts.paymentConditions(tenant.company.id),
      dentregas: async ({ tenant }) => s.carts.destinations(tenant.company.id, tenant.entity.id),
      torigen: async ({ tenant }) => s.carts.origins(tenant.company.id),
      toperacion: async ({ tenant }) => s.carts.operations(tenant.company.id),
    },
    byFlag: [...salesFlagCalls(s), shared.statusList],
    otherwise: shared.catalogue,
  };
}

/** Sales orders: /proxy/pedidos (catalogue, cart, confirmation, alerts, PDF and share link) and the old share path. */
export function salesRoutes(app: FastifyInstance, s: OrderingServices): void {
  const calls = salesCalls(s);
  registerRoute(app, r.pedidosGet, async ({ user, tenant, query }) => dispatch(calls, { user, tenant, query }));

  registerRoute(app, r.productDetail, async ({ user, tenant, params }) => s.catalog.detail(user, scopeOf(user, tenant), params.id));

  registerRoute(app, r.cartPut, async ({ user, tenant, params, query, body }) => {
    const o = s.carts.owner(user, tenant, 'sales');
    const msg =
      query.type === 'carrito'
        ? await s.carts.setLines(o, params.pedido_id, parseOr400(cartLineSchemaFor(body), body), query.suma === true)
        : query.type === 'condiciones'
          ? await s.carts.setSalesCondition(o, params.pedido_id, parseOr400(salesConditionBody, body))
          : await s.history.repeat(o, params.pedido_id, query.historial_id, body !== undefined && 'productos' in body ? parseOr400(cartLineBatch, body).productos : undefined);
    return s.carts.salesReply(o, msg);
  });

  registerRoute(app, r.confirm, async ({ user, tenant, body }) => s.confirmation.confirm(s.carts.owner(user, tenant, 'sales'), body.pedidoid));

  registerRoute(app, r.cartDelete, async ({ user, tenant, body }) => {
    const o = s.carts.owner(user, tenant, 'sales');
    return s.carts.salesReply(o, await s.carts.removeLines(o, body.pedido_id, { productId: body.id }));
  });
  registerRoute(app, r.addAlert, async ({ user, tenant, body }) => {
    const o = s.carts.owner(user, tenant, 'sales');
    return s.carts.salesReply(o, await s.carts.addAlert(o, body.pedido_id, body.producto_id));
  });
  registerRoute(app, r.deleteAlert, async ({ user, tenant, body }) => {
    const o = s.carts.owner(user, tenant, 'sales');
    return s.carts.salesReply(o, await s.carts.deleteAlert(o, body.pedido_id, body.producto_id));
  });

  registerRoute(app, r.orderPdf, async ({ tenant, params, reply }) => {
    const { file, name } = await s.documents.pdf(tenant.company.id, tenant.entity.id, params.id);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${name}"`).send(file);
  });
  registerRoute(app, r.orderShare, async ({ tenant, params }) => s.documents.share(tenant, params.id));
  // Links sent before sales orders joined the share registry: the token is the same, only the path moved.
  registerRoute(app, r.sharedOrderRedirect, async ({ params, reply }) =>
    reply.redirect(`${API_PREFIX}/compartido/${encodeURIComponent(params.token)}`, 308),
  );
}
