import { useState } from 'react';
import { Button, Empty, Pagination, Spin, Tag, Typography } from 'antd';
import { RedoOutlined, ReloadOutlined } from '@ant-design/icons';
import { msg, WEBHOOK_DELIVERY_STATE_LABELS, webhookMsg, type WebhookDeliveryState, type WebhookDeliveryWire } from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { ErrorResult } from '../../../lib/error-result';
import { useIsMobile } from '../../../lib/device';
import { useNotify } from '../../../lib/notify';
import { PlainTable, type PlainColumn } from '../../../lib/plain-table';
import { useDeliveries, useResend } from '../api/webhooks';

const when = new Intl.DateTimeFormat('es-AR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Argentina/Buenos_Aires' });
const whenText = (iso: string | null) => (iso ? when.format(new Date(iso)).replace(',', '') : '—');

const STATE_COLORS: Record<WebhookDeliveryState, string> = { pendiente: 'blue', fallando: 'orange', entregado: 'green', agotado: 'red' };

function State({ d }: { d: WebhookDeliveryWire }) {
  return <Tag color={STATE_COLORS[d.estado]}>{WEBHOOK_DELIVERY_STATE_LABELS[d.estado]}</Tag>;
}

/**
 * 'Entregas' of a key's webhook: each event sent (or to send) with its state, attempts, last error and next
 * attempt, newest first and paged; 'Reenviar' puts one back in the queue now, whatever its state.
 */
export function DeliveriesList({ keyId }: { keyId: number }) {
  const mobile = useIsMobile();
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(keyId, page);
  const resend = useResend(keyId);
  const notify = useNotify();

  async function handleResend(d: WebhookDeliveryWire) {
    try {
      const answer = await resend.mutateAsync(d.id);
      notify.success(answer.msg, `${webhookMsg.evento} ${d.evento}`, 3);
    } catch (e) {
      notify.error(webhookMsg.reenviar, errorMessage(e, msg.errorGenerico));
    }
  }

  const resendButton = (d: WebhookDeliveryWire) => (
    <Button size="small" icon={<RedoOutlined aria-hidden />} onClick={() => void handleResend(d)} aria-label={`${webhookMsg.reenviar} ${webhookMsg.evento.toLowerCase()} ${d.evento}`}>
      {webhookMsg.reenviar}
    </Button>
  );
  const columns: PlainColumn<WebhookDeliveryWire>[] = [
    { key: 'evento', title: webhookMsg.evento, width: 90, render: (d) => <code>{d.evento}</code> },
    { key: 'tipo', title: webhookMsg.tipo, width: 170, render: (d) => <code>{d.tipo}</code> },
    { key: 'estado', title: webhookMsg.estado, width: 110, render: (d) => <State d={d} /> },
    { key: 'intentos', title: webhookMsg.intentos, align: 'right', width: 80, render: (d) => d.intentos },
    { key: 'error', title: webhookMsg.ultimoError, render: (d) => d.ultimo_error ?? '—' },
    { key: 'proximo', title: webhookMsg.proximoIntento, width: 150, render: (d) => whenText(d.proximo_intento) },
    { key: 'acciones', title: '', width: 120, render: resendButton },
  ];

  const data = deliveries.data;
  const rows = data?.items ?? [];
  return (
    <div className="integration-deliveries">
      <div className="integration-section-head">
        <Typography.Title level={5} id="integration-deliveries-title">
          {webhookMsg.entregas}
        </Typography.Title>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void deliveries.refetch()} loading={deliveries.isFetching && !deliveries.isLoading}>
          {webhookMsg.actualizar}
        </Button>
      </div>
      {deliveries.isError && <ErrorResult status="warning" title={msg.errorCargarDatos} subTitle={errorMessage(deliveries.error, msg.errorObtenerDatos)} />}
      {deliveries.isLoading && (
        <div className="center-pad">
          <Spin />
        </div>
      )}
      {data && !rows.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={webhookMsg.sinEntregas} />}
      {data && rows.length > 0 && mobile && (
        <ul className="integration-cards" data-testid="integration-deliveries" aria-labelledby="integration-deliveries-title">
          {rows.map((d) => (
            <li key={d.id} className="integration-card" data-testid={`integration-delivery-${d.id}`}>
              <div className="integration-card-head">
                <strong>
                  {webhookMsg.evento} {d.evento}
                </strong>
                <State d={d} />
              </div>
              <code>{d.tipo}</code>
              <dl>
                <dt>{webhookMsg.intentos}</dt>
                <dd>{d.intentos}</dd>
                <dt>{webhookMsg.ultimoError}</dt>
                <dd>{d.ultimo_error ?? '—'}</dd>
                <dt>{webhookMsg.proximoIntento}</dt>
                <dd>{whenText(d.proximo_intento)}</dd>
              </dl>
              {resendButton(d)}
            </li>
          ))}
        </ul>
      )}
      {data && rows.length > 0 && !mobile && (
        <div data-testid="integration-deliveries">
          <PlainTable label={webhookMsg.entregas} columns={columns} rows={rows} rowKey={(d) => d.id} rowTestId={(d) => `integration-delivery-${d.id}`} empty={null} minWidth={860} />
        </div>
      )}
      {data && data.total > data.por_pagina && (
        <Pagination simple className="integration-pagination" current={page} pageSize={data.por_pagina} total={data.total} onChange={setPage} />
      )}
    </div>
  );
}
