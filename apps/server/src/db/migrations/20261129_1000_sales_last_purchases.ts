import { sql, type Kysely } from 'kysely';

/**
 * Each entity's last purchase of each product kept in a table of its own:
 * `sales_last_purchases` holds, per (entity, product), the line of the entity's latest sales order (by date, then
 * order id, then line id) that carries the product: its order, date, final price and quantity. The catalogue page
 * shows it for each of its 12 products (ordering.md §3, `ultprecio_importe`, `ultprec_cantidad_conformato`,
 * `ultprec_fecha`); read through each product's order lines of every entity joined to their orders, that was 1,080
 * of the page's 1,231 buffer hits on the large size, and it grows with the product's sales. Here it is one primary-key
 * probe per product.
 *
 * Kept right by statement-level triggers in the writer's transaction, so every writer (the cart's confirmation, the
 * warehouse's picking, the seed, an import) keeps it without knowing it. A row can only change when
 *  - a line is inserted, updated or deleted: the (entity, product) pairs of its old and new rows are recomputed
 *    (an old line whose order is already gone, a cascade of an order's deletion, is found through the kept row's
 *    `order_id`);
 *  - an order's entity, date or company changes: the pairs kept from that order, and the pairs of its lines under its
 *    new entity, are recomputed. An order's deletion deletes its lines (`on delete cascade`), which recomputes the
 *    pairs kept from it as above.
 * Recomputing a pair deletes its row and inserts the latest line again (or nothing when none is left), the same
 * reading the catalogue made before. A `TRUNCATE` of the orders would leave rows behind; nothing in the product does one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sales_last_purchases (
      company_id integer not null,
      entity_id integer not null,
      product_id integer not null,
      order_id integer not null,
      ordered_on date not null,
      final_price numeric(16,2) not null,
      quantity numeric(14,3) not null,
      primary key (entity_id, product_id)
    )`.execute(db);
  // The kept rows of an order (deleting or moving an order recomputes them).
  await sql`create index sales_last_purchases_order on sales_last_purchases (order_id)`.execute(db);
  // Recomputing a pair reads the entity's orders (sales_orders_entity) and their lines (sales_order_lines_no).
  await sql`
    create function sales_last_purchases_refresh(pairs bigint[]) returns void language plpgsql as $$
    begin
      -- pairs: entity_id * 2^32 + product_id (one array keeps the statements short for thousands of pairs).
      delete from sales_last_purchases k
      using (select distinct (x / 4294967296)::int as entity_id, (x % 4294967296)::int as product_id from unnest(pairs) x) x
      where k.entity_id = x.entity_id and k.product_id = x.product_id;
      insert into sales_last_purchases (company_id, entity_id, product_id, order_id, ordered_on, final_price, quantity)
      select distinct on (o.entity_id, l.product_id) o.company_id, o.entity_id, l.product_id, o.id, o.ordered_on, l.final_price, l.quantity
      from (select distinct (x / 4294967296)::int as entity_id, (x % 4294967296)::int as product_id from unnest(pairs) x) x
      join entities e on e.id = x.entity_id
      join sales_orders o on o.company_id = e.company_id and o.entity_id = x.entity_id
      join sales_order_lines l on l.order_id = o.id and l.product_id = x.product_id and l.company_id = o.company_id
      order by o.entity_id, l.product_id, o.ordered_on desc, o.id desc, l.id desc;
    end $$`.execute(db);
  // Lines: the pairs of the new lines (through their orders) and of the old ones (through their orders, or through
  // the kept rows of their orders when the orders are gone).
  const pair = (entity: string, product: string) => `${entity}::bigint * 4294967296 + ${product}`;
  const newPairs = `select ${pair('o.entity_id', 'n.product_id')} from new_rows n join sales_orders o on o.id = n.order_id`;
  const oldPairs = `select ${pair('o.entity_id', 'd.product_id')} from old_rows d join sales_orders o on o.id = d.order_id
        union all select ${pair('k.entity_id', 'k.product_id')} from sales_last_purchases k where k.order_id in (select order_id from old_rows)`;
  const refresh = (pairs: string) => `perform sales_last_purchases_refresh(array(${pairs}));`;
  await sql
    .raw(
      `create function sales_order_lines_last_inserted() returns trigger language plpgsql as $$
    begin
      ${refresh(newPairs)}
      return null;
    end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function sales_order_lines_last_deleted() returns trigger language plpgsql as $$
    begin
      ${refresh(oldPairs)}
      return null;
    end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function sales_order_lines_last_updated() returns trigger language plpgsql as $$
    begin
      ${refresh(`${newPairs} union all ${oldPairs}`)}
      return null;
    end $$`,
    )
    .execute(db);
  // Orders: only those whose entity, date or company changed (a status or total change moves nothing).
  const moved = `select d.id from old_rows d join new_rows n on n.id = d.id
            where (n.entity_id, n.ordered_on, n.company_id) is distinct from (d.entity_id, d.ordered_on, d.company_id)`;
  await sql
    .raw(
      `create function sales_orders_last_updated() returns trigger language plpgsql as $$
    begin
      ${refresh(`select ${pair('n.entity_id', 'l.product_id')} from new_rows n join sales_order_lines l on l.order_id = n.id where n.id in (${moved})
        union all select ${pair('k.entity_id', 'k.product_id')} from sales_last_purchases k where k.order_id in (${moved})`)}
      return null;
    end $$`,
    )
    .execute(db);
  await sql`create trigger sales_order_lines_last_inserted after insert on sales_order_lines referencing new table as new_rows
    for each statement execute function sales_order_lines_last_inserted()`.execute(db);
  await sql`create trigger sales_order_lines_last_deleted after delete on sales_order_lines referencing old table as old_rows
    for each statement execute function sales_order_lines_last_deleted()`.execute(db);
  await sql`create trigger sales_order_lines_last_updated after update on sales_order_lines referencing old table as old_rows new table as new_rows
    for each statement execute function sales_order_lines_last_updated()`.execute(db);
  await sql`create trigger sales_orders_last_updated after update on sales_orders referencing old table as old_rows new table as new_rows
    for each statement execute function sales_orders_last_updated()`.execute(db);
  // What the tables already hold.
  await sql`
    insert into sales_last_purchases (company_id, entity_id, product_id, order_id, ordered_on, final_price, quantity)
    select distinct on (o.entity_id, l.product_id) o.company_id, o.entity_id, l.product_id, o.id, o.ordered_on, l.final_price, l.quantity
    from sales_order_lines l join sales_orders o on o.id = l.order_id and o.company_id = l.company_id
    order by o.entity_id, l.product_id, o.ordered_on desc, o.id desc, l.id desc`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger sales_order_lines_last_inserted on sales_order_lines`.execute(db);
  await sql`drop trigger sales_order_lines_last_deleted on sales_order_lines`.execute(db);
  await sql`drop trigger sales_order_lines_last_updated on sales_order_lines`.execute(db);
  await sql`drop trigger sales_orders_last_updated on sales_orders`.execute(db);
  await sql`drop function sales_order_lines_last_inserted(), sales_order_lines_last_deleted(), sales_order_lines_last_updated(),
    sales_orders_last_updated()`.execute(db);
  await sql`drop function sales_last_purchases_refresh(bigint[])`.execute(db);
  await sql`drop table sales_last_purchases`.execute(db);
}
