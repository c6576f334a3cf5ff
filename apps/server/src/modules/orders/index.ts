/** Sales orders and purchase orders (and the catalogue and cart routes they mount). What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { orderingRoutes } from './routes.js';
