import type { ReactNode } from 'react';
import { createHashRouter, type LoaderFunctionArgs } from 'react-router';
import { WelcomePage } from '../features/access/welcome-page';
import { isMobileNow } from '../lib/device';
import { prefetchQuietly } from '../lib/quiet-prefetch';
import { isAuthenticated, sessionStore } from '../lib/session-store';
import { preloadShell, RequireAuth, RootRedirect, ShellRoute, UnknownRoute } from './guard';

// Only the login screen is in the first download (docs/decisions/web-delivery.md: the login route's compressed
// JavaScript has a budget, guarded by e2e/tests/web-delivery/service-worker.spec.ts); every other screen loads on
// demand, with the Ant Design theme and TanStack Query (app/app-providers.tsx), which the login screen does not use.
const withProviders = <P,>(page: Promise<P>, render: (page: P) => ReactNode) =>
  Promise.all([import('./app-providers'), page]).then(([{ AppProviders }, loaded]) => ({
    Component: () => <AppProviders>{render(loaded)}</AppProviders>,
  }));
const dashboardPage = () => import('../features/dashboard/dashboard-page');
const loadSessionsPage = () => import('../features/access/sessions-page');

/** Runs `load` once, at the first of `events` anywhere on the page (capture phase). */
function prefetchOn(events: readonly string[], load: () => void) {
  const prefetch = () => {
    for (const e of events) window.removeEventListener(e, prefetch, true);
    load();
  };
  for (const e of events) window.addEventListener(e, prefetch, true);
}
// Once the user acts on the sessions screen (picks a company, then an entity), the shell's and the dashboard's code,
// where they land next, come down while the entity list and the user data are fetched: 'Ingresar' → dashboard does
// not wait for them after the last click. Not before: a user only looking at the screen downloads only its own code.
const prefetchLanding = () => prefetchOn(['pointerdown', 'keydown'], startLanding);
/**
 * The shell's and the dashboard's code: fetched at low priority (lib/quiet-prefetch.ts), so that the answers the user
 * waits for on the sessions screens go first, then run.
 */
function startLanding() {
  void prefetchQuietly('landing').then(() => {
    void preloadShell();
    void dashboardPage();
  });
}
const sessionsPage = () =>
  withProviders(loadSessionsPage(), ({ SessionsPage }) => <RequireAuth><SessionsPage /></RequireAuth>).then((route) => {
    prefetchLanding();
    return route;
  });
// The same on the login screen: typing in it (the credentials) starts the sessions screen's code (Ant Design, TanStack
// Query), which 'Ingresar' leads to. Not on display or focus: the login screen's budget counts what it downloads.
// And once 'Ingresar' has signed the user in, the shell's and the dashboard's code follow at once, while the sessions
// screen loads and the user picks a company and an entity, instead of at the first action there (prefetchLanding):
// a user who has just signed in is on the way to them. (Opening the sessions screen by its address, signed in
// already, still downloads only its own code until the user acts there.)
let sessionsPrefetchArmed = false;
function prefetchSessionsOnInput() {
  if (!sessionsPrefetchArmed && !isAuthenticated(sessionStore.get())) {
    sessionsPrefetchArmed = true;
    // At low priority (lib/quiet-prefetch.ts): typed and signed in at once (a password manager, a fast typist), the
    // sign-in's POST goes before the screen's files instead of after them; then the code runs while the user types.
    prefetchOn(['input'], () => {
      void prefetchQuietly('sessions').then(() => {
        void import('./app-providers');
        void loadSessionsPage();
      });
    });
    const unsubscribe = sessionStore.subscribe(() => {
      if (!isAuthenticated(sessionStore.get())) return;
      unsubscribe();
      sessionsPrefetchArmed = false;
      startLanding();
    });
  }
  return null;
}
// The sessions list travels with the screen's code (it was asked for after it) right after 'Ingresar'.
function prefetchSessions({ request }: LoaderFunctionArgs) {
  if (isAuthenticated(sessionStore.get()) && !new URL(request.url).searchParams.has('cuit')) {
    void Promise.all([import('./query'), import('../features/access')]).then(([{ queryClient }, { sessionsQuery }]) =>
      queryClient.prefetchQuery(sessionsQuery()),
    );
  }
  return null;
}

/**
 * Loaders that answer at once (null) and only start requests, so that a screen's data travel with its code instead
 * of after it (a cold open was code → user data → the page's answer, one round trip each on a 150 ms line). The
 * shell's user data (its menu gates every page) for any page behind the shell; the dashboard's answer for the
 * dashboard without filters (the first screen after login). They fill the one TanStack Query cache with the keys the
 * screens read, and prefetchQuery does nothing while an answer is fresh.
 */
