import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CompiledQuery, sql } from 'kysely';
import { msg } from '@portal/contract';
import { openDatabase, type DB } from '../db/database.js';
import { writeWatchOf, writtenTables } from '../db/write-watch.js';
import { keepSharedAnswers, sharedStatement } from '../db/shared-answers.js';
import { bearer, createTestApp, expectRefused, LA_PAMPA, login, type TestContext } from '../test/helpers.js';
import { KeptAnswers } from '../db/answer-cache.js';
import { signAccessToken, verifyAccessToken } from '../lib/crypto.js';

/**
 * The access gate keeps its answers a few seconds (plugins/access.ts, GATE_CACHE_MS); every change to what it read
 * must be seen by the very next request: logout, suspension, a module switched off, an entity link removed, and a
 * write made by another server process (PostgreSQL).
 */

let ctx: TestContext;
let productorId: number;
let companyId: number;
before(async () => {
  ctx = await createTestApp({ GATE_CACHE_MS: '60000' });
  productorId = (await ctx.db.selectFrom('users').select('id').where('username', '=', 'productor').executeTakeFirstOrThrow()).id;
  companyId = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
});
after(async () => {
  await ctx?.close();
});

const getData = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/public/data?mobile=false', headers: bearer(token, { cuit: LA_PAMPA }) });
const getCart = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/public/proxy/pedidos?type=carrito', headers: bearer(token, { cuit: LA_PAMPA, entity_id: '1001' }) });
async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const r = await res;
  assert.equal(r.statusCode, 200, r.body);
}

describe('the access gate with its answers kept', () => {
  test('a token whose signature was checked is still refused once it expires; another signature for its claims is refused', async () => {
    const { access_token } = await login(ctx.app, 'productor');
    const claims = verifyAccessToken(access_token, ctx.app.tokenSecret, 0, true)!;
    // Expires two to three seconds from now (claims hold whole seconds): time for the two requests below even on a
    // loaded machine (with one second left, CI's second request once arrived after it).
    const now = Math.floor(Date.now() / 1000);
    const exp = now + 3;
    const shortLived = signAccessToken({ ...claims, exp, jti: `${claims.jti}-short` }, ctx.app.tokenSecret);
    await ok(getData(shortLived));
    await ok(getData(shortLived));
    const forged = signAccessToken({ ...claims, jti: `${claims.jti}-short`, exp }, `${ctx.app.tokenSecret}x`);
    expectRefused(await getData(forged), 401, msg.tokenInvalido);
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
    expectRefused(await getData(shortLived), 401, msg.tokenInvalido);
    await ok(getData(access_token));
  });

  test('a logout refuses the token on the next request', async () => {
    const { access_token } = await login(ctx.app, 'productor');
    await ok(getData(access_token));
    await ok(getData(access_token));
    const out = await ctx.app.inject({ method: 'DELETE', url: `/api/public/revocation/${access_token}` });
    assert.equal(out.statusCode, 200, out.body);
    expectRefused(await getData(access_token), 401, msg.tokenInvalido);
  });

  test('a suspended session is refused on the next request, and let in again once lifted', async () => {
    const { access_token } = await login(ctx.app, 'productor');
    await ok(getData(access_token));
    const suspend = (suspended: boolean) =>
      ctx.db.updateTable('memberships').set({ suspended }).where('user_id', '=', productorId).where('company_id', '=', companyId).execute();
    await suspend(true);
    try {
      expectRefused(await getData(access_token), 403, msg.sesionSuspendida);
    } finally {
      await suspend(false);
    }
    await ok(getData(access_token));
  });

  test('a module switched off for the company is refused on the next request', async () => {
    const { access_token } = await login(ctx.app, 'productor');
    await ok(getCart(access_token));
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('company_modules').where('company_id', '=', companyId).where('module_id', '=', 'pedidos').execute();
      await trx.insertInto('company_modules').values({ company_id: companyId, module_id: 'pedidos', mobile: false, desktop: false, date_from: null, date_to: null }).execute();
    });
    try {
      expectRefused(await getCart(access_token), 403, msg.moduloNoHabilitado);
    } finally {
      await ctx.db.deleteFrom('company_modules').where('company_id', '=', companyId).where('module_id', '=', 'pedidos').execute();
    }
    await ok(getCart(access_token));
  });

  test('an entity link removed is refused on the next request; a rolled-back removal changes nothing', async () => {
    const { access_token } = await login(ctx.app, 'productor');
    await ok(getCart(access_token));
    const entity = await ctx.db.selectFrom('entities').select('id').where('company_id', '=', companyId).where('code', '=', 1001).executeTakeFirstOrThrow();
    const link = ctx.db.deleteFrom('user_entities').where('user_id', '=', productorId).where('entity_id', '=', entity.id);
    await assert.rejects(
      ctx.db.transaction().execute(async (trx) => {
        await trx.executeQuery(link.compile());
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    await ok(getCart(access_token));
    await link.execute();
    try {
      expectRefused(await getCart(access_token), 403, msg.entidadSinAcceso);
    } finally {
      await ctx.db.insertInto('user_entities').values({ user_id: productorId, company_id: companyId, entity_id: entity.id }).execute();
    }
    await ok(getCart(access_token));
  });

  test('a write made by another server process reaches this one (PostgreSQL)', async (t) => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return t.skip('PostgreSQL only: one PGlite directory has one process');
    const { access_token } = await login(ctx.app, 'productor');
    await ok(getData(access_token));
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(ctx.db)).rows[0]!.name;
    const u = new URL(url);
    u.pathname = `/${name}`;
    const other: DB = await openDatabase({ kind: 'postgres', url: u.toString() });
    // The other process's gate watches what it reads, as every server process's access plugin does when it starts.
    writeWatchOf(other)!.watch(['memberships']);
    const seen = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no notification from the other process in 10 s')), 10_000);
      void writeWatchOf(ctx.db)!.subscribe(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await other.updateTable('memberships').set({ suspended: true }).where('user_id', '=', productorId).where('company_id', '=', companyId).execute();
      await seen;
      expectRefused(await getData(access_token), 403, msg.sesionSuspendida);
    } finally {
      await other.updateTable('memberships').set({ suspended: false }).where('user_id', '=', productorId).where('company_id', '=', companyId).execute();
      await other.destroy();
    }
  });
});

