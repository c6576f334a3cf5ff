import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminRoutes, type UsuariosListQuery, type UsuariosListResponse } from '@portal/contract';
import { api } from '../../../lib/api';

/** GET /proxy/usuarios?start&limit&patron: the company's users, a page at a time. */
export const listUsers = (q: UsuariosListQuery) =>
  api<UsuariosListResponse>(adminRoutes.listUsers.url, { query: { start: q.start, limit: q.limit, patron: q.patron || undefined } });

export const usersQuery = (cuit: string | null, q: UsuariosListQuery) =>
  queryOptions({
    queryKey: ['admin-users', cuit, q],
    queryFn: () => listUsers(q),
    enabled: Boolean(cuit),
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useUsers = (cuit: string | null, q: UsuariosListQuery) => useQuery(usersQuery(cuit, q));
