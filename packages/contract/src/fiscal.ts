import { z } from 'zod';
import { msg } from './messages.js';
import { dateRangeQuery, offsetSchema, queryBoolean } from './common.js';
import { checkFiscalRange, FISCAL_PAGE_SIZE, fiscalMsg, type RangeInput } from './fiscal-values.js';
import type { RouteDef } from './routes.js';
// The share answer is the order's (ordering.ts): {success, url, texto, vence}; one shape for every shared document.
import { shareResponse, sharedParams } from './ordering.js';

/**
 * Fiscal documents (ordering.md 'Fiscal documents screen', §3, §5, §7) and the shared files, printing and
 * sharing calls (access.md §7 'Files, printing, sharing', statements.md §7 'Files and printing'). Decisions
 * where the spec is silent: docs/decisions/fiscal.md.
 */

export * from './fiscal-values.js';

/** descom: one or more document descriptions, as a repeated parameter or a comma-separated list. */
export const descomField = z
  .union([z.string(), z.array(z.string())], { error: msg.solicitudInvalida })
  .optional()
  .transform((v) => {
    const list = v === undefined ? [] : Array.isArray(v) ? v : [v];
    return [...new Set(list.flatMap((s) => s.split(',')).map((s) => s.trim()).filter((s) => s.length > 0 && s.length <= 80))];
  });


const filterShape = {
  ...dateRangeQuery({
    desdeObligatoria: fiscalMsg.fechaDesdeObligatoria,
    desdeInvalida: fiscalMsg.fechaDesdeInvalida,
    hastaObligatoria: fiscalMsg.fechaHastaObligatoria,
    hastaInvalida: fiscalMsg.fechaHastaInvalida,
  }),
  descom: descomField,
};

function withRange<T extends z.ZodType<RangeInput>>(schema: T) {
  return schema.superRefine((v, ctx) => {
    const problem = checkFiscalRange(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['fechadesde'] });
  });
}

/** The filter of the list, the exports and the bulk download. */
export const fiscalFilter = withRange(z.object(filterShape));
export type FiscalFilter = z.output<typeof fiscalFilter>;

/** GET /proxy/cgi/etenet_cabcbte: the list, 7 at a time. */
export const fiscalListQuery = withRange(
  z.object({
    ...filterShape,
    start: offsetSchema(msg.solicitudInvalida).default(0),
    limit: z.coerce
      .number({ error: msg.solicitudInvalida })
      .int(msg.solicitudInvalida)
      .min(1, msg.solicitudInvalida)
      .max(100, msg.solicitudInvalida)
      .default(FISCAL_PAGE_SIZE),
  }),
);
export type FiscalListQuery = z.input<typeof fiscalListQuery>;

const cuitQueryField = z.string({ error: fiscalMsg.cooperativaObligatoria }).trim().regex(/^\d{11}$/, fiscalMsg.cuitInvalido);
const entityQueryField = z.string({ error: fiscalMsg.entidadObligatoriaQuery }).trim().regex(/^\d{1,9}$/, fiscalMsg.entidadObligatoriaQuery);

/**
 * Direct-open credentials: a URL the browser opens itself (window.open, <a href>) cannot carry headers, so it
 * carries the access token, the company (cooperativa = CUIT) and the entity in the query instead. The server
 * runs exactly the same checks as for the headers.
 */
export const directOpenQuery = z.object({
  token: z.string().trim().min(1).max(4096).optional(),
  cooperativa: cuitQueryField.optional(),
  entity_id: entityQueryField.optional(),
});

/** GET /proxy/cgi/etenet_cabcbte?files=true&type=pdf|excel: everything the filter matches, as a file. */
export const fiscalExportQuery = withRange(
  z.object({
    ...filterShape,
    ...directOpenQuery.shape,
    files: z.literal(['true', '1'], { error: msg.solicitudInvalida }),
    type: z.enum(['pdf', 'excel'], { error: fiscalMsg.tipoArchivoInvalido }),
  }),
);
export type FiscalExportQuery = z.input<typeof fiscalExportQuery>;

