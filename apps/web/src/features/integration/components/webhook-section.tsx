import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, Modal, Select, Spin, Switch, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import { msg, setWebhookRequest, webhookMsg, type IntegrationKeyWire, type SetWebhookResponse, type WebhookWire } from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { ErrorResult } from '../../../lib/error-result';
import { zodRule } from '../../../lib/form-rules';
import { useFeedback } from '../../../lib/feedback';
import { useNotify } from '../../../lib/notify';
import { useRemoveWebhook, useRotateSecret, useSetWebhook, useWebhook } from '../api/webhooks';
import { DeliveriesList } from './deliveries-list';

const urlRule = zodRule(setWebhookRequest.shape.url);

type WebhookForm = { url: string; activo: boolean };

/** The signing secret, shown once with a button to copy it; closing forgets it. */
function SecretDialog({ answer, onClose }: { answer: SetWebhookResponse | null; onClose: () => void }) {
  const notify = useNotify();
  async function handleCopy(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success(webhookMsg.copiado, undefined, 3);
    } catch {
      // No clipboard (an insecure origin): the text stays selectable in the field.
    }
  }
  return (
    <Modal
      open={Boolean(answer?.secreto)}
      title={webhookMsg.secretoTitulo}
      onCancel={onClose}
      maskClosable={false}
      // Closed, the secret leaves the page (a hidden dialog would keep it in the DOM).
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {webhookMsg.entendido}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={webhookMsg.secretoAviso} className="integration-secret-alert" />
      <div className="integration-secret">
        <Input.TextArea readOnly autoSize value={answer?.secreto ?? ''} aria-label={webhookMsg.secretoTitulo} data-testid="webhook-secret" />
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void handleCopy(answer?.secreto ?? '')}>
          {webhookMsg.copiar}
        </Button>
      </div>
    </Modal>
  );
}

/** One key's webhook: its address and whether it is active (saved together), a new secret, removal; then its deliveries. */
function KeyWebhook({ keyId, keyName }: { keyId: number; keyName: string }) {
  const webhook = useWebhook(keyId);
  const save = useSetWebhook(keyId);
  const rotate = useRotateSecret(keyId);
  const remove = useRemoveWebhook(keyId);
  const notify = useNotify();
  const { modal } = useFeedback();
  const [form] = Form.useForm<WebhookForm>();
  const [secret, setSecret] = useState<SetWebhookResponse | null>(null);

  if (webhook.isLoading) {
    return (
      <div className="center-pad">
        <Spin />
      </div>
    );
  }
  if (webhook.isError) return <ErrorResult status="warning" title={msg.errorCargarDatos} subTitle={errorMessage(webhook.error, msg.errorObtenerDatos)} />;
  const current: WebhookWire | null = webhook.data?.webhook ?? null;

  async function handleSave() {
    const values = await form.validateFields();
    try {
      const answer = await save.mutateAsync({ url: values.url.trim(), activo: values.activo });
      notify.success(answer.msg, keyName, 3);
      if (answer.secreto) setSecret(answer);
    } catch (e) {
      notify.error(webhookMsg.guardar, errorMessage(e, msg.errorGenerico));
    }
  }

  function handleRotate() {
    modal.confirm({
      title: webhookMsg.rotar,
      content: webhookMsg.rotarConfirmar,
      okText: webhookMsg.rotar,
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          setSecret(await rotate.mutateAsync());
        } catch (e) {
          notify.error(webhookMsg.rotar, errorMessage(e, msg.errorGenerico));
        }
      },
    });
  }

  function handleRemove() {
    modal.confirm({
      title: `${webhookMsg.quitar} · ${keyName}`,
      content: webhookMsg.quitarConfirmar,
      okText: webhookMsg.quitar,
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          const answer = await remove.mutateAsync();
          form.resetFields();
          notify.success(answer.msg, keyName, 3);
        } catch (e) {
          notify.error(webhookMsg.quitar, errorMessage(e, msg.errorGenerico));
        }
      },
    });
  }

  return (
    <>
      {!current && <Typography.Paragraph type="secondary">{webhookMsg.sinWebhook}</Typography.Paragraph>}
      <Form
        form={form}
        layout="vertical"
        className="integration-webhook-form"
        initialValues={{ url: current?.url ?? '', activo: current?.activo ?? true }}
        onFinish={() => void handleSave()}
      >
        <Form.Item name="url" label={webhookMsg.url} rules={[urlRule]} extra={webhookMsg.urlAyuda}>
          <Input placeholder={webhookMsg.urlPlaceholder} inputMode="url" autoComplete="off" maxLength={2000} data-testid="webhook-url" />
        </Form.Item>
        <Form.Item name="activo" label={webhookMsg.activo} valuePropName="checked">
          <Switch />
        </Form.Item>
        <div className="integration-webhook-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {webhookMsg.guardar}
          </Button>
          {current && (
            <Button icon={<KeyOutlined aria-hidden />} onClick={handleRotate} loading={rotate.isPending}>
              {webhookMsg.rotar}
            </Button>
          )}
          {current && (
            <Button danger icon={<DeleteOutlined aria-hidden />} onClick={handleRemove} loading={remove.isPending}>
              {webhookMsg.quitar}
            </Button>
          )}
        </div>
      </Form>
      {current && <DeliveriesList keyId={keyId} />}
      <SecretDialog answer={secret} onClose={() => setSecret(null)} />
    </>
  );
}

/**
 * 'Webhook' of the 'Integración' screen: pick one of the live keys that may read events, set its webhook (the
 * signing secret shown once) and follow its deliveries (docs/integration.md, 'Webhooks').
 */
export function WebhookSection({ keys }: { keys: IntegrationKeyWire[] }) {
  const eligible = keys.filter((k) => !k.revocada && k.leer.includes('eventos'));
  const [chosen, setChosen] = useState<number | null>(null);
  const keyId = eligible.some((k) => k.id === chosen) ? chosen : (eligible[0]?.id ?? null);
  const key = eligible.find((k) => k.id === keyId);

  return (
    <section aria-labelledby="integration-webhook-title" className="integration-section" data-testid="integration-webhook">
      <Typography.Title level={4} id="integration-webhook-title">
        {webhookMsg.titulo}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{webhookMsg.intro}</Typography.Paragraph>
      {!eligible.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={webhookMsg.sinClavesEventos} />}
      {key && (
        <>
          <label className="integration-webhook-key">
            <span>{webhookMsg.claveElegir}</span>
            <Select
              value={key.id}
              onChange={setChosen}
              options={eligible.map((k) => ({ value: k.id, label: `${k.nombre} (${k.prefijo}…)` }))}
              aria-label={webhookMsg.claveElegir}
              placeholder={webhookMsg.claveElegirPlaceholder}
              data-testid="webhook-key"
            />
          </label>
          <KeyWebhook key={key.id} keyId={key.id} keyName={key.nombre} />
        </>
      )}
    </section>
  );
}
