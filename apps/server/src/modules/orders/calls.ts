import { carouselQuery, catalogQuery, facetQuery, FACET_TYPES, historyQuery, statusListQuery, STATUS_LISTS, type StatusList } from '@portal/contract';
import { parseOr400 } from '../../lib/route.js';
import type { AuthUser, EntityTenant } from '../../lib/identity.js';
import type { CartKind } from '../cart/index.js';
import type { OrderingServices } from './services.js';

/**
 * GET /proxy/pedidos and GET /proxy/ordenescompra each answer several calls told apart by the query (ordering.md §7).
 * A path's calls are a table of named handlers: with `type`, the handler of that type (the table names every type
 * the contract's enum allows, so a new type without a handler fails the typecheck); without it, the first call
 * whose flag the query sets, else the default call. A new call is a new entry, not a new branch.
 */
export type CallInput = { user: AuthUser; tenant: EntityTenant; query: Record<string, unknown> };
/** A call answers A: the union of the path's answers (its route's response schema), so the table typechecks against the contract. */
export type Call<A = unknown> = (input: CallInput) => Promise<A>;
export type CallTable<T extends string, A> = {
  byType: Record<T, Call<A>>;
  /** In order: the first whose `when` holds for the query answers. */
  byFlag: ReadonlyArray<{ name: string; when: (query: Record<string, unknown>) => boolean; call: Call<A> }>;
  otherwise: Call<A>;
};

export function dispatch<T extends string, A>(table: CallTable<T, A>, input: CallInput & { query: { type?: T } }): Promise<A> {
  const type = input.query.type;
  if (type !== undefined) return table.byType[type](input);
  return (table.byFlag.find((f) => f.when(input.query))?.call ?? table.otherwise)(input);
}

/** The same handler for each of the keys. */
export function each<K extends string, A>(keys: readonly K[], call: Call<A>): Record<K, Call<A>> {
  return Object.fromEntries(keys.map((k) => [k, call])) as Record<K, Call<A>>;
}

/** The catalogue's scope: company, entity, user and the entity's price lists (read by the access gate). */
export const scopeOf = (user: AuthUser, tenant: EntityTenant) => ({ companyId: tenant.company.id, entityId: tenant.entity.id, userId: user.userId, lists: tenant.entity.priceLists });
const statusOf = (q: Partial<Record<StatusList, boolean>>): StatusList | undefined => STATUS_LISTS.find((s) => q[s]);

/** The calls both paths share: the catalogue search, its facet lists and the orders by status. */
export function sharedCalls(s: Pick<OrderingServices, 'catalog' | 'lists'>, kind: CartKind) {
  const facet = async ({ user, tenant, query }: CallInput) => s.catalog.facet(scopeOf(user, tenant), parseOr400(facetQuery, query));
  const catalogue = async ({ user, tenant, query }: CallInput) => s.catalog.search(scopeOf(user, tenant), parseOr400(catalogQuery, query));
  const statusList = {
    name: 'pendientes | aprobados | aplicados',
    when: (query: Record<string, unknown>) => statusOf(parseOr400(statusListQuery, query)) !== undefined,
    call: async ({ tenant, query }: CallInput) => {
      const q = parseOr400(statusListQuery, query);
      return s.lists.statusList(kind, tenant, statusOf(q)!, q.start ?? 0, q.limit);
    },
  };
  return { facets: each(FACET_TYPES, facet), catalogue, statusList };
}

/** The sales-only calls without a type: the history and the three carousels. */
export function salesFlagCalls(s: Pick<OrderingServices, 'catalog' | 'history'>) {
  const carousel = (which: 'visitados' | 'comprados' | 'promociones') => ({
    name: which,
    when: (query: Record<string, unknown>) => parseOr400(carouselQuery, query)[which] === true,
    call: async ({ user, tenant, query }: CallInput) => s.catalog.carousel(scopeOf(user, tenant), which, parseOr400(carouselQuery, query).limit),
  });
  return [
    {
      name: 'historial',
      when: (query: Record<string, unknown>) => parseOr400(historyQuery, query).historial === true,
      call: async ({ tenant, query }: CallInput) => {
        const h = parseOr400(historyQuery, query);
        const limit = h.limit ?? undefined;
        const start = h.start ?? (h.page ? (h.page - 1) * (limit ?? 8) : 0);
        return s.history.history(tenant, h.mes, start, limit);
      },
    },
    carousel('visitados'),
    carousel('comprados'),
    carousel('promociones'),
  ];
}
