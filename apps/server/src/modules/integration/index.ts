/** The ERP integration area: keys, batches and the versioned API the cooperative's systems call (docs/integration.md). */
export { integrationRoutes } from './routes.js';
