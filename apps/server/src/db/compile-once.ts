import type { CompiledQuery } from 'kysely';

type Args = Record<string, string | number>;

/**
 * A statement built and compiled by Kysely once, for a statement that runs on every request and whose text does not
 * depend on its arguments (the access gate's). `build` is called once with `markers`, values no request sends; each
 * parameter equal to a marker becomes a slot, and every later call returns the same text with the request's values
 * in the slots. Every marker must appear among the parameters, and only where its argument belongs: a marker that
 * goes missing (the argument was transformed before reaching the SQL) is refused at start rather than sent as is.
 */
export function compileOnce<A extends Args, R>(markers: A, build: (args: A) => { compile(): CompiledQuery<R> }): (args: A) => CompiledQuery<R> {
  const template = build(markers).compile();
  const keys = Object.keys(markers) as Array<keyof A>;
  const slots = template.parameters.map((p) => keys.find((k) => markers[k] === p));
  for (const k of keys) {
    if (!slots.includes(k)) throw new Error(`compileOnce: the marker of '${String(k)}' is not a parameter of the statement`);
  }
  return (args) => ({ ...template, parameters: slots.map((k, i) => (k === undefined ? template.parameters[i] : args[k])) });
}

const perDb = new WeakMap<object, Map<string, (args: never) => CompiledQuery<unknown>>>();
/** Shapes kept per database at most: a shape beyond them is built each time, as before. */
const MAX_SHAPES = 64;

/**
 * compileOnce for a repository statement run on whatever `db` its caller passes: compiled the first time `db` runs
 * it in this `shape`, then reused. `shape` names everything besides the parameters that makes the text differ (a
 * list's length, which parts are asked for); the caller must include all of it, since two texts under one shape
 * would send the first one's text with the second one's values. A transaction is a database of its own here.
 */
export function compiledFor<A extends Args, R>(db: object, shape: string, markers: () => A, build: (args: A) => { compile(): CompiledQuery<R> }): (args: A) => CompiledQuery<R> {
  let shapes = perDb.get(db);
  if (!shapes) perDb.set(db, (shapes = new Map()));
  let compiled = shapes.get(shape) as ((args: A) => CompiledQuery<R>) | undefined;
  if (!compiled) {
    compiled = compileOnce(markers(), build);
    if (shapes.size < MAX_SHAPES) shapes.set(shape, compiled as (args: never) => CompiledQuery<unknown>);
  }
  return compiled;
}
