import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { msg, orderingMsg, receiptsMsg } from '@portal/contract';
import { bearer, createTestApp, LA_PAMPA, login, type TestContext } from './helpers.js';
import { fuzzRoute, fuzzRoutes, type FuzzFinding, type FuzzRoute } from './fuzz.js';

/**
 * The contract fuzz (docs/reliability.md): every route registered from a descriptor gets FUZZ_RUNS generated
 * requests (fixed seed) as a logged-in user — the customer productor, or admin on administrators' routes — and
 * none may answer 5xx or take longer than 2 s; the server answers its health check afterwards. Runs on both
 * databases like every API test. bench/fuzz.ts runs the same with thousands of cases.
 */
// 200 per route: ≈ 60 s of fuzzing and ≈ 80–90 s for the file per database at load ≈ 12 on the shared 2 cores
// (docs/reliability.md "Per-case cost"). On a starved machine (load 25+) lower FUZZ_RUNS; bench/fuzz.ts for depth.
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const MAX_MS = 2000;
/**
 * The other profiles, each on the routes its gate lets it call (the customer and admin-only routes run above at
 * RUNS): seller, field rep (driver), warehouse, authorizer, and the administrator on every route that is not
 * administrators' only. Fewer cases per route: what differs for them is which routes and which rows they reach.
 */
const STAFF = ['vendedor', 'repartidor', 'deposito', 'autorizador', 'admin'];
const STAFF_RUNS = Number(process.env.FUZZ_STAFF_RUNS ?? 15);
/** The gate's refusals: a route answering one of these to a profile is not one it may call. */
const GATE_REFUSALS = new Set<string>([
  msg.empresaSinAcceso, msg.sesionSuspendida, msg.sinAccesoDispositivo, msg.actuaComoSoloAdmin, msg.entidadSinAcceso, msg.entidadInactiva, msg.soloAdministradores, msg.moduloNoHabilitado,
]);
/**
 * Cases of one route in flight at once (routes still run one after another, those that end the session last). On
 * PostgreSQL the database works in its own processes while Node prepares the next request; PGlite runs every
 * statement in this thread, where more in flight only queues them (and a PDF being drawn delays its neighbours).
 */
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? (process.env.TEST_DATABASE_URL ? 4 : 1));

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '1000' });
});
after(async () => {
  await ctx?.close();
});

/** Calls that end the fuzzing user's own access (logout, leaving the company, deleting users) go last. */
const destructive = (r: FuzzRoute) => /revocation|deletesession|DELETE \/api\/public\/proxy\/usuarios/.test(`${r.def.method} ${r.url}`);