describe('company-wide answers kept (db/shared-answers.ts)', () => {
  const KEY = 'pedidos.muestra_tipooperacion';
  const getParams = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/public/configuraciones/parametros_modulos', headers: bearer(token, { cuit: LA_PAMPA }) });
  const shown = async (token: string) => {
    const res = await getParams(token);
    assert.equal(res.statusCode, 200, res.body);
    return (res.json() as { configuracion: Record<string, boolean> }).configuracion[KEY];
  };
  const setParam = (db: DB, value: string) =>
    db
      .insertInto('company_parameters')
      .values({ company_id: companyId, key: KEY, value })
      .onConflict((oc) => oc.columns(['company_id', 'key']).doUpdateSet({ value }))
      .execute();

  test("a parameter written outside the admin's screen is answered on the next request, and by the cart", async () => {
    const { access_token } = await login(ctx.app, 'productor');
    await setParam(ctx.db, 'false');
    assert.equal(await shown(access_token), false);
    assert.equal(await shown(access_token), false);
    await setParam(ctx.db, 'true');
    try {
      assert.equal(await shown(access_token), true);
      const cart = await getCart(access_token);
      assert.equal(cart.statusCode, 200, cart.body);
      assert.equal((cart.json() as { muestra_tipooperacion: boolean }).muestra_tipooperacion, true);
    } finally {
      await ctx.db.deleteFrom('company_parameters').where('company_id', '=', companyId).where('key', '=', KEY).execute();
    }
    assert.equal(await shown(access_token), false, 'back to the default once the row is gone');
  });

  test('an answer is kept until a table it reads is written; a write elsewhere keeps it', async () => {
    let runs = 0;
    const kept = sharedStatement(ctx.db, { companyId: -1_000_001 }, (a) =>
      ctx.db.selectFrom('company_parameters').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', a.companyId).where(() => {
        runs++;
        return sql<boolean>`true`;
      }),
    );
    await new Promise((r) => setTimeout(r, 50)); // the watch listens (PostgreSQL: its LISTEN connection)
    const count = async () => Number((await kept({ companyId }))[0]!.n);
    const before = await count();
    assert.equal(await count(), before);
    assert.equal(runs, 1, 'built once');
    await setParam(ctx.db, 'true');
    try {
      assert.equal(await count(), before + 1, 'the insert is seen at once');
      await ctx.db.updateTable('memberships').set({ suspended: false }).where('user_id', '=', productorId).execute();
      assert.equal(await count(), before + 1);
    } finally {
      await ctx.db.deleteFrom('company_parameters').where('company_id', '=', companyId).where('key', '=', KEY).execute();
    }
    assert.equal(await count(), before);
  });

  test('a parameter written by another server process reaches this one (PostgreSQL)', async (t) => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return t.skip('PostgreSQL only: one PGlite directory has one process');
    const { access_token } = await login(ctx.app, 'productor');
    assert.equal(await shown(access_token), false);
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(ctx.db)).rows[0]!.name;
    const u = new URL(url);
    u.pathname = `/${name}`;
    const other: DB = await openDatabase({ kind: 'postgres', url: u.toString() });
    // The other process watches the table from its start, as every server process's areas do when they are built.
    keepSharedAnswers(other, 60_000);
    sharedStatement(other, { companyId: -1_000_001 }, (a) => other.selectFrom('company_parameters').select('key').where('company_id', '=', a.companyId));
    const seen = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no notification from the other process in 10 s')), 10_000);
      void writeWatchOf(ctx.db)!.subscribe((tables) => {
        if (!tables.has('company_parameters')) return;
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await setParam(other, 'true');
      await seen;
      assert.equal(await shown(access_token), true);
    } finally {
      await other.deleteFrom('company_parameters').where('company_id', '=', companyId).where('key', '=', KEY).execute();
      await other.destroy();
    }
  });
});

