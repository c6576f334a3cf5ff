import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildCuit, formatPhone, msg, type Entidad } from '@portal/contract';
import { buildApp } from '../../app.js';
import { SELF_SIGNUP_CUSTOMER } from '../../db/seed/identities.js';
import { bearer, createTestApp, DEL_SUR, expectRefused, LA_PAMPA, login, nextIp, type TestContext } from '../../test/helpers.js';

/** POST /usuarios: registration, ?check=true, ?verificationSMS=true, and the self-service link of a new customer. */

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
});
after(async () => {
  await ctx?.close();
});

const TOO_MANY = 'Demasiados intentos. Espere unos minutos y vuelva a intentar.';
let serial = 0;
/** A new applicant: unique e-mail, mobile and (valid) CUIT. */
function applicant(overrides: Record<string, unknown> = {}) {
  serial++;
  return {
    nombre: 'Ana',
    apellido: 'Suárez',
    email: `ana.suarez${serial}@campo.com.ar`,
    password: 'Clave123',
    nrotel: `2954${String(700000 + serial).padStart(6, '0')}`,
    cuit: buildCuit('27', 30_000_000 + serial),
    ...overrides,
  };
}
type Applicant = ReturnType<typeof applicant>;

const usuarios = (query: string, payload: Record<string, unknown>, remoteAddress = nextIp(), app: FastifyInstance = ctx.app) =>
  app.inject({ method: 'POST', url: `/api/public/usuarios${query}`, payload, remoteAddress });
const register = (a: Record<string, unknown>, ip?: string) => usuarios('', a, ip);
const check = (a: Applicant, serviceid: string, codigo: string, ip?: string) => usuarios('?check=true', { ...a, serviceid, codigo }, ip);
const resend = (payload: Record<string, unknown>, ip?: string) => usuarios('?verificationSMS=true', payload, ip);

/** The code of the newest SMS sent to a 10-digit mobile. */
async function lastCode(nrotel: string): Promise<string> {
  const to = `+54${nrotel}`;
  const sms = (await ctx.sms()).filter((s) => s.to === to);
  assert.ok(sms.length > 0, `no SMS to ${to}`);
  const m = /\b(\d{6})\b/.exec(sms.at(-1)!.text);
  assert.ok(m, `no 6-digit code in ${sms.at(-1)!.text}`);
  return m[1]!;
}
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function registered(a: Applicant): Promise<string> {
  const res = await register(a);
  assert.equal(res.statusCode, 201, res.body);
  return (res.json() as { serviceid: string }).serviceid;
}
const pending = (id: string) => ctx.db.selectFrom('pending_registrations').selectAll().where('id', '=', id).executeTakeFirst();
const tryLogin = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/public/oauth', payload: { client_id: 'master', grant_type: 'password', username, password }, remoteAddress: nextIp() });

