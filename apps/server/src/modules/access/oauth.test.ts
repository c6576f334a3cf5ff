import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { msg } from '@portal/contract';
import { signAccessToken, verifyAccessToken, type AccessClaims } from '../../lib/crypto.js';
import { bearer, createTestApp, expectRefused, login, nextIp, type TestContext } from '../../test/helpers.js';

/** POST /api/public/oauth, DELETE /api/public/revocation/{token}, the login limits and password storage. */

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
});
after(async () => {
  await ctx?.close();
});

type Tokens = { access_token: string; refresh_token: string; token_type: string; expires_in: number };

const oauth = (payload: Record<string, unknown>, remoteAddress = nextIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/public/oauth', payload, remoteAddress });
const password = (username: unknown, pass: unknown, remoteAddress?: string) =>
  oauth({ client_id: 'master', grant_type: 'password', username, password: pass }, remoteAddress);
const refresh = (token: string, remoteAddress?: string) =>
  oauth({ client_id: 'master', grant_type: 'refresh_token', refresh_token: token }, remoteAddress);
/** Any authenticated call tells whether an access token is still accepted. */
const sessionsWith = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/public/sessions/sessions', headers: bearer(token) });
const revoke = (token: string) => ctx.app.inject({ method: 'DELETE', url: `/api/public/revocation/${token}` });
const claimsOf = (token: string) => {
  const c = verifyAccessToken(token, ctx.app.tokenSecret, 0, true);
  assert.ok(c, 'the access token must carry valid claims');
  return c;
};
const userId = async (username: string) =>
  (await ctx.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;


describe('password grant', () => {
  test('a username logs in: bearer tokens whose subject is the user, accepted by authenticated calls', async () => {
    const res = await password('productor', 'Demo1234');
    assert.equal(res.statusCode, 200);
    const body = res.json() as Tokens;
    assert.deepEqual(Object.keys(body).sort(), ['access_token', 'expires_in', 'refresh_token', 'token_type']);
    assert.equal(body.token_type, 'bearer');
    assert.equal(body.expires_in, 900);
    assert.match(body.access_token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    assert.match(body.refresh_token, /^[\w-]{40,}$/);
    const claims = claimsOf(body.access_token);
    assert.equal(claims.sub, await userId('productor'));
    assert.equal(claims.exp - claims.iat, 900);
    const me = await sessionsWith(body.access_token);
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().sessions.length, 3);
  });

  test('the e-mail logs in the same user', async () => {
    const res = await password('productor@demo.com.ar', 'Demo1234');
    assert.equal(res.statusCode, 200);
    assert.equal(claimsOf((res.json() as Tokens).access_token).sub, await userId('productor'));
  });

  test('the login is lower-cased and trimmed (username and e-mail); the password is not', async () => {
    for (const typed of ['  PRODUCTOR  ', 'Productor', '\tProductor@Demo.COM.ar '] as const) {
      const res = await password(typed, 'Demo1234');
      assert.equal(res.statusCode, 200, `${JSON.stringify(typed)} answered ${res.body}`);
      assert.equal(claimsOf((res.json() as Tokens).access_token).sub, await userId('productor'));
    }
    expectRefused(await password('productor', 'DEMO1234'), 401, msg.credencialesInvalidas);
    expectRefused(await password('productor', ' Demo1234 '), 401, msg.credencialesInvalidas);
  });

  test('a wrong password and an unknown user are refused alike with 401', async () => {
    const wrong = await password('productor', 'Otra1234');
    expectRefused(wrong, 401, 'Usuario o contraseña incorrectos.');
    const unknown = await password('nadie', 'Demo1234');
    expectRefused(unknown, 401, 'Usuario o contraseña incorrectos.');
  });

  test('a missing or blank username answers 400 "El usuario es obligatorio."', async () => {
    for (const payload of [
      { client_id: 'master', grant_type: 'password', password: 'Demo1234' },
      { client_id: 'master', grant_type: 'password', username: '', password: 'Demo1234' },
      { client_id: 'master', grant_type: 'password', username: '   ', password: 'Demo1234' },
    ]) {
      const res = await oauth(payload);
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().success, false);
      assert.equal(res.json().msg, 'El usuario es obligatorio.');
    }
  });

  test('a missing or empty password answers 400 "La contraseña es obligatoria."', async () => {
    for (const payload of [
      { client_id: 'master', grant_type: 'password', username: 'productor' },
      { client_id: 'master', grant_type: 'password', username: 'productor', password: '' },
    ]) {
      const res = await oauth(payload);
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().msg, 'La contraseña es obligatoria.');
    }
  });

  test('a client other than master, or a missing one, answers 400', async () => {
    for (const client of ['otro', 'MASTER', undefined]) {
      const res = await oauth({ client_id: client, grant_type: 'password', username: 'productor', password: 'Demo1234' });
      assert.equal(res.statusCode, 400, `client_id ${String(client)}`);
      assert.equal(res.json().success, false);
      assert.equal(res.json().msg, msg.clienteInvalido);
      assert.equal(res.json().access_token, undefined);
    }
  });

  test('an unknown grant type answers 400', async () => {
    for (const grant of ['client_credentials', undefined]) {
      const res = await oauth({ client_id: 'master', grant_type: grant, username: 'productor', password: 'Demo1234' });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().msg, msg.tipoConcesionInvalido);
    }
  });

  test('a form-urlencoded body works like JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/oauth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'client_id=master&grant_type=password&username=productor&password=Demo1234',
      remoteAddress: nextIp(),
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as Tokens;
    assert.equal(claimsOf(body.access_token).sub, await userId('productor'));

    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/oauth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `client_id=master&grant_type=refresh_token&refresh_token=${encodeURIComponent(body.refresh_token)}`,
      remoteAddress: nextIp(),
    });
    assert.equal(refreshed.statusCode, 200, refreshed.body);

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/oauth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'client_id=master&grant_type=password&username=productor&password=mala',
      remoteAddress: nextIp(),
    });
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.json().msg, msg.credencialesInvalidas);
  });

  test('passwords are stored as argon2id, never in clear', async () => {
    const rows = await ctx.db.selectFrom('users').select(['username', 'password_hash']).execute();
    assert.ok(rows.length >= 7);
    for (const r of rows) {
      assert.ok(r.password_hash.startsWith('$argon2id$'), `${r.username}: ${r.password_hash.slice(0, 12)}`);
      assert.ok(!r.password_hash.includes('Demo1234') && !r.password_hash.includes('Admin1234'));
    }
  });
});

