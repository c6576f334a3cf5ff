import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEVICES, HEADERS, msg, todayInArgentina, type Device, type RouteDef } from '@portal/contract';
import { verifyAccessToken } from '../lib/crypto.js';
import { badRequest, forbidden, HttpError, unauthorized } from '../lib/http-errors.js';
import type { DB } from '../db/database.js';
import { enabledFrom, enabledModuleIds, toModuleSettings, type ModuleSettingsRow } from '../modules/admin/module-access.js';

type ModuleJoinRow = Parameters<typeof toModuleSettings>[0][number];

export type AuthUser = { userId: number; familyId: string; username: string; email: string };

export type Tenant = {
  company: { id: number; cuit: string; name: string; code: number };
  isAdmin: boolean;
  profileIds: number[];
  defaultProfileId: number;
  desktop: boolean;
  mobile: boolean;
  groupAccounts: boolean;
  hiddenCurrencies: string[];
  /** The entity the request acts for: Entity_ID, or Actua_como for an administrator. */
  entity: { id: number; code: number; name: string; active: boolean } | null;
  actingAs: boolean;
  /** The module settings read with the membership (requireModule needs no query of its own). */
  modules?: ModuleSettingsRow[];
};

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    tokenSecret: string;
    /** 401 unless the bearer token is valid, unexpired and its family not revoked. */
    authenticate(request: FastifyRequest): Promise<AuthUser>;
    /**
     * 401 unless the token is live, then 400/403 unless the Cuit (and, when required, Entity_ID / Actua_como) headers
     * match the user's links: one query, the path of every company- and entity-scoped call.
     */
    authenticateTenant(request: FastifyRequest, requireEntity: boolean): Promise<{ user: AuthUser; tenant: Tenant }>;
    audit(entry: { action: string; userId?: number | null; companyId?: number | null; detail?: Record<string, unknown>; ip?: string | null }): Promise<void>;
    /** 403 unless the route's `admin` / `orProfiles` let this member in. */
    requireRole(request: FastifyRequest, user: AuthUser, tenant: Tenant, def: Pick<RouteDef, 'admin' | 'orProfiles'>): Promise<void>;
    /** 403 unless the module is enabled for this user, on the request's device, today. */
    requireModule(request: FastifyRequest, user: AuthUser, tenant: Tenant, moduleId: string): Promise<void>;
  }
}

/** The `Dispositivo` header: mobile or desktop (the default); anything else is a 400. */
export function deviceOf(request: FastifyRequest): Device {
  const v = headerValue(request, HEADERS.device)?.toLowerCase();
  if (v === undefined) return 'desktop';
  if (!(DEVICES as readonly string[]).includes(v)) throw badRequest(msg.dispositivoInvalido);
  return v as Device;
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s.trim() === '' ? undefined : s.trim();
}

