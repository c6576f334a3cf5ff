import { useState } from 'react';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { fieldMsg, nuevoClienteRequest } from '@portal/contract';
import { useNotify } from '../../../lib/notify';
import { enqueue, keptMessage, localCustomerId, serverIdOf } from '../offline/outbox';

type NewCustomerDialogProps = { open: boolean; date: string; onClose: () => void };

/**
 * 'Nuevo cliente' of the new-order mode: name, DNI and address, checked with the contract's rule, sent or queued
 * like every field change; the customer's detail opens for it. Loaded when first opened (new-order-page.tsx).
 */
export function NewCustomerDialog({ open, date, onClose }: NewCustomerDialogProps) {
  const { profile } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [form] = Form.useForm<{ nombre: string; nrodoc: string; direccion: string }>();
  const [formError, setFormError] = useState<string | null>(null);

  async function handleAdd() {
    const parsed = nuevoClienteRequest.safeParse(form.getFieldsValue());
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message ?? fieldMsg.completarCampos);
      return;
    }
    setFormError(null);
    const { entry, result } = await enqueue('cliente', parsed.data);
    if (typeof result === 'object') {
      // §8: a failed creation is only logged; the rep sees it in the queue with its message.
      console.error('Alta de cliente', result.error);
      return;
    }
    onClose();
    form.resetFields();
    const id = result === 'sent' ? await serverIdOf(localCustomerId(entry.key)) : null;
    navigate(`/${profile}/detalle-cliente/${id ?? localCustomerId(entry.key)}/${date}`);
    if (result === 'queued' || result === 'retrying') notify.info('Cliente guardado en el teléfono', keptMessage[result]);
  }

  return (
    <Modal
      title="Nuevo cliente"
      open={open}
      onCancel={onClose}
      footer={[
        <Button key="c" onClick={onClose}>Cancelar</Button>,
        <Button key="a" type="primary" onClick={() => void handleAdd()}>Agregar</Button>,
      ]}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item label="Nombre" name="nombre"><Input autoComplete="off" /></Form.Item>
        <Form.Item label="DNI" name="nrodoc"><Input inputMode="numeric" maxLength={8} autoComplete="off" /></Form.Item>
        <Form.Item label="Dirección" name="direccion"><Input autoComplete="off" /></Form.Item>
      </Form>
      {formError ? <Typography.Text type="danger" role="alert">{formError}</Typography.Text> : null}
    </Modal>
  );
}
