import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderingRoutes, type StaffActionResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { staffOrdersKey } from './list-staff-orders';

export type StaffAction = 'aprobar' | 'aplicar';

/** POST /proxy/gestionpedidos/{id}/aprobar (pending → approved) or /aplicar (approved → applied, issues the invoice). */
export const changeOrderStatus = ({ id, action }: { id: number; action: StaffAction }) =>
  api<StaffActionResponse>((action === 'aprobar' ? orderingRoutes.staffApprove.url : orderingRoutes.staffApply.url).replace(':id', String(id)), {
    method: 'POST',
  });

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    // The order leaves one list for the next; the customer's lists of orders made change too.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: staffOrdersKey }), queryClient.invalidateQueries({ queryKey: ['orders'] })]),
  });
}