/** One voucher: (codcom, codtal, numero) within the company, and always of the caller's entity. */
export const voucherKey = z.object({
  codcom: z.string({ error: fiscalMsg.comprobanteObligatorio }).trim().min(1, fiscalMsg.comprobanteObligatorio).max(10, fiscalMsg.comprobanteObligatorio),
  codtal: z.coerce.number({ error: fiscalMsg.comprobanteObligatorio }).int(fiscalMsg.comprobanteObligatorio).min(0, fiscalMsg.comprobanteObligatorio).max(99_999, fiscalMsg.comprobanteObligatorio),
  numero: z.coerce.number({ error: fiscalMsg.comprobanteObligatorio }).int(fiscalMsg.comprobanteObligatorio).min(0, fiscalMsg.comprobanteObligatorio).max(999_999_999, fiscalMsg.comprobanteObligatorio),
});
export type VoucherKey = z.output<typeof voucherKey>;

/** At most this many vouchers in one ZIP. */
export const MAX_ZIP_VOUCHERS = 200;

/** `comprobantes`: a JSON list of {codcom, codtal, numero} (the selected rows). */
export const comprobantesField = z
  .string({ error: fiscalMsg.comprobantesInvalidos })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: fiscalMsg.comprobantesInvalidos });
      return z.NEVER;
    }
  })
  .pipe(z.array(voucherKey, { error: fiscalMsg.comprobantesInvalidos }).min(1, fiscalMsg.comprobantesInvalidos).max(MAX_ZIP_VOUCHERS, fiscalMsg.comprobantesDemasiados));

/**
 * The bulk download's `imprime` flag (ordering.md §7): the ZIP holds the vouchers that have a printout, the
 * print button's rule. `imprime=true|1` asks for exactly that (the default when absent); anything else
 * (`false`, `0`, other text) is a 400: a voucher without a printout has no PDF to put in the ZIP, so the flag
 * can never widen it, and a refusal says so instead of a ZIP that silently leaves them out.
 */
export const zipImprimeFlag = z.literal(['true', '1'], { error: fiscalMsg.imprimeInvalido }).optional();

/** GET /proxy/cgi/etenet_cabcbte?zip=true with the selected vouchers (comprobantes). */
export const fiscalZipSelectedQuery = z.object({
  zip: z.literal(['true', '1'], { error: msg.solicitudInvalida }),
  imprime: zipImprimeFlag,
  comprobantes: comprobantesField,
});
/** GET /proxy/cgi/etenet_cabcbte?zip=true with the filter (every printable voucher it matches, up to 200). */
export const fiscalZipFilterQuery = withRange(
  z.object({ ...filterShape, zip: z.literal(['true', '1'], { error: msg.solicitudInvalida }), imprime: zipImprimeFlag }),
);
export type FiscalZipQuery = z.input<typeof fiscalZipSelectedQuery> | z.input<typeof fiscalZipFilterQuery>;

/** Documentation of every parameter etenet_cabcbte takes (the server picks the use, then parses with its schema). */
export const fiscalQueryDoc = z.object({
  ...filterShape,
  start: offsetSchema().optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  files: queryBoolean.optional(),
  type: z.enum(['pdf', 'excel']).optional(),
  ...directOpenQuery.shape,
  zip: queryBoolean.optional(),
  imprime: z.enum(['true', '1']).optional().describe('con zip=true: solo comprobantes con impresión (lo único que el ZIP puede contener)'),
  comprobantes: z.string().optional().describe('JSON: [{"codcom":"FC","codtal":3,"numero":1234}]'),
});

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────────────────

export const renglonProducto = z.object({
  codigo: z.string(),
  descripcion: z.string(),
  cantidad: z.number(),
  cantidad_con_formato: z.string(),
  unidad: z.string(),
  importe: z.number(),
  importe_con_formato: z.string(),
});
export const renglonOtro = z.object({ descripcion: z.string(), valor: z.number(), valor_con_formato: z.string() });
/**
 * A voucher's lines besides the spec's two lists (docs/decisions/fiscal.md 'Lines'):
 * - renglonesImpuestos: under lines net of VAT (a letter A voucher), its VAT by rate ('IVA 21 %', 'IVA 10,5 %') and
 *   'Percepciones / otros tributos', from the voucher's stored split, so that lines + these = the amount;
 * - renglonesAplicados: what a receipt or a settlement is applied to (the documents it cancels, 'Pago a cuenta'),
 *   listed apart: they are not more lines of the amount (a receipt's lines are its payment methods).
 */
