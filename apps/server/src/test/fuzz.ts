import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import * as contract from '@portal/contract';
import type { RouteDef } from '@portal/contract';
import { registeredRoutes } from '../lib/route.js';

/**
 * Property-based fuzzing generated from the contract (docs/reliability.md): every route registered from a
 * descriptor, with params, query and body drawn from its zod schemas — values of the right shape, their
 * boundaries (int4 edges, empty, huge, accents, NUL bytes, SQL metacharacters) and plain garbage — so a route
 * added by any area is fuzzed without a line written for it. Shared by the CI test and bench/fuzz.ts.
 */

export type FuzzRoute = { def: RouteDef; url: string };

/** Every contract descriptor, by "METHOD /url" (the registered copy may have dropped a schema it parses itself). */
function contractIndex(): Map<string, RouteDef> {
  const index = new Map<string, RouteDef>();
  for (const value of Object.values(contract)) {
    if (!value || typeof value !== 'object') continue;
    for (const d of Object.values(value as Record<string, unknown>)) {
      const def = d as Partial<RouteDef> | null;
      if (def && typeof def === 'object' && typeof def.method === 'string' && typeof def.url === 'string' && typeof def.access === 'string' && 'response' in def) {
        index.set(`${def.method} ${def.url}`, def as RouteDef);
      }
    }
  }
  return index;
}

/** The routes of an app with their contract descriptors (the registered access, the contract's schemas). */
export function fuzzRoutes(app: FastifyInstance): FuzzRoute[] {
  const index = contractIndex();
  return registeredRoutes(app).map(({ def, url }) => {
    const full = index.get(`${def.method} ${def.url}`);
    return { url, def: full ? { ...full, access: def.access } : def };
  });
}

/** The contract's own descriptor of a registered route (its declared access, even where the route gates itself). */
export function declaredAccess(route: FuzzRoute): RouteDef {
  return contractIndex().get(`${route.def.method} ${route.def.url}`) ?? route.def;
}

// ── zod → fast-check ─────────────────────────────────────────────────────────────────────────────────────────

const NASTY_STRINGS = [
  '', ' ', '0', '-1', '1', '2147483647', '2147483648', '4294967296', '9007199254740993', '1e309', '-0', '1.5', 'NaN',
  'Infinity', 'null', 'undefined', 'true', '[]', '{}', '{"a":', "'; drop table users; --", '%', '_', '\\', '%00', '\u0000',
  'a\u0000b', 'ñandú Ñ áéíóú', '😀', '\u202e', '2026-02-30', '9999-12-31', '0000-00-00', '2026-01-01', '20123456786',
  '30712345671', '../../etc/passwd', '<script>alert(1)</script>', 'x'.repeat(300), 'y'.repeat(5000),
];
const NASTY_NUMBERS = [0, -1, 1, 2, 0.5, -0.5, 2_147_483_647, 2_147_483_648, 4_294_967_296, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e21, 1e308, -1e308];

const garbage: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, ...NASTY_NUMBERS, ...NASTY_STRINGS),
  fc.jsonValue({ maxDepth: 2 }),
);

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

function checksOf(def: Def): Array<Record<string, unknown>> {
  return ((def.checks as Array<{ _zod: { def: Record<string, unknown> } }> | undefined) ?? []).map((c) => c._zod.def);
}

function numberArb(def: Def): fc.Arbitrary<unknown> {
  const checks = checksOf(def);
  const min = checks.find((c) => c.check === 'greater_than')?.value as number | undefined;
  const max = checks.find((c) => c.check === 'less_than')?.value as number | undefined;
  const edges = [min, max].filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).flatMap((v) => [v - 1, v, v + 1]);
  const lo = Math.max(min ?? -1_000_000, -1e12);
  const hi = Math.min(max ?? 1_000_000, 1e12);
  return fc.oneof(
    { arbitrary: fc.integer({ min: Math.ceil(Math.min(lo, hi)), max: Math.floor(Math.max(lo, hi)) }), weight: 3 },
    { arbitrary: fc.constantFrom(...NASTY_NUMBERS, ...edges), weight: 3 },
    { arbitrary: fc.double({ noNaN: true }), weight: 1 },
    { arbitrary: fc.integer(), weight: 1 },
  );
}

