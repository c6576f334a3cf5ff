import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  type actuaComoRequest,
  msg,
  PARAMETRO_INFO,
  PARAMETROS,
  type updateUserRequest,
  type Configuracion,
  type createUserRequest,
  type entidadesSearchQuery,
  type modulesSaveRequest,
  type ModulesSaveResponse,
  type parametrosSaveRequest,
  type usuariosListQuery,
  type auditQuery,
  type AuditListResponse,
} from '@portal/contract';
import type { DB } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { hashPassword } from '../../lib/crypto.js';
import { companyParameters } from '../../lib/company-parameters.js';
import { badRequest, forbidden, HttpError } from '../../lib/http-errors.js';
import type { AuthUser, Tenant } from '../../lib/identity.js';
import { toEntidad } from '../access/index.js';
import { appendEvent, linkedEntities, userEntitiesChanged } from '../integration/index.js';
import * as repo from './repository.js';
import { toAdminUser } from './mapper.js';
import { buildTree, checkWithinCompany, COMPANY_DEFAULT, enableParents, flattenInput, modulesForProfiles, splitOwnAndInherited } from './module-rules.js';

export type AdminDeps = { db: DB; log: FastifyBaseLogger };

type Out<S extends z.ZodType> = z.output<S>;

/** A unique index of live users refused an insert or update that a concurrent request won: 409 all the same. */
function conflictOf(e: unknown): HttpError | null {
  const err = e as { code?: string; constraint?: string; message?: string };
  if (err?.code !== '23505') return null;
  const which = `${err.constraint ?? ''} ${err.message ?? ''}`;
  if (which.includes('erp_code')) return new HttpError(409, msg.codigoChoferEnUso);
  return new HttpError(409, which.includes('email') ? msg.emailYaRegistrado : msg.usuarioEnUso);
}

/**
 * Users, acting entity, module configuration, parameters and filter lists of one company. The route has
 * already checked the token, the company and the administrator role; each function here confines every id it
 * is given (a user, an entity, a module) to that company before touching it.
 */
export class AdminService {
  private readonly storedParameters: ReturnType<typeof companyParameters>;

  constructor(private readonly d: AdminDeps) {
    this.storedParameters = companyParameters(d.db);
  }

  // ── Users ───────────────────────────────────────────────────────────────────────────────────────────────────

  private async itemOf(db: DB, companyId: number, userId: number) {
    const row = await repo.findCompanyUser(db, companyId, { id: userId });
    if (!row) throw forbidden(msg.usuarioAjeno);
    const [profiles, entities] = await Promise.all([repo.profilesOf(db, companyId, [userId]), repo.entitiesOf(db, companyId, [userId])]);
    return toAdminUser(row, profiles, entities);
  }

  async listUsers(tenant: Tenant, query: Out<typeof usuariosListQuery>) {
    const companyId = tenant.company.id;
    const { total, rows } = await repo.listCompanyUsers(this.d.db, companyId, query);
    const ids = rows.map((r) => r.id);
    const [profiles, entities] = await Promise.all([repo.profilesOf(this.d.db, companyId, ids), repo.entitiesOf(this.d.db, companyId, ids)]);
    return { success: true as const, total, items: rows.map((r) => toAdminUser(r, profiles, entities)) };
  }

  private async checkProfiles(db: DB, ids: number[]) {
    const found = await repo.existingProfileIds(db, ids);
    if (found.length !== ids.length) throw badRequest(msg.perfilInexistente);
  }

  /** Entity codes → ids, each one of the company's (400 naming the first that is not). */
  private async entityIds(db: DB, companyId: number, codes: number[]): Promise<number[]> {
    const rows = await repo.entitiesByCodes(db, companyId, codes);
    const byCode = new Map(rows.map((r) => [r.code, r.id]));
    const missing = codes.find((c) => !byCode.has(c));
    if (missing !== undefined) throw badRequest(msg.entidadInexistente(missing));
    return codes.map((c) => byCode.get(c)!);
  }

  /** 409 when another member of the company already has this ERP driver code (the unique index is the last word). */
  private async assertDriverCodeFree(companyId: number, code: string | null | undefined, userId: number | null) {
    if (code && (await repo.erpCodeTaken(this.d.db, companyId, code, userId))) throw new HttpError(409, msg.codigoChoferEnUso);
  }

