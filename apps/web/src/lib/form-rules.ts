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

/** The repeat field of a password pair. */
export function sameAs(field: string, message: string): RuleRender {
  return ({ getFieldValue }): RuleObject => ({
    validator: async (_rule, value: unknown) => {
      if ((value ?? '') !== (getFieldValue(field) ?? '')) throw new Error(message);
    },
  });
}
