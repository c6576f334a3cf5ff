import { createHashRouter } from 'react-router';
import { WelcomePage } from '../features/access/welcome-page';
import { SessionsPage } from '../features/access/sessions-page';
import { NewSessionPage } from '../features/access/new-session-page';
import { ForgotPage } from '../features/access/forgot-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { UsersPage } from '../features/admin/users-page';
import { ParametersPage } from '../features/admin/parameters-page';
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
      { path: 'dashboard', element: <DashboardPage />, handle: { module: 'dashboard' } },
      { path: 'usuarios', element: <UsersPage /> },
      { path: 'parametros', element: <ParametersPage /> },
      { path: '*', element: <UnknownRoute /> },
    ],
  },
  { path: '*', element: <UnknownRoute /> },
]);
