import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRoutes, type ParametrosResponse } from '@portal/contract';
import { api } from '../../../lib/api';

/** GET /configuraciones/parametros_modulos: the company's module parameters (any member reads them). */
export const getParameters = () => api<ParametrosResponse>(adminRoutes.parameters.url).then((r) => r.configuracion);

export const parametersQuery = (cuit: string | null) =>
  queryOptions({ queryKey: ['module-parameters', cuit], queryFn: getParameters, enabled: Boolean(cuit), retry: false });
export const useParameters = (cuit: string | null) => useQuery(parametersQuery(cuit));