/**
 * The one access gate every area uses through `registerRoute`: who is calling (token), for which company
 * (Cuit) and which entity (Entity_ID, or Actua_como for an administrator). Headers are claims to check,
 * never facts: each is matched against the user's links in the database on every request.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('audit', async ({ action, userId = null, companyId = null, detail = {}, ip = null }) => {
    await app.db
      .insertInto('audit_log')
      .values({ action, user_id: userId, company_id: companyId, detail: JSON.stringify(detail), ip })
      .execute();
  });

  async function deny(request: FastifyRequest, user: AuthUser, companyId: number | null, reason: string, message: string): Promise<never> {
    request.log.warn({ userId: user.userId, reason, headers: { cuit: request.headers.cuit, entity: request.headers.entity_id, actuaComo: request.headers.actua_como } }, 'access denied');
    await app.audit({ action: 'access.denied', userId: user.userId, companyId, ip: request.ip, detail: { reason, url: request.url } });
    throw forbidden(message);
  }

  /** The bearer token's claims (signature and expiry checked), or 401. */
  function claimsOf(request: FastifyRequest) {
    const header = request.headers.authorization;
    if (!header) throw unauthorized(msg.noAutenticado);
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized(msg.tokenInvalido);
    const claims = verifyAccessToken(match[1]!, app.tokenSecret, Math.floor(Date.now() / 1000));
    if (!claims) throw unauthorized(msg.tokenInvalido);
    return claims;
  }

  /** The user of a token whose family is not revoked and who is not deleted, or 401. */
  async function liveUser(claims: { sub: number; fam: string }): Promise<AuthUser> {
    const row = await app.db
      .selectFrom('token_families as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select(['u.id', 'u.username', 'u.email', 'f.revoked_at', 'u.deleted_at'])
      .where('f.id', '=', claims.fam)
      .where('u.id', '=', claims.sub)
      .executeTakeFirst();
    if (!row || row.revoked_at || row.deleted_at) throw unauthorized(msg.tokenInvalido);
    return { userId: row.id, familyId: claims.fam, username: row.username, email: row.email };
  }

  app.decorate('authenticate', async (request: FastifyRequest): Promise<AuthUser> => liveUser(claimsOf(request)));

  /**
   * The whole gate in one round trip (every request of every area pays it): the token's family and user are
   * live, the membership in the Cuit's company with its profiles, the entity of the header and whether it is linked
   * to the user, and the module settings of this user in this company. Then the checks, in order: 401, 400, 403.
   */
  async function gate(request: FastifyRequest, claims: { sub: number; fam: string }, requireEntity: boolean): Promise<{ user: AuthUser; tenant: Tenant }> {
    const cuit = headerValue(request, HEADERS.cuit);
    const actuaComo = headerValue(request, HEADERS.actuaComo);
    const entityHeader = headerValue(request, HEADERS.entity);
    const code = actuaComo ?? entityHeader;
    const malformed = !cuit ? msg.empresaObligatoria : !/^\d{11}$/.test(cuit) ? msg.cuitLongitud : null;
    if (malformed) {
      // A dead token is a 401 before any complaint about the headers (the checks' order).
      await liveUser(claims);
      throw badRequest(malformed);
    }

    const membership = await app.db
      .selectFrom('token_families as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .leftJoin('companies as c', (j) => j.on('c.cuit', '=', cuit!))
      .leftJoin('memberships as m', (j) => j.onRef('m.company_id', '=', 'c.id').onRef('m.user_id', '=', 'u.id'))
      .leftJoin('entities as e', (j) => j.onRef('e.company_id', '=', 'c.id').on('e.code', '=', code !== undefined && /^\d{1,9}$/.test(code) ? Number(code) : -1))
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
      .where('u.id', '=', claims.sub)
      .executeTakeFirst();
    if (!membership || membership.revoked_at || membership.deleted_at) throw unauthorized(msg.tokenInvalido);
    const user: AuthUser = { userId: membership.user_id, familyId: claims.fam, username: membership.username, email: membership.email };
    // A company that does not exist and one the user is not linked to answer alike: nothing leaks.
    if (membership.member === null || membership.id === null || !membership.active) return deny(request, user, null, 'company', msg.empresaSinAcceso);
    if (membership.suspended) return deny(request, user, membership.id, 'suspended', msg.sesionSuspendida);

    const tenant: Tenant = {
      company: { id: membership.id, cuit: membership.cuit!, name: membership.name!, code: membership.code! },
      isAdmin: membership.is_admin!,
      profileIds: (membership.profile_ids ?? []).map(Number),
      defaultProfileId: membership.default_profile_id!,
      desktop: membership.desktop!,
      mobile: membership.mobile!,
      groupAccounts: membership.group_accounts!,
      hiddenCurrencies: membership.hidden_currencies ?? [],
      modules: toModuleSettings(membership.module_rows ?? []),
      entity: null,
      actingAs: false,
    };

    if (actuaComo !== undefined && !tenant.isAdmin) {
      return deny(request, user, membership.id, 'actua_como', msg.actuaComoSoloAdmin);
    }
    if (code !== undefined && !/^\d{1,9}$/.test(code)) throw badRequest(msg.entidadSinAcceso);
    if (code === undefined) {
      if (requireEntity) throw badRequest(msg.entidadObligatoriaHeader);
      return { user, tenant };
    }
    // Administrators may act for any entity of their company; everyone else only for the entities linked to them.
    const visible = membership.entity_id !== null && (tenant.isAdmin || Boolean(membership.entity_linked));
    if (!visible) return deny(request, user, membership.id, 'entity', msg.entidadSinAcceso);
    if (!membership.entity_active) {
      if (requireEntity) throw forbidden(msg.entidadInactiva);
      return { user, tenant };
    }
    tenant.entity = { id: membership.entity_id!, code: membership.entity_code!, name: membership.entity_name!, active: true };
    tenant.actingAs = actuaComo !== undefined;
    return { user, tenant };
  }

  app.decorate('authenticateTenant', async (request: FastifyRequest, requireEntity: boolean) => gate(request, claimsOf(request), requireEntity));

  app.decorate('requireRole', async (request: FastifyRequest, user: AuthUser, tenant: Tenant, def: Pick<RouteDef, 'admin' | 'orProfiles'>) => {
    if (!def.admin || tenant.isAdmin) return;
    if (def.orProfiles?.some((p) => tenant.profileIds.includes(p))) return;
    await deny(request, user, tenant.company.id, 'admin', msg.soloAdministradores);
  });

  app.decorate('requireModule', async (request: FastifyRequest, user: AuthUser, tenant: Tenant, moduleId: string) => {
    const device = deviceOf(request);
    const today = todayInArgentina();
    const enabled = tenant.modules
      ? enabledFrom(tenant.modules, device, today)
      : await enabledModuleIds(app.db, { companyId: tenant.company.id, userId: user.userId, device, today });
    if (!enabled.has(moduleId)) await deny(request, user, tenant.company.id, `module:${moduleId}:${device}`, msg.moduloNoHabilitado);
  });
});

export function isHttpError(e: unknown): e is HttpError {
  return e instanceof HttpError;
}
