import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { dateRangeQuery } from './common.js';
import { contractFilter, contractMsg } from './contracts.js';
import { fiscalFilter, fiscalMsg } from './fiscal.js';
import { grainFilter, grainMsg } from './grain.js';
import { statementFilter, statementMsg } from './statements.js';

const messageOf = (r: { success: boolean; error?: z.ZodError }) => (r.success ? null : r.error!.issues[0]!.message);

test('dateRangeQuery: optional dates as typed become YYYY-MM-DD; absent or empty is undefined; a wrong day says the screen\'s words', () => {
  const schema = z.object(dateRangeQuery({ desdeInvalida: 'desde mal', hastaInvalida: 'hasta mal' }));
  assert.deepEqual(schema.parse({ fechadesde: '05/03/2026', fechahasta: '2026-03-20' }), { fechadesde: '2026-03-05', fechahasta: '2026-03-20' });
  assert.deepEqual(schema.parse({ fechadesde: '' }), { fechadesde: undefined });
  assert.equal(messageOf(schema.safeParse({ fechadesde: '31/02/2026' })), 'desde mal');
  assert.equal(messageOf(schema.safeParse({ fechahasta: 'ayer' })), 'hasta mal');
});

test('dateRangeQuery: with the obligatoria messages both dates are required; other field names when told', () => {
  const required = z.object(dateRangeQuery({ desdeInvalida: 'di', hastaInvalida: 'hi', desdeObligatoria: 'do', hastaObligatoria: 'ho' }));
  assert.equal(messageOf(required.safeParse({ fechahasta: '2026-03-20' })), 'do');
  assert.equal(messageOf(required.safeParse({ fechadesde: '2026-03-01', fechahasta: '' })), 'ho');
  const named = z.object(dateRangeQuery({ desdeInvalida: 'di', hastaInvalida: 'hi' }, { desde: 'fechaDesde', hasta: 'fechaHasta' }));
  assert.deepEqual(named.parse({ fechaDesde: '01-03-2026' }), { fechaDesde: '2026-03-01' });
});

test('the four screens keep their own Spanish messages for a wrong date', () => {
  assert.equal(messageOf(contractFilter.safeParse({ fechadesde: 'x' })), contractMsg.fechaDesdeInvalida);
  assert.equal(messageOf(statementFilter.safeParse({ fechahasta: 'x' })), statementMsg.fechaHastaInvalida);
  assert.equal(messageOf(grainFilter.safeParse({ fechaDesde: 'x', fechaHasta: '2026-01-01' })), grainMsg.fechaDesdeInvalida);
  assert.equal(messageOf(fiscalFilter.safeParse({ fechahasta: '2026-01-01' })), fiscalMsg.fechaDesdeObligatoria);
  assert.equal(messageOf(fiscalFilter.safeParse({ fechadesde: '2026-01-01', fechahasta: 'x' })), fiscalMsg.fechaHastaInvalida);
});
