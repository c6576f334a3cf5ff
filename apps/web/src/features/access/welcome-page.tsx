import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthLayout } from './components/auth-layout';
import { LoginForm } from './components/login-form';

// Registration (steps, SMS code; Ant Design with its theme) loads when its tab is opened: the login screen downloads
// only the login form.
const RegisterForm = lazy(() =>
  Promise.all([import('../../lib/theme'), import('./components/register-form')]).then(([{ ThemeProvider }, { RegisterForm: Form }]) => ({
    default: () => (
      <ThemeProvider>
        <Form />
      </ThemeProvider>
    ),
  })),
);

const TABS = [
  { key: 'signin', label: 'Iniciar sesión' },
  { key: 'signup', label: 'Registrarme' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/**
 * /welcome, /welcome/signin and /welcome/signup: one card, two tabs. The tabs are plain WAI-ARIA tabs drawn like
 * Ant Design's centred Tabs (docs/decisions/web-delivery.md, 'Login screen'); a panel once opened stays
 * mounted, hidden, so what was typed in it survives a trip to the other tab.
 */
export function WelcomePage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active: TabKey = pathname.endsWith('/signup') ? 'signup' : 'signin';
  const [opened, setOpened] = useState<ReadonlySet<TabKey>>(() => new Set([active]));
  if (!opened.has(active)) setOpened(new Set([...opened, active]));

  function select(key: TabKey, focus = false) {
    if (key !== active) navigate(`/welcome/${key}`);
    if (focus) document.getElementById(`welcome-tab-${key}`)?.focus();
  }

  function handleKeyDown(e: KeyboardEvent) {
    const index = TABS.findIndex((t) => t.key === active);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(TABS[(next + TABS.length) % TABS.length]!.key, true);
  }

  return (
    <AuthLayout>
      <div className="welcome-tabs">
        <div className="welcome-tablist" role="tablist" onKeyDown={handleKeyDown}>
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              id={`welcome-tab-${t.key}`}
              aria-selected={t.key === active}
              aria-controls={`welcome-panel-${t.key}`}
              tabIndex={t.key === active ? 0 : -1}
              className={t.key === active ? 'welcome-tab is-active' : 'welcome-tab'}
              onClick={() => select(t.key)}
            >
              {t.label}
            </button>
          ))}
        </div>
        {TABS.filter((t) => opened.has(t.key)).map((t) => (
          <div key={t.key} role="tabpanel" id={`welcome-panel-${t.key}`} aria-labelledby={`welcome-tab-${t.key}`} hidden={t.key !== active}>
            {t.key === 'signin' ? (
              <LoginForm />
            ) : (
              <Suspense fallback={<div className="route-loading" role="progressbar" aria-label="Cargando" />}>
                <RegisterForm />
              </Suspense>
            )}
          </div>
        ))}
      </div>
    </AuthLayout>
  );
}
