import fp from 'fastify-plugin';
import type { CompiledQuery } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEVICES, HEADERS, integrationMsg, msg, todayInArgentina, type Device, type RouteDef } from '@portal/contract';
import { writeAudit, writeDenial, type AuditEntry } from '../lib/audit.js';
import { accessTokenExpired, verifyAccessToken, type AccessClaims } from '../lib/crypto.js';
import { badRequest, forbidden, HttpError, unauthorized } from '../lib/http-errors.js';
import type { DB } from '../db/database.js';
import { readTables } from '../db/write-watch.js';
import { KeptAnswers } from '../db/answer-cache.js';
import { enabledModuleIds, enabledOnce, toModuleSettings, type ModuleSettingsRow } from '../lib/module-access.js';
import { compileOnce } from '../db/compile-once.js';
import { entityCodeOf, liveUserQuery, membershipQuery } from './access-repository.js';
import type { AuthUser, QueryCredentials, Tenant } from '../lib/identity.js';

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
    authenticateTenant(request: FastifyRequest, requireEntity: boolean, fromQuery?: QueryCredentials): Promise<{ user: AuthUser; tenant: Tenant }>;
    /** An audit row outside any transaction (a refused request); state changes call writeAudit with their transaction. */
    audit(entry: AuditEntry): Promise<void>;
    /** 403 unless the route's `admin` / `orProfiles` let this member in. */
    requireRole(request: FastifyRequest, user: AuthUser, tenant: Tenant, def: Pick<RouteDef, 'admin' | 'orProfiles'>): Promise<void>;
    /** 403 unless the module is enabled for this user, on the request's device, today. */
    requireModule(request: FastifyRequest, user: AuthUser, tenant: Tenant, moduleId: string): Promise<void>;
  }
}

/**
 * The `Dispositivo` header: mobile or desktop; anything else is a 400. Without it, GET /data's `mobile=true` (the
 * spec's own flag) says mobile, and anything else is desktop.
 */
