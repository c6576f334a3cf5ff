import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  integrationWebhookRoutes as routes,
  type SetWebhookRequest,
  type SetWebhookResponse,
  type WebhookDeliveriesResponse,
  type WebhookDeliveryWire,
  type WebhookResponse,
} from '@portal/contract';
import { api } from '../../../lib/api';

const withKey = (url: string, keyId: number) => url.replace(':id', String(keyId));

/** GET /proxy/integracion/claves/{id}/webhook: the key's webhook without its secret, or null. */
export const webhookQueryOptions = (keyId: number | null) =>
  queryOptions({
    queryKey: ['integration-webhook', keyId],
    queryFn: () => api<WebhookResponse>(withKey(routes.webhook.url, keyId!)),
    enabled: keyId !== null,
    retry: false,
  });
export const useWebhook = (keyId: number | null) => useQuery(webhookQueryOptions(keyId));

/** GET /proxy/integracion/claves/{id}/entregas?pagina=n: a page of the key's deliveries, newest first. */
export const useDeliveries = (keyId: number | null, page: number) =>
  useQuery({
    queryKey: ['integration-deliveries', keyId, page],
    queryFn: () => api<WebhookDeliveriesResponse>(withKey(routes.deliveries.url, keyId!), { query: { pagina: page } }),
    enabled: keyId !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ['integration-webhook'] }), queryClient.invalidateQueries({ queryKey: ['integration-deliveries'] })]);
}

/** PUT …/webhook: creates (answering the secret, once) or changes the key's webhook. */
export function useSetWebhook(keyId: number | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: SetWebhookRequest) => api<SetWebhookResponse>(withKey(routes.setWebhook.url, keyId!), { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** POST …/webhook/secreto: a new signing secret, answered once. */
export function useRotateSecret(keyId: number | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => api<SetWebhookResponse>(withKey(routes.rotateWebhookSecret.url, keyId!), { method: 'POST' }),
    onSuccess: invalidate,
  });
}

/** DELETE …/webhook: the webhook and its deliveries go. */
export function useRemoveWebhook(keyId: number | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => api<{ success: true; msg: string }>(withKey(routes.removeWebhook.url, keyId!), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** POST …/entregas/{entrega}/reenviar: the delivery is pending again, now. */
export function useResend(keyId: number | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api<{ success: true; msg: string; entrega: WebhookDeliveryWire }>(withKey(routes.resendDelivery.url, keyId!).replace(':entrega', deliveryId), { method: 'POST' }),
    onSuccess: invalidate,
  });
}
