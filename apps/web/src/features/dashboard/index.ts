/** What the router uses of the dashboard: its query, to start the answer with the route's code (app/router.tsx). */
export { dashboardQuery } from './api/get-dashboard';