describe('refresh grant', () => {
  test('rotates the refresh token: the new one works once, the chain continues, the old access token stays valid', async () => {
    const first = await login(ctx.app, 'productor');
    const r1 = await refresh(first.refresh_token);
    assert.equal(r1.statusCode, 200, r1.body);
    const second = r1.json() as Tokens;
    assert.notEqual(second.refresh_token, first.refresh_token);
    assert.notEqual(second.access_token, first.access_token);
    assert.equal(claimsOf(second.access_token).fam, claimsOf(first.access_token).fam);
    assert.equal(claimsOf(second.access_token).sub, await userId('productor'));
    assert.equal((await sessionsWith(second.access_token)).statusCode, 200);
    assert.equal((await sessionsWith(first.access_token)).statusCode, 200);

    const r2 = await refresh(second.refresh_token);
    assert.equal(r2.statusCode, 200);
    assert.equal((await sessionsWith((r2.json() as Tokens).access_token)).statusCode, 200);
  });

  test('reusing a rotated refresh token revokes the whole family: the newest refresh and every access token stop working', async () => {
    const first = await login(ctx.app, 'vendedor');
    const rotated = await refresh(first.refresh_token);
    assert.equal(rotated.statusCode, 200);
    const second = rotated.json() as Tokens;

    const replay = await refresh(first.refresh_token);
    expectRefused(replay, 401, msg.refreshInvalido);

    expectRefused(await refresh(second.refresh_token), 401, msg.refreshInvalido);
    const after2 = await sessionsWith(second.access_token);
    expectRefused(after2, 401, msg.tokenInvalido);
    assert.equal((await sessionsWith(first.access_token)).statusCode, 401);

    const family = await ctx.db
      .selectFrom('token_families')
      .select(['revoked_at', 'revoked_reason'])
      .where('id', '=', claimsOf(first.access_token).fam)
      .executeTakeFirstOrThrow();
    assert.ok(family.revoked_at);
    assert.equal(family.revoked_reason, 'refresh-token-reuse');
    const audit = await ctx.db.selectFrom('audit_log').select('action').where('action', '=', 'token.reuse').execute();
    assert.ok(audit.length >= 1);

    // Other sessions of the same user are not touched, and the user can log in again.
    const again = await login(ctx.app, 'vendedor');
    assert.equal((await sessionsWith(again.access_token)).statusCode, 200);
  });

  test('an unknown, empty or missing refresh token is refused', async () => {
    expectRefused(await refresh('x'.repeat(43)), 401, msg.refreshInvalido);
    for (const payload of [
      { client_id: 'master', grant_type: 'refresh_token', refresh_token: '' },
      { client_id: 'master', grant_type: 'refresh_token' },
    ]) {
      const res = await oauth(payload);
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().msg, msg.refreshInvalido);
    }
  });

  test('an expired refresh token is refused', async () => {
    const t = await login(ctx.app, 'deposito');
    await ctx.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('family_id', '=', claimsOf(t.access_token).fam)
      .execute();
    expectRefused(await refresh(t.refresh_token), 401, msg.refreshInvalido);
  });
});