  async createUser(admin: AuthUser, tenant: Tenant, body: Out<typeof createUserRequest>) {
    const companyId = tenant.company.id;
    await this.checkProfiles(this.d.db, body.perfiles);
    const entityIds = await this.entityIds(this.d.db, companyId, body.entidades);
    const taken = await repo.takenBy(this.d.db, { username: body.username, email: body.email });
    if (taken.username) throw new HttpError(409, msg.usuarioEnUso);
    if (taken.email) throw new HttpError(409, msg.emailYaRegistrado);
    await this.assertDriverCodeFree(companyId, body.codigo_chofer, null);
    // Hashed before the transaction: argon2 takes a while and a transaction holds the embedded database.
    const passwordHash = await hashPassword(body.password);
    try {
      const userId = await this.d.db.transaction().execute(async (trx) => {
        const { id } = await repo.insertUser(trx, {
          username: body.username,
          email: body.email,
          first_name: body.first_name,
          last_name: body.last_name,
          password_hash: passwordHash,
        });
        await repo.insertMembership(trx, {
          userId: id,
          companyId,
          defaultProfileId: Math.min(...body.perfiles),
          groupAccounts: body.agrupactasctes,
          hiddenCurrencies: body.ocultamonedas,
          erpCode: body.codigo_chofer,
        });
        await repo.replaceProfiles(trx, companyId, id, body.perfiles);
        await repo.replaceEntities(trx, companyId, id, entityIds);
        const linked = await userEntitiesChanged(trx, companyId, id, [], admin.userId);
        if (linked) await appendEvent(trx, linked);
        await writeAudit(trx, { action: 'admin.user-created', userId: admin.userId, ip: admin.ip, companyId, detail: { user: id, username: body.username } });
        return id;
      });
      return { success: true as const, msg: msg.usuarioAlta, item: await this.itemOf(this.d.db, companyId, userId) };
    } catch (e) {
      throw conflictOf(e) ?? e;
    }
  }

