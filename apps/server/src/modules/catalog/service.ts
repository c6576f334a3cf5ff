import type { z } from 'zod';
import { ORDERING, orderingMsg, type catalogQuery, type facetQuery, type CatalogResponse, type FacetType, type Product } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { KeptAnswers } from '../../db/answer-cache.js';
import { forbidden } from '../../lib/http-errors.js';
import type { AuthUser, EntityScope, PriceLists } from '../../lib/identity.js';
import { JsonText } from '../../lib/json-text.js';
import { productParts, productText, toProduct } from './mapper.js';
import { ProductTexts } from './product-texts.js';
import * as repo from './repository.js';

type Filter = z.output<typeof catalogQuery>['filtros'];
/**
 * `lists`: the entity's price lists when the caller has them (the access gate's row carries them); read here
 * otherwise.
 */
export type Scope = EntityScope & { userId: number; lists?: PriceLists | null };

/** The Filter of the wire → the repository's column filter. */
export function toCatalogFilter(f: Filter | Omit<z.output<typeof facetQuery>, 'type'>): repo.CatalogFilter {
  const facets: Partial<Record<FacetType, number>> = {
    unegocio: f.negocio_id,
    familia: f.familia_id,
    subfamilia: f.subfamilia_id,
    presentacion: f.presentacion_id,
    rubro: f.rubro_id,
    subrubro: f.subrubro_id,
    linea: f.linea_id,
    marca: f.marca_id,
  };
  return {
    words: f.patron ? repo.normaliseSearch(f.patron) : [],
    facets,
    unit: f.unidad?.trim() || undefined,
    isNew: f.es_nuevo === true,
    isPromotion: f.es_promocion === true,
  };
}

/**
 * The catalogue's entity-independent answers (which products match a filter, in which order, how many; the facet
 * lists) change only when the ERP updates products, while customers repeat the same searches all day. Each process
 * keeps them for a minute in a bounded map (oldest out first), forgotten at once at any committed write to the tables
 * they are read from (RESULT_TABLES), in this process or another (db/write-watch.ts: PostgreSQL NOTIFY at the commit),
 * so an ERP sync shows on the next search; TTL_MS bounds what a write outside the portal could leave behind. The
 * products' own texts with their prices are kept per price list (product-texts.ts, forgotten the same way); last
 * purchases and the cart are never kept: they are read for the page's products on every request.
 */
const TTL_MS = 60_000;
/** What the kept results read: the products (with their price lists, kept from price_list_items) and the facets. */
const RESULT_TABLES = ['products', 'product_facets', 'price_list_items'] as const;
/** The tables the catalogue keeps answers from (product-texts.ts reads a part of them): a bulk load reports its writes to them once, at its end. */
export const CATALOGUE_KEPT_TABLES: readonly string[] = RESULT_TABLES;
const MAX_ENTRIES = 2_000;
/**
 * A text (words alone) with at least this many matches gets its exact total and first pages kept in the database
 * (catalog_word_counts, kept right by triggers on products): matching, counting and sorting 30,000 products on every
 * cold search cost PostgreSQL 20–80 ms; below this the trigram index answers in a few milliseconds.
 */
const KEEP_WORDS_FROM = 2_000;
/** How many first ids are kept: the first ten pages; a page past them is computed as any other. */
const KEPT_IDS = 10 * ORDERING.catalogPageSize;

export class CatalogService {
  private readonly results: KeptAnswers;
  private readonly texts: ProductTexts;

  constructor(
    private readonly db: DB,
    private readonly keepWordsFrom = KEEP_WORDS_FROM,
  ) {
    this.results = KeptAnswers.watching(db, RESULT_TABLES, TTL_MS, MAX_ENTRIES);
    this.texts = new ProductTexts(db, TTL_MS);
  }

  private listsOf(scope: Scope): Promise<PriceLists | null> | PriceLists | null {
    return scope.lists !== undefined ? scope.lists : repo.priceListOf(this.db, scope.companyId, scope.entityId);
  }

  /** The page's products priced for the entity (a product without a price in its lists is left out). */
  private async products(scope: Scope, ids: number[]): Promise<Product[]> {
    return (await repo.productsByIds(this.db, scope, ids)).map(toProduct);
  }

  /**
   * The same products as `products`, as JSON text (lib/json-text.ts): the part every customer of the entity's price
   * lists shares is written once and kept (product-texts.ts); each page reads only the customer's last purchases and
   * cart when every product of it is kept, else the whole rows as `products` does, and keeps their shared parts.
   */
  private async productTexts(scope: Scope, ids: number[]): Promise<JsonText[]> {
    if (ids.length === 0) return [];
    const lists = await this.listsOf(scope);
    if (!lists) return (await this.products(scope, ids)).map((p) => new JsonText(JSON.stringify(p)));
    const key = `${scope.companyId}:${lists.id}:${lists.fallback}`;
    const kept = this.texts.get(key, ids);
    if (kept) {
      const sold = ids.filter((_, i) => kept[i] !== null);
      const own = new Map((await repo.ownOfProducts(this.db, scope, sold)).map((r) => [r.id, r]));
      const out: JsonText[] = [];
      for (let i = 0; i < ids.length; i++) {
        const parts = kept[i];
        if (parts) out.push(new JsonText(productText(parts, own.get(ids[i]!)!)));
      }
      return out;
    }
    const mark = this.texts.mark;
    const rows = await repo.productsByIds(this.db, scope, ids, lists);
    this.texts.keep(key, mark, ids, rows, productParts);
    return rows.map((r) => new JsonText(JSON.stringify(toProduct(r))));
  }

