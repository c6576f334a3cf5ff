import { z } from 'zod';

/** Request headers that select the company and entity (Fastify sees them lower-cased). */
export const HEADERS = { cuit: 'cuit', entity: 'entity_id', actuaComo: 'actua_como', device: 'dispositivo' } as const;

/**
 * The `Dispositivo` header (mobile | desktop, desktop when absent): the device whose module configuration
 * applies. The browser says what it is, so this is a display policy, not a security boundary.
 */
export const DEVICES = ['mobile', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/** Every refusal (400, 401, 403, 404, 429, 500) has this body. */
export const errorResponse = z.object({
  success: z.literal(false),
  msg: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const okResponse = z.object({ success: z.boolean(), msg: z.string().optional() });

/** "true"/"false"/"1"/"0" in a query string. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], { error: 'El valor debe ser true o false.' })
  .transform((v) => v === true || v === 'true' || v === '1');

/** The first message of a failed parse: what a 400 shows the user. */
export function firstIssueMessage(error: z.ZodError, fallback: string): string {
  return error.issues[0]?.message ?? fallback;
}
