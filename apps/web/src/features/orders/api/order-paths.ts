import { orderingRoutes } from '@portal/contract';

/** Which list: sales orders (/proxy/pedidos) or purchase orders (/proxy/ordenescompra). */
export type OrderKind = 'sales' | 'purchase';

type OrderPaths = { list: string; pdf: ((id: number) => string) | null; share: ((id: number) => string) | null };

/**
 * The status lists, the order PDF and its share link, per kind of order (ordering.md §7): GET /proxy/pedidos/{id}/pdf
 * and /compartir for sales orders, GET /proxy/ordenescompra/{id}/pdf and /compartir for purchase orders.
 */
export const orderPaths: Record<OrderKind, OrderPaths> = {
  sales: {
    list: orderingRoutes.pedidosGet.url,
    pdf: (id) => orderingRoutes.orderPdf.url.replace(':id', String(id)),
    share: (id) => orderingRoutes.orderShare.url.replace(':id', String(id)),
  },
  purchase: {
    list: orderingRoutes.ordenesGet.url,
    pdf: (id) => orderingRoutes.ordenesPdf.url.replace(':id', String(id)),
    share: (id) => orderingRoutes.ordenesShare.url.replace(':id', String(id)),
  },
};
