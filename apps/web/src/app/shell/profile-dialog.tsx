import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { msg } from '@portal/contract';
import { sameAs } from '../../lib/form-rules';
import { errorMessage } from '../../lib/api';
import { useNotify } from '../../lib/notify';
import { saveProfile, type ProfileForm } from '../../features/access';

type ProfileDialogProps = { open: boolean; onClose: () => void; firstName: string; lastName: string };

/** 'Perfil': names, and optionally a new password (which asks for the current one). */
export function ProfileDialog({ open, onClose, firstName, lastName }: ProfileDialogProps) {
  const [form] = Form.useForm<ProfileForm>();
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const newPassword = Form.useWatch('pass', form);

  async function handleOk() {
    // A form that does not pass shows its messages under the fields; the refusal is not an error to throw further.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      const answer = await saveProfile(values);
      notify.success(answer.msg);
      await queryClient.invalidateQueries({ queryKey: ['user-data'] });
      onClose();
    } catch (e) {
      notify.error('Error', errorMessage(e, msg.errorInterno));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title="Perfil"
      open={open}
      onOk={handleOk}
      onCancel={onClose}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={busy}
      destroyOnHidden
      afterOpenChange={(visible) => visible && form.setFieldsValue({ first_name: firstName, last_name: lastName, pass: '', checkPass: '', actPass: '' })}
    >
      <Form form={form} layout="vertical" requiredMark={false} name="profile" preserve={false}>
        <Form.Item label="Nombre" name="first_name" rules={[{ required: true, whitespace: true, message: msg.nombreVacio }]}>
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Apellido" name="last_name" rules={[{ required: true, whitespace: true, message: msg.apellidoVacio }]}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item label="Nueva contraseña" name="pass" rules={[{ min: 6, message: msg.minimoSeisPerfil }]} extra="Déjela vacía para conservar la actual.">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Repetir contraseña" name="checkPass" dependencies={['pass']} rules={[sameAs('pass', msg.contraseniasNoCoinciden)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {newPassword ? (
          <Form.Item label="Contraseña actual" name="actPass" rules={[{ required: true, message: msg.passwordActualObligatoria }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
