import type { AdminUser } from '@portal/contract';
import type { MemberRow } from './repository.js';

/** A member of the company with their profiles and entities there → the wire item of GET /proxy/usuarios. */
export function toAdminUser(
  u: MemberRow,
  profiles: Array<{ user_id: number; profile_id: number }>,
  entities: Array<{ user_id: number; code: number; name: string }>,
): AdminUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    perfiles: profiles.filter((p) => p.user_id === u.id).map((p) => p.profile_id),
    entidades: entities.filter((e) => e.user_id === u.id).map((e) => ({ codent: e.code, razsoc: e.name })),
    agrupactasctes: u.group_accounts,
    ocultamonedas: u.hidden_currencies,
    adminweb: u.is_admin,
    codigo_chofer: u.erp_code,
  };
}