describe('POST /usuarios (register)', () => {
  test('answers 201 with a serviceid and sends a 6-digit code by SMS to +54 and the mobile', async () => {
    const a = applicant();
    const res = await register(a);
    assert.equal(res.statusCode, 201, res.body);
    const body = res.json() as { success: boolean; serviceid: string; title: string; msg: string };
    assert.equal(body.success, true);
    assert.match(body.serviceid, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.equal(body.title, 'Registro');
    // The area code 2954 has four digits (libphonenumber-js).
    assert.equal(body.msg, msg.codigoEnviado(`+54 2954 ${a.nrotel.slice(4, 6)} ${a.nrotel.slice(6)}`));
    const sms = (await ctx.sms()).filter((s) => s.to === `+54${a.nrotel}`);
    assert.equal(sms.length, 1);
    assert.match(sms[0]!.text, /\b\d{6}\b/);
    const row = await pending(body.serviceid);
    assert.ok(row);
    assert.equal(row.email, a.email);
    assert.equal(row.phone, a.nrotel);
    assert.equal(row.attempts, 0);
    assert.ok(row.password_hash.startsWith('$argon2id$'));
    assert.notEqual(row.code_hash, await lastCode(a.nrotel), 'the code is not stored in clear');
    // Nothing is created until the code is verified.
    assert.equal((await ctx.db.selectFrom('users').select('id').where('email', '=', a.email).execute()).length, 0);
  });

  test('every field is validated with its form message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ nombre: '' }, 'El nombre es obligatorio.'],
      [{ nombre: '   ' }, 'El nombre es obligatorio.'],
      [{ nombre: undefined }, 'El nombre es obligatorio.'],
      [{ apellido: '' }, 'El apellido es obligatorio.'],
      [{ apellido: undefined }, 'El apellido es obligatorio.'],
      [{ email: 'no-es-un-mail' }, 'Ingrese un email válido.'],
      [{ email: '' }, 'Ingrese un email válido.'],
      [{ email: undefined }, 'Ingrese un email válido.'],
      [{ password: '' }, 'La contraseña es obligatoria.'],
      [{ password: undefined }, 'La contraseña es obligatoria.'],
      [{ password: 'abc' }, 'Mínimo 6 caracteres'],
      [{ nrotel: '' }, 'Campo numérico obligatorio.'],
      [{ nrotel: undefined }, 'Campo numérico obligatorio.'],
      [{ nrotel: '29547abcde' }, 'Campo numérico obligatorio.'],
      [{ nrotel: '295412345' }, 'Debe contener 10 caracteres'],
      [{ nrotel: '29541234567' }, 'Debe contener 10 caracteres'],
      [{ nrotel: '+54295412345' }, 'Debe contener 10 caracteres'],
      [{ cuit: '' }, 'El cuit es obligatorio.'],
      [{ cuit: '2728555444a' }, 'Sólo números, sin caracteres ni espacios'],
      [{ cuit: '272855544' }, 'El cuit debe ser de 11 caracteres'],
      [{ cuit: '27285554442' }, 'El CUIT ingresado no es válido.'],
    ];
    const ip = nextIp();
    const count = async () => (await ctx.db.selectFrom('pending_registrations').select('id').execute()).length;
    const before = await count();
    for (const [override, message] of cases) {
      expectRefused(await register(applicant(override), ip), 400, message);
    }
    // Refused input neither stores a registration nor sends an SMS nor counts against the IP's limit.
    assert.equal(await count(), before);
    assert.equal((await register(applicant(), ip)).statusCode, 201);
  });

  test('the e-mail is lower-cased and trimmed; the mobile is accepted with the +54 prefix and stored as 10 digits', async () => {
    const a = applicant();
    const res = await register({ ...a, email: `  ${a.email.toUpperCase()} `, nrotel: `+54${a.nrotel}` });
    assert.equal(res.statusCode, 201, res.body);
    const row = await pending((res.json() as { serviceid: string }).serviceid);
    assert.equal(row?.email, a.email);
    assert.equal(row?.phone, a.nrotel);
    assert.equal((await ctx.sms()).filter((s) => s.to === `+54${a.nrotel}`).length, 1);
  });

  test('an e-mail that already has a user answers 409', async () => {
    for (const email of ['productor@demo.com.ar', ' PRODUCTOR@demo.com.ar ']) {
      expectRefused(await register(applicant({ email })), 409, msg.emailYaRegistrado);
    }
  });
});

