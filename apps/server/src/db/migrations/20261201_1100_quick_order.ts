import { sql, type Kysely } from 'kysely';

/**
 * Quick order's code lookups (docs/decisions/ordering.md 'Quick order'). A pasted code matches a product's
 * alphanumeric code, its code or a barcode ignoring case, spaces, punctuation and the leading zeros of each run of
 * digits: quick_code_key() is that comparison key (the contract's codeKey is the same in the browser), and the
 * expression indexes let 500 codes be looked up by index on the large catalogue. The trigram index on the key serves
 * 'the closest codes' of a code not found.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function quick_code_key(t text) returns text language sql immutable parallel safe as
    $$ select regexp_replace(regexp_replace(upper(t), '[^A-Z0-9]', '', 'g'), '(^|[^0-9])0+([0-9])', '\\1\\2', 'g') $$`.execute(db);
  await sql`create index products_alpha_key on products (company_id, quick_code_key(alpha_code))`.execute(db);
  await sql`create index products_barcode_key on products (company_id, quick_code_key(barcode)) where barcode is not null`.execute(db);
  await sql`create index product_barcodes_key on product_barcodes (company_id, quick_code_key(barcode))`.execute(db);
  await sql`create index products_alpha_key_trgm on products using gin (quick_code_key(alpha_code) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index products_alpha_key_trgm`.execute(db);
  await sql`drop index product_barcodes_key`.execute(db);
  await sql`drop index products_barcode_key`.execute(db);
  await sql`drop index products_alpha_key`.execute(db);
  await sql`drop function quick_code_key(text)`.execute(db);
}
