import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  integrationAdminRoutes,
  type CreateIntegrationKeyRequest,
  type CreateIntegrationKeyResponse,
  type IntegrationKeyWire,
  type IntegrationKeysResponse,
} from '@portal/contract';
import { api } from '../../../lib/api';

/** GET /proxy/integracion/claves: the company's integration keys, live first. */
export const listKeys = () => api<IntegrationKeysResponse>(integrationAdminRoutes.keys.url);
export const keysQueryOptions = (cuit: string | null) =>
  queryOptions({ queryKey: ['integration-keys', cuit], queryFn: listKeys, enabled: Boolean(cuit), retry: false });
export const useKeys = (cuit: string | null) => useQuery(keysQueryOptions(cuit));

/** POST /proxy/integracion/claves: a new key; the answer carries its secret, the only time it is sent. */
export const createKey = (body: CreateIntegrationKeyRequest) => api<CreateIntegrationKeyResponse>(integrationAdminRoutes.createKey.url, { method: 'POST', body });
export function useCreateKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['integration-keys'] }) });
}

/** DELETE /proxy/integracion/claves/{id}: the key stops working at once. */
export const revokeKey = (id: number) =>
  api<{ success: true; msg: string; clave: IntegrationKeyWire }>(integrationAdminRoutes.revokeKey.url.replace(':id', String(id)), { method: 'DELETE' });
export function useRevokeKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['integration-keys'] }) });
}
