import type { DB } from '../../db/database.js';
import { CatalogService } from '../catalog/index.js';
import { CartService } from '../cart/index.js';
import { OrderConfirmation } from './confirm.js';
import { OrderDocuments } from './documents.js';
import { OrderHistory } from './history.js';
import { OrderLists } from './lists.js';
import { QuickOrder } from './quick-order.js';

export type OrderingDeps = { db: DB; tokenSecret: string; publicUrl: string };

/** The services behind the ordering routes, one per purpose, built once per app. */
export type OrderingServices = ReturnType<typeof orderingServices>;

export function orderingServices(deps: OrderingDeps) {
  const carts = new CartService(deps.db);
  return {
    catalog: new CatalogService(deps.db),
    carts,
    confirmation: new OrderConfirmation(deps.db, carts),
    lists: new OrderLists(deps.db),
    history: new OrderHistory(deps.db, carts),
    quickOrder: new QuickOrder(deps.db),
    documents: new OrderDocuments(deps.db, { tokenSecret: deps.tokenSecret, publicUrl: deps.publicUrl }),
  };
}
