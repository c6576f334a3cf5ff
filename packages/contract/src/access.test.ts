import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import { changePasswordRequest, cuitField, forcedChangeRequest, nrotelField, oauthRequest, profileSaveRequest, registerRequest } from './access.js';
import { msg } from './messages.js';

function firstError(schema: z.ZodType, value: unknown): string | undefined {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
}

test('login lower-cases and trims the user, and requires both fields with the spec texts', () => {
  const ok = oauthRequest.parse({ client_id: 'master', grant_type: 'password', username: '  ProDuctor ', password: 'x' });
  assert.equal(ok.grant_type === 'password' && ok.username, 'productor');
  assert.equal(firstError(oauthRequest, { client_id: 'master', grant_type: 'password', username: ' ', password: 'x' }), msg.usuarioObligatorio);
  assert.equal(firstError(oauthRequest, { client_id: 'master', grant_type: 'password', username: 'a' }), msg.passwordObligatoria);
  assert.equal(firstError(oauthRequest, { client_id: 'other', grant_type: 'password', username: 'a', password: 'b' }), msg.clienteInvalido);
});

test('new-session CUIT messages come in the order of the spec', () => {
  assert.equal(firstError(cuitField, ''), msg.cuitObligatorio);
  assert.equal(firstError(cuitField, '30-7123'), msg.cuitSoloNumeros);
  assert.equal(firstError(cuitField, '3071234567'), msg.cuitLongitud);
  assert.equal(firstError(cuitField, '30712345671'), undefined);
});

test('mobile: 10 digits, +54 accepted and removed', () => {
  assert.equal(nrotelField.parse('+542954123456'), '2954123456');
  assert.equal(firstError(nrotelField, ''), msg.telefonoObligatorio);
  assert.equal(firstError(nrotelField, '29541234'), msg.telefonoLongitud);
  assert.equal(firstError(nrotelField, '29541234ab'), msg.telefonoObligatorio);
});

test('registration lower-cases the e-mail and checks every field', () => {
  const r = registerRequest.parse({ nombre: ' Ana ', apellido: 'Paz', email: ' Ana@Mail.COM ', password: 'secreto', nrotel: '2954123456', cuit: '20123456786' });
  assert.equal(r.email, 'ana@mail.com');
  assert.equal(r.nombre, 'Ana');
  assert.equal(firstError(registerRequest, {}), msg.nombreObligatorio);
  assert.equal(firstError(registerRequest.shape.email, 'no-es-mail'), msg.emailInvalido);
  assert.equal(firstError(registerRequest.shape.cuit, '20123456785'), 'El CUIT ingresado no es válido.');
});

test('profile: empty password allowed, short or mismatched refused with the profile texts', () => {
  assert.equal(profileSaveRequest.safeParse({ first_name: 'A', last_name: 'B' }).success, true);
  assert.equal(firstError(profileSaveRequest, { first_name: ' ', last_name: 'B' }), msg.nombreVacio);
  assert.equal(firstError(profileSaveRequest, { first_name: 'A', last_name: '' }), msg.apellidoVacio);
  assert.equal(firstError(profileSaveRequest, { first_name: 'A', last_name: 'B', pass: '123', checkPass: '123' }), msg.minimoSeisPerfil);
  assert.equal(firstError(profileSaveRequest, { first_name: 'A', last_name: 'B', pass: '123456', checkPass: '1234567' }), msg.contraseniasNoCoinciden);
  assert.equal(firstError(forcedChangeRequest, { pass: '', checkPass: '' }), msg.minimoSeisPerfil);
});

test('recovery: at least 6 characters and both equal', () => {
  assert.equal(firstError(changePasswordRequest, { hash: 'x'.repeat(40), pass: '12345', checkPass: '12345' }), msg.minimoSeisRecupero);
  assert.equal(firstError(changePasswordRequest, { hash: 'x'.repeat(40), pass: '123456', checkPass: '123457' }), msg.contraseniasNoCoinciden);
});

test('nrotel is parsed with libphonenumber-js: an area code that does not exist is refused', () => {
  assert.equal(nrotelField.safeParse('2954555010').success, true);
  assert.equal(nrotelField.safeParse('+541123456789').success, true);
  const bad = nrotelField.safeParse('0000000000');
  assert.equal(bad.success, false);
  assert.equal(bad.error?.issues[0]?.message, msg.telefonoInvalido);
});
