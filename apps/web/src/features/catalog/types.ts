import type { Product } from '@portal/contract';

/** A catalogue product as GET /proxy/pedidos answers it (ordering.md §3). */
export type CatalogProduct = Product;