function signedIn(params: LoaderFunctionArgs['params']) {
  const profile = Number(params.profile);
  const session = sessionStore.get();
  const { host, entity, actuaComo } = session;
  if (!isAuthenticated(session) || !host || !Number.isInteger(profile) || profile <= 0) return null;
  return { cuit: host.cuit, entity: entity?.codent ?? null, profile, actuaComo };
}
function prefetchUserData({ params }: LoaderFunctionArgs) {
  const s = signedIn(params);
  if (s) {
    void Promise.all([import('./query'), import('../features/access')]).then(([{ queryClient }, { userDataQuery }]) =>
      queryClient.prefetchQuery(userDataQuery({ ...s, mobile: isMobileNow() })),
    );
  }
  return null;
}
function prefetchDashboard({ params, request }: LoaderFunctionArgs) {
  const s = signedIn(params);
  const filtered = new URL(request.url).searchParams.size > 0;
  if (s?.entity && !filtered) {
    const { cuit, entity, profile } = s;
    void Promise.all([import('./query'), import('../features/dashboard')]).then(([{ queryClient }, { dashboardQuery }]) =>
      queryClient.prefetchQuery(dashboardQuery({ cuit, entity, profile })),
    );
  }
  return null;
}
const newSessionPage = () => withProviders(import('../features/access/new-session-page'), ({ NewSessionPage }) => <RequireAuth><NewSessionPage /></RequireAuth>);
const forgotPage = () => withProviders(import('../features/access/forgot-page'), ({ ForgotPage }) => <ForgotPage />);