  /** PATCH /proxy/usuarios/{id} without `actua_como`: edits the user (each field present is changed). */
  async updateUser(admin: AuthUser, tenant: Tenant, id: string, body: Out<typeof updateUserRequest>) {
    const companyId = tenant.company.id;
    // The path names the user by id or, as DELETE and the module calls do, by username.
    const target = /^\d{1,9}$/.test(id)
      ? await repo.findCompanyUser(this.d.db, companyId, { id: Number(id) })
      : await repo.findCompanyUser(this.d.db, companyId, { username: id.trim().toLowerCase() });
    if (!target) throw forbidden(msg.usuarioAjeno);

    const account: { email?: string; first_name?: string; last_name?: string } = {};
    if (body.email !== undefined && body.email !== target.email) account.email = body.email;
    if (body.first_name !== undefined && body.first_name !== target.first_name) account.first_name = body.first_name;
    if (body.last_name !== undefined && body.last_name !== target.last_name) account.last_name = body.last_name;
    // Names and e-mail belong to the person's account, shared by every company they work with: one company's
    // administrator may not rewrite them for the others.
    if (Object.keys(account).length > 0 && (await repo.countOtherMemberships(this.d.db, target.id, companyId)) > 0) {
      throw forbidden(msg.cuentaCompartida);
    }
    if (account.email && (await repo.takenBy(this.d.db, { email: account.email }, target.id)).email) throw new HttpError(409, msg.emailYaRegistrado);
    if (body.perfiles) await this.checkProfiles(this.d.db, body.perfiles);
    await this.assertDriverCodeFree(companyId, body.codigo_chofer, target.id);
    const entityIds = body.entidades ? await this.entityIds(this.d.db, companyId, body.entidades) : undefined;

    try {
      await this.d.db.transaction().execute(async (trx) => {
        await repo.updateAccount(trx, target.id, account);
        const membership: Parameters<typeof repo.updateMembership>[3] = {};
        if (body.agrupactasctes !== undefined) membership.group_accounts = body.agrupactasctes;
        if (body.ocultamonedas !== undefined) membership.hidden_currencies = body.ocultamonedas;
        if (body.codigo_chofer !== undefined && body.codigo_chofer !== target.erp_code) membership.erp_code = body.codigo_chofer;
        if (body.perfiles) {
          await repo.replaceProfiles(trx, companyId, target.id, body.perfiles);
          if (!body.perfiles.includes(target.default_profile_id)) membership.default_profile_id = Math.min(...body.perfiles);
        }
        await repo.updateMembership(trx, companyId, target.id, membership);
        if (entityIds) {
          const before = await linkedEntities(trx, companyId, target.id);
          await repo.replaceEntities(trx, companyId, target.id, entityIds);
          const changed = await userEntitiesChanged(trx, companyId, target.id, before, admin.userId);
          if (changed) await appendEvent(trx, changed);
        }
        await writeAudit(trx, {
          action: 'admin.user-updated',
          userId: admin.userId,
          ip: admin.ip,
          companyId,
          detail: { user: target.id, fields: Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined) },
        });
      });
    } catch (e) {
      throw conflictOf(e) ?? e;
    }
    return { success: true as const, msg: msg.usuarioGuardado, item: await this.itemOf(this.d.db, companyId, target.id) };
  }

  /** PATCH /proxy/usuarios/{username} with `actua_como`: the administrator's own choice of the entity to act as, kept on the account (users.entity_acting_as). */
  async actAs(admin: AuthUser, tenant: Tenant, username: string, body: Out<typeof actuaComoRequest>) {
    if (username.trim().toLowerCase() !== admin.username) throw forbidden(msg.actuaComoPropio);
    const companyId = tenant.company.id;
    if (!body.actua_como) {
      await this.d.db.transaction().execute(async (trx) => {
        await repo.setActingAs(trx, admin.userId, null);
        await writeAudit(trx, { action: 'admin.acting-as', userId: admin.userId, ip: admin.ip, companyId, detail: { entity: null } });
      });
      return { success: true as const, msg: msg.actuaComoQuitado, entidad: null };
    }
    const entity = await repo.findEntityByCode(this.d.db, companyId, body.entidad!);
    if (!entity) throw forbidden(msg.entidadSinAcceso);
    if (!entity.active) throw forbidden(msg.entidadInactiva);
    await this.d.db.transaction().execute(async (trx) => {
      await repo.setActingAs(trx, admin.userId, entity.id);
      await writeAudit(trx, { action: 'admin.acting-as', userId: admin.userId, ip: admin.ip, companyId, detail: { entity: entity.code } });
    });
    return { success: true as const, msg: msg.entidadElegida, entidad: toEntidad(entity) };
  }

  /**
   * Takes the user out of the company; a user left without companies is soft-deleted (their username and
   * e-mail become free). Either way every session of the user ends.
   */
  async deleteUser(admin: AuthUser, tenant: Tenant, username: string) {
    const companyId = tenant.company.id;
    const target = await repo.findCompanyUser(this.d.db, companyId, { username });
    if (!target) throw forbidden(msg.usuarioAjeno);
    if (target.id === admin.userId) throw badRequest(msg.eliminarPropio);
    await this.d.db.transaction().execute(async (trx) => {
      const linked = await linkedEntities(trx, companyId, target.id);
      await repo.removeMembership(trx, companyId, target.id);
      const unlinked = await userEntitiesChanged(trx, companyId, target.id, linked, admin.userId);
      if (unlinked) await appendEvent(trx, unlinked);
      const others = await repo.countOtherMemberships(trx, target.id, companyId);
      if (others === 0) await repo.softDeleteUser(trx, target.id);
      await repo.revokeUserTokens(trx, target.id, 'removed-by-admin');
      await writeAudit(trx, {
        action: others === 0 ? 'admin.user-deleted' : 'admin.user-removed',
        userId: admin.userId,
        ip: admin.ip,
        companyId,
        detail: { user: target.id, username: target.username },
      });
    });
    return { success: true as const, msg: msg.usuarioEliminado };
  }

  // ── Entities, filter lists, companies ───────────────────────────────────────────────────────────────────────

  async searchEntities(tenant: Tenant, query: Out<typeof entidadesSearchQuery>) {
    const companyId = tenant.company.id;
    if (query.codent !== undefined) {
      const e = await repo.findEntityByCode(this.d.db, companyId, query.codent);
      return { success: true as const, entidades: e ? [toEntidad(e)] : [] };
    }
    const rows = await repo.searchEntities(this.d.db, companyId, query.patron!, 20);
    return { success: true as const, entidades: rows.map(toEntidad) };
  }

  async filterList(tenant: Tenant, list: 'sellers' | 'entities' | 'zones') {
    const load = { sellers: repo.listSellerItems, entities: repo.listEntityItems, zones: repo.listZoneItems }[list];
    return { success: true as const, items: await load(this.d.db, tenant.company.id) };
  }

  /** The audit trail of the company, read-only (nothing in the API edits or deletes audit rows). */
  async audit(tenant: Tenant, query: Out<typeof auditQuery>): Promise<AuditListResponse> {
    const { rows, total } = await repo.listAudit(this.d.db, tenant.company.id, query);
    return {
      success: true,
      total,
      items: rows.map((r) => ({
        id: Number(r.id),
        fecha: new Date(r.created_at).toISOString(),
        usuario: r.username ?? null,
        accion: r.action,
        ip: r.ip,
        detalle: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as Record<string, unknown>,
      })),
    };
  }

  async companies(user: AuthUser) {
    const rows = await repo.listUserCompanies(this.d.db, user.userId);
    return { success: true as const, items: rows.map((c) => ({ cuit: c.cuit, razonsocial: c.name, codemp: c.code })) };
  }

  // ── Module configuration ────────────────────────────────────────────────────────────────────────────────────

  private async companyContext(companyId: number) {
    const [modules, settings] = await Promise.all([repo.listModules(this.d.db), repo.companySettings(this.d.db, companyId)]);
    const company = (id: string) => settings.get(id) ?? COMPANY_DEFAULT;
    return { modules, known: new Map(modules.map((m) => [m.id, m])), company };
  }

  async companyModules(tenant: Tenant) {
    const { modules, company } = await this.companyContext(tenant.company.id);
    return { success: true as const, menu: buildTree(modules, (id) => ({ setting: company(id) }), company) };
  }

  async saveCompanyModules(admin: AuthUser, tenant: Tenant, body: Out<typeof modulesSaveRequest>): Promise<ModulesSaveResponse> {
    const companyId = tenant.company.id;
    const { known, company } = await this.companyContext(companyId);
    const settings = flattenInput(body.menu, known);
    enableParents(settings, known, company);
    const beyond = await this.d.db.transaction().execute(async (trx) => {
      await repo.upsertCompanySettings(trx, companyId, settings);
      await writeAudit(trx, { action: 'admin.company-modules', userId: admin.userId, ip: admin.ip, companyId, detail: { modules: [...settings.keys()] } });
      return repo.countUsersBeyondCompany(trx, companyId);
    });
    return beyond > 0
      ? { success: true, warning: true, msg: msg.modulosUsuariosExceden(beyond) }
      : { success: true, warning: false, msg: msg.modulosGuardados };
  }

  private async userContext(tenant: Tenant, username: string) {
    const companyId = tenant.company.id;
    const target = await repo.findCompanyUser(this.d.db, companyId, { username });
    if (!target) throw forbidden(msg.usuarioAjeno);
    const [ctx, own, profiles] = await Promise.all([
      this.companyContext(companyId),
      repo.userSettings(this.d.db, companyId, target.id),
      repo.profileIdsOf(this.d.db, companyId, target.id),
    ]);
    const modules = modulesForProfiles(ctx.modules, profiles.map((p) => p.profile_id));
    return { target, own, modules, known: new Map(modules.map((m) => [m.id, m])), company: ctx.company };
  }

  async userModules(tenant: Tenant, username: string) {
    const { own, modules, company } = await this.userContext(tenant, username);
    const value = (id: string) => {
      const s = own.get(id);
      return { setting: s ?? company(id), own: Boolean(s) };
    };
    return { success: true as const, menu: buildTree(modules, value, company) };
  }

  async saveUserModules(admin: AuthUser, tenant: Tenant, username: string, body: Out<typeof modulesSaveRequest>): Promise<ModulesSaveResponse> {
    const companyId = tenant.company.id;
    const { target, own, known, company } = await this.userContext(tenant, username);
    const settings = flattenInput(body.menu, known);
    enableParents(settings, known, (id) => own.get(id) ?? company(id));
    checkWithinCompany(settings, known, company);
    const { own: rows, inherit } = splitOwnAndInherited(settings, company);
    await this.d.db.transaction().execute(async (trx) => {
      await repo.saveUserSettings(trx, companyId, target.id, rows, inherit);
      await writeAudit(trx, { action: 'admin.user-modules', userId: admin.userId, ip: admin.ip, companyId, detail: { user: target.id, modules: [...settings.keys()] } });
    });
    return { success: true, warning: false, msg: msg.modulosGuardados };
  }

  // ── Module parameters ───────────────────────────────────────────────────────────────────────────────────────

  private async configuracion(companyId: number): Promise<Configuracion> {
    const stored = await this.storedParameters(companyId);
    return Object.fromEntries(
      PARAMETROS.map((k) => {
        const v = stored.get(k);
        return [k, v === undefined ? PARAMETRO_INFO[k].defecto : v === 'true'];
      }),
    ) as Configuracion;
  }

  async parameters(tenant: Tenant) {
    return { success: true as const, configuracion: await this.configuracion(tenant.company.id) };
  }

  async saveParameters(admin: AuthUser, tenant: Tenant, body: Out<typeof parametrosSaveRequest>) {
    const companyId = tenant.company.id;
    const values = Object.entries(body.configuracion)
      .filter((e): e is [string, boolean] => typeof e[1] === 'boolean')
      .map(([key, value]) => ({ key, value: String(value) }));
    await this.d.db.transaction().execute(async (trx) => {
      await repo.upsertParameters(trx, companyId, values);
      await writeAudit(trx, { action: 'admin.parameters', userId: admin.userId, ip: admin.ip, companyId, detail: Object.fromEntries(values.map((v) => [v.key, v.value])) });
    });
    return { success: true as const, msg: msg.parametrosGuardados, configuracion: await this.configuracion(companyId) };
  }
}
