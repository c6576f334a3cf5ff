import { Button, Result, Space } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../lib/session-store';
import { AppProviders } from './app-providers';
import { MAIN_ID } from '../lib/page-title';

/** 'Página no encontrada' (app/guard.tsx UnknownRoute), inside the shell or on its own, in the portal's theme. */
export default function NotFound({ standalone }: { standalone: boolean }) {
  const s = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  const home = s.profile && s.entity ? `/${s.profile}/dashboard` : '/welcome/sessions';
  const result = (
        <Result
          status="404"
          title={<h1 className="not-found-title">Página no encontrada</h1>}
          subTitle={`La dirección ${pathname} no existe en el portal.`}
          extra={
            <Space wrap>
              {canGoBack && <Button onClick={() => navigate(-1)}>Volver</Button>}
              <Button type="primary" onClick={() => navigate(home)}>
                Ir al inicio
              </Button>
            </Space>
          }
        />
  );
  // Behind the shell its content is the main region already; an address outside the shell gets its own.
  return standalone ? (
    <AppProviders>
      <main id={MAIN_ID} tabIndex={-1} className="not-found">
        {result}
      </main>
    </AppProviders>
  ) : (
    result
  );
}