export function deviceOf(request: FastifyRequest): Device {
  const v = headerValue(request, HEADERS.device)?.toLowerCase();
  if (v === undefined) return (request.query as Record<string, unknown> | undefined)?.mobile === 'true' ? 'mobile' : 'desktop';
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
export const accessPlugin = fp(async (app: FastifyInstance, options: { cacheMs?: number }) => {
  app.decorate('audit', (entry: AuditEntry) => writeAudit(app.db, entry));

  async function deny(request: FastifyRequest, user: AuthUser, companyId: number | null, reason: string, message: string): Promise<never> {
    request.log.warn({ userId: user.userId, reason, headers: { cuit: request.headers.cuit, entity: request.headers.entity_id, actuaComo: request.headers.actua_como } }, 'access denied');
    const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
    await writeDenial(app.db, { action: 'access.denied', userId: user.userId, companyId, ip: request.ip, detail: { reason, route, url: request.url } });
    throw forbidden(message);
  }

  /**
   * Tokens whose signature this app has checked, with their claims: a client sends the same token on every call until
   * it expires, and its HMAC is the same each time. Only well-signed tokens are kept (the whole token is the key), the
   * expiry is checked on every request, and revocation and the user's links are the gate's statements, as before.
   * Emptied when full.
   */
  const signedTokens = new Map<string, AccessClaims>();
  const MAX_SIGNED_TOKENS = 10_000;

  /** The bearer token's claims (signature and expiry checked), or 401. */
  function claimsOf(request: FastifyRequest, fromQuery?: QueryCredentials) {
    const header = fromQuery?.token ? `Bearer ${fromQuery.token}` : request.headers.authorization;
    if (!header) throw unauthorized(msg.noAutenticado);
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized(msg.tokenInvalido);
    const token = match[1]!;
    // An integration key is no user session: refused by name, so the ERP developer learns where it belongs.
    if (token.startsWith('pic_')) throw unauthorized(integrationMsg.soloUsuarios);
    let claims = signedTokens.get(token);
    if (!claims) {
      // Signature and claims checked once per token; the expiry below, on every request.
      const checked = verifyAccessToken(token, app.tokenSecret, 0, true);
      if (!checked) throw unauthorized(msg.tokenInvalido);
      if (signedTokens.size >= MAX_SIGNED_TOKENS) signedTokens.clear();
      signedTokens.set(token, (claims = checked));
    }
    if (accessTokenExpired(claims, Math.floor(Date.now() / 1000))) throw unauthorized(msg.tokenInvalido);
    return claims;
  }

  /**
   * The gate's answers (its statements' rows, before any check) are kept a few seconds per statement and parameters
   * (token family, user, Cuit, entity, whatever else the statement reads) and forgotten at once when a table the
   * statements read is written: logout, revocation, module and profile changes, suspension, entity links…
   * (db/write-watch.ts reports every committed write, from every server process on PostgreSQL). The checks (401, 400,
   * 403 and the audit of a denial) still run on every request. A DB not opened by openDatabase keeps nothing.
   */
  // What the gate reads, known before the first request (a logout in a fresh process must reach the others); the
  // tables of each statement the gate runs are added as it runs them, so a table added to its SQL is watched too.
  // Only their writes forget the gate's answers (other caches watch other tables: db/shared-answers.ts).
  const cache = KeptAnswers.watching(
    app.db,
    ['token_families', 'users', 'companies', 'memberships', 'membership_profiles', 'entities', 'user_entities', 'modules', 'company_modules', 'user_modules', 'price_lists'],
    options.cacheMs ?? 0,
  );
  await cache.ready;
  app.addHook('onClose', async () => cache.close());
  const watchedTexts = new Set<string>();
  // The gate's two statements are built and compiled once (every request runs one; markers: values no token carries).
  const liveUserStatement = compileOnce({ fam: '\u0000fam', sub: -1_000_001 }, (a) => liveUserQuery(app.db, { fam: a.fam, sub: a.sub }));
  const membershipStatement = compileOnce({ fam: '\u0000fam', sub: -1_000_001, cuit: '\u0000cuit', entityCode: -1_000_002 }, (a) =>
    membershipQuery(app.db, { fam: a.fam, sub: a.sub }, a.cuit, a.entityCode),
  );

  /**
   * What a gate row's module settings say is the same for every request that row answers (a kept row answers many):
   * the settings are read from it once per row (and the enabled set once per row, device and day: enabledOnce).
   * Nothing changes them afterwards (requireModule and GET /data only read them).
   */
  const settingsOfRow = new WeakMap<object, ModuleSettingsRow[]>();
  function moduleSettingsOf(rows: Parameters<typeof toModuleSettings>[0]): ModuleSettingsRow[] {
    let settings = settingsOfRow.get(rows);
    if (!settings) settingsOfRow.set(rows, (settings = toModuleSettings(rows)));
    return settings;
  }

  /** The statement's first row, from the cache when fresh. */
  function firstRow<T>(compiled: CompiledQuery<T>): Promise<T | undefined> {
    if (!watchedTexts.has(compiled.sql)) {
      watchedTexts.add(compiled.sql);
      cache.watchTables(readTables(compiled.sql));
    }
    return cache.statement(compiled, async (c) => (await app.db.executeQuery<T>(c)).rows[0]);
  }

  /** The user of a token whose family is not revoked and who is not deleted, or 401. */
  async function liveUser(request: FastifyRequest, claims: { sub: number; fam: string }): Promise<AuthUser> {
    const row = await firstRow(liveUserStatement({ fam: claims.fam, sub: claims.sub }));
    if (!row || row.revoked_at || row.deleted_at) throw unauthorized(msg.tokenInvalido);
    return { userId: row.id, familyId: claims.fam, username: row.username, email: row.email, ip: request.ip };
  }

  app.decorate('authenticate', async (request: FastifyRequest): Promise<AuthUser> => liveUser(request, claimsOf(request)));

  /**
   * The whole gate in one round trip (every request of every area pays it): the token's family and user are
   * live, the membership in the Cuit's company with its profiles, the entity of the header and whether it is linked
   * to the user, and the module settings of this user in this company. Then the checks, in order: 401, 400, 403.
   */
  async function gate(request: FastifyRequest, claims: { sub: number; fam: string }, requireEntity: boolean, fromQuery?: QueryCredentials): Promise<{ user: AuthUser; tenant: Tenant }> {
    // With a query token, the query's cooperativa and entity_id stand for the headers they name (headers otherwise).
    const q = fromQuery?.token ? fromQuery : undefined;
    const cuit = q?.cooperativa ?? headerValue(request, HEADERS.cuit);
    const actuaComo = headerValue(request, HEADERS.actuaComo);
    const entityHeader = q?.entity_id ?? headerValue(request, HEADERS.entity);
    const code = actuaComo ?? entityHeader;
    const malformed = !cuit ? msg.empresaObligatoria : !/^\d{11}$/.test(cuit) ? msg.cuitLongitud : null;
    if (malformed) {
      // A dead token is a 401 before any complaint about the headers (the checks' order).
      await liveUser(request, claims);
      throw badRequest(malformed);
    }

    const membership = await firstRow(membershipStatement({ fam: claims.fam, sub: claims.sub, cuit: cuit!, entityCode: entityCodeOf(code) }));
    if (!membership || membership.revoked_at || membership.deleted_at) throw unauthorized(msg.tokenInvalido);
    const user: AuthUser = { userId: membership.user_id, familyId: claims.fam, username: membership.username, email: membership.email, ip: request.ip };
    // A company that does not exist and one the user is not linked to answer alike: nothing leaks.
    if (membership.member === null || membership.id === null || !membership.active) return deny(request, user, null, 'company', msg.empresaSinAcceso);
    if (membership.suspended) return deny(request, user, membership.id, 'suspended', msg.sesionSuspendida);
    // The membership's device access (desktop / mobile) holds for every company-scoped call, not only GET /data.
    const device = deviceOf(request);
    if (!(device === 'mobile' ? membership.mobile : membership.desktop)) return deny(request, user, membership.id, `device:${device}`, msg.sinAccesoDispositivo);

    const tenant: Tenant = {
      company: { id: membership.id, cuit: membership.cuit!, name: membership.name!, code: membership.code! },
      isAdmin: membership.is_admin!,
      profileIds: (membership.profile_ids ?? []).map(Number),
      defaultProfileId: membership.default_profile_id!,
      desktop: membership.desktop!,
      mobile: membership.mobile!,
      groupAccounts: membership.group_accounts!,
      // A copy: the row may be a kept answer that other requests share.
      hiddenCurrencies: [...(membership.hidden_currencies ?? [])],
      modules: membership.module_rows ? moduleSettingsOf(membership.module_rows) : [],
      entity: null,
      actingAs: false,
    };

    if (actuaComo !== undefined && !tenant.isAdmin) {
      return deny(request, user, membership.id, 'actua_como', msg.actuaComoSoloAdmin);
    }
    if (code !== undefined && !/^\d{1,9}$/.test(code)) throw badRequest(actuaComo !== undefined ? msg.actuaComoInvalido : msg.entidadIdInvalido);
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
    const listId = membership.entity_price_list ?? membership.default_price_list;
    const priceLists = listId === null ? null : { id: listId, fallback: membership.default_price_list ?? listId };
    tenant.entity = { id: membership.entity_id!, code: membership.entity_code!, name: membership.entity_name!, active: true, priceLists };
    tenant.actingAs = actuaComo !== undefined;
    return { user, tenant };
  }

  app.decorate('authenticateTenant', async (request: FastifyRequest, requireEntity: boolean, fromQuery?: QueryCredentials) =>
    gate(request, claimsOf(request, fromQuery), requireEntity, fromQuery));

  app.decorate('requireRole', async (request: FastifyRequest, user: AuthUser, tenant: Tenant, def: Pick<RouteDef, 'admin' | 'orProfiles'>) => {
    if (!def.admin || tenant.isAdmin) return;
    if (def.orProfiles?.some((p) => tenant.profileIds.includes(p))) return;
    await deny(request, user, tenant.company.id, 'admin', msg.soloAdministradores);
  });

  app.decorate('requireModule', async (request: FastifyRequest, user: AuthUser, tenant: Tenant, moduleId: string) => {
    const device = deviceOf(request);
    const today = todayInArgentina();
    const enabled = tenant.modules
      ? enabledOnce(tenant.modules, device, today)
      : await enabledModuleIds(app.db, { companyId: tenant.company.id, userId: user.userId, device, today });
    if (!enabled.has(moduleId)) await deny(request, user, tenant.company.id, `module:${moduleId}:${device}`, msg.moduloNoHabilitado);
  });
});

export function isHttpError(e: unknown): e is HttpError {
  return e instanceof HttpError;
}
