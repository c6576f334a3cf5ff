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

  test('the same refresh token twice at the same moment (two tabs): both get the same new pair, the session lives on', async () => {
    const first = await login(ctx.app, 'productor');
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    assert.equal(a.statusCode, 200, a.body);
    assert.equal(b.statusCode, 200, b.body);
    assert.deepEqual(a.json(), b.json());
    const pair = a.json() as Tokens;
    assert.equal((await sessionsWith(pair.access_token)).statusCode, 200);
    // Within the window a third presentation still answers the same pair; the chain continues from it.
    assert.deepEqual((await refresh(first.refresh_token)).json(), pair);
    const next = await refresh(pair.refresh_token);
    assert.equal(next.statusCode, 200);
    // The pair is kept sealed: the database holds neither of its tokens in the clear.
    const row = await ctx.db.selectFrom('refresh_tokens').select('successor_sealed').where('successor_sealed', 'is not', null).execute();
    for (const r of row) {
      assert.ok(!r.successor_sealed!.includes(pair.refresh_token));
      assert.ok(!r.successor_sealed!.includes(pair.access_token.split('.')[1]!));
    }
  });

  test('reusing a rotated refresh token after the 30-s grace window revokes the whole family: the newest refresh and every access token stop working', async () => {
    const first = await login(ctx.app, 'vendedor');
    const rotated = await refresh(first.refresh_token);
    assert.equal(rotated.statusCode, 200);
    const second = rotated.json() as Tokens;
    // The rotation happened 31 s ago.
    await ctx.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - 31_000) })
      .where('used_at', 'is not', null)
      .where('family_id', '=', claimsOf(first.access_token).fam)
      .execute();

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

  /** A login from a browser: the cookie jar keeps the device cookie the server sets. */
  const deviceLogin = async (username: string, pass: string, jar: { cookie?: string }, remoteAddress = nextIp()) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/oauth',
      payload: { client_id: 'master', grant_type: 'password', username, password: pass },
      remoteAddress,
      headers: jar.cookie ? { cookie: jar.cookie } : {},
    });
    const set = res.headers['set-cookie'];
    const cookie = (Array.isArray(set) ? set[0] : set)?.split(';')[0];
    if (cookie) jar.cookie = cookie;
    return res;
  };

  /**
   * The machine may be slower than a 2-s delay: where a test asserts what happens while a delay runs, it makes
   * that delay long (as after more failures) instead of racing the clock.
   */
  const holdDelay = async (key: string) => {
    const r = await ctx.db.updateTable('login_throttles').set({ blocked_until: new Date(Date.now() + 600_000) }).where('key', '=', key).where('blocked_until', 'is not', null).executeTakeFirst();
    assert.equal(Number(r.numUpdatedRows), 1, `${key} is not delayed`);
  };

  test("a short wait is named in seconds, as Retry-After says it, not 'unos minutos'", async () => {
    for (let i = 1; i <= 6; i++) await password('autorizador', `mala${i}`);
    const key = `account:user:${await userId('autorizador')}`;
    // A wait of seconds, long enough not to run out on a loaded machine before the next attempt.
    await ctx.db.updateTable('login_throttles').set({ blocked_until: new Date(Date.now() + 20_000) }).where('key', '=', key).execute();
    const waiting = await password('autorizador', 'Demo1234');
    const seconds = Number(waiting.headers['retry-after']);
    assert.ok(seconds >= 1 && seconds <= 20, String(seconds));
    expectRefused(waiting, 429, `Demasiados intentos. Espere ${seconds} segundo${seconds === 1 ? '' : 's'} y vuelva a intentar.`);
    assert.equal(msg.demasiadosIntentosEspera(1), 'Demasiados intentos. Espere 1 segundo y vuelva a intentar.');
    assert.equal(msg.demasiadosIntentosEspera(2), 'Demasiados intentos. Espere 2 segundos y vuelva a intentar.');
    assert.equal(msg.demasiadosIntentosEspera(600), tooMany);
    await ctx.db.deleteFrom('login_throttles').where('key', '=', key).execute();
  });

  test('5 free failures per account, then a growing delay: the next attempt waits (429 with Retry-After), from any IP and by e-mail too', async () => {
    for (let i = 1; i <= 5; i++) assert.equal((await password('deposito', `mala${i}`)).statusCode, 401, `attempt ${i}`);
    // The 6th failure is still answered (401) and starts the delay: 2 s, then 4, 8… up to 15 minutes.
    assert.equal((await password('deposito', 'mala6')).statusCode, 401);
    await holdDelay(`account:user:${await userId('deposito')}`);
    const waiting = await password('deposito', 'Demo1234');
    expectRefused(waiting, 429, tooMany);
    assert.ok(Number(waiting.headers['retry-after']) >= 1);
    assert.equal((await password('  DEPOSITO ', 'Demo1234')).statusCode, 429);
    // The e-mail names the same account: it shares the counter instead of granting more guesses.
    assert.equal((await password('deposito@demo.com.ar', 'Demo1234')).statusCode, 429);
    const row = await ctx.db.selectFrom('login_throttles').select(['failures']).where('key', '=', `account:user:${await userId('deposito')}`).executeTakeFirstOrThrow();
    // Refused attempts are not failures: the count stays at 6.
    assert.equal(row.failures, 6);
    // Other accounts are not affected.
    assert.equal((await password('vendedor', 'Demo1234')).statusCode, 200);
  });

  test('the delay grows with each failure and ends: after it, the right password gets in and clears the count', async () => {
    const id = `account:user:${await userId('autorizador')}`;
    for (let i = 1; i <= 7; i++) {
      // Let each delay pass (as the clock would) so every attempt is a real failure.
      await ctx.db.updateTable('login_throttles').set({ blocked_until: null }).where('key', '=', id).execute();
      assert.equal((await password('autorizador', `mala${i}`)).statusCode, 401, `attempt ${i}`);
    }
    const row = await ctx.db
      .selectFrom('login_throttles')
      .select(['failures', 'blocked_until', 'last_failure_at'])
      .where('key', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(row.failures, 7);
    // 7 failures: 2 free over 5 → 2 × 2 = 4 s.
    const wait = (new Date(row.blocked_until!).getTime() - new Date(row.last_failure_at).getTime()) / 1000;
    assert.ok(wait > 3 && wait <= 4.5, `waited ${wait} s`);
    assert.equal((await password('autorizador', 'Demo1234')).statusCode, 429);
    await ctx.db.updateTable('login_throttles').set({ blocked_until: null }).where('key', '=', id).execute();
    assert.equal((await password('autorizador', 'Demo1234')).statusCode, 200);
    assert.equal(await ctx.db.selectFrom('login_throttles').select('key').where('key', '=', id).executeTakeFirst(), undefined);
  });

  test('an attacker slowing an account does not keep its owner out: a browser that logged in before still gets in', async () => {
    const owner: { cookie?: string } = {};
    assert.equal((await deviceLogin('repartidor', 'Demo1234', owner)).statusCode, 200);
    assert.match(owner.cookie ?? '', /^portal_device=[\w-]{40,}$/);
    // Someone else guesses at the account from many addresses until it is slowed.
    for (let i = 1; i <= 6; i++) assert.equal((await password('repartidor', `mala${i}`)).statusCode, 401);
    await holdDelay(`account:user:${await userId('repartidor')}`);
    assert.equal((await password('repartidor', 'Demo1234')).statusCode, 429);
    const stranger: { cookie?: string } = {};
    assert.equal((await deviceLogin('repartidor', 'Demo1234', stranger)).statusCode, 429);
    // The owner's own browser: the right password logs in, even from a new address.
    assert.equal((await deviceLogin('repartidor', 'Demo1234', owner)).statusCode, 200);
    // A wrong password from the owner's browser counts on that browser only (10 free), not on the account.
    assert.equal((await deviceLogin('repartidor', 'mala', owner)).statusCode, 401);
    assert.equal((await deviceLogin('repartidor', 'Demo1234', owner)).statusCode, 200);
    // A forged device cookie is just an unknown device.
    assert.equal((await deviceLogin('repartidor', 'Demo1234', { cookie: `portal_device=${'x'.repeat(43)}` })).statusCode, 429);
  });

  test('successful logins are never counted: 100 people behind one address all get in', async () => {
    const ip = nextIp();
    for (let i = 1; i <= 100; i++) assert.equal((await password(i % 2 ? 'productor' : 'vendedor', 'Demo1234', ip)).statusCode, 200, `login ${i}`);
  });

  test('30 free failures per address (any accounts), then a growing delay for unknown devices from it', async () => {
    const ip = nextIp();
    for (let i = 1; i <= 31; i++) assert.equal((await password(`desconocido${i}`, 'Demo1234', ip)).statusCode, 401, `attempt ${i}`);
    await holdDelay(`address:${ip}`);
    expectRefused(await password('productor', 'Demo1234', ip), 429, tooMany);
    assert.equal((await password('productor', 'Demo1234', nextIp())).statusCode, 200);
  });

  test('a browser that logged in before is not held up by failures of others at its address', async () => {
    const ip = nextIp();
    const mine: { cookie?: string } = {};
    assert.equal((await deviceLogin('vendedor', 'Demo1234', mine, ip)).statusCode, 200);
    for (let i = 1; i <= 31; i++) assert.equal((await password(`otro${i}`, 'x', ip)).statusCode, 401);
    await holdDelay(`address:${ip}`);
    assert.equal((await password('vendedor', 'Demo1234', ip)).statusCode, 429);
    assert.equal((await deviceLogin('vendedor', 'Demo1234', mine, ip)).statusCode, 200);
  });

  test('parallel guesses cannot slip past the delay: every guess checked was counted first, and the rest wait', async () => {
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => password('cambio', `mala${i}`)));
    const seconds = (Date.now() - started) / 1000;
    const checked = results.filter((r) => r.statusCode === 401).length;
    assert.equal(results.filter((r) => r.statusCode === 429).length, 20 - checked);
    const row = await ctx.db.selectFrom('login_throttles').select('failures').where('key', '=', `account:user:${await userId('cambio')}`).executeTakeFirstOrThrow();
    // The count and the check are one statement: no guess was checked without being counted.
    assert.equal(row.failures, checked);
    // 5 free, then 2 s, 4 s…: only a machine slower than the delays lets more than 6 through.
    assert.ok(checked <= 6 + Math.log2(1 + seconds / 2), `${checked} guesses checked in ${seconds} s`);
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