  /** Catalogue page: 12 by default, with the exact total of matching products. */
  async search(scope: Scope, q: z.output<typeof catalogQuery>): Promise<CatalogResponse> {
    const limit = q.limit ?? ORDERING.catalogPageSize;
    const start = q.start ?? (q.page ? (q.page - 1) * limit : 0);
    const filter = { ...toCatalogFilter(q.filtros), lists: await this.listsOf(scope) };
    const page = await this.results.get(`page:${scope.companyId}:${start}:${limit}:${JSON.stringify(filter)}`, () =>
      this.page(scope.companyId, filter, start, limit),
    );
    const ids = page.ids;
    // A short first page proves the total; otherwise the window count, or (whole catalogue, or past the end) a count.
    const total =
      page.total ?? (ids.length > 0 && ids.length < limit ? start + ids.length : start === 0 && ids.length === 0 ? 0 : await this.count(scope.companyId, filter));
    // JsonText serialises as the Product it was written from (the same JSON): lib/json-text.ts.
    return { success: true, productos: (await this.productTexts(scope, ids)) as unknown as Product[], total };
  }

  /**
   * The page's ids and, for a filter, its exact total. A frequent text (words alone) has its total and first pages
   * kept in the database: a page among them is read, not matched; the first search that finds a text frequent keeps
   * it, and a search after a change to its products (the triggers empty the kept ids) keeps it again.
   */
  private async page(companyId: number, filter: repo.CatalogFilter, start: number, limit: number): Promise<{ ids: number[]; total: number | null }> {
    const counted = repo.hasFilter(filter) ? repo.countedWords(filter) : null;
    if (!counted) return repo.searchPage(this.db, companyId, filter, start, limit);
    const kept = await repo.keptWords(this.db, companyId, counted);
    if (kept && start + limit <= KEPT_IDS) {
      const answer = kept.firstIds ? { n: kept.n, firstIds: kept.firstIds } : await repo.keepWords(this.db, companyId, counted, KEPT_IDS);
      return { ids: answer.firstIds.slice(start, start + limit), total: answer.n };
    }
    const page = await repo.searchPage(this.db, companyId, filter, start, limit);
    if (!kept && page.total !== null && page.total >= this.keepWordsFrom) await repo.keepWords(this.db, companyId, counted, KEPT_IDS);
    return page;
  }

  private count(companyId: number, filter: repo.CatalogFilter): Promise<number> {
    return this.results.get(`count:${companyId}:${JSON.stringify(filter)}`, () => repo.countMatching(this.db, companyId, filter));
  }

  async carousel(scope: Scope, which: 'visitados' | 'comprados' | 'promociones', limit: number = ORDERING.catalogPageSize): Promise<CatalogResponse> {
    const ids =
      which === 'visitados'
        ? await repo.visitedIds(this.db, scope.companyId, scope.entityId, scope.userId, limit)
        : which === 'comprados'
          ? await repo.mostBoughtIds(this.db, scope.companyId, scope.entityId, limit)
          : await repo.promotionIds(this.db, scope.companyId, limit);
    const productos = (await this.productTexts(scope, ids)) as unknown as Product[];
    return { success: true, productos, total: productos.length };
  }

  async facet(scope: Scope, q: z.output<typeof facetQuery>) {
    const filter = { ...toCatalogFilter(q), lists: await this.listsOf(scope) };
    // A facet's own choice does not narrow its list, so it is not part of its key.
    const keyOf = (kind: FacetType) => `facet:${scope.companyId}:${kind}:${JSON.stringify({ ...filter, facets: { ...filter.facets, [kind]: undefined } })}`;
    const key = keyOf(q.type);
    let rows: Awaited<ReturnType<typeof repo.facetValues>>[FacetType];
    if (this.results.fresh(key)) rows = await this.results.get(key, () => repo.facetValues(this.db, scope.companyId, filter).then((r) => r[q.type]));
    else {
      // One statement answers the eight lists the filter panel asks for together: each is kept under its own key.
      const all = repo.facetValues(this.db, scope.companyId, filter);
      for (const kind of Object.keys(repo.FACET_COLUMN) as FacetType[]) {
        // A failure reaches the caller through its own list; the others' copies of it are only dropped.
        if (kind !== q.type) this.results.keep(keyOf(kind), all.then((r) => r[kind])).catch(() => undefined);
      }
      rows = await this.results.keep(key, all.then((r) => r[q.type]));
    }
    return { success: true as const, items: rows.map((r) => ({ id: r.id, descripcion: r.name, cantidad: r.n })) };
  }

  /** Product detail: only a product of this company, active and priced for the entity (else 403, nothing leaks); records the visit. */
  async detail(user: AuthUser, scope: Scope, productId: number) {
    const [producto] = await this.products(scope, [productId]);
    if (!producto) throw forbidden(orderingMsg.productoInexistente);
    await repo.recordVisit(this.db, { companyId: scope.companyId, entityId: scope.entityId, userId: user.userId, productId });
    return { success: true as const, producto };
  }
}
