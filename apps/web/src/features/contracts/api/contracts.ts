import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CONTRACT_PAGE_SIZE, contractRoutes, filesRoutes, type ContractDetailResponse, type ContractResponse, type ImprimeResponse, type VoucherKey } from '@portal/contract';
import { api } from '../../../lib/api';
import { openExport } from '../../../lib/files';
import { searchQuery, searchToParams, type ContractSearch } from '../search-rules';

type Params = { cuit: string | null; entity: number | null; search: ContractSearch };

/**
 * GET /proxy/cgi/etenet_contratos, 7 at a time (statements.md §4): a new grain, summary or search is a new key, so
 * the list starts again at start 0, limit 7.
 */
export const contractsQuery = ({ cuit, entity, search }: Params) =>
  infiniteQueryOptions({
    queryKey: ['contracts', cuit, entity, search.grano, searchToParams(search).toString()],
    queryFn: ({ signal, pageParam }) =>
      api<ContractResponse>(contractRoutes.contratos.url, { signal, query: { ...searchQuery(search), start: pageParam, limit: CONTRACT_PAGE_SIZE } }),
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastStart) => (last.items.length === CONTRACT_PAGE_SIZE ? lastStart + CONTRACT_PAGE_SIZE : undefined),
    enabled: Boolean(cuit && entity),
    staleTime: 60_000,
    gcTime: 0,
    retry: false,
  });
export const useContracts = (p: Params) => useInfiniteQuery(contractsQuery(p));

/** GET /proxy/cgi/etenet_contrapaq: the deliveries, certificates and settlements applied to one contract. */
export const contractDetailQuery = (key: VoucherKey) =>
  queryOptions({
    queryKey: ['contract-detail', key.codcom, key.codtal, key.numero],
    queryFn: ({ signal }) => api<ContractDetailResponse>(contractRoutes.detalle.url, { signal, query: key }),
    staleTime: 60_000,
  });
export const useContractDetail = (key: VoucherKey, enabled = true) => useQuery({ ...contractDetailQuery(key), enabled });

/** The print options through GET /proxy/imprime (base64 PDF, or success false without a print). */
export const fetchContractPrint = (key: VoucherKey) => api<ImprimeResponse>(filesRoutes.imprime.url, { query: key });

export const exportContracts = (s: ContractSearch, grano: string | null, type: 'pdf' | 'excel') =>
  openExport(contractRoutes.contratos.url, { ...searchQuery({ ...s, grano }), type });
