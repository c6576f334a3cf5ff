/** The access area: sign-in, sessions, registration, GET /data. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { accessRoutes } from './routes.js';
export { LoginThrottle } from './login-throttle.js';
export { toEntidad } from './mapper.js';
