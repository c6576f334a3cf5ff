/** Voucher authorization. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { authorizationsRoutes } from './routes.js';
