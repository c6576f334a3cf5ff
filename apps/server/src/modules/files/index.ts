/** /proxy/files, /proxy/imprime, /proxy/compartir and the public /compartido/{token}. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { filesRoutes } from './routes.js';
