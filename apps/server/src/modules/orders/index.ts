/** Sales orders and purchase orders (and the catalogue and cart routes they mount). What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { orderingRoutes } from './routes.js';
// What the staff's order management (modules/order-admin) uses: the amounts by status list, the invoice's rules and
// its writing, the order's lines and the customer's fiscal data.
export { amountsOf, STATUS } from './amounts.js';
export { dueDaysFor, generateCae, invoiceAmounts } from './invoice.js';
export { entityFiscal, salesOrderLines, writeInvoice } from './repository.js';