export const router = createHashRouter([
  { path: '/', element: <RootRedirect /> },
  { path: '/welcome', handle: { title: 'Iniciar sesión' }, element: <WelcomePage />, loader: prefetchSessionsOnInput },
  { path: '/welcome/signin', handle: { title: 'Iniciar sesión' }, element: <WelcomePage />, loader: prefetchSessionsOnInput },
  { path: '/welcome/signup', handle: { title: 'Registrarme' }, element: <WelcomePage /> },
  { path: '/welcome/sessions', handle: { title: 'Sesiones activas' }, lazy: sessionsPage, loader: prefetchSessions },
  { path: '/welcome/new', handle: { title: 'Nueva sesión' }, lazy: newSessionPage },
  { path: '/forgot', handle: { title: 'Recuperar contraseña' }, lazy: forgotPage },
  { path: '/forgot/:hash', handle: { title: 'Cambiar contraseña' }, lazy: forgotPage },
  {
    path: '/:profile',
    element: <ShellRoute />,
    lazy: preloadShell,
    loader: prefetchUserData,
    children: [
      // handle.module: the shell shows a refusal instead of the page when the module is not enabled for the user.
      // Pages behind the shell load on demand: the login screens stay small on a rural connection, and the
      // charts library comes only with the dashboard.
      {
        path: 'dashboard',
        handle: { module: 'dashboard', title: 'Inicio' },
        loader: prefetchDashboard,
        lazy: () => dashboardPage().then((m) => ({ Component: m.DashboardPage })),
      },
      { handle: { title: 'Usuarios' }, path: 'usuarios', lazy: () => import('../features/admin/users-page').then((m) => ({ Component: m.UsersPage })) },
      { handle: { title: 'Parámetros' }, path: 'parametros', lazy: () => import('../features/admin/parameters-page').then((m) => ({ Component: m.ParametersPage })) },
      { handle: { title: 'Auditoría' }, path: 'auditoria', lazy: () => import('../features/admin/audit-page').then((m) => ({ Component: m.AuditPage })) },
      { handle: { title: 'Integración' }, path: 'integracion', lazy: () => import('../features/integration/integration-page').then((m) => ({ Component: m.IntegrationPage })) },
      // Order history (and one month of it, the dashboard's 'Compras por mes'); ranked above pedidos/:id.
      {
        path: 'pedidos/historial',
        handle: { module: 'pedidos', title: 'Historial de compras' },
        lazy: () => import('../features/orders/history-page').then((m) => ({ Component: m.HistoryPage })),
      },
      {
        path: 'pedidos/historial/:mes',
        handle: { module: 'pedidos', title: 'Historial de compras' },
        lazy: () => import('../features/orders/history-page').then((m) => ({ Component: m.HistoryPage })),
      },
      // Order entry, the product detail (both addresses of ordering.md §2) and purchase orders.
      {
        path: 'pedidos',
        handle: { module: 'pedidos' },
        lazy: () => import('../features/catalog/orders-page').then((m) => ({ Component: m.OrdersPage })),
      },
      // ordering.md §1: /{profile}/pedidos has the children dashboard and historial; the ordering dashboard is the
      // order-entry page itself (catalogue, orders made), ranked above pedidos/:id so 'dashboard' is no product id.
      {
        path: 'pedidos/dashboard',
        handle: { module: 'pedidos' },
        lazy: () => import('../features/catalog/orders-page').then((m) => ({ Component: m.OrdersPage })),
      },
      {
        path: 'pedidos/detalle/:id',
        handle: { module: 'pedidos', title: 'Producto' },
        lazy: () => import('../features/catalog/product-detail-page').then((m) => ({ Component: m.ProductDetailPage })),
      },
      {
        path: 'pedidos/:id',
        handle: { module: 'pedidos', title: 'Producto' },
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
      // Current account in three views (statements.md §2).
      {
        path: 'cronologico',
        handle: { module: 'cronologico' },
        lazy: () => import('../features/statements/statements-page').then((m) => ({ Component: m.ChronologicalPage })),
      },
      {
        path: 'financiero',
        handle: { module: 'financiero' },
        lazy: () => import('../features/statements/statements-page').then((m) => ({ Component: m.FinancialPage })),
      },
      {
        path: 'canjes',
        handle: { module: 'canjes' },
        lazy: () => import('../features/statements/statements-page').then((m) => ({ Component: m.ExchangePage })),
      },
      // Warehouse picking and stock counting (field-warehouse.md): the order number is the route param id.
      {
        path: 'almacenes',
        handle: { module: 'almacenes' },
        lazy: () => import('../features/warehouse/pending-orders-page').then((m) => ({ Component: m.PendingOrdersPage })),
      },
      {
        path: 'detalleAlmacenes/:id',
        handle: { module: 'almacenes', title: 'Pedido' },
        lazy: () => import('../features/warehouse/order-detail-page').then((m) => ({ Component: m.OrderDetailPage })),
      },
      {
        path: 'stock',
        handle: { module: 'stock' },
        lazy: () => import('../features/stock/stock-page').then((m) => ({ Component: m.StockPage })),
      },
      // Field sales (field-warehouse.md §2): Visitas, customer detail (with or without id), Envases: a chunk each,
      // all precached for offline use (OFFLINE_SCREENS in vite.config.ts).
      {
        path: 'repartos',
        handle: { module: 'repartos' },
        lazy: () => import('../features/field/visits-page').then((m) => ({ Component: m.VisitsPage })),
      },
      {
        path: 'detalle-cliente/:fecha',
        handle: { module: 'repartos', title: 'Nuevo cliente' },
        lazy: () => import('../features/field/new-order-page').then((m) => ({ Component: m.NewOrderPage })),
      },
      {
        path: 'detalle-cliente/:id/:fecha',
        handle: { module: 'repartos', title: 'Cliente' },
        lazy: () => import('../features/field/customer-detail-page').then((m) => ({ Component: m.CustomerDetailPage })),
      },
      {
        path: 'envases',
        handle: { module: 'repartos', title: 'Envases' },
        lazy: () => import('../features/field/containers-page').then((m) => ({ Component: m.ContainersPage })),
      },
      {
        path: 'recibos',
        handle: { module: 'recibos' },
        lazy: () => import('../features/receipts/receipts-page').then((m) => ({ Component: m.ReceiptsPage })),
      },
      {
        // No handle.module: administrators (profile 1, whose menu does not carry it) open it too; the API enforces
        // the role and the module (docs/decisions/receipts.md).
        path: 'autorizacion',
        handle: { title: 'Autorización de comprobantes' },
        lazy: () => import('../features/authorizations/authorizations-page').then((m) => ({ Component: m.AuthorizationsPage })),
      },
      // FICHA DE GRANOS (statements.md §2): the dashboard's grain position rows link to /1/granos/{grano}/{cosecha}.
      ...['granos', 'granos/:grano', 'granos/:grano/:cosecha'].map((path) => ({
        path,
        handle: { module: 'granos' },
        lazy: () => import('../features/grain/grain-page').then((m) => ({ Component: m.GrainPage })),
      })),
      // Contracts (statements.md §2): /{n}/contratos and /{n}/contratos/{grano}.
      ...['contratos', 'contratos/:grano'].map((path) => ({
        path,
        handle: { module: 'contratos' },
        lazy: () => import('../features/contracts/contracts-page').then((m) => ({ Component: m.ContractsPage })),
      })),
      // Stock positions and deliverables (statements.md §2).
      {
        path: 'posicionstockventas',
        handle: { module: 'posicionstockventas' },
        lazy: () => import('../features/stock-positions/stock-positions-page').then((m) => ({ Component: m.StockPositionsPage })),
      },
      { path: '*', element: <UnknownRoute />, handle: { title: 'Página no encontrada' } },
    ],
  },
  { path: '*', element: <UnknownRoute standalone />, handle: { title: 'Página no encontrada' } },
]);
