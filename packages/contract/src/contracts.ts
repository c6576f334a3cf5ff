import { z } from 'zod';
import { msg } from './messages.js';
import { dateRangeQuery, ledgerQueries } from './common.js';
import { directOpenQuery } from './fiscal.js';
import type { RouteDef } from './routes.js';
import { CONTRACT_CODCOM, CONTRACT_PAGE_SIZE, CONTRACT_SUMMARIES, contractMsg, type ContractSummaryCode } from './contracts-values.js';

/**
 * Grain contracts (statements.md §2 'Contracts', §3 'Contract response', §4, §5, §7): GET /proxy/cgi/etenet_contratos
 * (list, 7 at a time; files=true exports) and etenet_contrapaq (the deliveries, certificates and settlements applied
 * to one contract). Quantities are kilograms. Decisions: docs/decisions/contracts.md.
 */

export * from './contracts-values.js';

const SUMMARY_CODES = CONTRACT_SUMMARIES.map((s) => s.codres) as [ContractSummaryCode, ...ContractSummaryCode[]];

const HARVEST = /^\d{4}\/\d{2}$/;

/** cosecha: the spec sends the harvest multi-select as text: a JSON array ('["2024/25","2025/26"]'), a comma list or a repeated parameter. */
export const harvestListField = (invalid: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: invalid })
    .optional()
    .transform((v, ctx) => {
      const raw = v === undefined ? [] : Array.isArray(v) ? v : [v];
      const list: string[] = [];
      for (const item of raw) {
        const t = item.trim();
        if (t.startsWith('[')) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(t);
          } catch {
            parsed = null;
          }
          if (!Array.isArray(parsed) || parsed.some((p) => typeof p !== 'string')) {
            ctx.addIssue({ code: 'custom', message: invalid });
            return z.NEVER;
          }
          list.push(...(parsed as string[]));
        } else list.push(...t.split(','));
      }
      const out = [...new Set(list.map((s) => s.trim()).filter(Boolean))];
      if (out.length > 20 || out.some((c) => !HARVEST.test(c))) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return out;
    });

const filterShape = {
  grano: z.string({ error: contractMsg.granoInvalido }).trim().regex(/^[A-Z]{2,6}$/, contractMsg.granoInvalido).optional(),
  cosecha: harvestListField(contractMsg.cosechaInvalida),
  codres: z.enum(SUMMARY_CODES, { error: contractMsg.resumenInvalido }).default('TOD'),
  ...dateRangeQuery({ desdeInvalida: contractMsg.fechaDesdeInvalida, hastaInvalida: contractMsg.fechaHastaInvalida }),
};

type Dates = { fechadesde?: string | undefined; fechahasta?: string | undefined };
/** §5: from cannot be after to (the mobile form also requires the end date; the call itself does not). */
export function contractFilterProblem(v: Dates): { message: string; path: string } | null {
  if (v.fechadesde && v.fechahasta && v.fechadesde > v.fechahasta) return { message: contractMsg.fechasInvertidas, path: 'fechadesde' };
  return null;
}
const queries = ledgerQueries(filterShape, contractFilterProblem, {
  pageSize: CONTRACT_PAGE_SIZE,
  tipoArchivoInvalido: contractMsg.tipoArchivoInvalido,
  solicitudInvalida: msg.solicitudInvalida,
  directOpen: directOpenQuery.shape,
});

export const contractFilter = queries.filter;
export type ContractFilter = z.output<typeof contractFilter>;
export const contractListQuery = queries.list;
export type ContractListQuery = z.input<typeof contractListQuery>;
export const contractExportQuery = queries.export;
export const contractQueryDoc = queries.doc;

/** etenet_contrapaq: the contract to expand (codcom CT, codtal its series, numero its number). */
export const contractDetailQuery = z.object({
  codcom: z.literal(CONTRACT_CODCOM, { error: contractMsg.comprobanteObligatorio }),
  codtal: z.coerce.number({ error: contractMsg.comprobanteObligatorio }).int(contractMsg.comprobanteObligatorio).min(0, contractMsg.comprobanteObligatorio).max(99_999, contractMsg.comprobanteObligatorio),
  numero: z.coerce.number({ error: contractMsg.comprobanteObligatorio }).int(contractMsg.comprobanteObligatorio).min(0, contractMsg.comprobanteObligatorio).max(999_999_999, contractMsg.comprobanteObligatorio),
});