describe('write watch and answer cache', () => {
  test('the tables a statement writes; a login and a refresh touch nothing kept', () => {
    assert.deepEqual(writtenTables('update "memberships" set "suspended" = $1 where "user_id" = $2'), ['memberships']);
    assert.deepEqual(writtenTables('delete from "user_entities" where "user_id" = $1'), ['user_entities']);
    assert.deepEqual(writtenTables('with x as (insert into company_modules (company_id) values ($1) returning 1) select 1'), ['company_modules']);
    assert.deepEqual(writtenTables('select "id" from "memberships"'), []);
    assert.deepEqual(writtenTables('insert into "token_families" ("id", "user_id") values ($1, $2)'), []);
    assert.deepEqual(writtenTables('update "token_families" set "last_used_at" = now() where "id" = $1'), []);
    assert.deepEqual(writtenTables('update "token_families" set "revoked_at" = now(), "revoked_reason" = $1 where "id" = $2'), ['token_families']);
  });

  test('a kept answer is reused; an answer read while a write committed is not kept', async () => {
    const cache = new KeptAnswers(60_000);
    const q = CompiledQuery.raw('select $1', [1]);
    let runs = 0;
    const run = async () => ++runs;
    assert.equal(await cache.statement(q, run), 1);
    assert.equal(await cache.statement(q, run), 1);
    assert.equal(await cache.statement(CompiledQuery.raw('select $1', [2]), run), 2, 'other parameters, another answer');
    cache.clear();
    let release!: () => void;
    const slow = cache.statement(q, () => new Promise<number>((r) => (release = () => r(++runs))));
    cache.clear(); // a write commits while the statement is in flight
    release();
    assert.equal(await slow, 3);
    assert.equal(await cache.statement(q, run), 4, 'the answer that may predate the write was not kept');
    assert.equal(await cache.statement(q, run), 4);
  });

  test('a failed statement is not kept', async () => {
    const cache = new KeptAnswers(60_000);
    const q = CompiledQuery.raw('select 1');
    await assert.rejects(cache.statement(q, () => Promise.reject(new Error('down'))), /down/);
    assert.equal(await cache.statement(q, async () => 7), 7);
  });
});