describe('access tokens', () => {
  test('an expired access token answers 401; the same claims unexpired are accepted', async () => {
    const t = await login(ctx.app, 'productor');
    const claims = claimsOf(t.access_token);
    const now = Math.floor(Date.now() / 1000);
    const expired = signAccessToken({ ...claims, iat: now - 1000, exp: now - 1 }, ctx.app.tokenSecret);
    const res = await sessionsWith(expired);
    expectRefused(res, 401, msg.tokenInvalido);
    const fresh = signAccessToken({ ...claims, exp: now + 60 } satisfies AccessClaims, ctx.app.tokenSecret);
    assert.equal((await sessionsWith(fresh)).statusCode, 200);
  });

  test('a token signed with another secret, a malformed header and a missing one answer 401', async () => {
    const t = await login(ctx.app, 'productor');
    const forged = signAccessToken(claimsOf(t.access_token), 'otro-secreto-de-al-menos-32-caracteres!!');
    expectRefused(await sessionsWith(forged), 401, msg.tokenInvalido);
    const basic = await ctx.app.inject({ method: 'GET', url: '/api/public/sessions/sessions', headers: { authorization: `Basic ${t.access_token}` } });
    expectRefused(basic, 401, msg.tokenInvalido);
    const none = await ctx.app.inject({ method: 'GET', url: '/api/public/sessions/sessions' });
    expectRefused(none, 401, msg.noAutenticado);
  });

  test('an access token whose user was deleted answers 401', async () => {
    const t = await login(ctx.app, 'autorizador');
    assert.equal((await sessionsWith(t.access_token)).statusCode, 200);
    await ctx.db.updateTable('users').set({ deleted_at: new Date() }).where('username', '=', 'autorizador').execute();
    try {
      expectRefused(await sessionsWith(t.access_token), 401, msg.tokenInvalido);
      expectRefused(await refresh(t.refresh_token), 401, msg.refreshInvalido);
      expectRefused(await password('autorizador', 'Demo1234'), 401, msg.credencialesInvalidas);
    } finally {
      await ctx.db.updateTable('users').set({ deleted_at: null }).where('username', '=', 'autorizador').execute();
    }
  });
});

