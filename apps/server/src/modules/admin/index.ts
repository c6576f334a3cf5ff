/** The administration area: users, modules, parameters, audit. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { adminRoutes } from './routes.js';
