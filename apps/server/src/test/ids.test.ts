import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import { fieldMsg, ID_INVALID, MAX_ID, msg, orderingMsg, type RouteDef } from '@portal/contract';
import { bearer, createTestApp, LA_PAMPA, login, type TestContext } from './helpers.js';
import { fuzzRoutes } from './fuzz.js';

/**
 * Ids in range (docs/reliability.md "Ids"): every id the contract takes is `idSchema` (1 to 2,147,483,647, the int4
 * range of every id column), so 2^31 anywhere — path, query, body, inside an array — is a 400 in Spanish and never
 * reaches the database. Walks every registered route's schemas, so a route added later is checked without a line
 * written for it.
 */
const OVER = MAX_ID + 1;

let ctx: TestContext;
const tokens: Record<string, string> = {};
before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '1000' });
  for (const u of ['productor', 'repartidor', 'admin']) tokens[u] = (await login(ctx.app, u)).access_token;
});
after(async () => {
  await ctx?.close();
});

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;
type Leaf = { path: string[]; def: Def; schema: z.ZodType };

/** The leaves of an input schema with their path ('[]' for an array's element); wrappers and unions looked through. */
function leaves(schema: z.ZodType | undefined, path: string[] = [], out: Leaf[] = [], depth = 0): Leaf[] {
  if (!schema || depth > 8) return out;
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) leaves(v, [...path, k], out, depth + 1);
      break;
    case 'array':
      leaves(def.element as z.ZodType, [...path, '[]'], out, depth + 1);
      break;
    case 'union':
      for (const o of def.options as z.ZodType[]) leaves(o, path, out, depth + 1);
      break;
    case 'intersection':
      leaves(def.left as z.ZodType, path, out, depth + 1);
      leaves(def.right as z.ZodType, path, out, depth + 1);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'nonoptional':
    case 'readonly':
      leaves(def.innerType as z.ZodType, path, out, depth + 1);
      break;
    case 'pipe':
      leaves(def.in as z.ZodType, path, out, depth + 1);
      break;
    case 'lazy':
      leaves((def.getter as () => z.ZodType)(), path, out, depth + 1);
      break;
    default:
      out.push({ path, def, schema });
  }
  return out;
}

const checksOf = (def: Def) => ((def.checks as Array<{ _zod: { def: Record<string, unknown> } }> | undefined) ?? []).map((c) => c._zod.def);
const isWhole = (def: Def) => def.type === 'number' && checksOf(def).some((c) => c.check === 'number_format');
/** A key that names an id: id, *_id, *Id, codent, perfiles, entidades, entidad, adjunto. */
const ID_NAME = /^(id|.*_id|.*[a-z]Id|codent|perfiles|entidades|entidad|adjunto|pedidoid)$/;
const keyOf = (leaf: Leaf) => [...leaf.path].reverse().find((p) => p !== '[]') ?? '';

/**
 * Id-named inputs that are not an id column's value, each with its reason (reviewed by hand, as authz.test.ts's PUBLIC).
 */
const EXEMPT = new Set([
  // Names the user by id or by username: more than 9 digits is a username, unknown, answered as any user not of the company.
  'PATCH /proxy/usuarios/:id params.id',
  // The acting-as body's field; the descriptor's union also holds the edit, which has no `entidad` (its own test in users.test.ts).
  'PATCH /proxy/usuarios/:id body.entidad',
  // The Entity_ID header's stand-in for URLs the browser opens itself: the gate reads it (a header is sent here), see the last test.
  ...['rencbtec', 'rencbtef', 'rencbtej', 'fichadet', 'contratos', 'pEntregarStk', 'cabcbte'].map((c) => `GET /proxy/cgi/etenet_${c} query.entity_id`),
  'GET /proxy/files query.entity_id',
  // An event of the integration feed: its id is a bigint (up to 18 digits), past 2^31 is a real id; it takes a key, not a user.
  'POST /v1/eventos/:id/resultado params.id',
]);

