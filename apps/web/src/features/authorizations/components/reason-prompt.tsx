import { useEffect, useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { receiptsMsg } from '@portal/contract';

/**
 * The prompt of a decision (statements.md §4): a required detail text; Cancelar (or closing it) is a cancelled
 * operation, which the caller reports as 'Operación cancelada'.
 */
export function ReasonPrompt(props: { open: boolean; title: string; question: string; okText: string; danger: boolean; busy: boolean; onOk: (motivo: string) => void; onCancel: () => void }) {
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState(false);
  useEffect(() => {
    if (props.open) {
      setMotivo('');
      setError(false);
    }
  }, [props.open]);
  function handleOk() {
    if (props.busy) return;
    if (!motivo.trim()) {
      setError(true);
      return;
    }
    props.onOk(motivo.trim());
  }
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      okButtonProps={{ danger: props.danger, loading: props.busy }}
      cancelText="Cancelar"
      onOk={handleOk}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{props.question}</Typography.Paragraph>
      <Input.TextArea
        autoFocus
        rows={3}
        maxLength={300}
        value={motivo}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setMotivo(e.target.value);
          setError(false);
        }}
        aria-label="Detalle"
      />
      {error && <Typography.Text type="danger">{receiptsMsg.motivoRequerido}</Typography.Text>}
    </Modal>
  );
}