describe('POST /usuarios?check=true', () => {
  test('the right code creates the user, who can log in; the serviceid cannot be used again', async () => {
    const a = applicant();
    const id = await registered(a);
    const res = await check(a, id, await lastCode(a.nrotel));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { success: true, title: 'Registro', msg: msg.usuarioCreado });
    const user = await ctx.db.selectFrom('users').selectAll().where('email', '=', a.email).executeTakeFirstOrThrow();
    assert.equal(user.username, a.email);
    assert.equal(user.first_name, 'Ana');
    assert.equal(user.last_name, 'Suárez');
    assert.equal(user.phone, a.nrotel);
    assert.equal(user.cuit, a.cuit);
    assert.equal(user.change_password, false);
    assert.ok(user.password_hash.startsWith('$argon2id$'));
    assert.ok((await pending(id))?.completed_at);

    const logged = await tryLogin(a.email, 'Clave123');
    assert.equal(logged.statusCode, 200, logged.body);
    // A new account has no company yet.
    const sessions = await ctx.app.inject({ method: 'GET', url: '/api/public/sessions/sessions', headers: bearer(logged.json().access_token) });
    assert.deepEqual(sessions.json(), { success: true, sessions: [] });

    expectRefused(await check(a, id, await lastCode(a.nrotel)), 400, msg.registroInexistente);
    // Registering again with that e-mail is now a duplicate.
    expectRefused(await register({ ...applicant(), email: a.email }), 409, msg.emailYaRegistrado);
  });

  test('a wrong code answers 400 "El código ingresado no es correcto."', async () => {
    const a = applicant();
    const id = await registered(a);
    const code = await lastCode(a.nrotel);
    expectRefused(await check(a, id, otherCode(code)), 400, 'El código ingresado no es correcto.');
    assert.equal((await pending(id))?.attempts, 1);
    assert.equal((await check(a, id, code)).statusCode, 200);
  });

  test('the code must have 6 characters; the serviceid and the e-mail must match a pending registration', async () => {
    const a = applicant();
    const id = await registered(a);
    const code = await lastCode(a.nrotel);
    for (const codigo of ['12345', '1234567', '', undefined]) {
      expectRefused(await usuarios('?check=true', { ...a, serviceid: id, codigo }), 400, 'El código debe tener 6 caracteres');
    }
    expectRefused(await check(a, '00000000-0000-4000-8000-000000000000', code), 400, msg.registroInexistente);
    expectRefused(await check(a, 'no-es-un-uuid', code), 400, msg.registroInexistente);
    expectRefused(await check({ ...a, email: 'otra.persona@campo.com.ar' }, id, code), 400, msg.registroInexistente);
    // None of that was counted as a guess.
    assert.equal((await pending(id))?.attempts, 0);
    assert.equal((await check(a, id, code)).statusCode, 200);
  });

  test('after 5 wrong attempts even the right code is refused', async () => {
    const a = applicant();
    const id = await registered(a);
    const code = await lastCode(a.nrotel);
    for (let i = 1; i <= 4; i++) expectRefused(await check(a, id, otherCode(code)), 400, msg.codigoIncorrecto);
    expectRefused(await check(a, id, otherCode(code)), 400, msg.codigoSinIntentos);
    expectRefused(await check(a, id, code), 400, msg.codigoSinIntentos);
    assert.equal((await ctx.db.selectFrom('users').select('id').where('email', '=', a.email).execute()).length, 0);
  });

  test('concurrent guesses cannot exceed the 5 attempts of a code', async () => {
    const a = applicant();
    const id = await registered(a);
    const code = await lastCode(a.nrotel);
    const answers = await Promise.all(Array.from({ length: 20 }, () => check(a, id, otherCode(code))));
    assert.ok(answers.every((r) => r.statusCode === 400));
    const stillTrying = answers.filter((r) => r.json().msg === msg.codigoIncorrecto).length;
    assert.ok(stillTrying <= 4, `${stillTrying} guesses were told to try again`);
    assert.equal((await pending(id))?.attempts, 5);
    expectRefused(await check(a, id, code), 400, msg.codigoSinIntentos);
  });

  test('an expired code answers 400 and creates nothing', async () => {
    const a = applicant();
    const id = await registered(a);
    await ctx.db.updateTable('pending_registrations').set({ code_expires_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    expectRefused(await check(a, id, await lastCode(a.nrotel)), 400, 'El código venció. Solicite uno nuevo con "Reenviar código".');
    assert.equal((await ctx.db.selectFrom('users').select('id').where('email', '=', a.email).execute()).length, 0);
  });

  test('30 checks per IP in 10 minutes: the 31st answers 429', async () => {
    const a = applicant();
    const id = await registered(a);
    const ip = nextIp();
    for (let i = 1; i <= 30; i++) {
      const res = await check(a, '00000000-0000-4000-8000-000000000000', '000000', ip);
      assert.equal(res.statusCode, 400, `attempt ${i}`);
    }
    expectRefused(await check(a, id, await lastCode(a.nrotel), ip), 429, TOO_MANY);
    assert.equal((await check(a, id, await lastCode(a.nrotel))).statusCode, 200);
  });
});

describe('POST /usuarios?verificationSMS=true', () => {
  test('sends a new code; the old one stops working and the new one is accepted', async () => {
    const a = applicant();
    const id = await registered(a);
    const old = await lastCode(a.nrotel);
    expectRefused(await check(a, id, otherCode(old)), 400, msg.codigoIncorrecto);
    const res = await resend({ nrotel: a.nrotel, serviceid: id });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as { success: boolean; serviceid: string; msg: string };
    assert.equal(body.success, true);
    assert.equal(body.serviceid, id);
    assert.ok(body.msg.startsWith('Se ha enviado un nuevo código a'), body.msg);
    assert.equal(body.msg, msg.nuevoCodigoEnviado(`+54 2954 ${a.nrotel.slice(4, 6)} ${a.nrotel.slice(6)}`));
    assert.equal((await ctx.sms()).filter((s) => s.to === `+54${a.nrotel}`).length, 2);
    const fresh = await lastCode(a.nrotel);
    assert.equal((await pending(id))?.attempts, 0);
    if (fresh !== old) expectRefused(await check(a, id, old), 400, msg.codigoIncorrecto);
    assert.equal((await check(a, id, fresh)).statusCode, 200);
  });

  test('without a serviceid the newest pending registration of the mobile gets the code; +54 is accepted', async () => {
    const a = applicant();
    const id = await registered(a);
    const res = await resend({ nrotel: `+54${a.nrotel}` });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().serviceid, id);
    assert.equal((await check(a, id, await lastCode(a.nrotel))).statusCode, 200);
  });

  test('a new code after running out of attempts allows 5 more', async () => {
    const a = applicant();
    const id = await registered(a);
    const code = await lastCode(a.nrotel);
    for (let i = 1; i <= 5; i++) await check(a, id, otherCode(code));
    expectRefused(await check(a, id, code), 400, msg.codigoSinIntentos);
    assert.equal((await resend({ nrotel: a.nrotel, serviceid: id })).statusCode, 200);
    assert.equal((await check(a, id, await lastCode(a.nrotel))).statusCode, 200);
  });

  test('validation and unknown registrations', async () => {
    const a = applicant();
    const id = await registered(a);
    expectRefused(await resend({ nrotel: '' }), 400, msg.telefonoObligatorio);
    expectRefused(await resend({ nrotel: '12345' }), 400, msg.telefonoLongitud);
    expectRefused(await resend({ nrotel: a.nrotel, serviceid: 'x' }), 400, msg.registroInexistente);
    // Another mobile cannot ask for the code of this registration.
    expectRefused(await resend({ nrotel: '2954999999', serviceid: id }), 400, msg.registroInexistente);
    expectRefused(await resend({ nrotel: '2954999998' }), 400, msg.registroInexistente);
  });

  test('3 SMS per mobile in 10 minutes (registration included): the 4th answers 429 with the time to try again', async () => {
    const a = applicant();
    const id = await registered(a);
    assert.equal((await resend({ nrotel: a.nrotel, serviceid: id })).statusCode, 200);
    assert.equal((await resend({ nrotel: a.nrotel, serviceid: id })).statusCode, 200);
    const before = (await ctx.sms()).length;
    const retry = /^Ya enviamos varios códigos a este celular\. Podrá pedir otro a partir de las \d{2}:\d{2}\.$/;
    for (const res of [await resend({ nrotel: a.nrotel, serviceid: id }), await register({ ...applicant(), nrotel: a.nrotel })]) {
      assert.equal(res.statusCode, 429, res.body);
      assert.match(res.json().msg, retry);
    }
    assert.equal((await ctx.sms()).length, before, 'no SMS is sent once the limit is reached');
  });

  test('\'Corregir mis datos\' and sending again does not spend the SMS budget: the code sent stays valid', async () => {
    const a = applicant();
    const id = await registered(a);
    const code = await lastCode(a.nrotel);
    // The customer mistypes the surname three times and corrects it: no new SMS, the same registration.
    for (const apellido of ['Suarex', 'Suárez', 'Suárez Díaz']) {
      const res = await register({ ...a, apellido });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal((res.json() as { serviceid: string }).serviceid, id);
      // Told that the code already sent still holds, not that one was sent.
      assert.equal((res.json() as { msg: string }).msg, msg.codigoVigente(formatPhone(a.nrotel)));
    }
    assert.equal((await ctx.sms()).filter((s) => s.to === `+54${a.nrotel}`).length, 1);
    assert.equal((await pending(id))?.last_name, 'Suárez Díaz');
    // Two resends still fit in the budget, and the code of the last one completes the registration.
    assert.equal((await resend({ nrotel: a.nrotel, serviceid: id })).statusCode, 200);
    assert.equal((await resend({ nrotel: a.nrotel, serviceid: id })).statusCode, 200);
    assert.notEqual(await lastCode(a.nrotel), code);
    assert.equal((await check(a, id, await lastCode(a.nrotel))).statusCode, 200);
  });

  test('10 resends per IP in an hour: the 11th answers 429', async () => {
    const ip = nextIp();
    for (let i = 1; i <= 10; i++) {
      const res = await resend({ nrotel: `29549${String(10000 + i)}` }, ip);
      assert.equal(res.statusCode, 400, `attempt ${i}`);
    }
    expectRefused(await resend({ nrotel: '2954920000' }, ip), 429, TOO_MANY);
  });
});

