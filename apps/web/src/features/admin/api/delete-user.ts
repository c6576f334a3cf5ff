import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRoutes } from '@portal/contract';
import { api } from '../../../lib/api';

/** DELETE /proxy/usuarios/{username}: takes the user out of the company. */
export const deleteUser = (username: string) =>
  api<{ success: true; msg: string }>(adminRoutes.deleteUser.url.replace(':username', encodeURIComponent(username)), { method: 'DELETE' });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-users'] }) });
}
