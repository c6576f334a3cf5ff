import { queryOptions, useQuery } from '@tanstack/react-query';
import { integrationAdminRoutes, type IntegrationBatchesResponse } from '@portal/contract';
import { api } from '../../../lib/api';

/** GET /proxy/integracion/lotes: the last batches the company's keys sent, newest first, with their counts. */
export const listBatches = () => api<IntegrationBatchesResponse>(integrationAdminRoutes.batches.url);
export const batchesQueryOptions = (cuit: string | null) =>
  queryOptions({ queryKey: ['integration-batches', cuit], queryFn: listBatches, enabled: Boolean(cuit), retry: false });
export const useBatches = (cuit: string | null) => useQuery(batchesQueryOptions(cuit));
