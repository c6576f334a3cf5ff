import { createHashRouter } from 'react-router';
import { WelcomePage } from '../features/access/welcome-page';
import { SessionsPage } from '../features/access/sessions-page';
import { NewSessionPage } from '../features/access/new-session-page';
import { ForgotPage } from '../features/access/forgot-page';
import { RequireAuth, RootRedirect, ShellRoute, UnknownRoute } from './guard';

export const router = createHashRouter([
  { path: '/', element: <RootRedirect /> },
  { path: '/welcome', element: <WelcomePage /> },
  { path: '/welcome/signin', element: <WelcomePage /> },
  { path: '/welcome/signup', element: <WelcomePage /> },
  { path: '/welcome/sessions', element: <RequireAuth><SessionsPage /></RequireAuth> },
  { path: '/welcome/new', element: <RequireAuth><NewSessionPage /></RequireAuth> },
  { path: '/forgot', element: <ForgotPage /> },
  { path: '/forgot/:hash', element: <ForgotPage /> },
  {
    path: '/:profile',
    element: <ShellRoute />,
    children: [
      // handle.module: the shell shows a refusal instead of the page when the module is not enabled for the user.
      // Pages behind the shell load on demand: the login screens stay small on a rural connection, and the
      // charts library comes only with the dashboard.
      {
        path: 'dashboard',
        handle: { module: 'dashboard' },
        lazy: () => import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
      },
      { path: 'usuarios', lazy: () => import('../features/admin/users-page').then((m) => ({ Component: m.UsersPage })) },
      { path: 'parametros', lazy: () => import('../features/admin/parameters-page').then((m) => ({ Component: m.ParametersPage })) },
      // Order history (and one month of it, the dashboard's 'Compras por mes'); ranked above pedidos/:id.
      {
        path: 'pedidos/historial',
        handle: { module: 'pedidos' },
        lazy: () => import('../features/orders/history-page').then((m) => ({ Component: m.HistoryPage })),
      },
      {
        path: 'pedidos/historial/:mes',
        handle: { module: 'pedidos' },
        lazy: () => import('../features/orders/history-page').then((m) => ({ Component: m.HistoryPage })),
      },
      // Order entry, the product detail (both addresses of ordering.md §2) and purchase orders.
      {
        path: 'pedidos',
        handle: { module: 'pedidos' },
        lazy: () => import('../features/catalog/orders-page').then((m) => ({ Component: m.OrdersPage })),
      },
      {
        path: 'pedidos/detalle/:id',
        handle: { module: 'pedidos' },
        lazy: () => import('../features/catalog/product-detail-page').then((m) => ({ Component: m.ProductDetailPage })),
      },
      {
        path: 'pedidos/:id',
        handle: { module: 'pedidos' },
        lazy: () => import('../features/catalog/product-detail-page').then((m) => ({ Component: m.ProductDetailPage })),
      },
      {
        path: 'ordenescompra',
        handle: { module: 'ordenescompra' },
        lazy: () => import('../features/purchase-orders/purchase-orders-page').then((m) => ({ Component: m.PurchaseOrdersPage })),
      },
      {
        path: 'gestionpedidos',
        handle: { module: 'gestionpedidos' },
        lazy: () => import('../features/order-admin/order-admin-page').then((m) => ({ Component: m.OrderAdminPage })),
      },
      {
        path: 'cfiscales',
        handle: { module: 'cfiscales' },
        lazy: () => import('../features/fiscal/fiscal-page').then((m) => ({ Component: m.FiscalPage })),
      },
      { path: '*', element: <UnknownRoute /> },
    ],
  },
  { path: '*', element: <UnknownRoute /> },
]);
