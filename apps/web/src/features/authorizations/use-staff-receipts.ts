import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatMoney, msg, receiptsMsg, type ReciboItem } from '@portal/contract';
import { ApiError, errorMessage } from '../../lib/api';
import { useFeedback } from '../../lib/feedback';
import { useAttemptKeys } from '../../lib/idempotency-key';
import { useNotify } from '../../lib/notify';
import type { ReceiptStatus } from '../receipts';
import { decideStaffReceipt, type ReceiptDecision } from './api/decide-staff-receipt';
import { useStaffReceiptList } from './api/get-staff-receipts';
import { authorizationsKey } from './api/keys';

/**
 * The 'Recibos' tab: the status shown, its receipts, approving one (after a confirmation, as it applies the money)
 * and rejecting one with a reason, each sent once per attempt (docs/decisions/receipts.md).
 */
export function useStaffReceipts() {
  const notify = useNotify();
  const { modal } = useFeedback();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ReceiptStatus>('pendientes');
  const [busy, setBusy] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<ReciboItem | null>(null);
  const attempts = useAttemptKeys();
  const list = useStaffReceiptList(status);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];

  // One notice per failure.
  useEffect(() => {
    if (list.isError) notify.error(receiptsMsg.errorCargarDatos, errorMessage(list.error, msg.errorObtenerDatos));
  }, [list.isError, list.error, notify]);

  async function decide(row: ReciboItem, action: ReceiptDecision, motivo?: string) {
    if (busy !== null) return;
    setBusy(row.id);
    const what = `${action}:${row.id}`;
    try {
      const res = await decideStaffReceipt(row.id, action, motivo, attempts.keyFor(what));
      attempts.answered(what);
      notify.success(res.msg);
      setRejecting(null);
    } catch (e) {
      if (e instanceof ApiError) attempts.answered(what);
      notify.error(receiptsMsg.noSePudoOperar, errorMessage(e, ''));
      setRejecting(null);
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: [...authorizationsKey, 'recibos'] });
    }
  }

  function handleApprove(row: ReciboItem) {
    modal.confirm({
      title: `Aprobar ${row.descom} ${row.norig}`,
      content: `Se aplicará el recibo de ${row.entidad} por ${formatMoney(row.importe)} a sus documentos y a la cuenta corriente. ¿Desea continuar?`,
      okText: 'Aprobar',
      cancelText: 'Cancelar',
      onOk: () => decide(row, 'aprobar'),
      onCancel: () => notify.info(receiptsMsg.operacionCancelada),
    });
  }

  const handleReject = (motivo: string) => {
    if (rejecting) void decide(rejecting, 'rechazar', motivo);
  };

  function handleRejectCancel() {
    setRejecting(null);
    notify.info(receiptsMsg.operacionCancelada);
  }

  return { status, setStatus, list, rows, busy, rejecting, setRejecting, handleApprove, handleReject, handleRejectCancel };
}
