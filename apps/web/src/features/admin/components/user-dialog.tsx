import { useEffect } from 'react';
import { Checkbox, Form, Input, Modal, Switch } from 'antd';
import {
  apellidoField,
  codigoChoferField,
  emailField,
  msg,
  newPasswordField,
  newUsernameField,
  nombreField,
  PROFILE,
  PERFILES,
  perfilesField,
  type AdminUser,
  type CreateUserRequest,
} from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { zodRule } from '../../../lib/form-rules';
import { useNotify } from '../../../lib/notify';
import { useSession } from '../../../lib/session-store';
import { useSaveUser } from '../api/save-user';
import { EntitySearchSelect, type EntityOption } from './entity-search-select';

type UserForm = {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password?: string;
  perfiles: number[];
  entidades: EntityOption[];
  agrupactasctes: boolean;
  ocultamonedas: string[];
  codigo_chofer: string;
};

type UserDialogProps = { open: boolean; user: AdminUser | null; onClose: () => void };

const MONEDA_OPTIONS = [
  { value: 'ARS', label: 'Pesos (ARS)' },
  { value: 'USD', label: 'Dólares (USD)' },
];

/** 'Nuevo usuario' / 'Editar usuario': the form validates with the contract's own rules and messages. */
export function UserDialog({ open, user, onClose }: UserDialogProps) {
  const [form] = Form.useForm<UserForm>();
  const { host } = useSession();
  const save = useSaveUser();
  const notify = useNotify();
  const editing = user !== null;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      user
        ? {
            username: user.username,
            email: user.email,
            first_name: user.first_name,
            last_name: user.last_name,
            perfiles: user.perfiles,
            entidades: user.entidades.map((e) => ({ value: e.codent, label: `${e.razsoc} · ${e.codent}` })),
            agrupactasctes: user.agrupactasctes,
            ocultamonedas: user.ocultamonedas,
            codigo_chofer: user.codigo_chofer ?? '',
          }
        : { username: '', email: '', first_name: '', last_name: '', password: '', perfiles: [1], entidades: [], agrupactasctes: false, ocultamonedas: [], codigo_chofer: '' },
    );
  }, [open, user, form]);

  async function handleOk() {
    const v = await form.validateFields();
    const common = {
      email: v.email,
      first_name: v.first_name,
      last_name: v.last_name,
      perfiles: v.perfiles,
      entidades: (v.entidades ?? []).map((e) => e.value),
      agrupactasctes: v.agrupactasctes,
      ocultamonedas: v.ocultamonedas as CreateUserRequest['ocultamonedas'],
      // Shown to drivers only; whatever it held is kept when the profile is taken away (the ERP's plans stop there).
      ...(v.codigo_chofer === undefined ? {} : { codigo_chofer: v.codigo_chofer }),
    };
    try {
      const answer = await save.mutateAsync(
        editing ? { id: user.id, body: common } : { id: null, body: { ...common, username: v.username, password: v.password ?? '' } },
      );
      notify.success(answer.msg);
      onClose();
    } catch (e) {
      notify.error('Error', errorMessage(e, msg.errorInterno));
    }
  }

  return (
    <Modal
      title={editing ? 'Editar usuario' : 'Nuevo usuario'}
      open={open}
      onOk={handleOk}
      onCancel={onClose}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={save.isPending}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" requiredMark={false} name="admin-user" preserve={false} className="user-form">
        <Form.Item label="Usuario" name="username" rules={editing ? [] : [zodRule(newUsernameField)]} extra={editing ? undefined : 'Con este nombre ingresa al portal.'}>
          <Input autoComplete="off" disabled={editing} />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={[zodRule(emailField)]}>
          <Input autoComplete="off" inputMode="email" />
        </Form.Item>
        <div className="form-pair">
          <Form.Item label="Nombre" name="first_name" rules={[zodRule(nombreField)]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label="Apellido" name="last_name" rules={[zodRule(apellidoField)]}>
            <Input autoComplete="off" />
          </Form.Item>
        </div>
        {!editing && (
          <Form.Item label="Contraseña inicial" name="password" rules={[zodRule(newPasswordField)]} extra="El usuario deberá cambiarla al ingresar.">
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item label="Perfiles" name="perfiles" rules={[zodRule(perfilesField)]}>
          <Checkbox.Group className="check-grid" options={PERFILES.map((p) => ({ value: p.id, label: p.descripcion }))} />
        </Form.Item>
        <Form.Item noStyle dependencies={['perfiles']}>
          {({ getFieldValue }) =>
            (getFieldValue('perfiles') as number[] | undefined)?.includes(PROFILE.repartidor) ? (
              <Form.Item
                label="Código de chofer en el sistema de gestión"
                name="codigo_chofer"
                rules={[zodRule(codigoChoferField)]}
                extra="Los recorridos que envía el sistema de gestión nombran al repartidor con este código."
              >
                <Input autoComplete="off" maxLength={20} placeholder="CH07" />
              </Form.Item>
            ) : null
          }
        </Form.Item>
        <Form.Item label="Entidades" name="entidades">
          <EntitySearchSelect cuit={host?.cuit ?? null} multiple />
        </Form.Item>
        <div className="form-pair">
          <Form.Item label="Monedas ocultas" name="ocultamonedas">
            <Checkbox.Group options={MONEDA_OPTIONS} />
          </Form.Item>
          <Form.Item label="Agrupa cuentas corrientes" name="agrupactasctes" valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
