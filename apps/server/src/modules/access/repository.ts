import { PROFILE } from '@portal/contract';
import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/** All SQL of the access area. Every function takes the executor it runs in (the db or a transaction). */

export function findUserByLogin(db: DB, login: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username', '=', login), eb('email', '=', login)]))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findUserById(db: DB, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}

export function findUserByEmail(db: DB, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', email)]))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

// ── Token families and refresh tokens ───────────────────────────────────────────────────────────────────────

export async function createFamily(db: DB, family: { id: string; userId: number; ip: string | null; userAgent: string | null }) {
  await db
    .insertInto('token_families')
    .values({ id: family.id, user_id: family.userId, ip: family.ip, user_agent: family.userAgent?.slice(0, 300) ?? null })
    .execute();
}

export async function insertRefreshToken(db: DB, tokenHash: string, familyId: string, expiresAt: Date) {
  await db.insertInto('refresh_tokens').values({ token_hash: tokenHash, family_id: familyId, expires_at: expiresAt }).execute();
}

export function findRefreshToken(db: DB, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens as r')
    .innerJoin('token_families as f', 'f.id', 'r.family_id')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['r.token_hash', 'r.family_id', 'r.expires_at', 'r.used_at', 'r.successor_sealed', 'f.revoked_at', 'f.user_id', 'u.deleted_at'])
    .where('r.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a refresh token used; false when another request already did (a replay). */
export async function consumeRefreshToken(db: DB, tokenHash: string): Promise<boolean> {
  const r = await db
    .updateTable('refresh_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Keeps the pair a rotation answered, sealed for the rotated token's holder (the grace window's answer). */
export async function setSuccessor(db: DB, tokenHash: string, sealed: string) {
  await db.updateTable('refresh_tokens').set({ successor_sealed: sealed }).where('token_hash', '=', tokenHash).execute();
}

/** Whether this device (its token's hash) logged in to this user before. */
export async function isKnownDevice(db: DB, tokenHash: string, userId: number): Promise<boolean> {
  const row = await db.selectFrom('known_devices').select('user_id').where('token_hash', '=', tokenHash).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export async function rememberDevice(db: DB, tokenHash: string, userId: number) {
  await db
    .insertInto('known_devices')
    .values({ token_hash: tokenHash, user_id: userId })
    .onConflict((oc) => oc.columns(['token_hash', 'user_id']).doUpdateSet({ last_login_at: sql`now()` }))
    .execute();
}

export async function touchFamily(db: DB, familyId: string) {
  await db.updateTable('token_families').set({ last_used_at: sql`now()` }).where('id', '=', familyId).execute();
}

export async function revokeFamily(db: DB, familyId: string, reason: string) {
  await db
    .updateTable('token_families')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllFamilies(db: DB, userId: number, reason: string, exceptFamilyId?: string) {
  let q = db
    .updateTable('token_families')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptFamilyId) q = q.where('id', '!=', exceptFamilyId);
  await q.execute();
}

// ── Companies, memberships, entities ────────────────────────────────────────────────────────────────────────

export function findCompanyByCuit(db: DB, cuit: string) {
  return db.selectFrom('companies').select(['id', 'cuit', 'name', 'code', 'active']).where('cuit', '=', cuit).executeTakeFirst();
}

export function findMembership(db: DB, userId: number, companyId: number) {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

export function listActiveSessions(db: DB, userId: number) {
  return db
    .selectFrom('active_sessions as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .innerJoin('memberships as m', (j) => j.onRef('m.company_id', '=', 's.company_id').onRef('m.user_id', '=', 's.user_id'))
    .select(['c.cuit', 'c.name', 'm.is_admin', 'm.suspended', 'm.desktop', 'm.mobile'])
    .where('s.user_id', '=', userId)
    .where('c.active', '=', true)
    .orderBy('s.created_at')
    .orderBy('c.name')
    .execute();
}

export async function addActiveSession(db: DB, userId: number, companyId: number) {
  await db
    .insertInto('active_sessions')
    .values({ user_id: userId, company_id: companyId })
    .onConflict((oc) => oc.columns(['user_id', 'company_id']).doNothing())
    .execute();
}

export async function deleteActiveSession(db: DB, userId: number, companyId: number): Promise<boolean> {
  const r = await db
    .deleteFrom('active_sessions')
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

const entityColumns = ['e.id', 'e.code', 'e.name', 'e.description', 'e.cuit', 'e.seller_id', 'e.active', 'e.phone'] as const;

export function listUserEntities(db: DB, userId: number, companyId: number) {
  return db
    .selectFrom('user_entities as ue')
    .innerJoin('entities as e', 'e.id', 'ue.entity_id')
    .select(entityColumns)
    .where('ue.user_id', '=', userId)
    .where('ue.company_id', '=', companyId)
    .where('e.company_id', '=', companyId)
    .orderBy('e.active', 'desc')
    .orderBy('e.name')
    .execute();
}

export type EntityRow = Awaited<ReturnType<typeof listUserEntities>>[number];

/** Entities of a company whose CUIT and registered mobile both match a verified user: the self-service link. */
export function findEntitiesForSelfLink(db: DB, companyId: number, cuit: string, phone: string) {
  return db
    .selectFrom('entities as e')
    .select(entityColumns)
    .where('e.company_id', '=', companyId)
    .where('e.cuit', '=', cuit)
    .where('e.phone', '=', phone)
    .execute();
}

export async function createCustomerMembership(db: DB, userId: number, companyId: number, entityIds: number[]) {
  await db.insertInto('memberships').values({ user_id: userId, company_id: companyId, default_profile_id: PROFILE.cliente, hidden_currencies: '[]' }).execute();
  await db.insertInto('membership_profiles').values({ user_id: userId, company_id: companyId, profile_id: PROFILE.cliente }).execute();
  await db
    .insertInto('user_entities')
    .values(entityIds.map((entity_id) => ({ user_id: userId, company_id: companyId, entity_id })))
    .execute();
}

/**
 * GET /data's one statement: the user (not deleted) and the active entities linked to them in the company — how many,
 * and the lowest code.
 */
export function userAndEntities(db: DB, userId: number, companyId: number) {
  return db
    .selectFrom('users as u')
    .selectAll('u')
    .select((eb) => {
      const linked = () =>
        eb
          .selectFrom('user_entities as ue')
          .innerJoin('entities as e', 'e.id', 'ue.entity_id')
          .whereRef('ue.user_id', '=', 'u.id')
          .where('ue.company_id', '=', companyId)
          .where('e.active', '=', true);
      return [
        linked().select((s) => s.fn.countAll<number>().as('n')).as('entity_count'),
        linked().select((s) => s.fn.min('e.code').as('code')).as('entity_code'),
      ];
    })
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null);
}

/** The code of an entity of the company (null when the id is not one of the company's). */
export function findEntityCode(db: DB, companyId: number, entityId: number) {
  return db.selectFrom('entities').select('code').where('company_id', '=', companyId).where('id', '=', entityId).executeTakeFirst();
}

/** Every profile (a handful; GET /data keeps them: db/shared-answers.ts). */
export function allProfiles(db: DB) {
  return db.selectFrom('profiles').selectAll().orderBy('id');
}

/** Every module of the menu, in menu order (a few dozen; GET /data keeps them: db/shared-answers.ts). */
export function allModules(db: DB) {
  return db.selectFrom('modules').select(['id', 'parent_id', 'name', 'icon', 'link', 'sort_order', 'profile_ids', 'desktop_only']).orderBy('sort_order').orderBy('id');
}

// ── Users: profile, password ────────────────────────────────────────────────────────────────────────────────

export async function updateUser(
  db: DB,
  userId: number,
  changes: { first_name?: string; last_name?: string; password_hash?: string; change_password?: boolean },
) {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function insertUser(
  db: DB,
  user: { username: string; email: string; first_name: string; last_name: string; password_hash: string; phone: string; cuit: string },
) {
  return db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
}

// ── Registration ────────────────────────────────────────────────────────────────────────────────────────────

export async function insertPendingRegistration(
  db: DB,
  r: { id: string; email: string; first_name: string; last_name: string; cuit: string; phone: string; password_hash: string; code_hash: string; code_expires_at: Date },
) {
  await db.insertInto('pending_registrations').values(r).execute();
}

export function findPendingRegistration(db: DB, id: string) {
  return db.selectFrom('pending_registrations').selectAll().where('id', '=', id).where('completed_at', 'is', null).executeTakeFirst();
}

export function findLatestPendingByPhone(db: DB, phone: string) {
  return db
    .selectFrom('pending_registrations')
    .selectAll()
    .where('phone', '=', phone)
    .where('completed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts one guess while the code has guesses left and returns the new count, or null when none were left.
 * Checking and counting in one statement keeps concurrent guesses from overrunning the limit.
 */
export async function countAttempt(db: DB, id: string, maxAttempts: number): Promise<number | null> {
  const row = await db
    .updateTable('pending_registrations')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row ? row.attempts : null;
}

/** The corrected data of a pending registration ('Corregir mis datos'); its code stays as sent. */
export async function updatePendingData(db: DB, id: string, data: { first_name: string; last_name: string; cuit: string; password_hash: string }) {
  await db.updateTable('pending_registrations').set(data).where('id', '=', id).where('completed_at', 'is', null).execute();
}

export async function replaceCode(db: DB, id: string, codeHash: string, expiresAt: Date) {
  await db
    .updateTable('pending_registrations')
    .set({ code_hash: codeHash, code_expires_at: expiresAt, attempts: 0 })
    .where('id', '=', id)
    .execute();
}

/** Completes a registration once; false when another request already did. */
export async function completeRegistration(db: DB, id: string): Promise<boolean> {
  const r = await db
    .updateTable('pending_registrations')
    .set({ completed_at: sql`now()` })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deletePendingRegistration(db: DB, id: string) {
  await db.deleteFrom('pending_registrations').where('id', '=', id).execute();
}

// ── Recovery ────────────────────────────────────────────────────────────────────────────────────────────────

export async function insertPasswordReset(db: DB, tokenHash: string, userId: number, expiresAt: Date) {
  await db.insertInto('password_resets').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt }).execute();
}

export function findPasswordReset(db: DB, tokenHash: string) {
  return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses a reset link once and voids the user's other outstanding links; false when it was already used. */
export async function consumePasswordReset(db: DB, tokenHash: string, userId: number): Promise<boolean> {
  const r = await db
    .updateTable('password_resets')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await voidPasswordResets(db, userId);
  return true;
}

/** A password set by other means voids the recovery links still outstanding. */
export async function voidPasswordResets(db: DB, userId: number) {
  await db.updateTable('password_resets').set({ used_at: sql`now()` }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
