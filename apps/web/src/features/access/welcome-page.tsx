import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { AuthLayout } from './components/auth-layout';
import { LoginForm } from './components/login-form';
import { RegisterForm } from './components/register-form';

/** /welcome, /welcome/signin and /welcome/signup: one card, two tabs. */
export function WelcomePage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = pathname.endsWith('/signup') ? 'signup' : 'signin';
  return (
    <AuthLayout>
      <Tabs
        activeKey={active}
        centered
        onChange={(key) => navigate(`/welcome/${key}`)}
        items={[
          { key: 'signin', label: 'Iniciar sesión', children: <LoginForm /> },
          { key: 'signup', label: 'Registrarme', children: <RegisterForm /> },
        ]}
      />
    </AuthLayout>
  );
}
