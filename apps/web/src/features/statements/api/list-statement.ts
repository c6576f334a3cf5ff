import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { STATEMENT_PAGE_SIZE, STATEMENT_VIEWS, type StatementResponse, type StatementView } from '@portal/contract';
import { api } from '../../../lib/api';
import { searchQuery, searchToParams, type StatementSearch } from '../search-rules';

type Params = { cuit: string | null; entity: number | null; view: StatementView; search: StatementSearch };

/**
 * GET /proxy/cgi/etenet_rencbtec|f|j, 7 at a time (statements.md §4): another batch while the last one came
 * full; a new currency, summary, account type or search is a new key, so the list starts over at 0.
 */
export const statementQuery = ({ cuit, entity, view, search }: Params) =>
  infiniteQueryOptions({
    queryKey: ['statement', view, cuit, entity, searchToParams(search).toString()],
    queryFn: ({ signal, pageParam }) =>
      api<StatementResponse>(STATEMENT_VIEWS[view].url, { signal, query: { ...searchQuery(search), start: pageParam, limit: STATEMENT_PAGE_SIZE } }),
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastStart) => (last.items.length === STATEMENT_PAGE_SIZE ? lastStart + STATEMENT_PAGE_SIZE : undefined),
    enabled: Boolean(cuit && entity),
    staleTime: 60_000,
    gcTime: 0,
    retry: false,
  });

export const useStatement = (p: Params) => useInfiniteQuery(statementQuery(p));
