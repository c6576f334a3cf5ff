import { useState } from 'react';
import { Alert, Button, Card, Spin, Switch, Typography } from 'antd';
import { ErrorResult } from '../../lib/error-result';
import { useOutletContext } from 'react-router';
import { msg, PARAMETRO_INFO, PARAMETROS, type Configuracion } from '@portal/contract';
import { errorMessage } from '../../lib/api';
import { useNotify } from '../../lib/notify';
import { useSession } from '../../lib/session-store';
import { useParameters } from './api/get-parameters';
import { useSaveParameters } from './api/save-parameters';

/** /{profile}/parametros: the company's module parameters; administrators change them. */
export function ParametersPage() {
  // The shell passes whether the user administers the company (GET /data's adminweb).
  const { adminweb: admin } = useOutletContext<{ adminweb?: boolean }>();
  const { host } = useSession();
  const parameters = useParameters(host?.cuit ?? null);

  if (!admin) return <ErrorResult status="403" title="Parámetros" subTitle={msg.soloAdministradores} />;
  return (
    <div className="page">
      <Typography.Title level={3} className="page-title">
        Parámetros
      </Typography.Title>
      {parameters.isLoading ? (
        <div className="center-pad">
          <Spin />
        </div>
      ) : parameters.isError ? (
        <Alert type="error" showIcon title={msg.errorCargarDatos} description={errorMessage(parameters.error, msg.errorObtenerDatos)} />
      ) : parameters.data ? (
        <ParametersForm key={JSON.stringify(parameters.data)} initial={parameters.data} />
      ) : null}
    </div>
  );
}

function ParametersForm({ initial }: { initial: Configuracion }) {
  const [values, setValues] = useState(initial);
  const save = useSaveParameters();
  const notify = useNotify();
  const changed = PARAMETROS.some((k) => values[k] !== initial[k]);

  async function handleSave() {
    try {
      notify.success((await save.mutateAsync(values)).msg);
    } catch (e) {
      notify.error('Error', errorMessage(e, msg.errorInterno));
    }
  }

  return (
    <Card title="Parámetros de los módulos" className="parameters-card">
      {PARAMETROS.map((key) => (
        <div key={key} className="parameter-row">
          <div className="parameter-text">
            <label htmlFor={`param-${key}`}>
              <Typography.Text strong>{PARAMETRO_INFO[key].label}</Typography.Text>
            </label>
            <Typography.Text type="secondary">{PARAMETRO_INFO[key].ayuda}</Typography.Text>
          </div>
          <Switch id={`param-${key}`} checked={values[key]} onChange={(on) => setValues((v) => ({ ...v, [key]: on }))} />
        </div>
      ))}
      <div className="parameters-actions">
        <Button type="primary" onClick={handleSave} loading={save.isPending} disabled={!changed}>
          Guardar
        </Button>
      </div>
    </Card>
  );
}
