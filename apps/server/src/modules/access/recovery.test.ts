import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { msg } from '@portal/contract';
import { bearer, createTestApp, expectRefused, login, nextIp, type TestContext } from '../../test/helpers.js';

/** POST /usuarios?forgotPassword=true and ?changePassword=true: the recovery mail and the new password. */

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
});
after(async () => {
  await ctx?.close();
});

const TOO_MANY = 'Demasiados intentos. Espere unos minutos y vuelva a intentar.';
const SENT = {
  success: true,
  title: 'Recuperar su contraseña',
  msg: 'Si el email corresponde a un usuario registrado, recibirá un correo con las instrucciones para recuperar su contraseña.',
};

const forgot = (payload: Record<string, unknown>, remoteAddress = nextIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/public/usuarios?forgotPassword=true', payload, remoteAddress });
const change = (payload: Record<string, unknown>, remoteAddress = nextIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/public/usuarios?changePassword=true', payload, remoteAddress });
const tryLogin = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/public/oauth', payload: { client_id: 'master', grant_type: 'password', username, password }, remoteAddress: nextIp() });
const mailsTo = (to: string) => ctx.smtp.mails.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(to)));

/** Asks for a link for `mail` and returns the token of the newest mail received for it. */
async function recoveryToken(mail: string): Promise<string> {
  const already = mailsTo(mail).length;
  const res = await forgot({ mail });
  assert.equal(res.statusCode, 200, res.body);
  const started = Date.now();
  while (mailsTo(mail).length <= already) {
    assert.ok(Date.now() - started < 5000, `no new mail to ${mail}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const m = /\/#\/forgot\/([\w-]+)/.exec(mailsTo(mail).at(-1)!.text ?? '');
  assert.ok(m, 'the mail carries a /#/forgot/ link');
  return m[1]!;
}

describe('POST /usuarios?forgotPassword=true', () => {
  test('a registered and an unregistered e-mail get the same answer; only the registered one gets a mail with the link', async () => {
    const unknown = await forgot({ mail: 'nadie@demo.com.ar' });
    assert.equal(unknown.statusCode, 200);
    assert.deepEqual(unknown.json(), SENT);
    const known = await forgot({ mail: 'productor@demo.com.ar' });
    assert.equal(known.statusCode, 200);
    assert.deepEqual(known.json(), SENT);

    const mail = await ctx.smtp.waitFor('productor@demo.com.ar');
    assert.equal(mail.subject, 'Recuperar su contraseña');
    assert.ok(mail.text?.includes('Hola Juan:'));
    assert.match(mail.text ?? '', new RegExp(`^${ctx.config.publicUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/#/forgot/[\\w-]{40,}$`, 'm'));
    assert.ok(String(mail.html).includes('/#/forgot/'));
    const resets = await ctx.db
      .selectFrom('password_resets as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['u.username', 'r.token_hash'])
      .execute();
    assert.deepEqual(resets.map((r) => r.username), ['productor']);
    // The token is stored hashed, never as sent.
    const token = /\/#\/forgot\/([\w-]+)/.exec(mail.text ?? '')![1]!;
    assert.notEqual(resets[0]!.token_hash, token);

    await new Promise((r) => setTimeout(r, 300));
    assert.equal(mailsTo('nadie@demo.com.ar').length, 0);
  });

  test('the e-mail is lower-cased and trimmed', async () => {
    const before = mailsTo('vendedor@demo.com.ar').length;
    const res = await forgot({ mail: '  Vendedor@Demo.COM.ar ' });
    assert.deepEqual(res.json(), SENT);
    const started = Date.now();
    while (mailsTo('vendedor@demo.com.ar').length === before) {
      assert.ok(Date.now() - started < 5000, 'no mail to vendedor@demo.com.ar');
      await new Promise((r) => setTimeout(r, 25));
    }
  });

  test('a missing or invalid e-mail answers 400', async () => {
    expectRefused(await forgot({ mail: '' }), 400, 'El mail es obligatorio.');
    expectRefused(await forgot({ mail: '   ' }), 400, 'El mail es obligatorio.');
    expectRefused(await forgot({}), 400, 'El mail es obligatorio.');
    expectRefused(await forgot({ mail: 'productor' }), 400, 'Ingrese un email válido.');
  });

  test('3 requests per account in an hour: the 4th answers 429, from any IP', async () => {
    for (let i = 1; i <= 3; i++) assert.equal((await forgot({ mail: 'deposito@demo.com.ar' })).statusCode, 200, `request ${i}`);
    expectRefused(await forgot({ mail: 'deposito@demo.com.ar' }), 429, TOO_MANY);
    expectRefused(await forgot({ mail: ' DEPOSITO@demo.com.ar' }), 429, TOO_MANY);
    // An unregistered address is limited alike, so the limit reveals nothing either.
    for (let i = 1; i <= 3; i++) assert.equal((await forgot({ mail: 'nadie2@demo.com.ar' })).statusCode, 200);
    expectRefused(await forgot({ mail: 'nadie2@demo.com.ar' }), 429, TOO_MANY);
  });

  test('10 recovery requests per IP in 15 minutes, change included: the 11th answers 429', async () => {
    const ip = nextIp();
    for (let i = 1; i <= 10; i++) assert.equal((await forgot({ mail: `otro${i}@demo.com.ar` }, ip)).statusCode, 200, `request ${i}`);
    expectRefused(await forgot({ mail: 'otro11@demo.com.ar' }, ip), 429, TOO_MANY);
    expectRefused(await change({ hash: 'x'.repeat(43), pass: 'Nueva123', checkPass: 'Nueva123' }, ip), 429, TOO_MANY);
  });
});

describe('POST /usuarios?changePassword=true', () => {
  test('changes the password: the new one logs in, the old does not, old sessions end, the link works once', async () => {
    const old = await login(ctx.app, 'productor');
    const token = await recoveryToken('productor@demo.com.ar');
    const res = await change({ hash: token, pass: 'Recuperada1', checkPass: 'Recuperada1' });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { success: true, title: 'Recuperar su contraseña', msg: msg.passwordCambiada });

    assert.equal((await tryLogin('productor', 'Recuperada1')).statusCode, 200);
    expectRefused(await tryLogin('productor', 'Demo1234'), 401, msg.credencialesInvalidas);
    // Every session opened before the change is over: refresh and access tokens.
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/oauth',
      payload: { client_id: 'master', grant_type: 'refresh_token', refresh_token: old.refresh_token },
      remoteAddress: nextIp(),
    });
    expectRefused(refreshed, 401, msg.refreshInvalido);
    const sessions = await ctx.app.inject({ method: 'GET', url: '/api/public/sessions/sessions', headers: bearer(old.access_token) });
    expectRefused(sessions, 401, msg.tokenInvalido);

    expectRefused(await change({ hash: token, pass: 'OtraMas12', checkPass: 'OtraMas12' }), 400, 'El enlace de recuperación no es válido o ya fue utilizado.');
    assert.equal((await tryLogin('productor', 'Recuperada1')).statusCode, 200);
  });

  test('using one link voids the other links of the user', async () => {
    const first = await recoveryToken('admin@demo.com.ar');
    const second = await recoveryToken('admin@demo.com.ar');
    assert.notEqual(first, second);
    assert.equal((await change({ hash: second, pass: 'AdminNueva1', checkPass: 'AdminNueva1' })).statusCode, 200);
    expectRefused(await change({ hash: first, pass: 'AdminOtra1', checkPass: 'AdminOtra1' }), 400, msg.recuperoInvalido);
    assert.equal((await tryLogin('admin', 'AdminNueva1')).statusCode, 200);
  });

  test('a password changed in the profile voids the links already sent', async () => {
    const token = await recoveryToken('vendedor@demo.com.ar');
    const t = await login(ctx.app, 'vendedor');
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/data',
      headers: bearer(t.access_token),
      payload: { first_name: 'Martín', last_name: 'Acosta', pass: 'Vendedor99', checkPass: 'Vendedor99', actPass: 'Demo1234' },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    expectRefused(await change({ hash: token, pass: 'Robada123', checkPass: 'Robada123' }), 400, msg.recuperoInvalido);
    assert.equal((await tryLogin('vendedor', 'Vendedor99')).statusCode, 200);
  });

  test('an expired link answers 400 and leaves the password as it was', async () => {
    const token = await recoveryToken('autorizador@demo.com.ar');
    await ctx.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', (await ctx.db.selectFrom('users').select('id').where('username', '=', 'autorizador').executeTakeFirstOrThrow()).id)
      .execute();
    expectRefused(await change({ hash: token, pass: 'Vencida12', checkPass: 'Vencida12' }), 400, 'El enlace de recuperación venció. Solicite uno nuevo.');
    assert.equal((await tryLogin('autorizador', 'Demo1234')).statusCode, 200);
    expectRefused(await tryLogin('autorizador', 'Vencida12'), 401, msg.credencialesInvalidas);
  });

  test('validation: short password, different repeat, missing or unknown link', async () => {
    const token = await recoveryToken('repartidor@demo.com.ar');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ hash: token, pass: 'abc', checkPass: 'abc' }, 'Mínimo 6 caracteres'],
      [{ hash: token, pass: '', checkPass: '' }, 'La contraseña es obligatoria.'],
      [{ hash: token, checkPass: 'Nueva123' }, 'La contraseña es obligatoria.'],
      [{ hash: token, pass: 'Nueva123', checkPass: 'Nueva124' }, 'Las contraseñas no coinciden'],
      [{ hash: token, pass: 'Nueva123' }, 'Las contraseñas no coinciden'],
      [{ pass: 'Nueva123', checkPass: 'Nueva123' }, msg.recuperoInvalido],
      [{ hash: 'corto', pass: 'Nueva123', checkPass: 'Nueva123' }, msg.recuperoInvalido],
      [{ hash: 'x'.repeat(43), pass: 'Nueva123', checkPass: 'Nueva123' }, msg.recuperoInvalido],
    ];
    for (const [payload, message] of cases) expectRefused(await change(payload), 400, message);
    // None of that used the link.
    assert.equal((await change({ hash: token, pass: 'Nueva123', checkPass: 'Nueva123' })).statusCode, 200);
    assert.equal((await tryLogin('repartidor', 'Nueva123')).statusCode, 200);
  });

  test('recovery also clears a pending forced change', async () => {
    const token = await recoveryToken('cambio@demo.com.ar');
    assert.equal((await change({ hash: token, pass: 'Recuperada2', checkPass: 'Recuperada2' })).statusCode, 200);
    const row = await ctx.db.selectFrom('users').select('change_password').where('username', '=', 'cambio').executeTakeFirstOrThrow();
    assert.equal(row.change_password, false);
  });

  test('two operations in one call are refused', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/usuarios?forgotPassword=true&changePassword=true',
      payload: { mail: 'productor@demo.com.ar' },
      remoteAddress: nextIp(),
    });
    expectRefused(res, 400, msg.solicitudInvalida);
  });
});
