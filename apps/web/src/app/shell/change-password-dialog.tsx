import { useState } from 'react';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { msg } from '@portal/contract';
import { sameAs } from '../../lib/form-rules';
import { errorMessage } from '../../lib/api';
import { useNotify } from '../../lib/notify';
import { forcedChange } from '../../features/access';

type ChangePasswordDialogProps = { open: boolean; onLater: () => void; firstName: string; lastName: string };

/** 'Cambio de clave', shown while the user data carries change_password (access.md §4). */
export function ChangePasswordDialog({ open, onLater, firstName, lastName }: ChangePasswordDialogProps) {
  const [form] = Form.useForm<{ pass: string; checkPass: string }>();
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const queryClient = useQueryClient();

  async function handleSave() {
    // A form that does not pass shows its messages under the fields; the refusal is not an error to throw further.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      const answer = await forcedChange({ first_name: firstName, last_name: lastName, ...values });
      notify.success(answer.msg);
      await queryClient.invalidateQueries({ queryKey: ['user-data'] });
    } catch (e) {
      notify.error('Error', errorMessage(e, msg.errorCambiarPassword));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title="Cambio de clave"
      open={open}
      closable={false}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="later" onClick={onLater}>
          Mas tarde
        </Button>,
        <Button key="save" type="primary" loading={busy} onClick={handleSave}>
          Guardar
        </Button>,
      ]}
    >
      <Typography.Paragraph>Por seguridad, elija una nueva contraseña para su usuario.</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} name="change-password" preserve={false}>
        <Form.Item label="Nueva contraseña" name="pass" rules={[{ required: true, message: msg.minimoSeisPerfil }, { min: 6, message: msg.minimoSeisPerfil }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Repetir contraseña" name="checkPass" dependencies={['pass']} rules={[sameAs('pass', msg.contraseniasNoCoinciden)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
