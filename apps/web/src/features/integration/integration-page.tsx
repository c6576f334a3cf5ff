import { useState } from 'react';
import { Button, Empty, Spin, Tag, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import {
  INTEGRATION_KIND_LABELS,
  INTEGRATION_READ_KIND_LABELS,
  integrationMsg,
  msg,
  type IntegrationBatchWire,
  type IntegrationKeyWire,
  type IntegrationReadKind,
} from '@portal/contract';
import { ApiError, errorMessage } from '../../lib/api';
import { ErrorResult } from '../../lib/error-result';
import { useIsMobile } from '../../lib/device';
import { useFeedback } from '../../lib/feedback';
import { useNotify } from '../../lib/notify';
import { PlainTable, type PlainColumn } from '../../lib/plain-table';
import { useSession } from '../../lib/session-store';
import { useBatches } from './api/batches';
import { useKeys, useRevokeKey } from './api/keys';
import { CreateKeyDialog } from './components/create-key-dialog';
import { SpreadsheetSection } from './components/spreadsheet-section';
import { WebhookSection } from './components/webhook-section';
import './integration.css';

const when = new Intl.DateTimeFormat('es-AR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Argentina/Buenos_Aires' });
const whenText = (iso: string | null) => (iso ? when.format(new Date(iso)).replace(',', '') : null);
const count = new Intl.NumberFormat('es-AR');

/** A key's scopes: what it may write (INTEGRATION_KINDS) or read (those and the portal's events). */
function Kinds({ kinds }: { kinds: IntegrationReadKind[] }) {
  if (!kinds.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span className="integration-kind-tags">
      {kinds.map((k) => (
        <Tag key={k}>{INTEGRATION_READ_KIND_LABELS[k]}</Tag>
      ))}
    </span>
  );
}

function KeyState({ k }: { k: IntegrationKeyWire }) {
  return k.revocada ? <Tag color="red">{integrationMsg.revocada}</Tag> : <Tag color="green">{integrationMsg.activa}</Tag>;
}

function BatchCounts({ b }: { b: IntegrationBatchWire }) {
  return (
    <span className="integration-counts">
      <span>
        {integrationMsg.aceptadas}: <strong>{count.format(b.aceptadas)}</strong>
      </span>
      <span>
        {integrationMsg.sinCambios}: <strong>{count.format(b.sin_cambios)}</strong>
      </span>
      <span className={b.rechazadas ? 'integration-rejected' : undefined}>
        {integrationMsg.rechazadas}: <strong>{count.format(b.rechazadas)}</strong>
      </span>
    </span>
  );
}

/**
 * /{profile}/integracion (administrators): the company's integration keys (create with scopes, the secret shown
 * once; revoke; last use), their webhooks, the spreadsheet import, and the last batches (the ERP's and the
 * spreadsheets'), with their counts (docs/integration.md).
 */
