import { z } from 'zod';
import { ID_INVALID } from './messages.js';
import { parseFiscalDate } from './format.js';

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
  /** The same text, on the calls whose failure the spec names `mensaje` (GET /data). */
  mensaje: z.string().optional(),
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

/** The largest id or code a column can hold: every id column is PostgreSQL `integer` (int4). */
export const MAX_ID = 2_147_483_647;
export { ID_INVALID };

/**
 * The one id schema: a whole number from 1 to 2,147,483,647 (int4), so an id the contract accepts always fits the
 * column it is compared with and a larger one is a 400 in Spanish, never a database error. `coerce` (the default)
 * takes path and query strings; bodies take JSON numbers only.
 */
export function idSchema(message: string = ID_INVALID, options: { coerce?: boolean } = {}) {
  const base = options.coerce === false ? z.number({ error: message }) : z.coerce.number({ error: message });
  return base.int({ error: message }).positive({ error: message }).max(MAX_ID, { error: message });
}

/**
 * A whole number that must fit an int4 column but is not an id (a voucher's codtal or numero, which may be 0):
 * -2,147,483,648 to 2,147,483,647, so a larger one is a 400 in Spanish, never a database error.
 */
export function int4Schema(message: string = ID_INVALID) {
  return z.coerce.number({ error: message }).int({ error: message }).min(-MAX_ID - 1, { error: message }).max(MAX_ID, { error: message });
}

/** A list offset (start): 0 up to the int4 range as well, so a huge offset is a 400 and not an SQL overflow. */
export function offsetSchema(message: string = ID_INVALID) {
  return z.coerce.number({ error: message }).int({ error: message }).min(0, { error: message }).max(MAX_ID, { error: message });
}

/** A query date as typed (YYYY-MM-DD or DD/MM/YYYY) → YYYY-MM-DD; absent or empty → undefined. */
const optionalQueryDate = (invalid: string) =>
  z
    .string({ error: invalid })
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const iso = parseFiscalDate(v);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return iso;
    });

/** A query date that must be there: absent or empty is `required`. */
const requiredQueryDate = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((v, ctx) => {
      const iso = parseFiscalDate(v);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return iso;
    });

type DateRangeMessages = { desdeInvalida: string; hastaInvalida: string };
type RequiredDateRangeMessages = DateRangeMessages & { desdeObligatoria: string; hastaObligatoria: string };
type DateRangeNames<D extends string, H extends string> = { desde: D; hasta: H };
type OptionalQueryDate = ReturnType<typeof optionalQueryDate>;
type RequiredQueryDate = ReturnType<typeof requiredQueryDate>;

/**
 * The date range of a list's query (contracts, grain ledger, statements, fiscal documents), to spread into its
 * object schema: the two dates under the screen's names (fechadesde / fechahasta unless told), each with the screen's
 * Spanish messages. Optional dates, unless the 'obligatoria' messages are given. The rules between the two dates
 * (from ≤ to, the longest range) are each screen's, in its own refinement.
 */
export function dateRangeQuery(messages: RequiredDateRangeMessages): Record<'fechadesde' | 'fechahasta', RequiredQueryDate>;
export function dateRangeQuery(messages: DateRangeMessages): Record<'fechadesde' | 'fechahasta', OptionalQueryDate>;
export function dateRangeQuery<D extends string, H extends string>(messages: DateRangeMessages, names: DateRangeNames<D, H>): Record<D | H, OptionalQueryDate>;
export function dateRangeQuery(
  messages: DateRangeMessages | RequiredDateRangeMessages,
  names: DateRangeNames<string, string> = { desde: 'fechadesde', hasta: 'fechahasta' },
): Record<string, OptionalQueryDate | RequiredQueryDate> {
  if ('desdeObligatoria' in messages) {
    return {
      [names.desde]: requiredQueryDate(messages.desdeObligatoria, messages.desdeInvalida),
      [names.hasta]: requiredQueryDate(messages.hastaObligatoria, messages.hastaInvalida),
    };
  }
  return { [names.desde]: optionalQueryDate(messages.desdeInvalida), [names.hasta]: optionalQueryDate(messages.hastaInvalida) };
}

/** What a list's refinement reports: the Spanish message and the field it is about. */
export type FilterProblem = { message: string; path: string } | null;

/**
 * The query schemas of a ledger screen whose list and exports share one filter (the statements and the grain
 * ledger): `filter` (the filter alone), `list` (the filter plus start / limit, a page of `pageSize` by default, at
 * most 100), `export` (the filter plus the direct-open credentials, files=true|1 and type=pdf|excel) and `doc` (every
 * parameter, for the documentation: the server picks the list or the export and parses with its schema). Each
 * screen gives its filter's fields, the rule between them (`problem`, checked after the fields parse), its page
 * size and its Spanish messages; the direct-open credentials are the fiscal area's (passed in: fiscal.ts builds on
 * this file).
 */
export function ledgerQueries<F extends z.ZodRawShape, O extends z.ZodRawShape>(
  filterShape: F,
  problem: (v: z.output<z.ZodObject<F>>) => FilterProblem,
  options: { pageSize: number; tipoArchivoInvalido: string; solicitudInvalida: string; directOpen: O },
) {
  const { pageSize, tipoArchivoInvalido, solicitudInvalida, directOpen } = options;
  // Every schema below holds the filter's fields, so its output is the filter's and more.
  const withRules = <T extends z.ZodType>(schema: T) =>
    schema.superRefine((v, ctx) => {
      const p = problem(v as z.output<z.ZodObject<F>>);
      if (p) ctx.addIssue({ code: 'custom', message: p.message, path: [p.path] });
    });
  const page = {
    start: offsetSchema(solicitudInvalida).default(0),
    limit: z.coerce.number({ error: solicitudInvalida }).int(solicitudInvalida).min(1, solicitudInvalida).max(100, solicitudInvalida).default(pageSize),
  };
  return {
    filter: withRules(z.object(filterShape)),
    list: withRules(z.object({ ...filterShape, ...page })),
    export: withRules(
      z.object({
        ...filterShape,
        ...directOpen,
        files: z.literal(['true', '1'], { error: solicitudInvalida }),
        type: z.enum(['pdf', 'excel'], { error: tipoArchivoInvalido }),
      }),
    ),
    doc: z.object({
      ...filterShape,
      start: offsetSchema().optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
      files: queryBoolean.optional(),
      type: z.enum(['pdf', 'excel']).optional(),
      ...directOpen,
    }),
  };
}
