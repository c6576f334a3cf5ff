import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRoutes, type AdminUser, type CreateUserRequest, type UpdateUserRequest } from '@portal/contract';
import { api } from '../../../lib/api';

type SaveAnswer = { success: true; msg: string; item: AdminUser };

/** POST /proxy/usuarios: a new user of the company (who must change the password on entering). */
export const createUser = (body: CreateUserRequest) => api<SaveAnswer>(adminRoutes.createUser.url, { method: 'POST', body });

/** PATCH /proxy/usuarios/{id}: names, e-mail, profiles, entities and options. */
export const updateUser = (id: number, body: UpdateUserRequest) =>
  api<SaveAnswer>(adminRoutes.updateUser.url.replace(':id', String(id)), { method: 'PATCH', body });

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number | null; body: CreateUserRequest | UpdateUserRequest }) =>
      v.id === null ? createUser(v.body as CreateUserRequest) : updateUser(v.id, v.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-users'] }),
  });
}