describe('registration limits', () => {
  test('10 registrations per IP in an hour: the 11th answers 429', async () => {
    const ip = nextIp();
    for (let i = 1; i <= 10; i++) assert.equal((await register(applicant(), ip)).statusCode, 201, `registration ${i}`);
    expectRefused(await register(applicant(), ip), 429, TOO_MANY);
  });

  test('5 registrations per e-mail in an hour: the 6th answers 429', async () => {
    const email = 'repite@campo.com.ar';
    for (let i = 1; i <= 5; i++) assert.equal((await register(applicant({ email }))).statusCode, 201, `registration ${i}`);
    expectRefused(await register(applicant({ email })), 429, TOO_MANY);
  });
});

describe('self-service link of a new customer', () => {
  test('with the CUIT and mobile the cooperative has on file, the new user links itself to that entity', async () => {
    const a = applicant({ nombre: 'María Fernanda', apellido: 'Gómez', cuit: SELF_SIGNUP_CUSTOMER.cuit, nrotel: SELF_SIGNUP_CUSTOMER.phone });
    const id = await registered(a);
    assert.equal((await check(a, id, await lastCode(a.nrotel))).statusCode, 200);
    const t = await login(ctx.app, a.email, 'Clave123');

    const res = await ctx.app.inject({ method: 'POST', url: '/api/public/sessions/newsession', headers: bearer(t.access_token), payload: { cuit: LA_PAMPA } });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as { success: boolean; entidades: Entidad[]; empresacuit: string; msg: string };
    assert.equal(body.empresacuit, LA_PAMPA);
    assert.deepEqual(
      body.entidades.map((e) => [e.codigo_entidad, e.cuit_entidad, e.numero_celular]),
      [[1005, SELF_SIGNUP_CUSTOMER.cuit, SELF_SIGNUP_CUSTOMER.phone]],
    );
    const sessions = await ctx.app.inject({ method: 'GET', url: '/api/public/sessions/sessions', headers: bearer(t.access_token) });
    assert.deepEqual(sessions.json().sessions.map((s: { cuit: string }) => s.cuit), [LA_PAMPA]);
    const data = await ctx.app.inject({ method: 'GET', url: '/api/public/data?mobile=false', headers: bearer(t.access_token, { cuit: LA_PAMPA }) });
    assert.equal(data.statusCode, 200, data.body);
    assert.equal(data.json().usuario.codent, 1005);
    assert.deepEqual(data.json().usuario.perfiles.map((p: { id: number }) => p.id), [1]);
    // Only that entity: no other customer of the cooperative, and no admin rights.
    const other = await ctx.app.inject({ method: 'GET', url: '/api/public/data', headers: bearer(t.access_token, { cuit: LA_PAMPA, entity_id: '1001' }) });
    expectRefused(other, 403, msg.entidadSinAcceso);
    // A company where nothing matches stays out of reach.
    expectRefused(
      await ctx.app.inject({ method: 'POST', url: '/api/public/sessions/newsession', headers: bearer(t.access_token), payload: { cuit: DEL_SUR } }),
      403,
      msg.sinEntidadesEnEmpresa,
    );
  });

  test('a new user whose CUIT and mobile match no entity is refused with 403', async () => {
    const a = applicant();
    const id = await registered(a);
    assert.equal((await check(a, id, await lastCode(a.nrotel))).statusCode, 200);
    const t = await login(ctx.app, a.email, 'Clave123');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/public/sessions/newsession', headers: bearer(t.access_token), payload: { cuit: LA_PAMPA } });
    expectRefused(res, 403, 'No tiene entidades relacionadas en la empresa indicada.');
    // The CUIT alone is not enough: the SMS-verified mobile must match too.
    const b = applicant({ cuit: SELF_SIGNUP_CUSTOMER.cuit });
    const idB = await registered(b);
    assert.equal((await check(b, idB, await lastCode(b.nrotel))).statusCode, 200);
    const tb = await login(ctx.app, b.email, 'Clave123');
    expectRefused(
      await ctx.app.inject({ method: 'POST', url: '/api/public/sessions/newsession', headers: bearer(tb.access_token), payload: { cuit: LA_PAMPA } }),
      403,
      msg.sinEntidadesEnEmpresa,
    );
  });
});

