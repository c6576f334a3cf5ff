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
