/** Receipts and their attachments. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { receiptsRoutes } from './routes.js';
