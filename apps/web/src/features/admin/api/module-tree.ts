import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRoutes, type ModulesResponse } from '@portal/contract';
import { api } from '../../../lib/api';

/** Whose module configuration: the company's, or one user's. */
export type ModuleTarget = { kind: 'company' } | { kind: 'user'; username: string; name: string };

/** GET /configuraciones (the company's tree) or GET /configuraciones/{username} (a user's). */
export const moduleTreeQuery = (cuit: string | null, target: ModuleTarget | null) =>
  queryOptions({
    queryKey: ['admin-modules', cuit, target?.kind === 'user' ? target.username : 'company'],
    queryFn: () =>
      api<ModulesResponse>(
        target?.kind === 'user' ? adminRoutes.userModules.url.replace(':username', encodeURIComponent(target.username)) : adminRoutes.companyModules.url,
      ).then((r) => r.menu),
    enabled: Boolean(cuit) && target !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
export const useModuleTree = (cuit: string | null, target: ModuleTarget | null) => useQuery(moduleTreeQuery(cuit, target));
