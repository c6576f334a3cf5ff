import type { Rule, RuleObject, RuleRender } from 'antd/es/form';
import type { z } from 'zod';

/** An Ant Design form rule that runs the contract's zod schema: the form shows the server's own messages. */
export function zodRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}

/**
 * The first message a schema loaded on first use gives for a value (undefined when it passes): the login screen
 * validates with the contract's own schemas without zod and the contract in its first download
 * (docs/decisions/web-delivery.md).
 */
export function lazySchemaCheck(load: () => Promise<z.ZodType>): (value: unknown) => Promise<string | undefined> {
  let schema: Promise<z.ZodType> | undefined;
  return async (value) => {
    schema ??= load();
    const result = (await schema).safeParse(value ?? '');
    return result.success ? undefined : (result.error.issues[0]?.message ?? '');
  };
}

/** zodRule for a schema loaded on first use (lazySchemaCheck). */
export function lazyZodRule(load: () => Promise<z.ZodType>): Rule {
  const check = lazySchemaCheck(load);
  return {
    validator: async (_rule, value: unknown) => {
      const message = await check(value);
      if (message !== undefined) throw new Error(message);
    },
  };
}

/** The repeat field of a password pair. */
export function sameAs(field: string, message: string): RuleRender {
  return ({ getFieldValue }): RuleObject => ({
    validator: async (_rule, value: unknown) => {
      if ((value ?? '') !== (getFieldValue(field) ?? '')) throw new Error(message);
    },
  });
}
