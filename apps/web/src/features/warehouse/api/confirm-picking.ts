import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, warehouseMsg, warehouseRoutes, type PutPickingResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { pendingOrdersKey } from './pending-orders';

export type PickedLine = { id?: number; producto: number; cantidad: number };

/**
 * POST /proxy/cgi/putPicking with cabecera and renglones as JSON strings (§7), then, when every line ended at 0,
 * POST /proxy/cgi/cancelarPedido. An answer without success is an error ('PUT picking no exitoso',
 * 'Cancelación no exitosa'). `key` names the submission (Idempotency-Key).
 */
export async function confirmPicking({ numero, key, lines }: { numero: number; key: string; lines: PickedLine[] }) {
  const cabecera = JSON.stringify({ numero, codemp: 1, codcom: numero, codtal: numero, usrid: 8888 });
  const renglones = JSON.stringify(lines.map((l) => ({ id: l.id, producto: l.producto, cantidad: l.cantidad })));
  const picked = await api<PutPickingResponse | null>(warehouseRoutes.putPicking.url, {
    method: 'POST',
    body: { cabecera, renglones },
    // Only a repeat of this submission (same lines, same key) is answered with its success again.
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
  if (!picked?.success) throw new Error(warehouseMsg.putPickingNoExitoso);
  if (lines.every((l) => l.cantidad === 0)) {
    const cancelled = await api<{ success?: boolean } | null>(warehouseRoutes.cancelarPedido.url, {
      method: 'POST',
      body: { codemp: 1, codcom: numero, codtal: numero, numero, motivo: 1, usrid: 8888 },
    });
    if (!cancelled?.success) throw new Error(warehouseMsg.cancelacionNoExitosa);
  }
  return picked;
}

export function useConfirmPicking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPicking,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: pendingOrdersKey }), queryClient.invalidateQueries({ queryKey: ['staff-orders'] })]),
  });
}
