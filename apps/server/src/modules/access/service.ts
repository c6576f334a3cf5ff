import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  type changePasswordRequest,
  type checkRequest,
  type forcedChangeRequest,
  type forgotRequest,
  formatPhone,
  msg,
  type profileSaveRequest,
  TIME_ZONE,
  todayInArgentina,
  type registerRequest,
  type verificationSmsRequest,
  type DataResponse,
  type MenuItem,
  type OauthRequest,
  type OauthResponse,
} from '@portal/contract';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import {
  dummyPasswordHash,
  hashPassword,
  randomCode,
  randomToken,
  seal,
  sha256,
  signAccessToken,
  unseal,
  verifyAccessToken,
  verifyPassword,
} from '../../lib/crypto.js';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../lib/http-errors.js';
import { writeAudit } from '../../lib/audit.js';
import type { Mailer } from '../../messaging/mail.js';
import type { SmsProvider } from '../../messaging/sms.js';
import type { AuthUser, Tenant } from '../../lib/identity.js';
import { LIMITS, type RateLimiter } from '../../plugins/rate-limit.js';
import { LOGIN_THROTTLES, type LoginThrottle, type ThrottleRule } from './login-throttle.js';
import * as repo from './repository.js';
import { appendEvent, userRegistered } from '../integration/index.js';
import { enabledModuleIds, enabledOnce } from '../../lib/module-access.js';
import { compileOnce } from '../../db/compile-once.js';
import { sharedStatement } from '../../db/shared-answers.js';
import { toCompanySession, toEntidad, toMenu } from './mapper.js';
import { JsonText } from '../../lib/json-text.js';
import { recoveryMail } from './mails.js';

const CODE_TTL_MS = 10 * 60 * 1000;
const CODE_MAX_ATTEMPTS = 5;
const RESET_TTL_MS = 60 * 60 * 1000;

const clock = new Intl.DateTimeFormat('es-AR', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });
/** 429 of the SMS budget: when, in Buenos Aires time, the customer may ask for a code again. */
const smsRetryMessage = (retryAt: Date) => msg.smsEsperar(clock.format(new Date(Math.ceil(retryAt.getTime() / 60_000) * 60_000)));

export type AccessDeps = {
  db: DB;
  config: Config;
  tokenSecret: string;
  mailer: Mailer;
  sms: SmsProvider;
  limiter: RateLimiter;
  throttle: LoginThrottle;
  log: FastifyBaseLogger;
};

/** The cookie that names a browser which logged in before (docs/decisions/access-limits.md). */
export const DEVICE_COOKIE = 'portal_device';
/** The same refresh token presented again within this window gets the same new pair (two tabs, a reconnect). */
export const REFRESH_GRACE_MS = 30_000;

export type Client = { ip: string; userAgent: string | null; device: string | null };
export function clientOf(request: FastifyRequest): Client {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, device: deviceCookie(request.headers.cookie) };
}

function deviceCookie(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name === DEVICE_COOKIE && /^[\w-]{20,100}$/.test(value)) return value;
  }
  return null;
}

export type LoginResult = { tokens: OauthResponse; device: string | null };

type ModuleListRow = { id: string; parent_id: string | null; name: string; icon: string; link: string | null; profile_ids: ReadonlyArray<number | string>; desktop_only: boolean };
/** The menu of a profile on a device with these modules enabled, per kept module list (db/shared-answers.ts). */
const menus = new WeakMap<object, Map<string, MenuItem[]>>();

/**
 * GET /data's menu: the modules of the profile (the desktop-only ones left out on a phone) that are enabled, as a tree.
 * The same for every user with the same profile, device and enabled modules, so it is built and written as JSON text
 * (lib/json-text.ts) once per such set and kept module list (forgotten with it at any write to `modules`), not on
 * every GET /data. Keyed by what it is made of, never by user.
 */
