/** The cart area (sales and purchase carts); the ordering routes mount it. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { CartService, addDays } from './service.js';
export type { CartKind, CartOwner, LineUpsert } from './repository.js';
export { lineCount, lockCart, priceInfo, updateCart, upsertLines } from './repository.js';
export { orderAmounts, salesOrderTotalSql, vatRateOf, type OrderAmounts } from './amounts.js';
