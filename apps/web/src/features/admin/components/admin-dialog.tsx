import { useEffect, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { msg } from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { useNotify } from '../../../lib/notify';
import { sessionStore, useSession } from '../../../lib/session-store';
import { chooseEntity } from '../api/choose-entity';
import { useEntityByCode } from '../api/search-entities';
import { EntitySearchSelect, entityOption, type EntityOption } from './entity-search-select';
import './admin-dialog.css';

type AdminDialogProps = { open: boolean; onClose: () => void; username: string; profile: number; actingAs: number | null };

/**
 * 'Administración' (access.md §2): the administrator searches any entity of the company and acts as it. The
 * choice is kept on the account (PATCH /proxy/usuarios/{username}), becomes the session's entity and the
 * Actua_como header, and the dashboard opens for it.
 */
export function AdminDialog({ open, onClose, username, profile, actingAs }: AdminDialogProps) {
  const session = useSession();
  const cuit = session.host?.cuit ?? null;
  // One field: its value and its 'required' message, without the form library (it opens by itself on an
  // administrator's first screen, so every admin route downloaded Ant Design's Form for it).
  const [entidad, setEntidad] = useState<EntityOption | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The entity chosen last time (kept on the account), looked up by code to show it.
  const current = useEntityByCode(open ? cuit : null, session.actuaComo ?? actingAs);

  useEffect(() => {
    if (!open) {
      // Closed, the dialog forgets its field, as a form that does not preserve its values.
      setEntidad(null);
      setMissing(false);
      return;
    }
    const chosen = session.actuaComo && session.entity ? { value: session.entity.codent, label: `${session.entity.label} · ${session.entity.codent}` } : null;
    const fallback = current.data ? entityOption(current.data) : null;
    setEntidad((e) => e ?? chosen ?? fallback);
  }, [open, current.data, session.actuaComo, session.entity]);

  async function handleOk() {
    if (!entidad) {
      setMissing(true);
      return;
    }
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
      <div className="admin-entity-field">
        <div className="admin-entity-label">
          <label htmlFor="admin-entity_entidad" title="Entidad">
            Entidad
          </label>
        </div>
        <EntitySearchSelect
          cuit={cuit}
          id="admin-entity_entidad"
          autoFocus
          status={missing && !entidad ? 'error' : undefined}
          value={entidad}
          onChange={(v) => {
            const chosen = Array.isArray(v) ? (v[0] ?? null) : v;
            setEntidad(chosen);
            setMissing(!chosen);
          }}
        />
        {missing && !entidad && (
          <div className="admin-entity-error" role="alert">
            {msg.entidadObligatoria}
          </div>
        )}
      </div>
    </Modal>
  );
}
