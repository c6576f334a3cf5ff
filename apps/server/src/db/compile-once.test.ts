import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Kysely, PostgresAdapter, DummyDriver, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { compileOnce } from './compile-once.js';

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
