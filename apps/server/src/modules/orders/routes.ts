import type { FastifyInstance } from 'fastify';
import type { ShareRegistry } from '../../lib/share-registry.js';
import { registerOrderShareKinds } from './documents.js';
import { purchaseRoutes } from './purchase-routes.js';
import { quickOrderRoutesOf } from './quick-order-routes.js';
import { salesRoutes } from './sales-routes.js';
import { orderingServices, type OrderingDeps } from './services.js';

/**
 * Commercial ordering: /proxy/pedidos (sales, sales-routes.ts), /proxy/ordenescompra (purchase orders,
 * purchase-routes.ts), quick order of both (quick-order-routes.ts), and the kinds of public link of order PDFs,
 * registered on the app's share registry. The staff's /proxy/gestionpedidos is modules/order-admin.
 */
export function orderingRoutes(app: FastifyInstance, deps: OrderingDeps & { shares: ShareRegistry }): void {
  const services = orderingServices(deps);
  registerOrderShareKinds(deps.shares);
  salesRoutes(app, services);
  purchaseRoutes(app, services);
  quickOrderRoutesOf(app, services);
}
