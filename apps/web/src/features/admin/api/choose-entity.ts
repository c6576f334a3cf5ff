import { adminRoutes, type ActuaComoRequest, type Entidad } from '@portal/contract';
import { api } from '../../../lib/api';

/** PATCH /proxy/usuarios/{username} with { entidad, actua_como }: the administrator's entity to act as. */
export const chooseEntity = (username: string, body: ActuaComoRequest) =>
  api<{ success: true; msg: string; entidad: Entidad | null }>(adminRoutes.updateUser.url.replace(':id', encodeURIComponent(username)), {
    method: 'PATCH',
    body,
  });
