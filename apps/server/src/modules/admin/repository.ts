import { sql, type RawBuilder } from 'kysely';
import { FOLD_FROM, FOLD_TO, foldText } from '@portal/contract';
import type { DB } from '../../db/database.js';
import type { ModuleSetting } from '../../lib/module-access.js';

/**
 * All SQL of the administration area. Every function takes the executor it runs in (the db or a transaction)
 * and, for tenant data, the company it is confined to.
 */

/** `%`, `_` and `\` typed by the user match themselves in ILIKE. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A column as searches compare it: lower-case and without accents, like the contract's foldText. */
export function folded(expr: RawBuilder<string> | string) {
  const e = typeof expr === 'string' ? sql.ref(expr) : expr;
  return sql<string>`translate(lower(${e}), ${FOLD_FROM}, ${FOLD_TO})`;
}
/** The typed text as a LIKE pattern over folded columns ('perez' and 'PÉREZ' find 'Pérez'). */
export function foldedPattern(text: string): string {
  return likePattern(foldText(text));
}

// ── Users of a company ──────────────────────────────────────────────────────────────────────────────────────

const memberColumns = [
  'u.id', 'u.username', 'u.email', 'u.first_name', 'u.last_name', 'u.change_password',
  'm.is_admin', 'm.group_accounts', 'm.hidden_currencies', 'm.default_profile_id', 'm.erp_code',
] as const;

function companyMembers(db: DB, companyId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.company_id', '=', companyId)
    .where('u.deleted_at', 'is', null);
}

export async function listCompanyUsers(db: DB, companyId: number, page: { start: number; limit: number; patron?: string | undefined }) {
  let q = companyMembers(db, companyId);
  if (page.patron) {
    const p = foldedPattern(page.patron);
    q = q.where((eb) =>
      eb.or([
        eb(folded('u.username'), 'like', p),
        eb(folded('u.email'), 'like', p),
        eb(folded('u.first_name'), 'like', p),
        eb(folded('u.last_name'), 'like', p),
        eb(folded(sql<string>`u.first_name || ' ' || u.last_name`), 'like', p),
      ]),
    );
  }
  const [total, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q.select(memberColumns).orderBy('u.last_name').orderBy('u.first_name').orderBy('u.username').offset(page.start).limit(page.limit).execute(),
  ]);
  return { total: Number(total.n), rows };
}

export type MemberRow = Awaited<ReturnType<typeof listCompanyUsers>>['rows'][number];

/** A live user who is a member of the company, by id or by username; undefined otherwise. */
export function findCompanyUser(db: DB, companyId: number, key: { id: number } | { username: string }) {
  let q = companyMembers(db, companyId).select(memberColumns);
  q = 'id' in key ? q.where('u.id', '=', key.id) : q.where('u.username', '=', key.username);
  return q.executeTakeFirst();
}

export async function profilesOf(db: DB, companyId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('membership_profiles')
    .select(['user_id', 'profile_id'])
    .where('company_id', '=', companyId)
    .where('user_id', 'in', userIds)
    .orderBy('profile_id')
    .execute();
}

export async function entitiesOf(db: DB, companyId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('user_entities as ue')
    .innerJoin('entities as e', 'e.id', 'ue.entity_id')
    .select(['ue.user_id', 'e.code', 'e.name'])
    .where('ue.company_id', '=', companyId)
    .where('e.company_id', '=', companyId)
    .where('ue.user_id', 'in', userIds)
    .orderBy('e.name')
    .execute();
}

export async function countOtherMemberships(db: DB, userId: number, companyId: number): Promise<number> {
  const r = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('company_id', '!=', companyId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Which of a username and an e-mail a live user other than `exceptId` already holds. */
export async function takenBy(db: DB, values: { username?: string; email?: string }, exceptId?: number) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(values.username ? [eb('username', '=', values.username), eb('email', '=', values.username)] : []),
        ...(values.email ? [eb('email', '=', values.email), eb('username', '=', values.email)] : []),
      ]),
    )
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .execute();
  return {
    username: Boolean(values.username) && rows.some((r) => r.username === values.username || r.email === values.username),
    email: Boolean(values.email) && rows.some((r) => r.email === values.email || r.username === values.email),
  };
}

