import type { DB } from '../../db/database.js';
import { hashPassword } from '../../lib/crypto.js';

let hash: Promise<string> | null = null;

/**
 * A user of the test's own making, member of one company (by CUIT) with the given profiles, entity codes and
 * role; password Demo1234. Tests use it for what the demo lacks (an administrator of Agroinsumos del Sur).
 */
export async function createMember(
  db: DB,
  m: { username: string; cuit: string; admin?: boolean; profiles?: number[]; entities?: number[] },
): Promise<number> {
  hash ??= hashPassword('Demo1234');
  const company = await db.selectFrom('companies').select('id').where('cuit', '=', m.cuit).executeTakeFirstOrThrow();
  const profiles = m.profiles ?? [1];
  const { id } = await db
    .insertInto('users')
    .values({ username: m.username, email: `${m.username}@test.com.ar`, first_name: 'Prueba', last_name: m.username, password_hash: await hash })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addMembership(db, id, company.id, { admin: m.admin ?? false, profiles, entities: m.entities ?? [] });
  return id;
}

export async function addMembership(db: DB, userId: number, companyId: number, m: { admin: boolean; profiles: number[]; entities: number[] }) {
  await db
    .insertInto('memberships')
    .values({ user_id: userId, company_id: companyId, is_admin: m.admin, default_profile_id: m.profiles[0]!, hidden_currencies: '[]' })
    .execute();
  await db.insertInto('membership_profiles').values(m.profiles.map((p) => ({ user_id: userId, company_id: companyId, profile_id: p }))).execute();
  for (const code of m.entities) {
    const e = await db.selectFrom('entities').select('id').where('company_id', '=', companyId).where('code', '=', code).executeTakeFirstOrThrow();
    await db.insertInto('user_entities').values({ user_id: userId, company_id: companyId, entity_id: e.id }).execute();
  }
  await db.insertInto('active_sessions').values({ user_id: userId, company_id: companyId }).execute();
}
