/** Grain contracts. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { contractsRoutes } from './routes.js';