export const voucherExtraLines = {
  renglonesImpuestos: z.array(renglonOtro),
  renglonesAplicados: z.array(renglonOtro),
};

/** 'rojo': a credit (negative amount: notas de crédito, recibos); 'normal' otherwise. */
export const ESTILOS = ['normal', 'rojo'] as const;

export const fiscalDocument = z.object({
  /** The movement's id (bigint as text). */
  id: z.string(),
  /** 'DD/MM/YYYY' */
  fecha: z.string(),
  /** 'HH:MM', '' when unknown. */
  hora: z.string(),
  codcom: z.string(),
  codtal: z.number().int(),
  numero: z.number().int(),
  /** '00003-00001234' */
  numero_con_formato: z.string(),
  descomlarga: z.string(),
  /** AFIP type (1 Factura A, 6 Factura B, 3/8 notas de crédito); null for non-fiscal documents. */
  tvdgi: z.number().int().nullable(),
  letra: z.string(),
  torig: z.string(),
  norig: z.number().int().nullable(),
  detalle: z.string(),
  /** Condición de venta. */
  detalle1: z.string(),
  /** The document it comes from: 'Origen: FC 00003-00001234'. */
  detalle2: z.string(),
  /** 'CAE 76000001234567 vto. 01/12/2026'. */
  detalle3: z.string(),
  moneda: z.enum(['ARS', 'USD']),
  importe: z.number(),
  importe_con_formato: z.string(),
  /** 'DD/MM/YYYY', '' when it has none. */
  fecha_vencimiento: z.string(),
  estilo: z.enum(ESTILOS),
  imprime: z.boolean(),
  renglonesProductos: z.array(renglonProducto),
  renglonesOtros: z.array(renglonOtro),
  ...voucherExtraLines,
});
export type FiscalDocument = z.infer<typeof fiscalDocument>;

export const fiscalResumen = z.object({
  moneda: z.enum(['ARS', 'USD']),
  cantidad: z.number().int(),
  total: z.number(),
  total_con_formato: z.string(),
});
export type FiscalResumen = z.infer<typeof fiscalResumen>;

export const tipoDeComprobante = z.object({ id: z.string(), descripcion: z.string() });

export const fiscalListResponse = z.object({
  success: z.literal(true),
  items: z.array(fiscalDocument),
  /** How many documents the filter matches (all pages). */
  total: z.number().int(),
  /** Totals per currency of the whole filtered set. */
  resumenes: z.array(fiscalResumen),
  /** The distinct document descriptions of this entity (the multi-select's options; id = descripcion = descom). */
  tipodecomprobantes: z.array(tipoDeComprobante),
});
export type FiscalListResponse = z.infer<typeof fiscalListResponse>;

export const zipResponse = z.object({
  success: z.boolean(),
  /** Relative address that downloads the ZIP (a signed link valid one hour, no session needed). */
  url: z.string().optional(),
  directorio: z.string().optional(),
  /** How many PDFs the ZIP holds. */
  cantidad: z.number().int().optional(),
  msg: z.string().optional(),
});
export type ZipResponse = z.infer<typeof zipResponse>;

/** GET /proxy/files: one call, several uses chosen by the parameters (see filesRoutes.files). */
export const filesImageQuery = z.object({
  cooperativa: cuitQueryField,
  type: z.literal('pedidos'),
  archivo: z
    .string({ error: fiscalMsg.archivoInvalido })
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,119}$/, fiscalMsg.archivoInvalido)
    .refine((v) => !v.includes('..'), fiscalMsg.archivoInvalido),
});
export const filesPdfQuery = voucherKey.extend({ ...directOpenQuery.shape, type: z.literal('pdf', { error: fiscalMsg.tipoInvalido }) });
export const filesDirectQuery = voucherKey.extend({ directa: z.literal(['true', '1']).optional(), cooperativa: cuitQueryField.optional() });
export const filesDeleteQuery = z.object({
  elimina: z.literal(['true', '1']),
  url: z.string({ error: fiscalMsg.archivoInvalido }).min(1, fiscalMsg.archivoInvalido).max(2048, fiscalMsg.archivoInvalido),
  directorio: z.string({ error: fiscalMsg.archivoInvalido }).regex(/^[0-9a-f]{32}$/, fiscalMsg.archivoInvalido),
});
/** Documentation of every parameter /proxy/files takes (the server dispatches on them). */
export const filesQuery = z.object({
  codcom: z.string().optional(),
  codtal: z.coerce.number().int().min(0).max(99_999).optional(),
  numero: z.coerce.number().int().min(0).max(999_999_999).optional(),
  cooperativa: z.string().optional(),
  type: z.enum(['pdf', 'pedidos']).optional(),
  archivo: z.string().optional(),
  directa: queryBoolean.optional(),
  elimina: queryBoolean.optional(),
  url: z.string().optional(),
  directorio: z.string().optional(),
  token: z.string().optional(),
  entity_id: z.string().optional(),
});