export function existingProfileIds(db: DB, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('profiles').select('id').where('id', 'in', ids).execute();
}

export function entitiesByCodes(db: DB, companyId: number, codes: number[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('entities').select(['id', 'code']).where('company_id', '=', companyId).where('code', 'in', codes).execute();
}

export function insertUser(
  db: DB,
  user: { username: string; email: string; first_name: string; last_name: string; password_hash: string },
) {
  return db
    .insertInto('users')
    .values({ ...user, phone: null, cuit: null, change_password: true })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function insertMembership(
  db: DB,
  m: { userId: number; companyId: number; defaultProfileId: number; groupAccounts: boolean; hiddenCurrencies: string[]; erpCode: string | null },
) {
  await db
    .insertInto('memberships')
    .values({
      user_id: m.userId,
      company_id: m.companyId,
      default_profile_id: m.defaultProfileId,
      group_accounts: m.groupAccounts,
      hidden_currencies: JSON.stringify(m.hiddenCurrencies),
      erp_code: m.erpCode,
    })
    .execute();
  // The company is listed in the new user's 'Sesiones activas' from the first login.
  await db
    .insertInto('active_sessions')
    .values({ user_id: m.userId, company_id: m.companyId })
    .onConflict((oc) => oc.columns(['user_id', 'company_id']).doNothing())
    .execute();
}

/** Whether another member of the company holds this ERP driver code. */
export async function erpCodeTaken(db: DB, companyId: number, code: string, userId: number | null): Promise<boolean> {
  let q = db.selectFrom('memberships').select('user_id').where('company_id', '=', companyId).where('erp_code', '=', code);
  if (userId !== null) q = q.where('user_id', '<>', userId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function updateAccount(db: DB, userId: number, changes: { email?: string; first_name?: string; last_name?: string }) {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set({ ...changes, updated_at: sql`now()` }).where('id', '=', userId).execute();
}

export async function updateMembership(
  db: DB,
  companyId: number,
  userId: number,
  changes: { default_profile_id?: number; group_accounts?: boolean; hidden_currencies?: string[]; erp_code?: string | null },
) {
  const { hidden_currencies, ...rest } = changes;
  const set = { ...rest, ...(hidden_currencies ? { hidden_currencies: JSON.stringify(hidden_currencies) } : {}) };
  if (Object.keys(set).length === 0) return;
  await db.updateTable('memberships').set(set).where('company_id', '=', companyId).where('user_id', '=', userId).execute();
}

export async function replaceProfiles(db: DB, companyId: number, userId: number, profileIds: number[]) {
  await db.deleteFrom('membership_profiles').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  await db
    .insertInto('membership_profiles')
    .values(profileIds.map((profile_id) => ({ user_id: userId, company_id: companyId, profile_id })))
    .execute();
}

export async function replaceEntities(db: DB, companyId: number, userId: number, entityIds: number[]) {
  await db.deleteFrom('user_entities').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  if (entityIds.length === 0) return;
  await db
    .insertInto('user_entities')
    .values(entityIds.map((entity_id) => ({ user_id: userId, company_id: companyId, entity_id })))
    .execute();
}

/** Removes the user from the company: links, profiles, module settings and the session in their list. */
export async function removeMembership(db: DB, companyId: number, userId: number) {
  await db.deleteFrom('user_modules').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  await db.deleteFrom('active_sessions').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  // membership_profiles and user_entities go with the membership (on delete cascade).
  await db.deleteFrom('memberships').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
}

export async function softDeleteUser(db: DB, userId: number) {
  await db
    .updateTable('users')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()`, entity_acting_as: null })
    .where('id', '=', userId)
    .execute();
  await db.updateTable('password_resets').set({ used_at: sql`now()` }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export async function revokeUserTokens(db: DB, userId: number, reason: string) {
  await db
    .updateTable('token_families')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function setActingAs(db: DB, userId: number, entityId: number | null) {
  await db.updateTable('users').set({ entity_acting_as: entityId, updated_at: sql`now()` }).where('id', '=', userId).execute();
}

// ── Entities ────────────────────────────────────────────────────────────────────────────────────────────────

const entityColumns = ['id', 'code', 'name', 'description', 'cuit', 'seller_id', 'active', 'phone'] as const;

export function findEntityByCode(db: DB, companyId: number, code: number) {
  return db.selectFrom('entities').select(entityColumns).where('company_id', '=', companyId).where('code', '=', code).executeTakeFirst();
}

/** Entities of the company whose name, description, CUIT or code contain the text; active ones first. */
export function searchEntities(db: DB, companyId: number, patron: string, limit: number) {
  const p = foldedPattern(patron);
  const digits = patron.replace(/\D/g, '');
  return db
    .selectFrom('entities')
    .select(entityColumns)
    .where('company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb(folded('name'), 'like', p),
        eb(folded('description'), 'like', p),
        ...(digits.length >= 4 ? [eb('cuit', 'like', likePattern(digits))] : []),
        ...(/^\d+$/.test(patron) ? [eb(sql<string>`cast(code as text)`, '=', patron)] : []),
      ]),
    )
    .orderBy('active', 'desc')
    .orderBy('name')
    .orderBy('code')
    .limit(limit)
    .execute();
}

export function listEntityItems(db: DB, companyId: number) {
  return db.selectFrom('entities').select(['code as id', 'name as descripcion']).where('company_id', '=', companyId).orderBy('name').orderBy('code').execute();
}

export function listSellerItems(db: DB, companyId: number) {
  return db.selectFrom('sellers').select(['code as id', 'name as descripcion']).where('company_id', '=', companyId).orderBy('name').orderBy('code').execute();
}

export function listZoneItems(db: DB, companyId: number) {
  return db.selectFrom('zones').select(['code as id', 'name as descripcion']).where('company_id', '=', companyId).orderBy('name').orderBy('code').execute();
}

/** The caller's companies: active ones whose membership is not suspended. */
export function listUserCompanies(db: DB, userId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['c.cuit', 'c.name', 'c.code'])
    .where('m.user_id', '=', userId)
    .where('m.suspended', '=', false)
    .where('c.active', '=', true)
    .orderBy('c.name')
    .execute();
}

// ── Module configuration ────────────────────────────────────────────────────────────────────────────────────

export function listModules(db: DB) {
  return db.selectFrom('modules').select(['id', 'parent_id', 'name', 'icon', 'profile_ids', 'sort_order']).orderBy('sort_order').orderBy('id').execute();
}
export type ModuleRow = Awaited<ReturnType<typeof listModules>>[number];

const settingColumns = ['module_id', 'mobile', 'desktop', 'date_from', 'date_to'] as const;

export async function companySettings(db: DB, companyId: number): Promise<Map<string, ModuleSetting>> {
  const rows = await db.selectFrom('company_modules').select(settingColumns).where('company_id', '=', companyId).execute();
  return new Map(rows.map(({ module_id, ...s }) => [module_id, s]));
}

export async function userSettings(db: DB, companyId: number, userId: number): Promise<Map<string, ModuleSetting>> {
  const rows = await db
    .selectFrom('user_modules')
    .select(settingColumns)
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map(({ module_id, ...s }) => [module_id, s]));
}

export async function upsertCompanySettings(db: DB, companyId: number, settings: Map<string, ModuleSetting>) {
  if (settings.size === 0) return;
  await db
    .insertInto('company_modules')
    .values([...settings].map(([module_id, s]) => ({ company_id: companyId, module_id, ...s })))
    .onConflict((oc) =>
      oc.columns(['company_id', 'module_id']).doUpdateSet((eb) => ({
        mobile: eb.ref('excluded.mobile'),
        desktop: eb.ref('excluded.desktop'),
        date_from: eb.ref('excluded.date_from'),
        date_to: eb.ref('excluded.date_to'),
      })),
    )
    .execute();
}

export async function saveUserSettings(db: DB, companyId: number, userId: number, own: Map<string, ModuleSetting>, inherit: string[]) {
  if (inherit.length > 0) {
    await db
      .deleteFrom('user_modules')
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('module_id', 'in', inherit)
      .execute();
  }
  if (own.size === 0) return;
  await db
    .insertInto('user_modules')
    .values([...own].map(([module_id, s]) => ({ user_id: userId, company_id: companyId, module_id, ...s })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'company_id', 'module_id']).doUpdateSet((eb) => ({
        mobile: eb.ref('excluded.mobile'),
        desktop: eb.ref('excluded.desktop'),
        date_from: eb.ref('excluded.date_from'),
        date_to: eb.ref('excluded.date_to'),
      })),
    )
    .execute();
}

/**
 * Live members of the company whose own module settings reach beyond the company's: a device the company
 * lacks, or an explicit date outside the company's.
 */
export async function countUsersBeyondCompany(db: DB, companyId: number): Promise<number> {
  const r = await db
    .selectFrom('user_modules as um')
    .innerJoin('company_modules as cm', (j) => j.onRef('cm.module_id', '=', 'um.module_id').onRef('cm.company_id', '=', 'um.company_id'))
    .innerJoin('memberships as m', (j) => j.onRef('m.user_id', '=', 'um.user_id').onRef('m.company_id', '=', 'um.company_id'))
    .select(sql<number>`count(distinct um.user_id)`.as('n'))
    .where('um.company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb.and([eb('um.mobile', '=', true), eb('cm.mobile', '=', false)]),
        eb.and([eb('um.desktop', '=', true), eb('cm.desktop', '=', false)]),
        eb('um.date_from', '<', eb.ref('cm.date_from')),
        eb('um.date_to', '>', eb.ref('cm.date_to')),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function profileIdsOf(db: DB, companyId: number, userId: number) {
  return db.selectFrom('membership_profiles').select('profile_id').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
}

// ── Module parameters ───────────────────────────────────────────────────────────────────────────────────────

export async function upsertParameters(db: DB, companyId: number, values: Array<{ key: string; value: string }>) {
  if (values.length === 0) return;
  await db
    .insertInto('company_parameters')
    .values(values.map((v) => ({ company_id: companyId, ...v })))
    .onConflict((oc) => oc.columns(['company_id', 'key']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}

// ── Audit trail ─────────────────────────────────────────────────────────────────────────────────────────────

/** Lower-case without Spanish accents: the same text whether typed with or without them. */
const fold = (e: ReturnType<typeof sql>) => sql<string>`translate(lower(${e}), 'áéíóúüñàèìòù', 'aeiouunaeiou')`;

export type AuditFilter = { desde?: string | undefined; hasta?: string | undefined; usuario?: string | undefined; accion?: string | undefined; start: number; limit: number };

/**
 * The company's audit rows, newest first: those of the company, and those of no company (logins, profile
 * changes) by its members. Dates are days in Buenos Aires.
 */
export async function listAudit(db: DB, companyId: number, f: AuditFilter) {
  let q = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .where((eb) =>
      eb.or([
        eb('a.company_id', '=', companyId),
        // A row of no company (a login, the user's own address, profile or sessions) is this company's only when
        // the user belongs to no other: a customer of two cooperatives is shown to neither's administrators there.
        eb.and([
          eb('a.company_id', 'is', null),
          eb.exists(eb.selectFrom('memberships as m').select('m.user_id').whereRef('m.user_id', '=', 'a.user_id').where('m.company_id', '=', companyId)),
          eb.not(eb.exists(eb.selectFrom('memberships as o').select('o.user_id').whereRef('o.user_id', '=', 'a.user_id').where('o.company_id', '<>', companyId))),
        ]),
      ]),
    );
  if (f.desde) q = q.where('a.created_at', '>=', sql<Date>`(${f.desde}::date)::timestamp at time zone 'America/Argentina/Buenos_Aires'`);
  if (f.hasta) q = q.where('a.created_at', '<', sql<Date>`(${f.hasta}::date + 1)::timestamp at time zone 'America/Argentina/Buenos_Aires'`);
  if (f.usuario) {
    const p = likePattern(f.usuario.toLowerCase());
    q = q.where((eb) => eb.or([eb(fold(sql.ref('u.username')), 'like', fold(sql`${p}`)), eb(fold(sql.ref('u.email')), 'like', fold(sql`${p}`))]));
  }
  if (f.accion) {
    const a = f.accion.toLowerCase();
    q = q.where((eb) => eb.or([eb('a.action', '=', a), eb('a.action', 'like', `${likePattern(a).slice(1, -1)}.%`)]));
  }
  const [rows, total] = await Promise.all([
    q
      .select(['a.id', 'a.created_at', 'a.action', 'a.ip', 'a.detail', 'u.username'])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .offset(f.start)
      .limit(f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
