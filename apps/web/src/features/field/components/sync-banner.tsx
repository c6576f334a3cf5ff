import { useEffect } from 'react';
import { Alert, Button, Space, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircleOutlined, CloudSyncOutlined, DisconnectOutlined } from '@ant-design/icons';
import { discard, flush, onSynced, useOutbox, type OutboxEntry } from '../offline/outbox';
import { fieldKey } from '../api/queries';

const NOT_SENT: Record<OutboxEntry['kind'], string> = {
  estado: 'Estado de visita no enviado',
  pedido: 'Pedido no enviado',
  borrar: 'Eliminación de compra no enviada',
  envases: 'Envases no enviados',
  cliente: 'Nuevo cliente no enviado',
};

const plural = (n: number) => (n === 1 ? '1 cambio' : `${n} cambios`);

/**
 * Where the rep sees the connection and the queue: offline and how many changes wait, sending, everything
 * synced, and every change the server refused with its message and a 'Descartar' button.
 */
export function SyncBanner() {
  const { entries, online, syncing } = useOutbox();
  const queryClient = useQueryClient();
  // What was sent is now the server's: read it again (the overlay of the queue no longer holds it).
  useEffect(() => onSynced(() => void queryClient.invalidateQueries({ queryKey: fieldKey })), [queryClient]);
  // Something may wait from an earlier visit (or a reload while offline): try it now.
  useEffect(() => {
    void flush();
  }, []);
  const waiting = entries.filter((e) => !e.error);
  const failed = entries.filter((e) => e.error);
  const offline = !online || (typeof navigator !== 'undefined' && !navigator.onLine);
  return (
    <div className="field-sync" data-testid="field-sync">
      {offline ? (
        <Alert
          type="warning"
          showIcon
          icon={<DisconnectOutlined />}
          title={`Sin conexión. ${waiting.length > 0 ? `${plural(waiting.length)} pendiente${waiting.length === 1 ? '' : 's'} de envío.` : 'Se muestran los datos guardados en el teléfono.'}`}
        />
      ) : waiting.length > 0 ? (
        <Alert
          type="info"
          showIcon
          icon={<CloudSyncOutlined />}
          title={syncing ? `Enviando ${plural(waiting.length)}…` : `${plural(waiting.length)} pendiente${waiting.length === 1 ? '' : 's'} de envío.`}
          action={syncing ? undefined : <Button size="small" onClick={() => void flush()}>Reintentar</Button>}
        />
      ) : (
        <Tag icon={<CheckCircleOutlined />} color="success" className="field-synced">Todo sincronizado</Tag>
      )}
      {failed.map((e) => (
        <Alert
          key={e.id}
          type="error"
          showIcon
          className="field-sync-error"
          title={`${NOT_SENT[e.kind]}: ${e.error}`}
          action={
            <Space>
              <Button size="small" onClick={() => void discard(e.id)}>Descartar</Button>
            </Space>
          }
        />
      ))}
    </div>
  );
}
