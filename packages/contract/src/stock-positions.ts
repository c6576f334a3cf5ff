import { z } from 'zod';
import { msg } from './messages.js';
import { ledgerQueries } from './common.js';
import { directOpenQuery } from './fiscal.js';
import type { RouteDef } from './routes.js';
import { STOCK_POSITION_PAGE_SIZE, stockPositionMsg } from './stock-positions-values.js';

/**
 * Stock positions and deliverables (statements.md §2 'Stock positions', §3 'Product position (deliverables) response',
 * §7 etenet_pEntregarStk): the products the customer bought, what was delivered (remitos) and what is still to be
 * withdrawn, with columns the server names (titulosColumnas). One call, two summary options: 'POS' the position,
 * 'PEN' the deliverables by deposit. Decisions: docs/decisions/stock-positions.md.
 */

export * from './stock-positions-values.js';

const filterShape = {
  codres: z.enum(['POS', 'PEN'], { error: stockPositionMsg.resumenInvalido }).default('POS'),
  /** Part of the product's description or code, accents and case ignored. */
  desart: z.string({ error: stockPositionMsg.desartInvalido }).trim().max(80, stockPositionMsg.desartInvalido).optional().transform((v) => (v ? v : undefined)),
};

/** The filter has no rule across its fields: the shared builder's list, export and documentation queries as they are. */
const queries = ledgerQueries(filterShape, () => null, {
  pageSize: STOCK_POSITION_PAGE_SIZE,
  tipoArchivoInvalido: stockPositionMsg.tipoArchivoInvalido,
  solicitudInvalida: msg.solicitudInvalida,
  directOpen: directOpenQuery.shape,
});

export const stockPositionFilter = queries.filter;
export type StockPositionFilter = z.output<typeof stockPositionFilter>;
export const stockPositionListQuery = queries.list;
export type StockPositionListQuery = z.input<typeof stockPositionListQuery>;
export const stockPositionExportQuery = queries.export;
export const stockPositionQueryDoc = queries.doc;

export const voucherLineRow = z.object({
  /** 'Factura A', 'Remito R'. */
  descripcion: z.string(),
  /** AFIP voucher type code, 3 digits ('001' Factura A, '006' Factura B, '091' Remito R). */
  tvdgi: z.string(),
  letra: z.string(),
  /** Point of sale (talonario) and number. */
  torig: z.number().int(),
  norig: z.number().int(),
  fecha: z.string(),
  /** Bought (an invoice) or delivered (a remito). */
  cantidad: z.number(),
  cantidad_con_formato: z.string(),
  /** Still to deliver of this invoice line (0 for a remito). */
  pendiente: z.number(),
  pendiente_con_formato: z.string(),
  deposito: z.string(),
});
export type VoucherLineRow = z.infer<typeof voucherLineRow>;

/** A product's row: desart, codalfa, coduni and one `columna{id}` (number) / `columna{id}_con_formato` per column title. */
export const stockPositionRow = z.looseObject({
  id: z.string(),
  desart: z.string(),
  codalfa: z.string(),
  coduni: z.string(),
  renglonesComprobantes: z.array(voucherLineRow),
  renglonesOtros: z.array(z.object({ descripcion: z.string(), valor: z.string() })),
});
export type StockPositionRow = z.infer<typeof stockPositionRow>;

export const stockPositionResponse = z.object({
  success: z.literal(true),
  codres: z.enum(['POS', 'PEN']),
  items: z.array(stockPositionRow),
  total: z.number().int(),
  titulosColumnas: z.array(z.object({ id: z.number().int(), titulo: z.string() })),
  /** The products of the position (for the product search). */
  productos: z.array(z.object({ codalfa: z.string(), desart: z.string() })),
  resumenes: z.array(z.object({ id: z.number().int(), codres: z.string(), desres: z.string() })),
  /** The columns of the rows' voucher lines. */
  renglonesComprobantes: z.array(z.object({ id: z.string(), titulo: z.string() })),
});
export type StockPositionResponse = z.infer<typeof stockPositionResponse>;

export const columnTextKey = (id: number) => `columna${id}_con_formato` as const;

export const stockPositionRoutes = {
  posiciones: {
    method: 'GET',
    url: '/proxy/cgi/etenet_pEntregarStk',
    tag: 'stock-positions',
    access: 'entity',
    module: 'posicionstockventas',
    summary:
      'Posición de stock (comprado, entregado, a entregar) o pendientes de entrega por depósito (codres=PEN), 7 productos por página, ' +
      'con columnas nombradas en titulosColumnas y los comprobantes de cada producto; filtro desart; con files=true&type=pdf|excel exporta',
    query: stockPositionQueryDoc,
    response: stockPositionResponse.or(z.string().describe('archivo (binario)')),
  },
} satisfies Record<string, RouteDef>;