function menuOf(all: readonly ModuleListRow[], profileId: number, mobile: boolean, enabled: ReadonlySet<string>): MenuItem[] {
  let kept = menus.get(all);
  if (!kept) menus.set(all, (kept = new Map()));
  const key = `${profileId}:${mobile ? 'm' : 'd'}:${[...enabled].join(',')}`;
  let menu = kept.get(key);
  if (!menu) {
    const rows = all.filter((m) => m.profile_ids.map(Number).includes(profileId) && !(mobile && m.desktop_only) && enabled.has(m.id));
    menu = new JsonText(JSON.stringify(toMenu(rows))) as unknown as MenuItem[];
    if (kept.size >= 1_000) kept.clear();
    kept.set(key, menu);
  }
  return menu;
}

export class AccessService {
  /** GET /data's statements: the user's own one compiled once, the profiles and the menu kept (db/shared-answers.ts). */
  private readonly userAndEntities;
  private readonly profiles;
  private readonly modules;

  constructor(private readonly d: AccessDeps) {
    this.userAndEntities = compileOnce({ userId: -1_000_001, companyId: -1_000_002 }, (a) => repo.userAndEntities(d.db, a.userId, a.companyId));
    this.profiles = sharedStatement(d.db, {}, () => repo.allProfiles(d.db));
    this.modules = sharedStatement(d.db, {}, () => repo.allModules(d.db));
  }

  // ── Tokens ────────────────────────────────────────────────────────────────────────────────────────────────

  private async issueTokens(db: DB, userId: number, familyId: string): Promise<OauthResponse> {
    const now = Math.floor(Date.now() / 1000);
    const refresh = randomToken();
    await repo.insertRefreshToken(db, sha256(refresh), familyId, new Date(Date.now() + this.d.config.refreshTokenTtlDays * 86_400_000));
    const access = signAccessToken(
      { sub: userId, fam: familyId, iat: now, exp: now + this.d.config.accessTokenTtlSeconds, jti: randomUUID() },
      this.d.tokenSecret,
    );
    return { access_token: access, refresh_token: refresh, token_type: 'bearer', expires_in: this.d.config.accessTokenTtlSeconds };
  }

  async oauth(body: OauthRequest, client: Client): Promise<LoginResult> {
    return body.grant_type === 'password'
      ? this.login(body.username, body.password, client)
      : { tokens: await this.refresh(body.refresh_token, client), device: null };
  }

