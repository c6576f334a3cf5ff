import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { z } from 'zod';
import type { RouteDef } from '@portal/contract';
import { checkResponses } from './response-check.js';
import { registerRoute } from './route.js';

const def = {
  method: 'GET', url: '/probe', summary: 'probe', tag: 'test', access: 'public',
  query: z.object({ wrong: z.string().optional() }),
  response: z.object({ success: z.literal(true), total: z.number() }),
} as const satisfies RouteDef;

test('an answer outside its response schema is a loud 500 and is recorded; a matching one passes untouched', async () => {
  const app = Fastify();
  const mismatches = checkResponses(app);
  // A wire-name slip: `Total` instead of `total` when asked to.
  registerRoute(app, def, async ({ query }) => (query.wrong ? ({ success: true, Total: 3 } as never) : { success: true as const, total: 3 }));
  await app.ready();

  const good = await app.inject({ method: 'GET', url: '/api/public/probe' });
  assert.equal(good.statusCode, 200);
  assert.deepEqual(good.json(), { success: true, total: 3 });
  assert.equal(mismatches.length, 0);

  const bad = await app.inject({ method: 'GET', url: '/api/public/probe?wrong=1' });
  assert.equal(bad.statusCode, 500);
  assert.equal(bad.json().mismatch.route, 'GET /probe');
  assert.deepEqual(bad.json().mismatch.issues.map((i: { path: string }) => i.path), ['total']);
  assert.equal(mismatches.length, 1);
  await app.close();
});
