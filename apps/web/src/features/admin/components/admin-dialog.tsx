import { useEffect, useState } from 'react';
import { Button, Form, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { msg } from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { useNotify } from '../../../lib/notify';
import { sessionStore, useSession } from '../../../lib/session-store';
import { chooseEntity } from '../api/choose-entity';
import { useEntityByCode } from '../api/search-entities';
import { EntitySearchSelect, entityOption, type EntityOption } from './entity-search-select';

type AdminDialogProps = { open: boolean; onClose: () => void; username: string; profile: number; actingAs: number | null };

/**
 * 'Administración' (access.md §2): the administrator searches any entity of the company and acts as it. The
 * choice is kept on the account (PATCH /proxy/usuarios/{username}), becomes the session's entity and the
 * Actua_como header, and the dashboard opens for it.
 */
export function AdminDialog({ open, onClose, username, profile, actingAs }: AdminDialogProps) {
  const session = useSession();
  const cuit = session.host?.cuit ?? null;
  const [form] = Form.useForm<{ entidad: EntityOption | null }>();
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The entity chosen last time (kept on the account), looked up by code to show it.
  const current = useEntityByCode(open ? cuit : null, session.actuaComo ?? actingAs);

  useEffect(() => {
    if (!open) return;
    const chosen = session.actuaComo && session.entity ? { value: session.entity.codent, label: `${session.entity.label} · ${session.entity.codent}` } : null;
    const fallback = current.data ? entityOption(current.data) : null;
    if (!form.getFieldValue('entidad')) form.setFieldsValue({ entidad: chosen ?? fallback });
  }, [open, current.data, session.actuaComo, session.entity, form]);

  async function handleOk() {
    const { entidad } = await form.validateFields();
    if (!entidad) return;
    setBusy(true);
    try {
      const answer = await chooseEntity(username, { entidad: entidad.value, actua_como: true });
      const e = answer.entidad!;
      sessionStore.set({ entity: { codent: e.codent, label: e.descri_entidad || e.razsoc }, actuaComo: e.codent, adminPrompted: true });
      await queryClient.invalidateQueries();
      onClose();
      navigate(`/${profile}/dashboard`);
    } catch (err) {
      notify.error('Error', errorMessage(err, msg.errorBusquedaEntidad));
    } finally {
      setBusy(false);
    }
  }

  function handleCancel() {
    sessionStore.set({ adminPrompted: true });
    onClose();
  }

  return (
    <Modal
      title="Administración"
      open={open}
      onCancel={handleCancel}
      destroyOnHidden
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={handleCancel}>
          Cancelar
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={handleOk}>
          Seleccionar
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        Como administrador puede actuar como cualquier entidad de la empresa. Busque por nombre, CUIT o código.
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} name="admin-entity" preserve={false}>
        <Form.Item label="Entidad" name="entidad" rules={[{ required: true, message: msg.entidadObligatoria }]}>
          <EntitySearchSelect cuit={cuit} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
