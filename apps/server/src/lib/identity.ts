import type { ModuleSettingsRow } from './module-access.js';

/*
 * Who a request is and for whom it acts: the access gate (plugins/access.ts) builds these from the token and the
 * Cuit / Entity_ID / Actua_como headers, registerRoute (lib/route.ts) hands them to every handler, and the areas'
 * services take them.
 */

/** The lists an entity buys at: its own (or the default), and the company's default list for what its own lacks. */
export type PriceLists = { id: number; fallback: number };

/** `ip`: the address the request came from (request.ip, TRUST_PROXY honoured), which its audit rows record. */
export type AuthUser = { userId: number; familyId: string; username: string; email: string; ip: string };

/**
 * Credentials a browser-opened URL carries in its query (window.open and <a href> cannot send headers): `token`
 * stands for the bearer header, `cooperativa` for Cuit and `entity_id` for Entity_ID. registerRoute passes them to
 * the gate for the uses its descriptor names; the very same checks run on them.
 */
export type QueryCredentials = { token?: string | undefined; cooperativa?: string | undefined; entity_id?: string | undefined };

export type Tenant = {
  company: { id: number; cuit: string; name: string; code: number };
  isAdmin: boolean;
  profileIds: number[];
  defaultProfileId: number;
  desktop: boolean;
  mobile: boolean;
  groupAccounts: boolean;
  hiddenCurrencies: string[];
  /**
   * The entity the request acts for: Entity_ID, or Actua_como for an administrator; `priceLists` the lists it buys at
   * (its own, or the company's default, and the default for what its own lacks; null when the company has neither).
   */
  entity: { id: number; code: number; name: string; active: boolean; priceLists: PriceLists | null } | null;
  actingAs: boolean;
  /** The module settings read with the membership (requireModule needs no query of its own). */
  modules?: ModuleSettingsRow[];
};

/** The tenant of an entity-scoped call: the gate never lets one through without an active entity. */
export type EntityTenant = Tenant & { entity: NonNullable<Tenant['entity']> };

/** The company and entity an entity-scoped read is limited to (ledgers, documents, positions, contracts). */
export type EntityScope = { companyId: number; entityId: number };

/** The company and the user a warehouse, stock or field call acts as; `ip` goes to its audit rows. */
export type UserScope = { companyId: number; userId: number; ip?: string | null };

/** The scope of an entity-scoped call (registerRoute's entity routes always have an entity). */
export function scopeOf(tenant: { company: { id: number }; entity: { id: number } }): EntityScope {
  return { companyId: tenant.company.id, entityId: tenant.entity.id };
}