describe('rollback when the SMS provider fails', () => {
  let failing: FastifyInstance;
  before(async () => {
    failing = await buildApp({
      config: ctx.config,
      db: ctx.db,
      sms: {
        send: () => Promise.reject(new Error('gateway down')),
      },
    });
    await failing.ready();
  });
  after(async () => {
    await failing?.close();
  });

  test('a registration whose SMS cannot be sent answers 502 and leaves no pending registration', async () => {
    const a = applicant();
    const res = await usuarios('', a, nextIp(), failing);
    expectRefused(res, 502, 'Error al enviar el SMS, vuelva a inentar por favor.');
    assert.equal((await ctx.db.selectFrom('pending_registrations').select('id').where('email', '=', a.email).execute()).length, 0);
    assert.equal((await ctx.db.selectFrom('users').select('id').where('email', '=', a.email).execute()).length, 0);
    // The applicant can simply try again.
    assert.equal((await register(a)).statusCode, 201);
  });

  test('a resend whose SMS cannot be sent answers 502 and keeps the code already sent', async () => {
    const a = applicant();
    const id = await registered(a);
    const code = await lastCode(a.nrotel);
    const before = await pending(id);
    const res = await usuarios('?verificationSMS=true', { nrotel: a.nrotel, serviceid: id }, nextIp(), failing);
    expectRefused(res, 502, msg.errorEnvioSms);
    const after = await pending(id);
    assert.equal(after?.code_hash, before?.code_hash);
    assert.equal((await check(a, id, code)).statusCode, 200);
  });
});