export function IntegrationPage() {
  const { host } = useSession();
  const cuit = host?.cuit ?? null;
  const mobile = useIsMobile();
  const keys = useKeys(cuit);
  const batches = useBatches(cuit);
  const revoke = useRevokeKey();
  const { modal } = useFeedback();
  const notify = useNotify();
  const [creating, setCreating] = useState(false);

  if (keys.error instanceof ApiError && keys.error.status === 403) {
    return <ErrorResult status="403" title={integrationMsg.titulo} subTitle={keys.error.message} />;
  }

  function handleRevoke(k: IntegrationKeyWire) {
    modal.confirm({
      title: `${integrationMsg.revocar} «${k.nombre}»`,
      content: integrationMsg.revocarConfirmar,
      okText: integrationMsg.revocar,
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          const answer = await revoke.mutateAsync(k.id);
          notify.success(answer.msg, k.nombre, 4);
        } catch (e) {
          notify.error(integrationMsg.revocar, errorMessage(e, msg.errorGenerico));
        }
      },
    });
  }

  const revokeButton = (k: IntegrationKeyWire) =>
    k.revocada ? null : (
      <Button danger size="small" icon={<StopOutlined aria-hidden />} onClick={() => handleRevoke(k)} aria-label={`${integrationMsg.revocar} ${k.nombre}`}>
        {integrationMsg.revocar}
      </Button>
    );

  const keyColumns: PlainColumn<IntegrationKeyWire>[] = [
    { key: 'nombre', title: integrationMsg.nombre, width: 180, render: (k) => <strong>{k.nombre}</strong> },
    { key: 'prefijo', title: integrationMsg.prefijo, width: 170, render: (k) => <code>{k.prefijo}…</code> },
    { key: 'escribir', title: integrationMsg.escribe, render: (k) => <Kinds kinds={k.escribir} /> },
    { key: 'leer', title: integrationMsg.lee, render: (k) => <Kinds kinds={k.leer} /> },
    { key: 'creada', title: integrationMsg.creada, width: 130, render: (k) => whenText(k.creada) },
    { key: 'uso', title: integrationMsg.ultimoUso, width: 130, render: (k) => whenText(k.ultimo_uso) ?? <Typography.Text type="secondary">{integrationMsg.nuncaUsada}</Typography.Text> },
    { key: 'estado', title: integrationMsg.estado, width: 100, render: (k) => <KeyState k={k} /> },
    { key: 'acciones', title: '', width: 110, render: revokeButton },
  ];
  const batchColumns: PlainColumn<IntegrationBatchWire>[] = [
    { key: 'fecha', title: integrationMsg.fecha, width: 130, render: (b) => whenText(b.inicio) },
    {
      key: 'clave', title: integrationMsg.clave, width: 180,
      render: (b) => (
        <>
          {b.clave}
          {b.archivo && <div className="integration-batch-file">{b.archivo}</div>}
        </>
      ),
    },
    { key: 'tipo', title: integrationMsg.tipo, width: 200, render: (b) => INTEGRATION_KIND_LABELS[b.tipo] },
    { key: 'operacion', title: integrationMsg.operacion, width: 150, render: (b) => (b.operacion === 'baja' ? integrationMsg.baja : integrationMsg.alta) },
    { key: 'aceptadas', title: integrationMsg.aceptadas, align: 'right', width: 100, render: (b) => count.format(b.aceptadas) },
    { key: 'sin_cambios', title: integrationMsg.sinCambios, align: 'right', width: 100, render: (b) => count.format(b.sin_cambios) },
    { key: 'rechazadas', title: integrationMsg.rechazadas, align: 'right', width: 100, render: (b) => <span className={b.rechazadas ? 'integration-rejected' : undefined}>{count.format(b.rechazadas)}</span> },
  ];

  const keyRows = keys.data?.items ?? [];
  const batchRows = batches.data?.items ?? [];

  return (
    <div className="page integration-page">
      <div className="page-header">
        <Typography.Title level={3} className="page-title">
          {integrationMsg.titulo}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
          {integrationMsg.nuevaClave}
        </Button>
      </div>
      <Typography.Paragraph type="secondary">{integrationMsg.intro}</Typography.Paragraph>

      <section aria-labelledby="integration-keys-title" className="integration-section">
        <Typography.Title level={4} id="integration-keys-title">
          {integrationMsg.claves}
        </Typography.Title>
        {keys.isError && <ErrorResult status="warning" title={msg.errorCargarDatos} subTitle={errorMessage(keys.error, msg.errorObtenerDatos)} />}
        {keys.isLoading && (
          <div className="center-pad">
            <Spin />
          </div>
        )}
        {keys.data && !keyRows.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={integrationMsg.sinClaves} />}
        {keys.data && keyRows.length > 0 && mobile && (
          <ul className="integration-cards" data-testid="integration-keys">
            {keyRows.map((k) => (
              <li key={k.id} className="integration-card" data-testid={`integration-key-${k.id}`}>
                <div className="integration-card-head">
                  <strong>{k.nombre}</strong>
                  <KeyState k={k} />
                </div>
                <code>{k.prefijo}…</code>
                <dl>
                  <dt>{integrationMsg.escribe}</dt>
                  <dd>
                    <Kinds kinds={k.escribir} />
                  </dd>
                  <dt>{integrationMsg.lee}</dt>
                  <dd>
                    <Kinds kinds={k.leer} />
                  </dd>
                  <dt>{integrationMsg.ultimoUso}</dt>
                  <dd>{whenText(k.ultimo_uso) ?? integrationMsg.nuncaUsada}</dd>
                </dl>
                {revokeButton(k)}
              </li>
            ))}
          </ul>
        )}
        {keys.data && keyRows.length > 0 && !mobile && (
          <div data-testid="integration-keys">
            <PlainTable label={integrationMsg.claves} columns={keyColumns} rows={keyRows} rowKey={(k) => String(k.id)} rowTestId={(k) => `integration-key-${k.id}`} empty={null} minWidth={900} />
          </div>
        )}
      </section>

      {keys.data && <WebhookSection keys={keyRows} />}

      {keys.data && <SpreadsheetSection />}

      <section aria-labelledby="integration-batches-title" className="integration-section">
        <div className="integration-section-head">
          <Typography.Title level={4} id="integration-batches-title">
            {integrationMsg.lotes}
          </Typography.Title>
          <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void batches.refetch()} loading={batches.isFetching && !batches.isLoading}>
            Actualizar
          </Button>
        </div>
        {batches.isError && <ErrorResult status="warning" title={msg.errorCargarDatos} subTitle={errorMessage(batches.error, msg.errorObtenerDatos)} />}
        {batches.data && !batchRows.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={integrationMsg.sinLotes} />}
        {batches.data && batchRows.length > 0 && mobile && (
          <ul className="integration-cards" data-testid="integration-batches">
            {batchRows.map((b) => (
              <li key={b.id} className="integration-card" data-testid={`integration-batch-${b.id}`}>
                <div className="integration-card-head">
                  <strong>{INTEGRATION_KIND_LABELS[b.tipo]}</strong>
                  <span>{whenText(b.inicio)}</span>
                </div>
                <span>
                  {b.clave} · {b.operacion === 'baja' ? integrationMsg.baja : integrationMsg.alta}
                </span>
                {b.archivo && <span className="integration-batch-file">{b.archivo}</span>}
                <BatchCounts b={b} />
              </li>
            ))}
          </ul>
        )}
        {batches.data && batchRows.length > 0 && !mobile && (
          <div data-testid="integration-batches">
            <PlainTable label={integrationMsg.lotes} columns={batchColumns} rows={batchRows} rowKey={(b) => b.id} rowTestId={(b) => `integration-batch-${b.id}`} empty={null} minWidth={900} />
          </div>
        )}
      </section>

      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
