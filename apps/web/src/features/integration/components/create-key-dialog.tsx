import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import {
  createIntegrationKeyRequest,
  INTEGRATION_KIND_LABELS,
  INTEGRATION_KINDS,
  INTEGRATION_READ_KIND_LABELS,
  INTEGRATION_READ_KINDS,
  integrationMsg,
  type CreateIntegrationKeyResponse,
  type IntegrationKind,
  type IntegrationReadKind,
} from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { zodRule } from '../../../lib/form-rules';
import { useNotify } from '../../../lib/notify';
import { useCreateKey } from '../api/keys';

type KeyForm = { nombre: string; escribir: IntegrationKind[]; leer: IntegrationReadKind[] };
type CreateKeyDialogProps = { open: boolean; onClose: () => void };

const KIND_OPTIONS = INTEGRATION_KINDS.map((k) => ({ value: k, label: INTEGRATION_KIND_LABELS[k] }));
/** A key may also read the portal's events (orders, receipts, pickings…): the last option of 'Puede leer'. */
const READ_OPTIONS = INTEGRATION_READ_KINDS.map((k) => ({ value: k, label: INTEGRATION_READ_KIND_LABELS[k] }));
const nameRule = zodRule(createIntegrationKeyRequest.shape.nombre);

/**
 * 'Nueva clave': name and scopes, validated with the contract's rules; once created, the secret is shown in the
 * same dialog, once, with a button to copy it. Closing the dialog forgets it.
 */
export function CreateKeyDialog({ open, onClose }: CreateKeyDialogProps) {
  const [form] = Form.useForm<KeyForm>();
  const create = useCreateKey();
  const notify = useNotify();
  const [created, setCreated] = useState<CreateIntegrationKeyResponse | null>(null);
  const [scopeError, setScopeError] = useState(false);

  function close() {
    setCreated(null);
    setScopeError(false);
    form.resetFields();
    create.reset();
    onClose();
  }

  async function handleSubmit() {
    const values = await form.validateFields();
    const body = { nombre: values.nombre, escribir: values.escribir ?? [], leer: values.leer ?? [] };
    if (body.escribir.length + body.leer.length === 0) {
      setScopeError(true);
      return;
    }
    try {
      setCreated(await create.mutateAsync(body));
    } catch (e) {
      notify.error(integrationMsg.crearClave, errorMessage(e, integrationMsg.crearClave));
    }
  }

  async function handleCopy(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success(integrationMsg.copiada, undefined, 3);
    } catch {
      // No clipboard (an insecure origin): the text stays selectable in the field.
    }
  }

  if (created) {
    return (
      <Modal
        open={open}
        title={integrationMsg.secretoTitulo}
        onCancel={close}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={close}>
            {integrationMsg.entendido}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={integrationMsg.secretoAviso} className="integration-secret-alert" />
        <Typography.Paragraph strong>{created.clave.nombre}</Typography.Paragraph>
        <div className="integration-secret">
          <Input.TextArea readOnly autoSize value={created.secreto} aria-label={integrationMsg.clave} data-testid="integration-secret" />
          <Button icon={<CopyOutlined aria-hidden />} onClick={() => void handleCopy(created.secreto)}>
            {integrationMsg.copiar}
          </Button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      title={integrationMsg.nuevaClave}
      onCancel={close}
      onOk={() => void handleSubmit()}
      okText={integrationMsg.crearClave}
      cancelText="Cancelar"
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ escribir: [], leer: [] }} onValuesChange={() => setScopeError(false)}>
        <Form.Item name="nombre" label={integrationMsg.nombre} rules={[nameRule]}>
          <Input placeholder={integrationMsg.nombrePlaceholder} maxLength={80} autoFocus />
        </Form.Item>
        <Form.Item name="escribir" label={integrationMsg.escribe}>
          <Checkbox.Group options={KIND_OPTIONS} className="integration-kinds" />
        </Form.Item>
        <Form.Item name="leer" label={integrationMsg.lee} validateStatus={scopeError ? 'error' : undefined} help={scopeError ? integrationMsg.alcanceObligatorio : undefined}>
          <Checkbox.Group options={READ_OPTIONS} className="integration-kinds" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