  /**
   * Only failures count (docs/decisions/access-limits.md): per account and per address for devices that never
   * logged in to the account, per device for one that did, each with a growing delay. So an attacker guessing a
   * producer's password slows only the attacker and other unknown devices, never the producer's own phone, and a
   * town behind one carrier address is never refused for logging in successfully.
   */
  private async login(login: string, password: string, client: Client): Promise<LoginResult> {
    const user = await repo.findUserByLogin(this.d.db, login);
    const deviceHash = client.device ? sha256(client.device) : null;
    const known = user && deviceHash ? await repo.isKnownDevice(this.d.db, deviceHash, user.id) : false;
    // One account counter whether it is named by username or e-mail; unknown names count by the text.
    const account = user ? `user:${user.id}` : `name:${login.trim().toLowerCase()}`;
    const counters: Array<[ThrottleRule, string]> =
      known && user && deviceHash
        ? [[LOGIN_THROTTLES.device, `${deviceHash}:${user.id}`]]
        : [
            [LOGIN_THROTTLES.address, client.ip],
            [LOGIN_THROTTLES.account, account],
          ];
    const reserved: Array<[ThrottleRule, string]> = [];
    try {
      for (const c of counters) {
        await this.d.throttle.reserve(...c);
        reserved.push(c);
      }
    } catch (e) {
      // Refused before any password was tried: not a failure for the counters that let it through.
      for (const c of reserved) await this.d.throttle.release(...c);
      await writeAudit(this.d.db, { action: 'login.throttled', userId: user?.id ?? null, ip: client.ip, detail: { login, knownDevice: known } });
      throw e;
    }
    // An unknown user costs the same argon2 verification as a known one, so timing reveals nothing.
    const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) {
      await writeAudit(this.d.db, { action: 'login.failed', userId: user?.id ?? null, ip: client.ip, detail: { login, knownDevice: known } });
      throw unauthorized(msg.credencialesInvalidas);
    }
    // A success is not a failure: the account's and device's counts start over, the address gets its one back.
    for (const [rule, subject] of counters) {
      if (rule === LOGIN_THROTTLES.address) await this.d.throttle.release(rule, subject);
      else await this.d.throttle.clear(rule, subject);
    }
    const device = client.device ?? randomToken();
    const familyId = randomUUID();
    const tokens = await this.d.db.transaction().execute(async (trx) => {
      await repo.createFamily(trx, { id: familyId, userId: user.id, ip: client.ip, userAgent: client.userAgent });
      await repo.rememberDevice(trx, sha256(device), user.id);
      await writeAudit(trx, { action: 'login', userId: user.id, ip: client.ip, detail: { familyId, knownDevice: known } });
      return this.issueTokens(trx, user.id, familyId);
    });
    return { tokens, device };
  }

  /**
   * Rotates the refresh token. The same token presented again within REFRESH_GRACE_MS of its rotation (two tabs,
   * a tab and a reconnect) gets the same new pair, unsealed with a key only that token derives; presented later,
   * it is a replay and revokes its whole family.
   */
  private async refresh(token: string, client: Client): Promise<OauthResponse> {
    await this.d.limiter.hit(LIMITS.refreshPerIp, client.ip);
    const hash = sha256(token);
    const outcome = await this.d.db.transaction().execute(async (trx) => {
      const row = await repo.findRefreshToken(trx, hash);
      if (!row || row.revoked_at || row.deleted_at) return { error: 'invalid' as const, tokens: null };
      if (new Date(row.expires_at).getTime() <= Date.now()) return { error: 'invalid' as const, tokens: null };
      if (row.used_at || !(await repo.consumeRefreshToken(trx, hash))) {
        // Consumed by a concurrent refresh that has committed by now (the update waited for its row lock).
        const used = row.used_at ? row : await repo.findRefreshToken(trx, hash);
        const within = used?.used_at && Date.now() - new Date(used.used_at).getTime() <= REFRESH_GRACE_MS;
        const pair = within && used.successor_sealed ? unseal(used.successor_sealed, token) : null;
        if (pair) return { error: null, tokens: JSON.parse(pair) as OauthResponse };
        await repo.revokeFamily(trx, row.family_id, 'refresh-token-reuse');
        await writeAudit(trx, { action: 'token.reuse', userId: row.user_id, ip: client.ip, detail: { familyId: row.family_id } });
        return { error: 'reuse' as const, userId: row.user_id, familyId: row.family_id, tokens: null };
      }
      await repo.touchFamily(trx, row.family_id);
      const tokens = await this.issueTokens(trx, row.user_id, row.family_id);
      await repo.setSuccessor(trx, hash, seal(JSON.stringify(tokens), token));
      return { error: null, tokens };
    });
    if (outcome.tokens) return outcome.tokens;
    if (outcome.error === 'reuse') this.d.log.warn({ userId: outcome.userId, familyId: outcome.familyId }, 'refresh token reuse: family revoked');
    throw unauthorized(msg.refreshInvalido);
  }

  /** Revokes the family of an access token (even an expired one) or of a refresh token. Never says which. */
  async revoke(token: string): Promise<{ success: boolean }> {
    const claims = verifyAccessToken(token, this.d.tokenSecret, 0, true);
    if (claims) {
      await repo.revokeFamily(this.d.db, claims.fam, 'logout');
      return { success: true };
    }
    const row = await repo.findRefreshToken(this.d.db, sha256(token));
    if (row) await repo.revokeFamily(this.d.db, row.family_id, 'logout');
    return { success: true };
  }

  // ── User data and menu ───────────────────────────────────────────────────────────────────────────────────

  async userData(user: AuthUser, tenant: Tenant, query: { mobile: boolean; perfil?: number | undefined }): Promise<DataResponse> {
    if (query.mobile ? !tenant.mobile : !tenant.desktop) throw forbidden(msg.sinAccesoDispositivo);
    const profileId = query.perfil ?? tenant.defaultProfileId;
    if (!tenant.profileIds.includes(profileId)) throw forbidden(msg.perfilSinAcceso);
    const device = query.mobile ? 'mobile' : 'desktop';
    const [[row], allProfiles, allModules, enabled] = await Promise.all([
      this.d.db.executeQuery(this.userAndEntities({ userId: user.userId, companyId: tenant.company.id })).then((r) => r.rows),
      this.profiles({}),
      this.modules({}),
      // Only the modules enabled for this user, on this device, today (the API refuses the others alike): from the
      // module settings the access gate read with the membership.
      tenant.modules
        ? enabledOnce(tenant.modules, device, todayInArgentina())
        : enabledModuleIds(this.d.db, { companyId: tenant.company.id, userId: user.userId, device, today: todayInArgentina() }),
    ]);
    if (!row) throw unauthorized(msg.tokenInvalido);
    const profiles = allProfiles.filter((p) => tenant.profileIds.includes(p.id));
    const actingAs = tenant.isAdmin && row.entity_acting_as ? await repo.findEntityCode(this.d.db, tenant.company.id, row.entity_acting_as) : undefined;
    const singleEntity = Number(row.entity_count) === 1 ? Number(row.entity_code) : null;
    return {
      success: true,
      usuario: {
        username: row.username,
        email: row.email,
        first_name: row.first_name,
        last_name: row.last_name,
        codemp: tenant.company.code,
        codent: tenant.entity?.code ?? singleEntity,
        change_password: row.change_password,
        adminweb: tenant.isAdmin,
        agrupactasctes: tenant.groupAccounts,
        ocultamonedas: tenant.hiddenCurrencies,
        perfiles: profiles.map((p) => ({ id: p.id, cgi: p.cgi, descripcion: p.name })),
        perfile_default: tenant.defaultProfileId,
        empresa: { cuit: tenant.company.cuit, razonsocial: tenant.company.name },
        entidades: Number(row.entity_count),
        actua_como: actingAs?.code ?? null,
      },
      menu: menuOf(allModules, profileId, query.mobile, enabled),
    };
  }

  async saveProfile(user: AuthUser, body: z.output<typeof profileSaveRequest>) {
    const row = await repo.findUserById(this.d.db, user.userId);
    if (!row) throw unauthorized(msg.tokenInvalido);
    const changes: Parameters<typeof repo.updateUser>[2] = { first_name: body.first_name, last_name: body.last_name };
    if (body.pass) {
      if (!body.actPass) throw badRequest(msg.passwordActualObligatoria);
      // Guessing the current password here counts against the same per-account limit as the login.
      await this.d.throttle.reserve(LOGIN_THROTTLES.account, `user:${user.userId}`);
      if (!(await verifyPassword(row.password_hash, body.actPass))) throw badRequest(msg.passwordActualIncorrecta);
      await this.d.throttle.clear(LOGIN_THROTTLES.account, `user:${user.userId}`);
      changes.password_hash = await hashPassword(body.pass);
      changes.change_password = false;
    }
    await this.d.db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, user.userId, changes);
      // A new password ends every other session of the user; this one stays.
      if (changes.password_hash) {
        await repo.revokeAllFamilies(trx, user.userId, 'password-change', user.familyId);
        await repo.voidPasswordResets(trx, user.userId);
      }
      await writeAudit(trx, { action: body.pass ? 'profile.password' : 'profile.save', userId: user.userId, ip: user.ip });
    });
    return { success: true, msg: msg.perfilGuardado, first_name: body.first_name, last_name: body.last_name };
  }

  /** The forced change: no current password is asked, so it is allowed only while the user has to change it. */
  async forcedChange(user: AuthUser, body: z.output<typeof forcedChangeRequest>) {
    const row = await repo.findUserById(this.d.db, user.userId);
    if (!row) throw unauthorized(msg.tokenInvalido);
    if (!row.change_password) throw forbidden(msg.cambioNoRequerido);
    const first = body.first_name || row.first_name;
    const last = body.last_name || row.last_name;
    const hash = await hashPassword(body.pass);
    await this.d.db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, user.userId, { first_name: first, last_name: last, password_hash: hash, change_password: false });
      await repo.revokeAllFamilies(trx, user.userId, 'password-change', user.familyId);
      await repo.voidPasswordResets(trx, user.userId);
      await writeAudit(trx, { action: 'profile.forced-change', userId: user.userId, ip: user.ip });
    });
    return { success: true, msg: msg.perfilGuardado, first_name: first, last_name: last };
  }

  // ── Company sessions ─────────────────────────────────────────────────────────────────────────────────────

  async sessions(user: AuthUser) {
    const rows = await repo.listActiveSessions(this.d.db, user.userId);
    return { success: true as const, sessions: rows.map(toCompanySession) };
  }

  /**
   * Adds a company to the user's sessions. A user already linked gets the session back; a new customer is
   * linked by self-service only to entities whose CUIT and registered mobile both match the CUIT and the
   * SMS-verified mobile of the account (anything else is left to the cooperative's administrator).
   */
  async newSession(user: AuthUser, body: { cuit: string }, client: Client) {
    await this.d.limiter.hit(LIMITS.newSessionPerUser, String(user.userId));
    const company = await repo.findCompanyByCuit(this.d.db, body.cuit);
    if (!company || !company.active) throw notFound(msg.empresaInexistente);
    const account = await repo.findUserById(this.d.db, user.userId);
    if (!account) throw unauthorized(msg.tokenInvalido);

    const linked = await this.d.db.transaction().execute(async (trx) => {
      const membership = await repo.findMembership(trx, user.userId, company.id);
      if (membership?.suspended) throw forbidden(msg.sesionSuspendida);
      if (!membership) {
        const matches = account.cuit && account.phone ? await repo.findEntitiesForSelfLink(trx, company.id, account.cuit, account.phone) : [];
        if (matches.length === 0) return false;
        await repo.createCustomerMembership(trx, user.userId, company.id, matches.map((e) => e.id));
        // The registration reaches the company's ERP with its first link (docs/integration.md, 'Events').
        await appendEvent(trx, await userRegistered(trx, company.id, user.userId));
      }
      await repo.addActiveSession(trx, user.userId, company.id);
      return true;
    });
    if (!linked) {
      await writeAudit(this.d.db, { action: 'session.no-entities', userId: user.userId, companyId: company.id, ip: client.ip });
      throw forbidden(msg.sinEntidadesEnEmpresa);
    }
    await writeAudit(this.d.db, { action: 'session.added', userId: user.userId, companyId: company.id, ip: client.ip });
    const entities = await repo.listUserEntities(this.d.db, user.userId, company.id);
    return { success: true, entidades: entities.map(toEntidad), empresacuit: company.cuit, host: '/api/public', msg: msg.sesionCreada };
  }

  async entitiesOf(user: AuthUser, cuit: string) {
    const company = await repo.findCompanyByCuit(this.d.db, cuit);
    const membership = company?.active ? await repo.findMembership(this.d.db, user.userId, company.id) : undefined;
    if (!company || !membership) throw forbidden(msg.empresaSinAcceso);
    if (membership.suspended) throw forbidden(msg.sesionSuspendida);
    const entities = await repo.listUserEntities(this.d.db, user.userId, company.id);
    return { success: true, entidades: entities.map(toEntidad), msg: entities.length ? '' : msg.sinEntidades };
  }

  async deleteSession(user: AuthUser, cuit: string) {
    const company = await repo.findCompanyByCuit(this.d.db, cuit);
    if (!company || !(await repo.deleteActiveSession(this.d.db, user.userId, company.id))) throw notFound(msg.sesionInexistente);
    await writeAudit(this.d.db, { action: 'session.deleted', userId: user.userId, companyId: company.id, ip: user.ip });
    return { success: true, msg: msg.sesionEliminada };
  }

  // ── Registration with SMS code ───────────────────────────────────────────────────────────────────────────

  private codeHash(serviceId: string, code: string): string {
    return sha256(`${this.d.tokenSecret}:${serviceId}:${code}`);
  }

  private async sendCode(phone: string, code: string) {
    try {
      await this.d.sms.send(`+54${phone}`, `Su código de verificación es ${code}. Vence en 10 minutos.`);
    } catch (err) {
      this.d.log.error({ err }, 'SMS send failed');
      throw new HttpError(502, msg.errorEnvioSms);
    }
  }

  async register(body: z.output<typeof registerRequest>, client: Client) {
    await this.d.limiter.hit(LIMITS.registerPerIp, client.ip);
    await this.d.limiter.hit(LIMITS.registerPerEmail, body.email);
    if (await repo.findUserByEmail(this.d.db, body.email)) throw new HttpError(409, msg.emailYaRegistrado);
    // 'Corregir mis datos' and sending again to the same mobile with the same e-mail: the code already sent is
    // still valid, so the corrected data replace the pending ones and no SMS goes out (nor counts).
    const live = await repo.findLatestPendingByPhone(this.d.db, body.nrotel);
    if (live && live.email === body.email && live.attempts < CODE_MAX_ATTEMPTS && new Date(live.code_expires_at).getTime() > Date.now()) {
      await repo.updatePendingData(this.d.db, live.id, {
        first_name: body.nombre, last_name: body.apellido, cuit: body.cuit, password_hash: await hashPassword(body.password),
      });
      return { success: true, serviceid: live.id, title: msg.usuarioCreadoTitulo, msg: msg.codigoVigente(formatPhone(body.nrotel)) };
    }
    // The budget counts the SMS this phone receives: what a flood of messages to someone's mobile would abuse.
    await this.d.limiter.hit(LIMITS.smsPerPhone, body.nrotel, smsRetryMessage);
    const id = randomUUID();
    const code = randomCode();
    await repo.insertPendingRegistration(this.d.db, {
      id,
      email: body.email,
      first_name: body.nombre,
      last_name: body.apellido,
      cuit: body.cuit,
      phone: body.nrotel,
      password_hash: await hashPassword(body.password),
      code_hash: this.codeHash(id, code),
      code_expires_at: new Date(Date.now() + CODE_TTL_MS),
    });
    try {
      await this.sendCode(body.nrotel, code);
    } catch (e) {
      await repo.deletePendingRegistration(this.d.db, id);
      throw e;
    }
    return { success: true, serviceid: id, title: msg.usuarioCreadoTitulo, msg: msg.codigoEnviado(formatPhone(body.nrotel)) };
  }

  async checkCode(body: z.output<typeof checkRequest>, client: Client) {
    await this.d.limiter.hit(LIMITS.checkPerIp, client.ip);
    const pending = await repo.findPendingRegistration(this.d.db, body.serviceid);
    if (!pending || pending.email !== body.email) throw badRequest(msg.registroInexistente);
    if (pending.attempts >= CODE_MAX_ATTEMPTS) throw badRequest(msg.codigoSinIntentos);
    if (new Date(pending.code_expires_at).getTime() <= Date.now()) throw badRequest(msg.codigoVencido);
    const attempt = await repo.countAttempt(this.d.db, pending.id, CODE_MAX_ATTEMPTS);
    if (attempt === null) throw badRequest(msg.codigoSinIntentos);
    if (this.codeHash(pending.id, body.codigo) !== pending.code_hash) {
      await writeAudit(this.d.db, { action: 'register.bad-code', ip: client.ip, detail: { serviceid: pending.id } });
      throw badRequest(attempt >= CODE_MAX_ATTEMPTS ? msg.codigoSinIntentos : msg.codigoIncorrecto);
    }
    const userId = await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.completeRegistration(trx, pending.id))) throw badRequest(msg.registroInexistente);
      if (await repo.findUserByEmail(trx, pending.email)) throw new HttpError(409, msg.emailYaRegistrado);
      const created = await repo.insertUser(trx, {
        username: pending.email,
        email: pending.email,
        first_name: pending.first_name,
        last_name: pending.last_name,
        password_hash: pending.password_hash,
        phone: pending.phone,
        cuit: pending.cuit,
      });
      return created.id;
    });
    await writeAudit(this.d.db, { action: 'register.completed', userId, ip: client.ip });
    return { success: true, title: msg.usuarioCreadoTitulo, msg: msg.usuarioCreado };
  }

  async resendCode(body: z.output<typeof verificationSmsRequest>, client: Client) {
    await this.d.limiter.hit(LIMITS.smsPerIp, client.ip);
    const pending = body.serviceid
      ? await repo.findPendingRegistration(this.d.db, body.serviceid)
      : await repo.findLatestPendingByPhone(this.d.db, body.nrotel);
    if (!pending || pending.phone !== body.nrotel) throw badRequest(msg.registroInexistente);
    await this.d.limiter.hit(LIMITS.smsPerPhone, body.nrotel, smsRetryMessage);
    const code = randomCode();
    // Sent first: when the SMS cannot go out, nothing changes and the code sent before stays valid.
    await this.sendCode(pending.phone, code);
    await repo.replaceCode(this.d.db, pending.id, this.codeHash(pending.id, code), new Date(Date.now() + CODE_TTL_MS));
    return { success: true, serviceid: pending.id, title: msg.usuarioCreadoTitulo, msg: msg.nuevoCodigoEnviado(formatPhone(pending.phone)) };
  }

  // ── Recovery ─────────────────────────────────────────────────────────────────────────────────────────────

  /** Always the same answer, whether or not the e-mail is registered; the mail is sent in the background. */
  async forgotPassword(body: z.output<typeof forgotRequest>, client: Client) {
    await this.d.limiter.hit(LIMITS.recoveryPerIp, client.ip);
    await this.d.limiter.hit(LIMITS.recoveryPerAccount, body.mail);
    const user = await repo.findUserByEmail(this.d.db, body.mail);
    if (user) {
      const token = randomToken();
      await repo.insertPasswordReset(this.d.db, sha256(token), user.id, new Date(Date.now() + RESET_TTL_MS));
      await writeAudit(this.d.db, { action: 'recovery.requested', userId: user.id, ip: client.ip });
      const mail = recoveryMail({ to: user.email, firstName: user.first_name, link: `${this.d.config.publicUrl}/#/forgot/${token}` });
      void this.d.mailer.send(mail).catch((err: unknown) => this.d.log.error({ err, userId: user.id }, 'recovery mail failed'));
    }
    return { success: true, title: msg.recuperoTitulo, msg: msg.recuperoEnviado };
  }

  async changePassword(body: z.output<typeof changePasswordRequest>, client: Client) {
    await this.d.limiter.hit(LIMITS.recoveryPerIp, client.ip);
    const tokenHash = sha256(body.hash);
    const reset = await repo.findPasswordReset(this.d.db, tokenHash);
    if (!reset || reset.used_at) throw badRequest(msg.recuperoInvalido);
    if (new Date(reset.expires_at).getTime() <= Date.now()) throw badRequest(msg.recuperoVencido);
    const hash = await hashPassword(body.pass);
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.consumePasswordReset(trx, tokenHash, reset.user_id))) throw badRequest(msg.recuperoInvalido);
      await repo.updateUser(trx, reset.user_id, { password_hash: hash, change_password: false });
      await repo.revokeAllFamilies(trx, reset.user_id, 'password-reset');
    });
    await writeAudit(this.d.db, { action: 'recovery.completed', userId: reset.user_id, ip: client.ip });
    return { success: true, title: msg.recuperoTitulo, msg: msg.passwordCambiada };
  }
}
