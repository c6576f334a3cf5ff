import { sql, type Kysely } from 'kysely';

/**
 * The catalogue's answer for frequent texts kept in the database: `catalog_word_counts` holds, per
 * company, set of search words and pair of price lists (the entity's and the fallback), how many active products
 * priced in those lists contain every word (`n`, the catalogue's exact total for that text) and the ids of the first
 * of them in the catalogue's order (name, id; `first_ids`, the first pages). Matching, counting and sorting a
 * frequent word's 30,000 products cost PostgreSQL 20–80 ms per cold search. A row is written by the catalogue when a
 * search's total reaches its threshold (under a SHARE lock on products, so no write falls between the count and the
 * triggers), and kept right by statement-level triggers on products (insert, delete, update), in the same
 * transaction as the change: a product whose company, active flag, search text, price lists or name changes shifts
 * `n` of every row it matches (before and after) and empties their `first_ids`, which the next search recomputes.
 */
const MATCHES = (r: string) => `w.company_id = ${r}.company_id and ${r}.active and ${r}.price_lists && array[w.list_id, w.fallback_id]
  and not exists (select 1 from unnest(w.words) x where strpos(${r}.search_text, x) = 0)`;

/** Adds `sign` × the rows of `source` (a transition table or a subquery of one) to every count they match. */
const shift = (source: string, sign: 1 | -1) => `
  update catalog_word_counts c set n = c.n + d.k, first_ids = null
  from (select w.id, ${sign} * count(*)::int as k from catalog_word_counts w join ${source} r on ${MATCHES('r')} group by w.id) d
  where c.id = d.id`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table catalog_word_counts (
      id serial primary key,
      company_id integer not null references companies(id) on delete cascade,
      words text[] not null,
      list_id integer not null,
      fallback_id integer not null,
      n integer not null,
      first_ids integer[],
      unique (company_id, words, list_id, fallback_id)
    )`.execute(db);
  await sql
    .raw(
      `create function products_word_counts_inserted() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from catalog_word_counts) then ${shift('new_rows', 1)}; end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function products_word_counts_deleted() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from catalog_word_counts) then ${shift('old_rows', -1)}; end if;
        return null;
      end $$`,
    )
    .execute(db);
  // Only the rows whose matched or ordered columns changed (a stock or flag update rewrites products, moving nothing).
  const changed = (side: 'o' | 'n') => `(select ${side}.* from old_rows o join new_rows n on n.id = o.id
    where (o.company_id, o.active, o.search_text, o.price_lists, o.name) is distinct from (n.company_id, n.active, n.search_text, n.price_lists, n.name))`;
  await sql
    .raw(
      `create function products_word_counts_updated() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from catalog_word_counts) then
          ${shift(changed('o'), -1)};
          ${shift(changed('n'), 1)};
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger products_word_counts_inserted after insert on products referencing new table as new_rows
    for each statement execute function products_word_counts_inserted()`.execute(db);
  await sql`create trigger products_word_counts_deleted after delete on products referencing old table as old_rows
    for each statement execute function products_word_counts_deleted()`.execute(db);
  await sql`create trigger products_word_counts_updated after update on products referencing old table as old_rows new table as new_rows
    for each statement execute function products_word_counts_updated()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger products_word_counts_inserted on products`.execute(db);
  await sql`drop trigger products_word_counts_deleted on products`.execute(db);
  await sql`drop trigger products_word_counts_updated on products`.execute(db);
  await sql`drop function products_word_counts_inserted(), products_word_counts_deleted(), products_word_counts_updated()`.execute(db);
  await sql`drop table catalog_word_counts`.execute(db);
}
