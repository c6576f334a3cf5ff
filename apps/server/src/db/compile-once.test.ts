import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Kysely, PostgresAdapter, DummyDriver, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { compiledFor, compileOnce } from './compile-once.js';

type T = { t: { a: string; b: number; c: number } };
const db = new Kysely<T>({
  dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() },
});
const build = (x: { a: string; b: number }) => db.selectFrom('t').select('c').where('a', '=', x.a).where('c', '>', 7).where('b', '=', x.b).where('c', '<>', x.b);

test('compileOnce: the same text and parameters as compiling each time', () => {
  const statement = compileOnce({ a: '\u0000a', b: -99 }, build);
  for (const args of [{ a: 'x', b: 1 }, { a: 'yy', b: 42 }]) {
    const once = statement(args);
    const each = build(args).compile();
    assert.equal(once.sql, each.sql);
    assert.deepEqual(once.parameters, each.parameters);
  }
  assert.equal(statement({ a: 'x', b: 1 }).sql, statement({ a: 'z', b: 2 }).sql);
});

test('compileOnce: refuses a marker that does not reach the parameters', () => {
  assert.throws(() => compileOnce({ a: '\u0000a', b: -99 }, (x) => build({ a: x.a, b: x.b + 1 })), /marker of 'b'/);
});

test('compiledFor: compiled once per database and shape, the same text and parameters as compiling each time', () => {
  let builds = 0;
  const run = (on: object, args: { a: string; b: number }, withC: boolean) =>
    compiledFor(on, `t:${Number(withC)}`, () => ({ a: '\u0000a', b: -99 }), (x) => {
      builds++;
      const q = build(x);
      return withC ? q.where('c', '=', 3) : q;
    })(args);
  const other = {};
  for (const args of [{ a: 'x', b: 1 }, { a: 'yy', b: 42 }]) {
    for (const withC of [false, true]) {
      const once = run(db, args, withC);
      const each = (withC ? build(args).where('c', '=', 3) : build(args)).compile();
      assert.equal(once.sql, each.sql);
      assert.deepEqual(once.parameters, each.parameters);
    }
  }
  assert.equal(builds, 2, 'one build per shape');
  run(other, { a: 'x', b: 1 }, false);
  assert.equal(builds, 3, 'another database builds its own');
});
