import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { RouteDef } from '@portal/contract';
import { signAccessToken, verifyAccessToken } from '../lib/crypto.js';
import { registeredRoutes } from '../lib/route.js';
import { bearer, createTestApp, DEL_SUR, LA_PAMPA, login, type TestContext } from './helpers.js';

/**
 * The authorization matrix, generated from the routes registered from contract descriptors: every guarded route
 * × (no token, expired, tampered, another company, a foreign entity, a non-admin on admin routes, its module
 * disabled) must be refused with 401/403 before its handler runs. A route added by any area is probed without
 * a line written for it; a route registered without a guard must be named in PUBLIC below (reviewed by hand).
 */
const PUBLIC = new Set([
  'POST /api/public/oauth',
  'DELETE /api/public/revocation/:token',
  'POST /api/public/usuarios',
  'GET /whitelabel/:cuit/config.json',
  'GET /whitelabel/config.json',
  // The installable app's manifest with a company's name and colours: as public as its config.json.
  'GET /whitelabel/:cuit/manifest.webmanifest',
  // Signed links, valid without a session (files.test.ts covers tampered and expired links).
  'GET /api/public/compartido/:token',
  'GET /api/public/compartido/pedidos/:token',
]);

let ctx: TestContext;
const tokens: Record<string, string> = {};
before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '1000' });
  for (const u of ['productor', 'vendedor', 'admin']) tokens[u] = (await login(ctx.app, u)).access_token;
});
after(async () => {
  await ctx?.close();
});

type Probe = { name: string; headers: Record<string, string>; expect: number; prepare?: () => Promise<() => Promise<void>> };

function pathOf(url: string): string {
  return url.replace(/:(\w+)/g, '1');
}

/** A body that passes nothing in particular: the gate must refuse before any input is read. */
const bodyOf = (def: RouteDef) => (def.method === 'GET' ? {} : { payload: {} });

function expired(token: string): string {
  const c = verifyAccessToken(token, ctx.app.tokenSecret, 0, true)!;
  const now = Math.floor(Date.now() / 1000);
  return signAccessToken({ ...c, iat: now - 3600, exp: now - 60, jti: randomUUID() }, ctx.app.tokenSecret);
}

/** The same signature over other claims (another user's id): a forgery. */
function tampered(token: string): string {
  const [h, p, s] = token.split('.');
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
  claims.sub = Number(claims.sub) + 1;
  return `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
}

function probesFor(def: RouteDef): Probe[] {
  // The user the route is for: admin on administrators' routes, the customer everywhere else.
  const user = def.admin ? 'admin' : 'productor';
  const scope = { cuit: LA_PAMPA, entity_id: '1001' };
  const probes: Probe[] = [
    { name: 'no token', headers: scope, expect: 401 },
    { name: 'expired token', headers: bearer(expired(tokens[user]!), scope), expect: 401 },
    { name: 'tampered token', headers: bearer(tampered(tokens[user]!), scope), expect: 401 },
    { name: 'garbage token', headers: bearer('x.y.z', scope), expect: 401 },
  ];
  if (def.access === 'company' || def.access === 'entity') {
    // vendedor belongs to La Pampa only.
    probes.push({ name: "another company's user", headers: bearer(tokens.vendedor!, { cuit: DEL_SUR, entity_id: '1001' }), expect: 403 });
    probes.push({ name: 'an unknown company', headers: bearer(tokens[user]!, { cuit: '30500010912', entity_id: '1001' }), expect: 403 });
    if (!def.admin) {
      // 2000 is an entity of La Pampa not linked to productor.
      probes.push({ name: 'a foreign entity', headers: bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: '2000' }), expect: 403 });
      probes.push({ name: 'acting as without being admin', headers: bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1001', actua_como: '2000' }), expect: 403 });
    }
  }
  if (def.admin) {
    probes.push({ name: 'a customer on an admin route', headers: bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1001' }), expect: 403 });
  }
  if (def.module) {
    const moduleId = def.module;
    probes.push({
      name: `module ${moduleId} disabled for the user`,
      headers: bearer(tokens[user]!, { ...scope, dispositivo: 'desktop' }),
      expect: 403,
      prepare: async () => {
        const ids = await ctx.db
          .selectFrom('users as u')
          .innerJoin('companies as c', (j) => j.on('c.cuit', '=', LA_PAMPA))
          .select(['u.id as user_id', 'c.id as company_id'])
          .where('u.username', '=', user)
          .executeTakeFirstOrThrow();
        await ctx.db
          .insertInto('user_modules')
          .values({ ...ids, module_id: moduleId, mobile: false, desktop: false, date_from: null, date_to: null })
          .onConflict((oc) => oc.columns(['user_id', 'company_id', 'module_id']).doUpdateSet({ mobile: false, desktop: false }))
          .execute();
        return async () => {
          await ctx.db.deleteFrom('user_modules').where('user_id', '=', ids.user_id).where('company_id', '=', ids.company_id).where('module_id', '=', moduleId).execute();
        };
      },
    });
  }
  return probes;
}

describe('authorization matrix', () => {
  test('every route registered without a guard is a reviewed public one', () => {
    const unguarded = registeredRoutes(ctx.app)
      .filter((r) => r.def.access === 'public')
      .map((r) => `${r.def.method} ${r.url}`);
    assert.deepEqual(unguarded.filter((r) => !PUBLIC.has(r)), []);
  });

  test('every guarded route refuses every probe, writes included', async () => {
    const failures: string[] = [];
    let probes = 0;
    // Every route the gate guards, the browser-opened one-path routes included (registerRoute's queryCredentials and
    // publicUse: /proxy/files, etenet_cabcbte, the statements, grain, contracts and stock positions).
    const routes = registeredRoutes(ctx.app).filter((r) => r.def.access !== 'public');
    assert.ok(routes.length >= 40, `only ${routes.length} guarded routes`);
    for (const path of ['/proxy/files', '/proxy/cgi/etenet_cabcbte', '/proxy/cgi/etenet_rencbtec', '/proxy/cgi/etenet_fichadet', '/proxy/cgi/etenet_contratos', '/proxy/cgi/etenet_pEntregarStk']) {
      assert.ok(routes.some((r) => r.url.endsWith(path) && r.def.access === 'entity'), `${path} is not guarded as an entity route`);
    }
    for (const { def, url } of routes) {
      for (const probe of probesFor(def)) {
        const undo = probe.prepare ? await probe.prepare() : undefined;
        try {
          const res = await ctx.app.inject({ method: def.method, url: pathOf(url), headers: probe.headers, ...bodyOf(def) });
          probes++;
          if (res.statusCode !== probe.expect) failures.push(`${def.method} ${url} · ${probe.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        } finally {
          await undo?.();
        }
      }
    }
    console.log(`authz: ${routes.length} guarded routes, ${probes} probes`);
    assert.deepEqual(failures, []);
  });
});
