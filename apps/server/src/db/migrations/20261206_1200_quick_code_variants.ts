import { sql, type Kysely } from 'kysely';

/**
 * Quick order's closest codes of a code not found, by deletion variants (docs/decisions/ordering.md 'Quick order'):
 * `product_code_variants` holds, for each product, its code key (quick_code_key of the alphanumeric code) and every
 * key one character shorter. A typed key within one edit of a product's key (a character added, dropped, changed,
 * or two swapped) shares a variant with it, so its candidates are a few B-tree probes (≈ 0.6 ms a code on `large`)
 * instead of a trigram nearest-neighbour walk over 200,000 codes that share their prefixes (≈ 80 ms a code, which
 * made a 500-line paste wait ≈ 4 s with 10 customers at once). The GiST index stays for a key with no such
 * neighbour. Kept by statement triggers on products, in the writing transaction: insert, and an update that
 * changes a product's company or alphanumeric code; a deleted product's variants go with it (foreign key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function quick_code_variants(k text) returns setof text language sql immutable parallel safe as
    $$ select k where k <> '' union select overlay(k placing '' from i for 1) from generate_series(1, length(k)) i where length(k) > 1 $$`.execute(db);
  await sql`
    create table product_code_variants (
      company_id integer not null,
      variant text not null,
      product_id integer not null references products(id) on delete cascade
    )`.execute(db);
  await sql`insert into product_code_variants (company_id, variant, product_id)
    select p.company_id, v, p.id from products p, quick_code_variants(quick_code_key(p.alpha_code)) v`.execute(db);
  await sql`create index product_code_variants_key on product_code_variants (company_id, variant)`.execute(db);
  await sql`create index product_code_variants_product on product_code_variants (product_id)`.execute(db);
  await sql`create function products_code_variants_inserted() returns trigger language plpgsql as $$
    begin
      insert into product_code_variants (company_id, variant, product_id)
        select n.company_id, v, n.id from new_rows n, quick_code_variants(quick_code_key(n.alpha_code)) v;
      return null;
    end $$`.execute(db);
  // Only the products whose company or alphanumeric code changed (a price, stock or name update moves nothing).
  await sql`create function products_code_variants_updated() returns trigger language plpgsql as $$
    begin
      with recoded as (
        select n.id, n.company_id, n.alpha_code from old_rows o join new_rows n on n.id = o.id
        where (o.company_id, o.alpha_code) is distinct from (n.company_id, n.alpha_code)
      ), gone as (
        delete from product_code_variants v using recoded r where v.product_id = r.id
      )
      insert into product_code_variants (company_id, variant, product_id)
        select r.company_id, v, r.id from recoded r, quick_code_variants(quick_code_key(r.alpha_code)) v;
      return null;
    end $$`.execute(db);
  await sql`create trigger products_code_variants_inserted after insert on products referencing new table as new_rows
    for each statement execute function products_code_variants_inserted()`.execute(db);
  await sql`create trigger products_code_variants_updated after update on products referencing old table as old_rows new table as new_rows
    for each statement execute function products_code_variants_updated()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger products_code_variants_inserted on products`.execute(db);
  await sql`drop trigger products_code_variants_updated on products`.execute(db);
  await sql`drop function products_code_variants_inserted(), products_code_variants_updated()`.execute(db);
  await sql`drop table product_code_variants`.execute(db);
  await sql`drop function quick_code_variants(text)`.execute(db);
}
