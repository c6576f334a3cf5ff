/** Stock positions. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { stockPositionsRoutes } from './routes.js';
