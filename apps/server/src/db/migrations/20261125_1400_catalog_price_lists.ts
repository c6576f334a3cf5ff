import { sql, type Kysely } from 'kysely';

/**
 * The catalogue's price-list membership kept on the product: `products.price_lists` holds the ids of the
 * lists that price it, kept by statement-level triggers on price_list_items (insert, delete, update). A search then
 * checks membership on the row it already reads (`price_lists && array[list, fallback]`) instead of hashing the
 * 400,000 price-list items of the large size per search, two thirds of a cold search's PostgreSQL time. Only a product
 * whose set of lists changed is written: a price change (list_price, discounts) rewrites no product.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products add column price_lists integer[] not null default '{}'`.execute(db);
  // Recomputing reads the lists of given products: (product_id) first; the primary key is (price_list_id, product_id).
  await sql`create index price_list_items_product on price_list_items (product_id, price_list_id)`.execute(db);
  await sql`
    create function products_price_lists_refresh(ids integer[]) returns void language sql as $$
      update products p set price_lists = x.lists
      from (
        select u.id, coalesce((select array_agg(i.price_list_id order by i.price_list_id) from price_list_items i where i.product_id = u.id), '{}') as lists
        from (select distinct unnest(ids) as id) u
      ) x
      where p.id = x.id and p.price_lists is distinct from x.lists
    $$`.execute(db);
  await sql`
    create function price_list_items_inserted() returns trigger language plpgsql as $$
    begin
      perform products_price_lists_refresh(array(select product_id from new_rows));
      return null;
    end $$`.execute(db);
  await sql`
    create function price_list_items_deleted() returns trigger language plpgsql as $$
    begin
      perform products_price_lists_refresh(array(select product_id from old_rows));
      return null;
    end $$`.execute(db);
  await sql`
    create function price_list_items_updated() returns trigger language plpgsql as $$
    begin
      perform products_price_lists_refresh(array(select product_id from new_rows union select product_id from old_rows));
      return null;
    end $$`.execute(db);
  await sql`create trigger price_list_items_inserted after insert on price_list_items referencing new table as new_rows
    for each statement execute function price_list_items_inserted()`.execute(db);
  await sql`create trigger price_list_items_deleted after delete on price_list_items referencing old table as old_rows
    for each statement execute function price_list_items_deleted()`.execute(db);
  await sql`create trigger price_list_items_updated after update on price_list_items referencing old table as old_rows new table as new_rows
    for each statement execute function price_list_items_updated()`.execute(db);
  // What the tables already hold.
  await sql`
    update products p set price_lists = x.lists
    from (select product_id, array_agg(price_list_id order by price_list_id) as lists from price_list_items group by product_id) x
    where p.id = x.product_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger price_list_items_inserted on price_list_items`.execute(db);
  await sql`drop trigger price_list_items_deleted on price_list_items`.execute(db);
  await sql`drop trigger price_list_items_updated on price_list_items`.execute(db);
  await sql`drop function price_list_items_inserted(), price_list_items_deleted(), price_list_items_updated()`.execute(db);
  await sql`drop function products_price_lists_refresh(integer[])`.execute(db);
  await sql`drop index price_list_items_product`.execute(db);
  await sql`alter table products drop column price_lists`.execute(db);
}
