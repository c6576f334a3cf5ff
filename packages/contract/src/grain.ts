import { z } from 'zod';
import { msg } from './messages.js';
import { dateRangeQuery, ledgerQueries, type FilterProblem } from './common.js';
import { directOpenQuery } from './fiscal.js';
import type { RouteDef } from './routes.js';
import { GRAIN_PAGE_SIZE, GRAIN_VOUCHERS, grainMsg } from './grain-values.js';

/**
 * The grain ledger, 'FICHA DE GRANOS' (statements.md §2 'Grain ledger', §3, §5, §7): GET /proxy/cgi/etenet_fichadet
 * and its row detail etenet_fichapaq, over grain_movements (the ledger of the dashboard's grain position).
 * Decisions: docs/decisions/statements.md.
 */

export * from './grain-values.js';

const CODCOMS = GRAIN_VOUCHERS.map((v) => v.codcom) as [string, ...string[]];

export const GRAIN_SUMMARIES = [
  { id: 1, codres: 'TOD', desres: 'Todos los movimientos' },
  { id: 2, codres: 'ENT', desres: 'Solo entradas' },
  { id: 3, codres: 'SAL', desres: 'Solo salidas' },
] as const;
export type GrainSummaryCode = (typeof GRAIN_SUMMARIES)[number]['codres'];

/** cosecha: one or more harvests ('2024/25'), repeated or comma-separated. */
const cosechaField = z
  .union([z.string(), z.array(z.string())], { error: grainMsg.cosechaInvalida })
  .optional()
  .transform((v, ctx) => {
    const list = v === undefined ? [] : Array.isArray(v) ? v : [v];
    const out = [...new Set(list.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))];
    if (out.some((c) => !/^\d{4}\/\d{2}$/.test(c))) {
      ctx.addIssue({ code: 'custom', message: grainMsg.cosechaInvalida });
      return z.NEVER;
    }
    return out;
  });

const filterShape = {
  grano: z.string({ error: grainMsg.granoInvalido }).trim().regex(/^[A-Z]{2,6}$/, grainMsg.granoInvalido).optional(),
  cosecha: cosechaField,
  codres: z.enum(['TOD', 'ENT', 'SAL'], { error: grainMsg.resumenInvalido }).default('TOD'),
  codcom: z.enum(CODCOMS, { error: grainMsg.comprobanteInvalido }).optional(),
  ...dateRangeQuery({ desdeInvalida: grainMsg.fechaDesdeInvalida, hastaInvalida: grainMsg.fechaHastaInvalida }, { desde: 'fechaDesde', hasta: 'fechaHasta' }),
};

type Dates = { fechaDesde?: string | undefined; fechaHasta?: string | undefined };
/** §5: the grain search requires the end date; from ≤ to. */
export function grainFilterProblem(v: Dates): FilterProblem {
  if (v.fechaDesde && !v.fechaHasta) return { message: grainMsg.fechaHastaObligatoria, path: 'fechaHasta' };
  if (v.fechaDesde && v.fechaHasta && v.fechaDesde > v.fechaHasta) return { message: grainMsg.fechasInvertidas, path: 'fechaDesde' };
  return null;
}
const queries = ledgerQueries(filterShape, grainFilterProblem, {
  pageSize: GRAIN_PAGE_SIZE,
  tipoArchivoInvalido: grainMsg.tipoArchivoInvalido,
  solicitudInvalida: msg.solicitudInvalida,
  directOpen: directOpenQuery.shape,
});

export const grainFilter = queries.filter;
export type GrainFilter = z.output<typeof grainFilter>;
export const grainListQuery = queries.list;
export type GrainListQuery = z.input<typeof grainListQuery>;
export const grainExportQuery = queries.export;
export const grainQueryDoc = queries.doc;

/** etenet_fichapaq: the row to expand (codcom2, codtal2 its point of sale, numero2 its number). */
export const grainDetailQuery = z.object({
  codcom: z.enum(CODCOMS, { error: grainMsg.comprobanteObligatorio }),
  codtal: z.coerce.number({ error: grainMsg.comprobanteObligatorio }).int(grainMsg.comprobanteObligatorio).min(0, grainMsg.comprobanteObligatorio).max(99_999, grainMsg.comprobanteObligatorio),
  numero: z.coerce.number({ error: grainMsg.comprobanteObligatorio }).int(grainMsg.comprobanteObligatorio).min(0, grainMsg.comprobanteObligatorio).max(999_999_999, grainMsg.comprobanteObligatorio),
});

const kg = { entradas: z.number(), certificados: z.number(), salidas: z.number() };
const kgText = { entradas_con_formato: z.string(), certificados_con_formato: z.string(), salidas_con_formato: z.string() };

export const grainRow = z.object({
  id: z.string(),
  fecha: z.string(),
  deslar2: z.string(),
  /** Delivered direct to port: the 'DP' badge. */
  directo: z.boolean(),
  cosecha: z.string(),
  numpre: z.string(),
  ...kg,
  ...kgText,
  saldo: z.number(),
  saldo_con_formato: z.string(),
  expande: z.boolean(),
  codcom2: z.string(),
  codtal2: z.number().int(),
  numero2: z.number().int(),
});
export type GrainRow = z.infer<typeof grainRow>;

export const grainTotals = z.object({ ...kg, ...kgText, saldo: z.number(), saldo_con_formato: z.string() });

export const grainResponse = z.object({
  success: z.literal(true),
  items: z.array(grainRow),
  total: z.number().int(),
  grano: z.string().nullable(),
  granos: z.array(z.object({ grano: z.string(), descripcion: z.string() })),
  resumenes: z.array(z.object({ id: z.number().int(), codres: z.string(), desres: z.string() })),
  /** Stock per harvest of the grain and its total, in kilograms. */
  valoresdegranos: z.array(z.object({ descri: z.string(), valor: z.string(), cosecha: z.string() })),
  cosechas: z.array(z.object({ cosecha: z.string(), descripcion: z.string() })),
  tipodecomprobantes: z.array(z.object({ id: z.string(), descom: z.string() })),
  /** Column totals of everything the filter matches; saldo is the stock of the selected harvests. */
  totales: grainTotals,
});
export type GrainResponse = z.infer<typeof grainResponse>;

export const grainDetailResponse = z.object({
  success: z.literal(true),
  items: z.array(grainRow.omit({ saldo: true, saldo_con_formato: true, expande: true })),
});
export type GrainDetailResponse = z.infer<typeof grainDetailResponse>;

export const grainRoutes = {
  ficha: {
    method: 'GET',
    url: '/proxy/cgi/etenet_fichadet',
    tag: 'grain',
    access: 'entity',
    module: 'granos',
    summary: 'Ficha de granos: movimientos de un grano (7 por página) con saldo en kilos, cosechas, totales; con files=true&type=pdf|excel exporta',
    query: grainQueryDoc,
    response: grainResponse.or(z.string().describe('archivo (binario)')),
  },
  detalle: {
    method: 'GET',
    url: '/proxy/cgi/etenet_fichapaq',
    tag: 'grain',
    access: 'entity',
    module: 'granos',
    summary: 'Detalle de un certificado de la ficha de granos: las descargas (romaneos) que certifica',
    query: grainDetailQuery,
    response: grainDetailResponse,
  },
} satisfies Record<string, RouteDef>;
