import type { DB } from '../../db/database.js';
import { forgetOnWrites } from '../../db/answer-cache.js';
import type { ProductParts } from './mapper.js';
import type { ProductRow } from './repository.js';

/**
 * The tables a product's shared text is read from (productsByIds priced in the very lists the text is kept under:
 * the product row and its price row). A committed write to either, in this process or another (db/write-watch.ts:
 * PostgreSQL NOTIFY at the commit), forgets every kept text at once. Which lists an entity buys at is the access
 * gate's (its row is forgotten at a write to entities or price lists), so a change of them moves the entity's
 * pages to another key. The entity's last purchases and the carts are never kept: they are read on every page.
 */
const TABLES: ReadonlySet<string> = new Set(['products', 'price_list_items']);
/** How many (company, price lists) pairs are kept, and how many products of each. */
const MAX_LISTS = 200;
const MAX_PRODUCTS = 20_000;

type Kept = { at: number; parts: Map<number, ProductParts | null> };

/**
 * What a catalogue product shows that is the same for every customer of its price lists — its data, its price,
 * already written as JSON text (mapper.ts `productParts`) — kept per company and pair of lists, so a page of
 * products already shown to anybody of those lists reads only the customer's own part (last purchase, cart).
 * `null` for a product that was not sold in those lists (inactive, another company's, or unpriced) when read: it
 * stays out of the page, as productsByIds leaves it out. Never keyed by customer: per-customer answers are not kept.
 *
 * Forgotten at any committed write to those tables made through the portal (any process); the
 * TTL bounds what a write outside the portal (psql, an import run straight on the database) or a lost notification
 * could leave behind, as the catalogue's other kept answers do. A reading in flight while a write committed is not
 * kept. Without a write watch (a DB not opened by openDatabase) or before it listens, nothing is kept.
 */
export class ProductTexts {
  private readonly kept = new Map<string, Kept>();
  private generation = 0;
  private listening = false;
  /** Settles when the watch listens (from then on texts are kept); at once when nothing will be kept. */
  readonly ready: Promise<void>;

  constructor(
    db: DB,
    private readonly ttlMs: number,
  ) {
    const listening = ttlMs > 0 ? forgetOnWrites(db, TABLES, () => this.clear()) : null;
    this.ready = listening
      ? listening.then(
          () => {
            this.listening = true;
          },
          () => undefined,
        )
      : Promise.resolve();
  }

  clear(): void {
    this.kept.clear();
    this.generation++;
  }

  /** Where a reading started: pass it to `keep`, which drops the reading if a write committed meanwhile. */
  get mark(): number {
    return this.generation;
  }

  /** The kept parts of every one of `ids` in these lists (null: not sold), or undefined when one is not kept. */
  get(key: string, ids: readonly number[]): Array<ProductParts | null> | undefined {
    if (!this.listening) return undefined;
    const entry = this.kept.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at >= this.ttlMs) {
      this.kept.delete(key);
      return undefined;
    }
    const out: Array<ProductParts | null> = [];
    for (const id of ids) {
      const parts = entry.parts.get(id);
      if (parts === undefined) return undefined;
      out.push(parts);
    }
    return out;
  }

  /** Keeps the parts of `ids` as productsByIds read them (`rows`: the sold ones) since `mark`. */
  keep(key: string, mark: number, ids: readonly number[], rows: readonly ProductRow[], partsOf: (row: ProductRow) => ProductParts): void {
    if (!this.listening || mark !== this.generation) return;
    let entry = this.kept.get(key);
    if (!entry || Date.now() - entry.at >= this.ttlMs) {
      if (entry) this.kept.delete(key);
      if (this.kept.size >= MAX_LISTS) this.kept.delete(this.kept.keys().next().value!);
      entry = { at: Date.now(), parts: new Map() };
      this.kept.set(key, entry);
    }
    if (entry.parts.size + ids.length > MAX_PRODUCTS) entry.parts.clear();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const row = byId.get(id);
      entry.parts.set(id, row ? partsOf(row) : null);
    }
  }
}
