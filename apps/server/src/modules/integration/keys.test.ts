import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { INTEGRATION_KEY_PATTERN, integrationMsg, msg, type IntegrationBatchesResponse, type IntegrationKeysResponse } from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { BATCHES_URL, createKey, INTEGRATION, KEYS_URL, makeAdminOf } from './test-support.js';

/** Integration keys: the administrator creates, lists and revokes them; the integration API lets only live keys in. */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const LP = { cuit: LA_PAMPA };
const WHO = `${INTEGRATION}/clave`;

before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  for (const u of ['admin', 'productor']) tokens[u] = (await login(ctx.app, u)).access_token;
});
after(async () => {
  await ctx?.close();
});

const withKey = (secret: string) => ({ authorization: `Bearer ${secret}` });
const listKeys = async (cuit: string = LA_PAMPA, token = tokens.admin!) => {
  const res = await ctx.app.inject({ method: 'GET', url: KEYS_URL, headers: bearer(token, { cuit }) });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as IntegrationKeysResponse).items;
};

describe('integration keys', () => {
  test('created with its scopes: the secret is answered once, stored only as a hash, and listed without it', async () => {
    const created = await createKey(ctx.app, tokens.admin!, LA_PAMPA, { nombre: 'ERP Tango', escribir: ['productos', 'clientes', 'productos'], leer: ['movimientos'] });
    assert.match(created.secreto, INTEGRATION_KEY_PATTERN);
    assert.ok(created.secreto.startsWith(`${created.clave.prefijo}_`));
    // Scopes in the contract's order, without repeats.
    assert.deepEqual(created.clave.escribir, ['clientes', 'productos']);
    assert.deepEqual(created.clave.leer, ['movimientos']);
    assert.equal(created.clave.creada_por, 'admin');
    assert.equal(created.clave.ultimo_uso, null);
    const stored = await ctx.db.selectFrom('integration_keys').selectAll().where('id', '=', created.clave.id).executeTakeFirstOrThrow();
    const secretPart = created.secreto.slice(created.clave.prefijo.length + 1);
    assert.notEqual(stored.secret_hash, secretPart);
    assert.ok(!JSON.stringify(stored).includes(secretPart), 'the secret is not stored');
    const listed = await listKeys();
    const res = await ctx.app.inject({ method: 'GET', url: KEYS_URL, headers: bearer(tokens.admin!, LP) });
    assert.ok(!res.body.includes(secretPart), 'the list never carries the secret');
    assert.ok(listed.some((k) => k.id === created.clave.id && k.revocada === null));
    const audit = await ctx.db.selectFrom('audit_log').select(['detail', 'user_id']).where('action', '=', 'integration.key-created').execute();
    assert.equal(audit.length, 1);
    assert.equal((audit[0]!.detail as { clave: string }).clave, 'ERP Tango');
    assert.ok(!JSON.stringify(audit[0]!.detail).includes(secretPart));
  });

  test('400 with the Spanish message: no name, no scope, an unknown kind; 409 for a live name taken', async () => {
    const post = (payload: unknown) => ctx.app.inject({ method: 'POST', url: KEYS_URL, headers: bearer(tokens.admin!, LP), payload: payload as object });
    expectRefused(await post({ nombre: '  ', escribir: ['clientes'] }), 400, integrationMsg.nombreObligatorio);
    expectRefused(await post({ nombre: 'Sin alcance' }), 400, integrationMsg.alcanceObligatorio);
    expectRefused(await post({ nombre: 'Raro', escribir: ['facturas'] }), 400, integrationMsg.tipoInvalido);
    expectRefused(await post({ nombre: 'x'.repeat(81), escribir: ['clientes'] }), 400, integrationMsg.nombreLargo);
    expectRefused(await post({ nombre: 'erp tango', escribir: ['clientes'] }), 409, integrationMsg.nombreRepetido);
  });

  test('only the company administrator: 401 without a session, 403 for a customer and for a foreign company', async () => {
    await expectGuarded(ctx.app, { method: 'GET', url: KEYS_URL }, { access: 'company', token: tokens.productor! });
    await expectGuarded(ctx.app, { method: 'POST', url: KEYS_URL, payload: { nombre: 'x', escribir: ['clientes'] } }, { access: 'company', token: tokens.admin! });
    await expectGuarded(ctx.app, { method: 'GET', url: BATCHES_URL }, { access: 'company', token: tokens.admin! });
    for (const [method, url] of [['GET', KEYS_URL], ['POST', KEYS_URL], ['DELETE', `${KEYS_URL}/1`], ['GET', BATCHES_URL]] as const) {
      const res = await ctx.app.inject({ method, url, headers: bearer(tokens.productor!, LP), payload: method === 'POST' ? { nombre: 'x', escribir: ['clientes'] } : undefined });
      expectRefused(res, 403, msg.soloAdministradores);
    }
  });

  test('the key opens the integration API for its company, records its last use, and is no user session', async () => {
    const { secreto, clave } = await createKey(ctx.app, tokens.admin!, LA_PAMPA, { nombre: 'ERP lectura', leer: ['productos'] });
    const res = await ctx.app.inject({ method: 'GET', url: WHO, headers: withKey(secreto) });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { success: true, empresa: { cuit: LA_PAMPA, nombre: res.json().empresa.nombre }, clave: { nombre: 'ERP lectura', prefijo: clave.prefijo, escribir: [], leer: ['productos'] } });
    const listed = (await listKeys()).find((k) => k.id === clave.id)!;
    assert.ok(listed.ultimo_uso, 'the last use is shown');
    // A key on a user route, and a user's token on an integration route: both refused by name.
    expectRefused(await ctx.app.inject({ method: 'GET', url: KEYS_URL, headers: { ...withKey(secreto), ...LP } }), 401, integrationMsg.soloUsuarios);
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/public/proxy/cgi/etenet_empresas', headers: withKey(secreto) }), 401, integrationMsg.soloUsuarios);
    expectRefused(await ctx.app.inject({ method: 'GET', url: WHO, headers: bearer(tokens.admin!, LP) }), 401, integrationMsg.soloClaves);
    expectRefused(await ctx.app.inject({ method: 'GET', url: WHO }), 401, integrationMsg.claveObligatoria);
    // A forged secret with a real prefix, and a made-up key.
    const forged = `${clave.prefijo}_${'A'.repeat(43)}`;
    expectRefused(await ctx.app.inject({ method: 'GET', url: WHO, headers: withKey(forged) }), 401, integrationMsg.claveInvalida);
    expectRefused(await ctx.app.inject({ method: 'GET', url: WHO, headers: withKey(`pic_AAAAAAAAAAAA_${'B'.repeat(43)}`) }), 401, integrationMsg.claveInvalida);
  });

  test('per-key rate limit: past the window the key gets 429, another key does not', async () => {
    const a = await createKey(ctx.app, tokens.admin!, LA_PAMPA, { nombre: 'ERP apurado', escribir: ['stock'] });
    const b = await createKey(ctx.app, tokens.admin!, LA_PAMPA, { nombre: 'ERP tranquilo', escribir: ['stock'] });
    assert.equal((await ctx.app.inject({ method: 'GET', url: WHO, headers: withKey(a.secreto) })).statusCode, 200);
    // The window's counter brought to its ceiling (600 a minute × RATE_LIMIT_SCALE 100) without 60,000 requests.
    await ctx.db.updateTable('rate_limits').set({ hits: 60_000 }).where('key', '=', `integration-key:${a.clave.id}`).execute();
    expectRefused(await ctx.app.inject({ method: 'GET', url: WHO, headers: withKey(a.secreto) }), 429, integrationMsg.demasiadasSolicitudes);
    assert.equal((await ctx.app.inject({ method: 'GET', url: WHO, headers: withKey(b.secreto) })).statusCode, 200);
  });

  test('revoked at once: the key stops working, stays listed as revoked; a second revocation is a 409; audited', async () => {
    const { secreto, clave } = await createKey(ctx.app, tokens.admin!, LA_PAMPA, { nombre: 'ERP viejo', escribir: ['clientes'] });
    assert.equal((await ctx.app.inject({ method: 'GET', url: WHO, headers: withKey(secreto) })).statusCode, 200);
    const res = await ctx.app.inject({ method: 'DELETE', url: `${KEYS_URL}/${clave.id}`, headers: bearer(tokens.admin!, LP) });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().msg, integrationMsg.claveRevocada);
    assert.ok(res.json().clave.revocada);
    expectRefused(await ctx.app.inject({ method: 'GET', url: WHO, headers: withKey(secreto) }), 401, integrationMsg.claveRevocadaAcceso);
    expectRefused(await ctx.app.inject({ method: 'DELETE', url: `${KEYS_URL}/${clave.id}`, headers: bearer(tokens.admin!, LP) }), 409, integrationMsg.claveYaRevocada);
    const listed = await listKeys();
    assert.ok(listed.find((k) => k.id === clave.id)?.revocada);
    // Live keys are listed before revoked ones.
    const firstRevoked = listed.findIndex((k) => k.revocada);
    assert.ok(listed.slice(firstRevoked).every((k) => k.revocada));
    // The name is free again for a new key.
    await createKey(ctx.app, tokens.admin!, LA_PAMPA, { nombre: 'ERP viejo', escribir: ['clientes'] });
    const audit = await ctx.db.selectFrom('audit_log').select('detail').where('action', '=', 'integration.key-revoked').execute();
    assert.ok(audit.some((a) => (a.detail as { clave: string }).clave === 'ERP viejo'));
    expectRefused(await ctx.app.inject({ method: 'DELETE', url: `${KEYS_URL}/999999`, headers: bearer(tokens.admin!, LP) }), 404, integrationMsg.claveInexistente);
    expectRefused(await ctx.app.inject({ method: 'DELETE', url: `${KEYS_URL}/abc`, headers: bearer(tokens.admin!, LP) }), 400, integrationMsg.claveInexistente);
  });

  test("another company's administrator neither sees nor revokes the key, and its own key acts for its own company only", async () => {
    await makeAdminOf(ctx.db, 'admin', DEL_SUR);
    const { clave } = await createKey(ctx.app, tokens.admin!, LA_PAMPA, { nombre: 'ERP La Pampa', escribir: ['clientes'] });
    const sur = await createKey(ctx.app, tokens.admin!, DEL_SUR, { nombre: 'ERP Sur', escribir: ['clientes'] });
    const surKeys = await listKeys(DEL_SUR);
    assert.deepEqual(surKeys.map((k) => k.nombre), ['ERP Sur']);
    expectRefused(await ctx.app.inject({ method: 'DELETE', url: `${KEYS_URL}/${clave.id}`, headers: bearer(tokens.admin!, { cuit: DEL_SUR }) }), 404, integrationMsg.claveInexistente);
    const who = await ctx.app.inject({ method: 'GET', url: WHO, headers: withKey(sur.secreto) });
    assert.equal(who.json().empresa.cuit, DEL_SUR);
    // Batches are listed per company as well.
    const batches = await ctx.app.inject({ method: 'GET', url: BATCHES_URL, headers: bearer(tokens.admin!, { cuit: DEL_SUR }) });
    assert.equal(batches.statusCode, 200, batches.body);
    assert.deepEqual((batches.json() as IntegrationBatchesResponse).items, []);
  });
});
