import { sql } from 'kysely';
import type { DB } from '../db/database.js';
import type { toModuleSettings } from '../lib/module-access.js';

/**
 * The access gate's SQL (plugins/access.ts runs these through its answer cache, which compiles them: they are
 * returned as queries, not run here).
 */

type ModuleJoinRow = Parameters<typeof toModuleSettings>[0][number];
type Claims = { sub: number; fam: string };

/** The token family and its user, to tell a live token from a revoked one or a deleted user. */
export function liveUserQuery(db: DB, claims: Claims) {
  return db
    .selectFrom('token_families as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['u.id', 'u.username', 'u.email', 'f.revoked_at', 'u.deleted_at'])
    .where('f.id', '=', claims.fam)
    .where('u.id', '=', claims.sub);
}

/** The entity code of the gate's statement: the header's number, or -1 (no entity) when absent or malformed. */
export const entityCodeOf = (code: string | undefined) => (code !== undefined && /^\d{1,9}$/.test(code) ? Number(code) : -1);

/**
 * The whole gate in one statement: the token's family and user, the membership in the Cuit's company with its
 * profiles, the entity of the code (Entity_ID or Actua_como) and whether it is linked to the user, the entity's
 * price lists, and the module settings of this user in this company.
 */
export function membershipQuery(db: DB, claims: Claims, cuit: string, entityCode: number) {
  return db
    .selectFrom('token_families as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .leftJoin('companies as c', (j) => j.on('c.cuit', '=', cuit))
    .leftJoin('memberships as m', (j) => j.onRef('m.company_id', '=', 'c.id').onRef('m.user_id', '=', 'u.id'))
    .leftJoin('entities as e', (j) => j.onRef('e.company_id', '=', 'c.id').on('e.code', '=', entityCode))
    .select((eb) => [
      'u.id as user_id', 'u.username', 'u.email', 'f.revoked_at', 'u.deleted_at', 'm.user_id as member',
      'c.id', 'c.cuit', 'c.name', 'c.code', 'c.active', 'm.is_admin', 'm.suspended', 'm.desktop', 'm.mobile',
      'm.group_accounts', 'm.hidden_currencies', 'm.default_profile_id',
      eb
        .selectFrom('membership_profiles as mp')
        .select(sql<number[]>`coalesce(array_agg(mp.profile_id order by mp.profile_id), '{}')`.as('ids'))
        .whereRef('mp.company_id', '=', 'c.id')
        .whereRef('mp.user_id', '=', 'u.id')
        .as('profile_ids'),
      'e.id as entity_id', 'e.code as entity_code', 'e.name as entity_name', 'e.active as entity_active',
      'e.price_list_id as entity_price_list',
      // The company's default price list: the entity's lists (its own, and this one for what its own lacks) travel
      // with the gate's row, so the catalogue and the cart read no price list of their own.
      eb
        .selectFrom('price_lists as pl')
        .select('pl.id')
        .whereRef('pl.company_id', '=', 'c.id')
        .where('pl.is_default', '=', true)
        .orderBy('pl.id')
        .limit(1)
        .as('default_price_list'),
      eb
        .exists(eb.selectFrom('user_entities as ue').select('ue.entity_id').whereRef('ue.entity_id', '=', 'e.id').whereRef('ue.user_id', '=', 'u.id'))
        .as('entity_linked'),
      sql<ModuleJoinRow[]>`(select coalesce(json_agg(json_build_object('id', md.id, 'parent_id', md.parent_id,
          'c_mobile', cm.mobile, 'c_desktop', cm.desktop, 'c_from', cm.date_from, 'c_to', cm.date_to,
          'u_mobile', um.mobile, 'u_desktop', um.desktop, 'u_from', um.date_from, 'u_to', um.date_to)), '[]'::json)
        from modules md
        left join company_modules cm on cm.module_id = md.id and cm.company_id = c.id
        left join user_modules um on um.module_id = md.id and um.company_id = c.id and um.user_id = u.id)`.as('module_rows'),
    ])
    .where('f.id', '=', claims.fam)
    .where('u.id', '=', claims.sub);
}
