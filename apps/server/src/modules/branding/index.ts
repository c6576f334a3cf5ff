/** The company's look: logo and colours. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { brandingRoutes } from './routes.js';