describe('contract fuzz', () => {
  test('a NUL character anywhere in the input (a 500 on PostgreSQL found by the fuzz) answers 400', async () => {
    const token = (await login(ctx.app, 'admin')).access_token;
    for (const [method, url, payload] of [
      ['DELETE', '/api/public/proxy/usuarios/a%00b'],
      ['GET', '/api/public/proxy/usuarios?patron=a%00b'],
      ['POST', '/api/public/proxy/usuarios', { username: 'a\u0000b' }],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: bearer(token, { cuit: LA_PAMPA }), ...(payload ? { payload } : {}) });
      assert.equal(res.statusCode, 400, `${method} ${url}: ${res.body}`);
      assert.equal(res.json().msg, msg.solicitudInvalida);
    }
  });

  test('ids past the int4 range answer 400 in Spanish', async () => {
    const token = (await login(ctx.app, 'productor')).access_token;
    const headers = bearer(token, { cuit: LA_PAMPA, entity_id: '1001' });
    for (const [method, url, payload] of [
      ['GET', '/api/public/proxy/pedidos/4294967296'],
      ['GET', '/api/public/proxy/pedidos/2147483648/pdf'],
      ['GET', '/api/public/proxy/ordenescompra/4294967296/compartir'],
      ['PUT', '/api/public/proxy/pedidos', { pedidoid: 4294967296 }],
      ['PUT', '/api/public/proxy/ordenescompra', { pedidoid: 4294967296 }],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      assert.equal(res.statusCode, 400, `${method} ${url}: ${res.body}`);
      assert.equal(res.json().msg, 'El identificador indicado no es válido.');
    }
    // Areas with their own Spanish message for the same refusal (an offset is not an id: the page message).
    for (const [url, message] of [
      ['/api/public/proxy/pedidos?start=99999999999', orderingMsg.startInvalido],
      ['/api/public/proxy/recibos/getAllRecibos?start=99999999999', receiptsMsg.paginaInvalida],
      ['/api/public/proxy/recibos/2147483648/compartir', receiptsMsg.reciboInexistente],
      ['/api/public/proxy/recibos/1/adjuntos/4294967296', receiptsMsg.adjuntoInexistente],
      ['/api/public/proxy/recibo?codtal=1&numero=2147483648&type=rdiprovisorio', receiptsMsg.reciboInexistente],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      assert.equal(res.statusCode, 400, `GET ${url}: ${res.body}`);
      assert.equal(res.json().msg, message, url);
    }
  });

  test(`every other profile on the routes it may call, ${STAFF_RUNS} generated requests each: no 5xx, none slower than ${MAX_MS} ms`, async () => {
    const routes = fuzzRoutes(ctx.app).filter((r) => !destructive(r));
    // Administrators' own routes ran above as admin, at RUNS.
    const findings: FuzzFinding[] = [];
    const started = Date.now();
    const counts: string[] = [];
    for (const [p, user] of STAFF.entries()) {
      const token = (await login(ctx.app, user)).access_token;
      // The entity of the call: the customer's own for the administrator acting as it; staff send none unless the gate asks.
      const withEntity = bearer(token, { cuit: LA_PAMPA, entity_id: '1001', dispositivo: 'desktop' });
      const withoutEntity = bearer(token, { cuit: LA_PAMPA, dispositivo: 'desktop' });
      let fuzzed = 0;
      for (const [i, route] of routes.entries()) {
        if (user === 'admin' && route.def.admin) continue;
        // The routes this profile may call: those its gate lets through (a request the gate refuses is the matrix's).
        const headers = route.def.access === 'entity' ? withEntity : withoutEntity;
        const probe = await ctx.app.inject({ method: route.def.method, url: route.url.replace(/:(\w+)/g, '1'), headers, ...(route.def.method === 'GET' ? {} : { payload: {} }) });
        if (probe.statusCode === 401 || (probe.statusCode === 403 && GATE_REFUSALS.has(probe.json<{ msg: string }>().msg))) continue;
        fuzzed++;
        const result = await fuzzRoute(ctx.app, route, headers, { runs: STAFF_RUNS, seed: SEED + 1000 * (p + 1) + i, maxMs: MAX_MS, concurrency: CONCURRENCY });
        findings.push(...result.findings);
      }
      counts.push(`${user} ${fuzzed}`);
    }
    console.log(`fuzz as staff: ${counts.join(', ')} routes, ${STAFF_RUNS} cases each, ${findings.length} findings, ${((Date.now() - started) / 1000).toFixed(1)} s`);
    assert.deepEqual(
      findings.slice(0, 10).map((f) => `${f.status} ${f.ms}ms ${f.request.method} ${f.request.url} ${JSON.stringify(f.request.payload ?? null).slice(0, 200)} → ${f.body}`),
      [],
    );
  });

  test(`every route, ${RUNS} generated requests each: no 5xx, none slower than ${MAX_MS} ms, healthy afterwards`, async () => {
    const routes = fuzzRoutes(ctx.app).sort((a, b) => Number(destructive(a)) - Number(destructive(b)));
    assert.ok(routes.length >= 40, `only ${routes.length} routes found`);
    const findings: FuzzFinding[] = [];
    let cases = 0;
    let logins = 0;
    const started = Date.now();
    // One session per identity, logged in again only when a route ended it (logout, revocation, a deleted or changed
    // user: the probe answers 401) or it nears its expiry; an argon2 login per route was a large share of the run.
    const identities = new Map<string, { token: string; at: number }>();
    const sessionOf = async (user: string) => {
      const held = identities.get(user);
      if (held && Date.now() - held.at < 5 * 60_000) {
        const probe = await ctx.app.inject({ method: 'GET', url: '/api/public/sessions/sessions', headers: bearer(held.token) });
        if (probe.statusCode === 200) return held.token;
      }
      const token = (await login(ctx.app, user)).access_token;
      logins++;
      identities.set(user, { token, at: Date.now() });
      return token;
    };
    for (const [i, route] of routes.entries()) {
      const token = await sessionOf(route.def.admin ? 'admin' : 'productor');
      const headers = bearer(token, { cuit: LA_PAMPA, entity_id: '1001', dispositivo: 'desktop' });
      const result = await fuzzRoute(ctx.app, route, headers, { runs: RUNS, seed: SEED + i, maxMs: MAX_MS, concurrency: CONCURRENCY });
      cases += result.cases;
      findings.push(...result.findings);
    }
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(health.statusCode, 200);
    const token = (await login(ctx.app, 'productor')).access_token;
    const sessions = await ctx.app.inject({ method: 'GET', url: '/api/public/sessions/sessions', headers: bearer(token) });
    assert.equal(sessions.statusCode, 200);
    console.log(`fuzz: ${routes.length} routes, ${cases} cases, ${logins} logins, ${CONCURRENCY} in flight, ${findings.length} findings, ${((Date.now() - started) / 1000).toFixed(1)} s`);
    assert.deepEqual(
      findings.slice(0, 10).map((f) => `${f.status} ${f.ms}ms ${f.request.method} ${f.request.url} ${JSON.stringify(f.request.payload ?? null).slice(0, 200)} → ${f.body}`),
      [],
    );
  });
});