export const directDownloadResponse = z.object({
  success: z.boolean(),
  /** The portal's public base address (PUBLIC_URL). */
  host: z.string(),
  /** Path to fetch the file: a signed link valid one hour ('/api/public/compartido/…'). Open host + archivo. */
  archivo: z.string(),
  msg: z.string(),
});
export type DirectDownloadResponse = z.infer<typeof directDownloadResponse>;

export const imprimeResponse = z.union([
  z.object({ success: z.literal(true), archivos: z.object({ archivo: z.string() }) }),
  z.object({ success: z.literal(false), msg: z.string() }),
]);
export type ImprimeResponse = z.infer<typeof imprimeResponse>;

/** A binary answer (PDF, XLSX, ZIP, image): documented as such, never JSON. */
const fileAnswer = z.string().describe('archivo (binario)');

// ── Routes ──────────────────────────────────────────────────────────────────────────────────────────────────

export const fiscalRoutes = {
  /**
   * One path, three uses chosen by the query: the list (default: JSON, headers); the export (files=true,
   * type=pdf|excel: a file; token, cooperativa and entity_id in the query may replace the headers because the
   * browser opens it directly); the bulk ZIP (zip=true with comprobantes or the filter: JSON {success, url, directorio}).
   */
  list: {
    method: 'GET',
    url: '/proxy/cgi/etenet_cabcbte',
    tag: 'fiscal',
    access: 'entity',
    module: 'cfiscales',
    summary:
      'Comprobantes fiscales de la entidad (7 por página, con resúmenes por moneda y tipos de comprobante); ' +
      'con files=true&type=pdf|excel exporta todo lo filtrado; con zip=true arma un ZIP con los PDF',
    query: fiscalQueryDoc,
    response: fiscalListResponse.or(zipResponse).or(fileAnswer),
  },
} satisfies Record<string, RouteDef>;

export const filesRoutes = {
  /**
   * type=pdf: the voucher's PDF inline (headers, or token+cooperativa+entity_id in the query);
   * type=pedidos: a product image (public, cached); directa=true: the PDF written to a temporary file,
   * answered {success, host, archivo, msg}; elimina=true: removes a generated file (url, directorio).
   */
  files: {
    method: 'GET',
    url: '/proxy/files',
    tag: 'files',
    access: 'entity',
    summary:
      'Archivos: PDF de un comprobante (type=pdf), imagen de producto sin sesión (type=pedidos&archivo), ' +
      'descarga directa (directa=true) y borrado de archivos generados (elimina=true&url&directorio)',
    query: filesQuery,
    response: directDownloadResponse.or(z.object({ success: z.boolean(), msg: z.string() })).or(fileAnswer),
  },
  imprime: {
    method: 'GET',
    url: '/proxy/imprime',
    tag: 'files',
    access: 'entity',
    summary: 'PDF del comprobante en base64 (archivos.archivo); success false si no tiene impresión',
    query: voucherKey,
    response: imprimeResponse,
  },
  share: {
    method: 'GET',
    url: '/proxy/compartir',
    tag: 'files',
    access: 'entity',
    summary: 'Enlace público firmado (7 días) al PDF del comprobante y el texto para compartirlo por WhatsApp',
    query: voucherKey,
    response: shareResponse,
  },
  shared: {
    method: 'GET',
    url: '/compartido/:token',
    tag: 'files',
    access: 'public',
    summary:
      'Documento compartido o archivo generado, por enlace firmado y con vencimiento (sin sesión): 403 si fue ' +
      'alterado, 410 si venció',
    params: sharedParams,
    response: fileAnswer,
  },
} satisfies Record<string, RouteDef>;