/**
 * Any code point, NUL included, but no lone surrogate (as fast-check's `unit: 'binary'`: a URL cannot carry one).
 * Not `unit: 'binary'` itself: that one builds a reverse
 * map of all 1.1 million code points the first time it is used (≈ 1.6 s of CPU, ≈ 8 s of wall time on a loaded
 * machine) so that it can shrink values it did not generate, which the fuzz never asks of it.
 */
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff - 0x800 }).map((n) => String.fromCodePoint(n < 0xd800 ? n : n + 0x800));
const plainText = fc.string({ maxLength: 40 });
const binaryText = fc.string({ unit: anyCodePoint, maxLength: 20 });
const nastyText = fc.constantFrom(...NASTY_STRINGS);

function stringArb(def: Def): fc.Arbitrary<unknown> {
  const checks = checksOf(def);
  const regex = checks.find((c) => c.format === 'regex')?.pattern as RegExp | undefined;
  const options: Array<fc.WeightedArbitrary<unknown>> = [
    { arbitrary: plainText, weight: 2 },
    { arbitrary: binaryText, weight: 1 },
    { arbitrary: nastyText, weight: 3 },
  ];
  if (regex) options.push({ arbitrary: fc.stringMatching(regex), weight: 4 });
  return fc.oneof(...options);
}

/**
 * Values for a schema: mostly of its shape (so a request gets past the first field and reaches the handler),
 * sometimes anything at all. `depth` stops recursive schemas.
 */
export function arbitraryFor(schema: z.ZodType | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return garbage;
  const def = defOf(schema);
  const shaped = shapedArb(def, depth);
  return fc.oneof({ arbitrary: shaped, weight: 6 }, { arbitrary: garbage, weight: 1 });
}

function shapedArb(def: Def, depth: number): fc.Arbitrary<unknown> {
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(shape)) model[k] = arbitraryFor(v, depth + 1);
      return fc.record(model, { requiredKeys: [] });
    }
    case 'array':
      return fc.oneof(
        { arbitrary: fc.array(arbitraryFor(def.element as z.ZodType, depth + 1), { maxLength: 4 }), weight: 5 },
        { arbitrary: fc.array(fc.integer({ min: 1, max: 2_147_483_648 }), { minLength: 0, maxLength: 400 }), weight: 1 },
      );
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map((i) => arbitraryFor(i, depth + 1)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), arbitraryFor(def.valueType as z.ZodType, depth + 1), { maxKeys: 4 });
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => arbitraryFor(o, depth + 1)));
    case 'intersection':
      return fc.oneof(arbitraryFor(def.left as z.ZodType, depth + 1), arbitraryFor(def.right as z.ZodType, depth + 1));
    case 'optional':
      return fc.oneof(fc.constant(undefined), arbitraryFor(def.innerType as z.ZodType, depth + 1));
    case 'nullable':
      return fc.oneof(fc.constant(null), arbitraryFor(def.innerType as z.ZodType, depth + 1));
    case 'default':
    case 'prefault':
    case 'catch':
    case 'nonoptional':
    case 'readonly':
      return arbitraryFor(def.innerType as z.ZodType, depth + 1);
    case 'pipe':
      return arbitraryFor(def.in as z.ZodType, depth + 1);
    case 'lazy':
      return arbitraryFor((def.getter as () => z.ZodType)(), depth + 1);
    case 'string':
      return stringArb(def);
    case 'number':
    case 'int':
      return numberArb(def);
    case 'bigint':
      return fc.bigInt().map(String);
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', '1', '0', 'sí'));
    case 'enum':
      return fc.oneof({ arbitrary: fc.constantFrom(...Object.values(def.entries as Record<string, unknown>)), weight: 4 }, { arbitrary: fc.string({ maxLength: 8 }), weight: 1 });
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    default:
      return garbage;
  }
}