/** The values of a query's `type` enum (the calls one path answers), or just the call without it. */
function typesOf(route: RouteDef): Array<string | undefined> {
  const type = leaves(route.query).find((l) => l.path.join('.') === 'type' && l.def.type === 'enum');
  return type ? [undefined, ...Object.values(type.def.entries as Record<string, string>)] : [undefined];
}

type Place = { route: RouteDef; url: string; part: 'params' | 'query' | 'body'; leaf: Leaf };

function places(): Place[] {
  const found: Place[] = [];
  for (const { def, url } of fuzzRoutes(ctx.app)) {
    for (const part of ['params', 'query', 'body'] as const) {
      for (const leaf of leaves(def[part])) found.push({ route: def, url, part, leaf });
    }
  }
  return found;
}

/** A value holding `value` at the leaf's path (one element in each array on the way). */
function at(path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return head === '[]' ? [at(rest, value)] : { [head!]: at(rest, value) };
}

/** The user who may call a route: admin on administrators' routes, the field rep on /api/field, else the customer. */
function callerOf(place: Place): { token: string; headers: Record<string, string> } {
  if (place.route.admin) return { token: tokens.admin!, headers: { cuit: LA_PAMPA } };
  if (place.url.startsWith('/api/field')) return { token: tokens.repartidor!, headers: { cuit: LA_PAMPA } };
  return { token: tokens.productor!, headers: { cuit: LA_PAMPA, entity_id: '1001' } };
}

