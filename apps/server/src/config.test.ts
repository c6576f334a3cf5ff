import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from './config.js';
import { createTestApp, login, type TestContext } from './test/helpers.js';

describe('configuration', () => {
  test('a variable set but empty means unset, for every variable', () => {
    const c = loadConfig({ DATABASE_URL: '', PUBLIC_URL: '', PORT: '', SMS_HTTP_URL: '  ', TOKEN_SECRET: '', TRUST_PROXY: '', NODE_ENV: '' });
    assert.equal(c.databaseUrl, undefined);
    assert.equal(c.port, 8080);
    assert.equal(c.publicUrl, 'http://localhost:8080');
    assert.equal(c.smsHttpUrl, undefined);
    assert.equal(c.tokenSecret, undefined);
    assert.equal(c.env, 'development');
    assert.equal(c.trustProxy, false);
  });

  test('a bad value still stops the server, naming the variable', () => {
    assert.throws(() => loadConfig({ DATABASE_URL: 'not a url' }), /DATABASE_URL/);
    assert.throws(() => loadConfig({ TRUST_PROXY: 'true' }), /TRUST_PROXY/);
    assert.throws(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' }), /TRUST_PROXY/);
  });

  test('TRUST_PROXY: none by default (also in production), a hop count, or addresses and CIDRs', () => {
    assert.equal(loadConfig({ NODE_ENV: 'production' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '1' }).trustProxy, 1);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy, ['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
  });
});

/** The per-address limits must see the real client: a forged X-Forwarded-For from an untrusted peer changes nothing. */
describe('client address behind proxies', () => {
  let untrusted: TestContext;
  let trusted: TestContext;
  before(async () => {
    untrusted = await createTestApp({ NODE_ENV: 'production' });
    trusted = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  after(async () => {
    await untrusted?.close();
    await trusted?.close();
  });

  async function failedLogins(ctx: TestContext, peer: string, n: number, forwardedFor?: (i: number) => string) {
    const codes: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/public/oauth',
        remoteAddress: peer,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor(i) } : {},
        payload: { client_id: 'master', grant_type: 'password', username: `nadie${i}`, password: 'Incorrecta1' },
      });
      codes.push(res.statusCode);
    }
    return codes;
  }

  test('NODE_ENV=production without TRUST_PROXY: a different X-Forwarded-For per request does not escape the per-address limit', async () => {
    const codes = await failedLogins(untrusted, '198.51.100.7', 40, (i) => `203.0.113.${i}`);
    assert.ok(codes.includes(429), `no 429 among ${codes.join(',')}`);
  });

  test('TRUST_PROXY=127.0.0.1: the proxy names the client, each client counted on its own', async () => {
    const codes = await failedLogins(trusted, '127.0.0.1', 40, (i) => `203.0.113.${i}`);
    assert.ok(!codes.includes(429), `a 429 among ${codes.join(',')}`);
    // And a real login through the proxy still works.
    await login(trusted.app, 'productor', 'Demo1234', '127.0.0.1');
  });
});
