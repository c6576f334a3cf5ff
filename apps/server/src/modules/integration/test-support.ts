import { INTEGRATION_API_PREFIX, type CreateIntegrationKeyResponse, type IntegrationBatchResponse, type IntegrationKind, type IntegrationReadKind } from '@portal/contract';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import assert from 'node:assert/strict';
import type { DB } from '../../db/database.js';
import { bearer } from '../../test/helpers.js';

/** The integration's tests: keys made through the administrator's call, and calls made with them. */

export const INTEGRATION = INTEGRATION_API_PREFIX;
export const KEYS_URL = '/api/public/proxy/integracion/claves';
export const BATCHES_URL = '/api/public/proxy/integracion/lotes';

/** Creates a key as the company's administrator (token + Cuit) and answers the whole creation. */
export async function createKey(
  app: FastifyInstance,
  adminToken: string,
  cuit: string,
  body: { nombre: string; escribir?: IntegrationKind[]; leer?: IntegrationReadKind[] },
): Promise<CreateIntegrationKeyResponse> {
  const res = await app.inject({ method: 'POST', url: KEYS_URL, headers: bearer(adminToken, { cuit }), payload: body });
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as CreateIntegrationKeyResponse;
}

/** Makes an existing user an administrator of another company too (the demo has none for Agroinsumos del Sur). */
export async function makeAdminOf(db: DB, username: string, cuit: string): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  const company = await db.selectFrom('companies').select('id').where('cuit', '=', cuit).executeTakeFirstOrThrow();
  const existing = await db.selectFrom('memberships').select('is_admin').where('user_id', '=', user.id).where('company_id', '=', company.id).executeTakeFirst();
  if (existing) {
    await db.updateTable('memberships').set({ is_admin: true }).where('user_id', '=', user.id).where('company_id', '=', company.id).execute();
    return;
  }
  await db.insertInto('memberships').values({ user_id: user.id, company_id: company.id, is_admin: true, default_profile_id: 1, hidden_currencies: '[]' }).execute();
  await db.insertInto('membership_profiles').values({ user_id: user.id, company_id: company.id, profile_id: 1 }).execute();
  await db.insertInto('active_sessions').values({ user_id: user.id, company_id: company.id }).execute();
}

/** Sends a batch of rows (JSON array, or NDJSON) to an integration URL with a key; answers the raw response. */
export function sendBatch(app: FastifyInstance, key: string, url: string, rows: unknown[] | string, ndjson = false) {
  const payload = typeof rows === 'string' ? rows : ndjson ? rows.map((r) => JSON.stringify(r)).join('\n') : JSON.stringify(rows);
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${key}`, 'content-type': ndjson ? 'application/x-ndjson' : 'application/json' },
    payload,
  });
}

/** A batch that must be answered 200: its answer. */
export async function okBatch(app: FastifyInstance, key: string, url: string, rows: unknown[], ndjson = false): Promise<IntegrationBatchResponse> {
  const res = await sendBatch(app, key, url, rows, ndjson);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as IntegrationBatchResponse;
}

/** An answer's counts: [received, accepted, unchanged, rejected]. */
export const counts = (a: IntegrationBatchResponse) => [a.recibidas, a.aceptadas, a.sin_cambios, a.rechazadas];

/**
 * Every kept word count (catalog_word_counts) against a recount from scratch: its total, and its first ids (when
 * kept) against the catalogue's order of every match.
 */
export async function expectWordCountsRecomputed(db: DB, why: string): Promise<number> {
  const rows = await sql<{ id: number; n: number; recount: number; first_ids: number[] | null; first: number[] }>`
    select w.id, w.n, w.first_ids,
      (select count(*)::int from products r where ${MATCH}) as recount,
      array(select r.id from products r where ${MATCH} order by r.name, r.id limit coalesce(cardinality(w.first_ids), 0)) as first
    from catalog_word_counts w order by w.id`.execute(db);
  for (const r of rows.rows) {
    assert.equal(r.n, r.recount, `${why}: kept count ${r.id}`);
    if (r.first_ids !== null) assert.deepEqual(r.first_ids, r.first, `${why}: kept first ids ${r.id}`);
  }
  return rows.rows.length;
}
const MATCH = sql`r.company_id = w.company_id and r.active and r.price_lists && array[w.list_id, w.fallback_id]
  and not exists (select 1 from unnest(w.words) x where strpos(r.search_text, x) = 0)`;
