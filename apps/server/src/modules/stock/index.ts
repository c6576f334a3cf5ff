/** Stock; warehouse writes its movements through it. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { stockRoutes } from './routes.js';
export { depositOf, lockLevel, writeMovement } from './repository.js';