describe('ids in range', () => {
  test('every whole number a route takes is bounded to int4 (so a new id field cannot forget the range)', () => {
    const unbounded = places()
      .filter((p) => isWhole(p.leaf.def))
      .filter((p) => {
        const checks = checksOf(p.leaf.def);
        const max = checks.find((c) => c.check === 'less_than')?.value as number | undefined;
        const min = checks.find((c) => c.check === 'greater_than')?.value as number | undefined;
        return max === undefined || max > MAX_ID || min === undefined || min < -MAX_ID - 1;
      })
      .map((p) => `${p.route.method} ${p.url} ${p.part}.${p.leaf.path.join('.')}`);
    assert.deepEqual(unbounded, []);
  });

  test('every id parameter of the contract refuses 2^31 with a 400 (path, query, body, arrays)', async () => {
    const ids = places().filter((p) => ID_NAME.test(keyOf(p.leaf)) && ['number', 'unknown', 'string'].includes(p.leaf.def.type));
    assert.ok(ids.length >= 40, `only ${ids.length} id parameters found`);
    const failures: string[] = [];
    for (const place of ids.filter((p) => !EXEMPT.has(`${p.route.method} ${p.url} ${p.part}.${p.leaf.path.join('.')}`.replace(/ \/api\/\w+/, ' ')))) {
      const { route, url, part, leaf } = place;
      // The id's own schema refuses 2^31 and takes 2^31 - 1 (as a number, and as text where it coerces).
      if (leaf.def.type === 'number') {
        if (leaf.schema.safeParse(OVER).success || leaf.schema.safeParse(String(OVER)).success) failures.push(`${route.method} ${url} ${part}.${leaf.path.join('.')}: its schema takes 2^31`);
        if (!leaf.schema.safeParse(MAX_ID).success) failures.push(`${route.method} ${url} ${part}.${leaf.path.join('.')}: its schema refuses 2^31 - 1`);
      }
      const caller = callerOf(place);
      const pathKey = part === 'params' ? leaf.path[0] : undefined;
      const path = url.replace(/:(\w+)/g, (_m, name: string) => (name === pathKey ? String(OVER) : '1'));
      // A path whose calls are told apart by `type` (GET /proxy/pedidos): each call gets the id; none may fail, one
      // at least must read it and refuse it.
      const types = part === 'query' ? typesOf(route) : [undefined];
      const statuses: number[] = [];
      for (const type of types) {
        const query = part === 'query' ? `?${new URLSearchParams({ ...(type ? { type } : {}), [leaf.path[0]!]: String(OVER) })}` : '';
        const res = await ctx.app.inject({
          method: route.method,
          url: `${path}${query}`,
          headers: bearer(caller.token, caller.headers),
          ...(route.method !== 'GET' ? { payload: part === 'body' ? (at(leaf.path, OVER) as object) : {} } : {}),
        });
        statuses.push(res.statusCode);
        if (res.statusCode >= 500) failures.push(`${route.method} ${url} ${part}.${leaf.path.join('.')} type=${type}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      if (!statuses.includes(400)) failures.push(`${route.method} ${url} ${part}.${leaf.path.join('.')}: ${statuses.join(',')}, no 400`);
    }
    assert.deepEqual(failures, []);
  });

  test('the routes that answered 500 to an id past 2,147,483,647 answer 400 with the Spanish message', async () => {
    const F = '/api/field';
    const rep = bearer(tokens.repartidor!, { cuit: LA_PAMPA });
    const today = new Date().toISOString().slice(0, 10);
    const cases: Array<[string, string, Record<string, string>, unknown, string]> = [
      ['GET', `${F}/ventas/products/${OVER}/${today}`, rep, undefined, fieldMsg.clienteInvalido],
      ['PATCH', `${F}/customers/estado`, rep, { fecha: today, codent_id: OVER, estado: 'pendiente' }, fieldMsg.clienteInvalido],
      ['POST', `${F}/ventas/pedido`, { ...rep, 'idempotency-key': 'ids-test-1' }, { fecha: today, codentiId: OVER, renglones: [{ codprodId: 1, cantidadStock: 1 }] }, fieldMsg.clienteInvalido],
      ['POST', `${F}/ventas/pedido`, { ...rep, 'idempotency-key': 'ids-test-2' }, { fecha: today, codentiId: 1, renglones: [{ codprodId: OVER, cantidadStock: 1 }] }, fieldMsg.productoInvalido],
      ['PUT', `${F}/ventas/envases`, rep, { clienteId: OVER, fecha: today, envases: [{ productoId: 1, cantidad: 1 }] }, fieldMsg.faltanDatos],
      ['PUT', `${F}/ventas/envases`, rep, { clienteId: 1, fecha: today, envases: [{ productoId: OVER, cantidad: 1 }] }, fieldMsg.productoInvalido],
      ['DELETE', `${F}/ventas/pedido/${OVER}/${today}`, { ...rep, 'idempotency-key': 'ids-test-3' }, undefined, fieldMsg.clienteInvalido],
      ['PUT', `/api/public/proxy/pedidos/1?type=carrito`, bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1001' }), { producto_id: OVER, pedido_cantidad: 1 }, orderingMsg.productoObligatorio],
      ['PUT', `/api/public/proxy/ordenescompra/1?type=carrito`, bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1001' }), { producto_id: OVER, pedido_cantidad: 1 }, orderingMsg.productoObligatorio],
      [
        'POST',
        '/api/public/proxy/usuarios',
        bearer(tokens.admin!, { cuit: LA_PAMPA }),
        { username: 'ids.test', email: 'ids.test@coop.com.ar', first_name: 'Ida', last_name: 'Rango', password: 'Inicial1', perfiles: [OVER], entidades: [1004] },
        msg.perfilInexistente,
      ],
    ];
    for (const [method, url, headers, payload, message] of cases) {
      const res = await ctx.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
      assert.equal(res.statusCode, 400, `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`);
      assert.equal(res.json().msg, message, `${method} ${url}`);
    }
    // The entity and acting-as headers are the gate's ids.
    for (const extra of [{ entity_id: String(OVER) }, { entity_id: '1001', actua_como: String(OVER) }] as Array<Record<string, string>>) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/public/proxy/cgi/etenet_rencbtec', headers: bearer(tokens.productor!, { cuit: LA_PAMPA, ...extra }) });
      assert.ok([400, 403].includes(res.statusCode), `${JSON.stringify(extra)}: ${res.statusCode} ${res.body}`);
    }
    assert.equal(ID_INVALID, 'El identificador indicado no es válido.');
  });
});
