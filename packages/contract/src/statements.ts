import { z } from 'zod';
import { msg } from './messages.js';
import { dateRangeQuery, ledgerQueries, queryBoolean } from './common.js';
import { descomField, directOpenQuery, renglonOtro, renglonProducto, voucherExtraLines } from './fiscal.js';
import { parseAmountText } from './format.js';
import type { RouteDef } from './routes.js';
import { STATEMENT_CURRENCIES, STATEMENT_PAGE_SIZE, STATEMENT_SUMMARIES, STATEMENT_VIEWS, statementFilterProblem, statementMsg, type StatementSummaryCode, type StatementView } from './statements-values.js';

/**
 * Current-account statements (statements.md §2 'Account statements', §3, §4, §5, §7): the chronological,
 * financial and exchange views of one ledger (account_movements). What each view means, how the running
 * balance is computed and what the filters do where the spec is silent: docs/decisions/statements.md.
 */

export * from './statements-values.js';

const SUMMARY_CODES = STATEMENT_SUMMARIES.map((s) => s.codres) as [StatementSummaryCode, ...StatementSummaryCode[]];

/** 'Importe desde' / 'hasta': an absolute amount as the one parser reads it (50.000, 1.234,50, 1234.50). */
const amountField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = parseAmountText(v);
      if (n === null || n.startsWith('-')) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

const filterShape = {
  moneda: z.enum(STATEMENT_CURRENCIES, { error: statementMsg.monedaInvalida }).optional(),
  /** Account type (tipodectasctes[].tipocc, 'CC', 'CJ'); absent: every account type of the view. */
  tipocc: z.string({ error: statementMsg.tipoCuentaInvalido }).trim().regex(/^[A-Z0-9]{1,6}$/, statementMsg.tipoCuentaInvalido).optional(),
  /** Voucher types (tipodecomprobantes[].id), repeated or comma-separated. */
  descom: descomField,
  codres: z.enum(SUMMARY_CODES, { error: statementMsg.resumenInvalido }).default('TOD'),
  ...dateRangeQuery({ desdeInvalida: statementMsg.fechaDesdeInvalida, hastaInvalida: statementMsg.fechaHastaInvalida }),
  importedsd: amountField(statementMsg.importeDesdeNumerico),
  importehst: amountField(statementMsg.importeHastaNumerico),
  /** Credits only (negative amounts); with debito too, both. */
  credito: queryBoolean.optional(),
  debito: queryBoolean.optional(),
};


const queries = ledgerQueries(filterShape, statementFilterProblem, {
  pageSize: STATEMENT_PAGE_SIZE,
  tipoArchivoInvalido: statementMsg.tipoArchivoInvalido,
  solicitudInvalida: msg.solicitudInvalida,
  directOpen: directOpenQuery.shape,
});

export const statementFilter = queries.filter;
export type StatementFilter = z.output<typeof statementFilter>;
export const statementListQuery = queries.list;
export type StatementListQuery = z.input<typeof statementListQuery>;
export const statementExportQuery = queries.export;
/** Documentation of every parameter (the server picks the list or the export, then parses with its schema). */
export const statementQueryDoc = queries.doc;

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────────────────

export const statementMovement = z.object({
  id: z.string(),
  fecha: z.string(),
  hora: z.string(),
  codcom: z.string(),
  codtal: z.number().int(),
  numero: z.number().int(),
  descomlarga: z.string(),
  letra: z.string(),
  torig: z.string(),
  norig: z.number().int().nullable(),
  detalle: z.string(),
  detalle1: z.string(),
  detalle2: z.string(),
  detalle3: z.string(),
  moneda: z.enum(STATEMENT_CURRENCIES),
  /** The account type's short code ('CC', 'CJ') and name. */
  tipocc: z.string(),
  descri: z.string(),
  importe: z.number(),
  importe_con_formato: z.string(),
  /** The account's balance right after this movement, in the view's order (decisions/statements.md). */
  saldo: z.number(),
  saldo_con_formato: z.string(),
  fecha_vencimiento: z.string(),
  /** An unsettled debit whose due date has passed. */
  vencido: z.boolean(),
  pendiente: z.boolean(),
  estilo: z.enum(['normal', 'rojo']),
  imprime: z.boolean(),
  renglonesProductos: z.array(renglonProducto),
  renglonesOtros: z.array(renglonOtro),
  ...voucherExtraLines,
});
export type StatementMovement = z.infer<typeof statementMovement>;

/** One figure of the carousel: an account type's balance, the total, or what is overdue, in one currency. */
export const balanceValue = z.object({
  descri: z.string(),
  valor: z.string(),
  /** 'D' the customer owes (deudor), 'A' in the customer's favour (acreedor), '' zero. */
  signo: z.enum(['D', 'A', '']),
  /** The account type it belongs to ('' for totals): clicking it filters the list. */
  tipocc: z.string(),
  moneda: z.enum(STATEMENT_CURRENCIES),
});
export type BalanceValue = z.infer<typeof balanceValue>;

export const accountType = z.object({ id: z.number().int(), descri: z.string(), tipocc: z.string() });
export const voucherType = z.object({ id: z.string(), descom: z.string() });

export const statementResponse = z.object({
  success: z.literal(true),
  items: z.array(statementMovement),
  /** Movements the filter matches (all pages). */
  total: z.number().int(),
  /** The currency listed (the request's, or the first one shown). */
  moneda: z.enum(STATEMENT_CURRENCIES).nullable(),
  resumenes: z.array(z.object({ id: z.number().int(), codres: z.string(), desres: z.string() })),
  valoresdectasctes: z.array(balanceValue),
  monedasdemovimientos: z.array(z.object({ moneda: z.enum(STATEMENT_CURRENCIES) })),
  tipodecomprobantes: z.array(voucherType),
  /** Empty when the user's accounts are grouped (agrupactasctes). */
  tipodectasctes: z.array(accountType),
  agrupactasctes: z.boolean(),
});
export type StatementResponse = z.infer<typeof statementResponse>;

const fileAnswer = z.string().describe('archivo (binario)');

const statementRoute = (view: StatementView) =>
  ({
    method: 'GET',
    url: STATEMENT_VIEWS[view].url,
    tag: 'statements',
    access: 'entity',
    module: view,
    summary:
      `Cuenta corriente, vista ${STATEMENT_VIEWS[view].title.toLowerCase()}: movimientos 7 por página con saldo acumulado, ` +
      'saldos por tipo de cuenta, monedas, tipos de comprobante; con files=true&type=pdf|excel exporta todo lo filtrado',
    query: statementQueryDoc,
    response: statementResponse.or(fileAnswer),
  }) satisfies RouteDef;

export const statementRoutes = {
  cronologico: statementRoute('cronologico'),
  financiero: statementRoute('financiero'),
  canjes: statementRoute('canjes'),
} satisfies Record<string, RouteDef>;