describe('revocation', () => {
  test('revoking the access token ends its family: access and refresh tokens stop working', async () => {
    const t = await login(ctx.app, 'productor');
    const other = await login(ctx.app, 'productor');
    const res = await revoke(t.access_token);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { success: true });
    expectRefused(await sessionsWith(t.access_token), 401, msg.tokenInvalido);
    expectRefused(await refresh(t.refresh_token), 401, msg.refreshInvalido);
    // Another login of the same user is another family and survives.
    assert.equal((await sessionsWith(other.access_token)).statusCode, 200);
    const family = await ctx.db.selectFrom('token_families').select('revoked_reason').where('id', '=', claimsOf(t.access_token).fam).executeTakeFirstOrThrow();
    assert.equal(family.revoked_reason, 'logout');
  });

  test('revoking the refresh token ends its family too', async () => {
    const t = await login(ctx.app, 'productor');
    const res = await revoke(t.refresh_token);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { success: true });
    expectRefused(await sessionsWith(t.access_token), 401, msg.tokenInvalido);
    expectRefused(await refresh(t.refresh_token), 401, msg.refreshInvalido);
  });

  test('an expired access token can still be revoked (logout after the token ran out)', async () => {
    const t = await login(ctx.app, 'productor');
    const now = Math.floor(Date.now() / 1000);
    const expired = signAccessToken({ ...claimsOf(t.access_token), exp: now - 5 }, ctx.app.tokenSecret);
    assert.equal((await revoke(expired)).statusCode, 200);
    expectRefused(await refresh(t.refresh_token), 401, msg.refreshInvalido);
  });

  test('an unknown token answers the same success and revokes nothing', async () => {
    const t = await login(ctx.app, 'productor');
    const res = await revoke('no-es-un-token-valido');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { success: true });
    assert.equal((await sessionsWith(t.access_token)).statusCode, 200);
  });
});

describe('rate limits', () => {
  const tooMany = 'Demasiados intentos. Espere unos minutos y vuelva a intentar.';

  test('8 attempts per account in 15 minutes: the 9th is refused with 429 even with the right password, from any IP', async () => {
    for (let i = 1; i <= 8; i++) {
      const res = await password('deposito', `mala${i}`);
      assert.equal(res.statusCode, 401, `attempt ${i}`);
    }
    const ninth = await password('deposito', 'Demo1234');
    expectRefused(ninth, 429, tooMany);
    const upper = await password('  DEPOSITO ', 'Demo1234');
    assert.equal(upper.statusCode, 429);
    // The e-mail names the same account: it shares the counter instead of granting 8 more guesses.
    assert.equal((await password('deposito@demo.com.ar', 'Demo1234')).statusCode, 429);
    // Other accounts are not affected.
    assert.equal((await password('vendedor', 'Demo1234')).statusCode, 200);
  });

  test('a successful login clears the account counter', async () => {
    for (let i = 1; i <= 7; i++) assert.equal((await password('repartidor', `mala${i}`)).statusCode, 401);
    assert.equal((await password('repartidor', 'Demo1234')).statusCode, 200);
    for (let i = 1; i <= 8; i++) assert.equal((await password('repartidor', `mala${i}`)).statusCode, 401, `attempt ${i} after a success`);
    assert.equal((await password('repartidor', 'Demo1234')).statusCode, 429);
  });

  test('30 login attempts per IP in 5 minutes: the 31st is refused with 429', async () => {
    const ip = nextIp();
    for (let i = 1; i <= 30; i++) {
      const res = await password(`desconocido${i}`, 'Demo1234', ip);
      assert.equal(res.statusCode, 401, `attempt ${i}`);
    }
    expectRefused(await password('productor', 'Demo1234', ip), 429, tooMany);
    assert.equal((await password('productor', 'Demo1234', nextIp())).statusCode, 200);
  });

  test('120 refreshes per IP in 5 minutes: the 121st is refused with 429', async () => {
    const ip = nextIp();
    const t = await login(ctx.app, 'productor');
    for (let i = 1; i <= 120; i++) {
      const res = await refresh(`desconocido-${i}-${'x'.repeat(30)}`, ip);
      assert.equal(res.statusCode, 401, `attempt ${i}`);
    }
    expectRefused(await refresh(t.refresh_token, ip), 429, tooMany);
    // The valid token was not consumed by the refused call.
    assert.equal((await refresh(t.refresh_token, nextIp())).statusCode, 200);
  });
});
