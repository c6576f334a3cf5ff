import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRoutes, type Configuracion } from '@portal/contract';
import { api } from '../../../lib/api';

/** PUT /configuraciones/parametros_modulos (administrators): the parameters present are changed. */
export const saveParameters = (configuracion: Partial<Configuracion>) =>
  api<{ success: true; msg: string; configuracion: Configuracion }>(adminRoutes.saveParameters.url, { method: 'PUT', body: { configuracion } });

export function useSaveParameters() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveParameters, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['module-parameters'] }) });
}
