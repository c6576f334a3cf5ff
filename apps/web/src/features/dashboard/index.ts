/**
 * What the router uses of the dashboard: its query, to start the answer with the route's code (app/router.tsx); and
 * what the sessions screen's entity step uses: the landing dashboard, asked for with the entity's user data.
 */
export { dashboardQuery, startLandingDashboard } from './api/get-dashboard';
