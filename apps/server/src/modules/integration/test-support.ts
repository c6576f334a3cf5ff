import { INTEGRATION_API_PREFIX, type CreateIntegrationKeyResponse, type IntegrationKind, type IntegrationReadKind } from '@portal/contract';
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