/** A query or path value as it travels: text (objects JSON-encoded, as the `filtros` parameter is). */
function asText(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export type FuzzRequest = {
  method: RouteDef['method'];
  url: string;
  payload?: unknown;
  headers: Record<string, string>;
};

/** Requests for one route: params in the path, query in the query string, body as JSON; now and then odd headers. */
export function requestArb(route: FuzzRoute, baseHeaders: Record<string, string>): fc.Arbitrary<FuzzRequest> {
  const { def } = route;
  const headerArb = fc.oneof(
    { arbitrary: fc.constant({}), weight: 8 },
    {
      arbitrary: fc.record(
        { entity_id: fc.constantFrom(...NASTY_STRINGS.slice(0, 12)), dispositivo: fc.constantFrom('mobile', 'desktop', 'tablet', ''), actua_como: fc.constantFrom('1001', '2147483648', 'x') },
        { requiredKeys: [] },
      ),
      weight: 1,
    },
  );
  return fc
    .record({ params: arbitraryFor(def.params), query: arbitraryFor(def.query), body: arbitraryFor(def.body), extra: headerArb })
    .map(({ params, query, body, extra }) => {
      let path = route.url;
      const p = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
      path = path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(asText(p[name]) ?? 'x') || 'x');
      const qs = new URLSearchParams();
      if (query && typeof query === 'object' && !Array.isArray(query)) {
        for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
          const t = asText(v);
          if (t !== undefined) qs.set(k, t);
        }
      }
      const search = qs.toString();
      const withBody = def.body !== undefined && def.method !== 'GET';
      return {
        method: def.method,
        url: search ? `${path}?${search}` : path,
        headers: { ...baseHeaders, ...(extra as Record<string, string>) },
        ...(withBody ? { payload: body === undefined ? {} : body } : {}),
      };
    });
}

export type FuzzFinding = { route: string; request: FuzzRequest; status: number; ms: number; body: string };

/**
 * Runs `runs` generated requests against one route (fixed seed: the same cases on every run) and returns the
 * answers that failed the property: a 5xx, or slower than `maxMs`. The cases are drawn first (fast-check's
 * generator with the seed, so the sequence does not depend on the answers) and sent with at most `concurrency` in
 * flight: the app serves requests concurrently in production, and on PostgreSQL the database works while Node
 * prepares the next request. Each case's time counts from the moment it was sent, waiting behind the others
 * included, so concurrency can only make the 2-s property harder to meet.
 */
export async function fuzzRoute(
  app: FastifyInstance,
  route: FuzzRoute,
  baseHeaders: Record<string, string>,
  options: { runs: number; seed: number; maxMs: number; concurrency?: number },
): Promise<{ cases: number; findings: FuzzFinding[]; slowestMs: number }> {
  const requests = fc.sample(requestArb(route, baseHeaders), { numRuns: options.runs, seed: options.seed });
  const findings: FuzzFinding[] = [];
  let cases = 0;
  let slowestMs = 0;
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const req = requests[next++]!;
      const started = performance.now();
      const res = await app.inject({ method: req.method, url: req.url, headers: req.headers, ...(req.payload === undefined ? {} : { payload: req.payload as object }) });
      const ms = performance.now() - started;
      cases++;
      slowestMs = Math.max(slowestMs, ms);
      if (res.statusCode >= 500 || ms > options.maxMs) {
        findings.push({ route: `${route.def.method} ${route.url}`, request: req, status: res.statusCode, ms: Math.round(ms), body: res.body.slice(0, 300) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  return { cases, findings, slowestMs };
}