const kgPair = <K extends string>(key: K) => ({ [key]: z.number(), [`${key}_con_formato`]: z.string() }) as { [P in K]: z.ZodNumber } & { [P in `${K}_con_formato`]: z.ZodString };

export const contractRow = z.object({
  id: z.string(),
  /** 'DD/MM/YYYY' */
  fecha: z.string(),
  /** The contract's number as printed ('00001-00003012'). */
  numpre: z.string(),
  /** 'Contrato de compraventa — Precio hecho' / '— A fijar'. */
  deslar: z.string(),
  grano: z.string(),
  desgrano: z.string(),
  cosecha: z.string(),
  codcom: z.string(),
  codtal: z.number().int(),
  numero: z.number().int(),
  /** Registration of the broker's slip (boleto) at the grain exchange. */
  boleto: z.string(),
  ...kgPair('kilos'),
  ...kgPair('entregados'),
  ...kgPair('fijados'),
  ...kgPair('facturados'),
  ...kgPair('cobrados'),
  /** Kilograms still to deliver (kilos − entregados, never below 0). */
  ...kgPair('pendientes'),
  /** 'U$S 290,00 /tn', the weighted price of the fixed part of an 'A fijar' contract, or 'A fijar'. */
  precio_con_formato: z.string(),
  /** 'Pendiente de entrega' | 'Pendiente de fijar precio' | 'Pendiente de liquidar' | 'Cumplido'. */
  estado: z.string(),
  renglonesOtros: z.array(z.object({ descripcion: z.string(), valor: z.string() })),
  /** Print options of the detail drawer: 1 the contract itself, 2 its latest grain settlement (GET /proxy/imprime). */
  imprime1: z.boolean(),
  imprime2: z.boolean(),
  codcom1: z.string(),
  codtal1: z.number().int(),
  numero1: z.number().int(),
  deslar1: z.string(),
  codcom2: z.string(),
  codtal2: z.number().int(),
  numero2: z.number().int(),
  deslar2: z.string(),
});
export type ContractRow = z.infer<typeof contractRow>;

export const contractTotals = z.object({ ...kgPair('kilos'), ...kgPair('entregados'), ...kgPair('fijados'), ...kgPair('facturados'), ...kgPair('cobrados'), ...kgPair('pendientes') });

export const contractResponse = z.object({
  success: z.literal(true),
  items: z.array(contractRow),
  total: z.number().int(),
  grano: z.string().nullable(),
  resumenes: z.array(z.object({ id: z.number().int(), codres: z.string(), desres: z.string() })),
  granos: z.array(z.object({ grano: z.string(), descripcion: z.string() })),
  cosechas: z.array(z.object({ cosecha: z.string(), descripcion: z.string() })),
  /** Column sums of every contract the filter matches (not only this page). */
  totales: contractTotals,
});
export type ContractResponse = z.infer<typeof contractResponse>;

/** One grain movement applied to the contract: a delivery (entradas), a certificate or a settlement (salidas). */
export const contractDetailRow = z.object({
  id: z.string(),
  fecha: z.string(),
  deslar: z.string(),
  numpre: z.string(),
  cosecha: z.string(),
  directo: z.boolean(),
  ...kgPair('entradas'),
  ...kgPair('certificados'),
  ...kgPair('salidas'),
});
export type ContractDetailRow = z.infer<typeof contractDetailRow>;
export const contractDetailResponse = z.object({ success: z.literal(true), items: z.array(contractDetailRow) });
export type ContractDetailResponse = z.infer<typeof contractDetailResponse>;

export const contractRoutes = {
  contratos: {
    method: 'GET',
    url: '/proxy/cgi/etenet_contratos',
    tag: 'contracts',
    access: 'entity',
    module: 'contratos',
    summary: 'Contratos de granos por grano (7 por página): entregados, fijados, facturados y cobrados en kilos, totales; con files=true&type=pdf|excel exporta',
    query: contractQueryDoc,
    response: contractResponse.or(z.string().describe('archivo (binario)')),
  },
  detalle: {
    method: 'GET',
    url: '/proxy/cgi/etenet_contrapaq',
    tag: 'contracts',
    access: 'entity',
    module: 'contratos',
    summary: 'Detalle de un contrato: entregas (entradas), certificados y liquidaciones (salidas) aplicadas',
    query: contractDetailQuery,
    response: contractDetailResponse,
  },
} satisfies Record<string, RouteDef>;
