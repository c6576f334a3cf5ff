import type { FastifyInstance } from 'fastify';
import {
  API_PREFIX,
  carouselQuery,
  cartLineSchemaFor,
  catalogQuery,
  facetQuery,
  historyQuery,
  orderingRoutes as r,
  purchaseConditionBody,
  purchaseLineBody,
  salesConditionBody,
  statusListQuery,
  STATUS_LISTS,
  type StatusList,
} from '@portal/contract';
import type { DB } from '../../db/database.js';
import { parseOr400, registerRoute } from '../../lib/route.js';
import type { AuthUser, EntityTenant } from '../../plugins/access.js';
import { CatalogService } from '../catalog/index.js';
import type { CartKind } from '../cart/index.js';
import { CartService } from '../cart/index.js';
import { OrdersService } from './service.js';

type Deps = { db: DB; tokenSecret: string; publicUrl: string };

/**
 * Commercial ordering: /proxy/pedidos (sales), /proxy/ordenescompra (purchase orders), /proxy/gestionpedidos (staff)
 * and the public share link. One path answers several calls, told apart by the query (ordering.md §7).
 */
export function orderingRoutes(app: FastifyInstance, deps: Deps): void {
  const catalog = new CatalogService(deps.db);
  const carts = new CartService(deps.db);
  const orders = new OrdersService(deps.db, carts, { tokenSecret: deps.tokenSecret, publicUrl: deps.publicUrl });

  const scopeOf = (user: AuthUser, tenant: EntityTenant) => ({ companyId: tenant.company.id, entityId: tenant.entity.id, userId: user.userId });
  const statusOf = (q: Partial<Record<StatusList, boolean>>): StatusList | undefined => STATUS_LISTS.find((s) => q[s]);

  /** The calls GET /proxy/pedidos and GET /proxy/ordenescompra share: lists by status and the catalogue. */
  async function listing(kind: CartKind, user: AuthUser, tenant: EntityTenant, query: unknown) {
    const status = parseOr400(statusListQuery, query);
    const which = statusOf(status);
    if (which) return orders.statusList(kind, tenant, which, status.start ?? 0, status.limit);
    return catalog.search(scopeOf(user, tenant), parseOr400(catalogQuery, query));
  }

  registerRoute(app, r.pedidosGet, async ({ user, tenant, query }) => {
    const companyId = tenant.company.id;
    switch (query.type) {
      case 'carrito':
        return carts.salesCart(carts.owner(user, tenant, 'sales'));
      case 'fdepagos':
        return carts.paymentConditions(companyId);
      case 'dentregas':
        return carts.destinations(companyId, tenant.entity.id);
      case 'torigen':
        return carts.origins(companyId);
      case 'toperacion':
        return carts.operations(companyId);
      case undefined:
        break;
      default:
        return catalog.facet(scopeOf(user, tenant), parseOr400(facetQuery, query));
    }
    const h = parseOr400(historyQuery, query);
    if (h.historial) {
      const limit = h.limit ?? undefined;
      const start = h.start ?? (h.page ? (h.page - 1) * (limit ?? 8) : 0);
      return orders.history(tenant, h.mes, start, limit);
    }
    const c = parseOr400(carouselQuery, query);
    const carousel = c.visitados ? 'visitados' : c.comprados ? 'comprados' : c.promociones ? 'promociones' : undefined;
    if (carousel) return catalog.carousel(scopeOf(user, tenant), carousel, c.limit);
    return listing('sales', user, tenant, query);
  });

  registerRoute(app, r.productDetail, async ({ user, tenant, params }) => catalog.detail(user, scopeOf(user, tenant), params.id));

  registerRoute(app, r.cartPut, async ({ user, tenant, params, query, body }) => {
    const o = carts.owner(user, tenant, 'sales');
    const msg =
      query.type === 'carrito'
        ? await carts.setLines(o, params.pedido_id, parseOr400(cartLineSchemaFor(body), body), query.suma === true)
        : query.type === 'condiciones'
          ? await carts.setSalesCondition(o, params.pedido_id, parseOr400(salesConditionBody, body))
          : await orders.repeat(o, params.pedido_id, query.historial_id);
    return carts.salesReply(o, msg);
  });

  registerRoute(app, r.confirm, async ({ user, tenant, body }) => orders.confirm(carts.owner(user, tenant, 'sales'), body.pedidoid));

  registerRoute(app, r.cartDelete, async ({ user, tenant, body }) => {
    const o = carts.owner(user, tenant, 'sales');
    return carts.salesReply(o, await carts.removeLines(o, body.pedido_id, { productId: body.id }));
  });
  registerRoute(app, r.addAlert, async ({ user, tenant, body }) => {
    const o = carts.owner(user, tenant, 'sales');
    return carts.salesReply(o, await carts.addAlert(o, body.pedido_id, body.producto_id));
  });
  registerRoute(app, r.deleteAlert, async ({ user, tenant, body }) => {
    const o = carts.owner(user, tenant, 'sales');
    return carts.salesReply(o, await carts.deleteAlert(o, body.pedido_id, body.producto_id));
  });

  registerRoute(app, r.orderPdf, async ({ tenant, params, reply }) => {
    const { file, name } = await orders.pdf(tenant.company.id, tenant.entity.id, params.id);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${name}"`).send(file);
  });
  registerRoute(app, r.orderShare, async ({ tenant, params }) => orders.share(tenant, params.id));
  // Links sent before sales orders joined the share registry: the token is the same, only the path moved.
  registerRoute(app, r.sharedOrderRedirect, async ({ params, reply }) =>
    reply.redirect(`${API_PREFIX}/compartido/${encodeURIComponent(params.token)}`, 308),
  );

  // Purchase orders
  registerRoute(app, r.ordenesGet, async ({ user, tenant, query }) => {
    switch (query.type) {
      case 'carrito':
        return carts.purchaseCart(carts.owner(user, tenant, 'purchase'));
      case 'cpagos':
        return carts.paymentConditions(tenant.company.id);
      case undefined:
        return listing('purchase', user, tenant, query);
      default:
        return catalog.facet(scopeOf(user, tenant), parseOr400(facetQuery, query));
    }
  });
  registerRoute(app, r.ordenesCartPut, async ({ user, tenant, params, query, body }) => {
    const o = carts.owner(user, tenant, 'purchase');
    const msg =
      query.type === 'carrito'
        ? await carts.setLines(o, params.pedido_id, parseOr400(purchaseLineBody, body), query.suma === true)
        : await carts.setPurchaseCondition(o, params.pedido_id, parseOr400(purchaseConditionBody, body));
    return carts.purchaseReply(o, msg);
  });
  registerRoute(app, r.ordenesConfirm, async ({ user, tenant, body }) => orders.confirm(carts.owner(user, tenant, 'purchase'), body.pedidoid));
  registerRoute(app, r.ordenesPdf, async ({ tenant, params, reply }) => {
    const { file, name } = await orders.purchasePdf(tenant.company.id, tenant.entity.id, params.id);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${name}"`).send(file);
  });
  registerRoute(app, r.ordenesShare, async ({ tenant, params }) => orders.purchaseShare(tenant, params.id));
  registerRoute(app, r.ordenesCartDelete, async ({ user, tenant, body }) => {
    const o = carts.owner(user, tenant, 'purchase');
    return carts.purchaseReply(o, await carts.removeLines(o, body.ocompra_id, { lineId: body.pk }));
  });

  // Staff back office
  registerRoute(app, r.staffList, async ({ user, tenant, query }) => orders.staffList(user, tenant, query.estado, query.start ?? 0, query.limit, query.buscar));
  registerRoute(app, r.staffApprove, async ({ user, tenant, params }) => orders.approve(user, tenant, params.id));
  registerRoute(app, r.staffApply, async ({ user, tenant, params }) => orders.apply(user, tenant, params.id));
}
