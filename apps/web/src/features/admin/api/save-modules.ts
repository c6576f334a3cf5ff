import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRoutes, type ModulesSaveRequest, type ModulesSaveResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import type { ModuleTarget } from './module-tree';

/** POST /configuraciones (company) or PUT /configuraciones/{username} (user), with the tree. */
export const saveModules = (target: ModuleTarget, body: ModulesSaveRequest) =>
  target.kind === 'company'
    ? api<ModulesSaveResponse>(adminRoutes.saveCompanyModules.url, { method: 'POST', body })
    : api<ModulesSaveResponse>(adminRoutes.saveUserModules.url.replace(':username', encodeURIComponent(target.username)), { method: 'PUT', body });

export function useSaveModules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { target: ModuleTarget; body: ModulesSaveRequest }) => saveModules(v.target, v.body),
    // The administrator's own menu may have changed too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['admin-modules'] }), queryClient.invalidateQueries({ queryKey: ['user-data'] })]),
  });
}
