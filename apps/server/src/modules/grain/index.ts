/** Grain settlements. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { grainRoutes } from './routes.js';
