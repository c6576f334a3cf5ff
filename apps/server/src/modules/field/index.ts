/** Field visits. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { fieldRoutes } from './routes.js';
