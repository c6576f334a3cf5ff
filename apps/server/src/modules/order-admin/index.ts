/** The staff's order management. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { orderAdminRoutes } from './routes.js';
