/** The dashboard area; orders ask it who sells to whom. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { dashboardRoutes } from './routes.js';
export { sellerIdsOfZone, sellerOfUser } from './repository.js';
/** The news an ERP loads (integration `novedades`) are checked against what the dashboards show, in another process too. */
export { cleanHtml, DashboardService } from './service.js';
