/** The ERP integration area: keys, batches and the versioned API the cooperative's systems call (docs/integration.md). */
export { integrationRoutes } from './routes.js';
/**
 * Outbound events, for the modules whose changes the ERP must learn of: in the change's transaction,
 * `await appendEvent(trx, await salesOrderConfirmed(trx, companyId, orderId, userId))`.
 */
export { appendEvent } from './events.js';
export * from './event-payloads.js';
export { erpAnswer } from './results.js';
