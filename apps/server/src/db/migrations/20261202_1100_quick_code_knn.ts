import { sql, type Kysely } from 'kysely';

/**
 * Quick order's closest codes read from a GiST trigram index of the code key in distance order (`<->`, nearest first)
 * instead of the GIN index's similarity filter: the codes of a catalogue share their prefixes, so a GIN probe
 * returned tens of thousands of candidates to recheck for each code not found (≈ 340 ms a code on `large`); the
 * GiST index walk stops at the nearest few (≈ 40 ms on the same loaded machine). It indexes the lower-cased key
 * (trigrams ignore case, so the distances are the same): an index of the very expression the exact lookups compare
 * would be chosen by the planner for them too, and a GiST probe for equality costs ≈ 8 ms against the B-tree's 0.01.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists products_alpha_key_trgm`.execute(db);
  await sql`create index products_alpha_key_knn on products using gist (lower(quick_code_key(alpha_code)) gist_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index products_alpha_key_knn`.execute(db);
  await sql`create index products_alpha_key_trgm on products using gin (quick_code_key(alpha_code) gin_trgm_ops)`.execute(db);
}
