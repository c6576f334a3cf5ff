import Decimal from 'decimal.js';
import {
  codeKey,
  formatNumber,
  orderingMsg,
  parseQuickOrderSheet,
  parseQuickOrderText,
  QUICK_ORDER,
  quickOrderMsg,
  type ParsedLine,
  type QuickLine,
  type QuickResolveResponse,
  type QuickState,
} from '@portal/contract';
import type { DB } from '../../db/database.js';
import { readSheet } from '../../documents/index.js';
import { badRequest, forbidden } from '../../lib/http-errors.js';
import { currencySymbol, formatQuantity, imagesOf, priceListOf } from '../catalog/index.js';
import type { PriceLists } from '../../lib/identity.js';
import type { CartOwner } from '../cart/index.js';
import * as quickRepo from './quick-order-repository.js';
import * as repo from './repository.js';

type Resolved = { lines: number[]; codigo: string; key: string; asked: Decimal; product: quickRepo.QuickProductRow | null; candidates: quickRepo.QuickProductRow[] };

/** A quantity the cart takes for this product, and why it differs from the one asked ('' when it does not). */
export function adjustQuantity(asked: Decimal, salesFactor: string, unit: string): { quantity: Decimal; reason: string } {
  // A decimal string's Number is 1 exactly when the decimal is 1.
  const wholePackages = Number(salesFactor) !== 1;
  const askedText = () => formatQuantity(asked.toString());
  let q = asked;
  let reason = '';
  if (wholePackages && !q.isInteger()) {
    q = q.ceil();
    reason = quickOrderMsg.envaseEntero(formatQuantity(salesFactor), unit, askedText(), formatQuantity(q.toString()));
  } else if (q.decimalPlaces() > 3) {
    q = q.toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
    reason = quickOrderMsg.decimales(askedText(), formatQuantity(q.toString()));
  }
  if (q.lessThan(1)) {
    q = new Decimal(1);
    reason = quickOrderMsg.cantidadMinima(askedText());
  }
  return { quantity: q, reason };
}

/**
 * Quick order (docs/decisions/ordering.md 'Quick order'): reads pasted text, lines or an uploaded sheet, and answers
 * the review — each line found / adjusted to the sale factor / not found with the closest codes / not available to
 * this entity / duplicated and merged — without writing anything. The ready lines then go to the cart through the
 * cart's own batch call (all or nothing).
 */
export class QuickOrder {
  constructor(private readonly db: DB) {}

  private lists(o: CartOwner): Promise<PriceLists | null> | PriceLists | null {
    return o.lists !== undefined ? o.lists : priceListOf(this.db, o.companyId, o.entityId);
  }

  /** POST …/rapido with `texto` or `lineas`. */
  async resolveInput(o: CartOwner, input: { texto?: string; lineas?: ParsedLine[] }): Promise<QuickResolveResponse> {
    let lines = input.lineas;
    if (input.texto !== undefined) {
      const parsed = parseQuickOrderText(input.texto);
      if (parsed.error !== null) throw badRequest(parsed.error);
      lines = parsed.lineas;
    }
    return this.resolveLines(o, lines ?? []);
  }

  /** POST …/rapido/archivo: the first sheet of an XLSX or a CSV, its columns found by header or chosen. */
  async resolveFile(o: CartOwner, data: Buffer, chosen: { codigo?: number; cantidad?: number }): Promise<QuickResolveResponse> {
    const sheet = await readSheet(data);
    if ('problem' in sheet) throw badRequest(sheet.problem === 'no-sheets' ? quickOrderMsg.archivoSinHojas : quickOrderMsg.archivoNoPlanilla);
    const parsed = parseQuickOrderSheet(sheet.rows, chosen);
    const columns = { columnas: parsed.columnas.columnas, columna_codigo: parsed.columnas.columna_codigo, columna_cantidad: parsed.columnas.columna_cantidad };
    // Columns not recognised by their header: not an error of the file, a choice the customer makes (nothing is read).
    if (parsed.columnas.columna_codigo === null || parsed.columnas.columna_cantidad === null) {
      const resumen = { listo: 0, ajustado: 0, no_encontrado: 0, no_disponible: 0, duplicado: 0 };
      return { success: true, renglones: [], resumen, ...columns, aviso: quickOrderMsg.columnasNoEncontradas };
    }
    if (parsed.error !== null) throw badRequest(parsed.error);
    return { ...(await this.resolveLines(o, parsed.lineas)), ...columns };
  }

  /** The lines of lines: each code looked up by key, then merged by product. */
  async resolveLines(o: CartOwner, lines: ParsedLine[]): Promise<QuickResolveResponse> {
    if (lines.length === 0) throw badRequest(quickOrderMsg.vacio);
    if (lines.length > QUICK_ORDER.maxLines) throw badRequest(quickOrderMsg.demasiados(lines.length));
    const lists = await this.lists(o);
    const lineKeys = lines.map((l) => codeKey(l.codigo));
    const keys = [...new Set(lineKeys.filter((k) => k !== ''))];
    const rows = await quickRepo.productsByCodeKeys(this.db, o.companyId, lists, keys);
    const byKey = new Map<string, quickRepo.QuickProductRow[]>();
    for (const r of rows) {
      const same = byKey.get(r.key!);
      if (same) same.push(r);
      else byKey.set(r.key!, [r]);
    }
    const resolved: Resolved[] = lines.map((l, i) => {
      const key = lineKeys[i]!;
      const candidates = byKey.get(key) ?? [];
      return { lines: [l.linea], codigo: l.codigo, key, asked: new Decimal(l.cantidad), product: pick(candidates, l.codigo), candidates };
    });
    const missing = [...new Set(resolved.filter((r) => !r.product && r.candidates.length === 0).map((r) => r.key))].filter((k) => k !== '');
    const suggestions = await quickRepo.closestCodes(this.db, o.companyId, lists, missing, QUICK_ORDER.suggestions);
    return this.review(resolved, suggestions);
  }

  /**
   * 'Repetir compra' through the review: the lines of one of this entity's sales orders, by product, so a
   * discontinued product or a changed package shows instead of being dropped.
   */
  async resolveHistory(o: CartOwner, orderId: number): Promise<QuickResolveResponse> {
    const order = await repo.salesOrderOfEntity(this.db, o.companyId, o.entityId, orderId);
    if (!order) throw forbidden(orderingMsg.historialInexistente);
    const orderLines = await repo.salesOrderLines(this.db, o.companyId, [order.id]);
    if (orderLines.length === 0) throw badRequest(quickOrderMsg.historialSinProductos);
    const products = await quickRepo.productsByIds(this.db, o.companyId, await this.lists(o), [...new Set(orderLines.map((l) => l.product_id))]);
    const byId = new Map(products.map((p) => [p.id, p]));
    const resolved: Resolved[] = orderLines.map((l) => {
      const p = byId.get(l.product_id) ?? null;
      return { lines: [l.line_no], codigo: l.alpha_code, key: '', asked: new Decimal(l.quantity), product: p, candidates: p ? [p] : [] };
    });
    return { ...this.review(resolved, [], true), historial_id: order.id };
  }

  private review(resolved: Resolved[], suggestions: quickRepo.SuggestionRow[], repeat = false): QuickResolveResponse {
    // Lines naming the same product are merged into the first one, quantities summed.
    const merged: Resolved[] = [];
    const byProduct = new Map<number, Resolved>();
    for (const r of resolved) {
      const first = r.product ? byProduct.get(r.product.id) : undefined;
      if (first) {
        first.lines.push(...r.lines);
        first.asked = first.asked.plus(r.asked);
        continue;
      }
      const copy: Resolved = { lines: [...r.lines], codigo: r.codigo, key: r.key, asked: r.asked, product: r.product, candidates: r.candidates };
      if (r.product) byProduct.set(r.product.id, copy);
      merged.push(copy);
    }
    const suggestionsOf = new Map<string, QuickLine['sugerencias']>();
    for (const s of suggestions) {
      const option = { id: s.id, codart: s.code, codigo_alfanumerico: s.alpha_code, nombre: s.name };
      const same = suggestionsOf.get(s.key);
      if (same) same.push(option);
      else suggestionsOf.set(s.key, [option]);
    }
    const renglones = merged.map((r) => line(r, suggestionsOf.get(r.key) ?? [], repeat));
    const resumen = { listo: 0, ajustado: 0, no_encontrado: 0, no_disponible: 0, duplicado: 0 } satisfies Record<QuickState, number>;
    for (const l of renglones) resumen[l.estado]++;
    return { success: true, renglones, resumen };
  }
}

/**
 * The product a code names among those with its key: one active and priced if there is one (an exact code before
 * a code that only matches without its zeros), else the only candidate; several equally good → none (ambiguous).
 */
function pick(candidates: quickRepo.QuickProductRow[], typed: string): quickRepo.QuickProductRow | null {
  if (candidates.length <= 1) return candidates[0] ?? null;
  const sellable = candidates.filter((c) => c.active && c.final_price !== null);
  const pool = sellable.length > 0 ? sellable : candidates;
  if (new Set(pool.map((c) => c.id)).size === 1) return pool[0]!;
  const strict = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const exact = pool.filter((c) => [c.alpha_code, String(c.code)].some((code) => strict(code) === strict(typed)));
  return new Set(exact.map((c) => c.id)).size === 1 ? exact[0]! : null;
}

/**
 * One review line. Built as one object literal of one shape: V8 (Node 20) copies a spread object with more keys
 * added after it (`{ ...base, estado, … }`) through a slow path, ≈ 25 µs a line, half of a 500-line resolve's CPU.
 */
function reviewLine(
  r: Resolved,
  estado: QuickState,
  motivo: string,
  quantity: string,
  producto: QuickLine['producto'],
  subtotal: Decimal | null,
  sugerencias: QuickLine['sugerencias'],
): QuickLine {
  return {
    lineas: r.lines,
    codigo: r.codigo,
    cantidad_pedida: r.asked.toString(),
    estado,
    motivo,
    cantidad: Number(quantity),
    cantidad_con_formato: formatQuantity(quantity),
    producto,
    subtotal: subtotal === null ? null : subtotal.toNumber(),
    subtotal_con_formato: subtotal === null ? '' : formatNumber(subtotal.toFixed(2)),
    sugerencias,
  };
}

function line(r: Resolved, sugerencias: QuickLine['sugerencias'], repeat: boolean): QuickLine {
  const p = r.product;
  if (!p) {
    const ambiguous = r.candidates.length > 1;
    const motivo = ambiguous ? quickOrderMsg.ambiguo : sugerencias.length > 0 ? quickOrderMsg.noEncontradoSugerencias : quickOrderMsg.noEncontrado;
    const options = ambiguous ? r.candidates.map((c) => ({ id: c.id, codart: c.code, codigo_alfanumerico: c.alpha_code, nombre: c.name })) : sugerencias;
    return reviewLine(r, 'no_encontrado', motivo, r.asked.toString(), null, null, options);
  }
  const factor = Number(p.sales_factor);
  const producto = {
    id: p.id,
    nombre: p.name,
    codart: p.code,
    codigo_alfanumerico: p.alpha_code,
    unimed_venta_completa: p.sales_unit,
    cantidad_envase_con_formato: factor !== 1 ? `${formatQuantity(p.sales_factor)} ${p.unit}` : '',
    factor_venta: factor,
    precio_final: p.final_price === null ? null : Number(p.final_price),
    precio_final_con_formato: p.final_price === null ? '' : formatNumber(p.final_price),
    moneda_simbolo: currencySymbol(p.currency ?? 'ARS'),
    url: imagesOf(p.images),
  };
  if (!p.active || p.final_price === null) {
    return reviewLine(r, 'no_disponible', !p.active ? quickOrderMsg.discontinuado : quickOrderMsg.sinPrecio, r.asked.toString(), producto, null, []);
  }
  const { quantity, reason } = adjustQuantity(r.asked, p.sales_factor, p.unit);
  const reasons: string[] = [];
  if (r.lines.length > 1) reasons.push(quickOrderMsg.duplicado(r.lines.map(String).join(', ').replace(/, (\d+)$/, ' y $1')));
  if (reason) reasons.push(repeat && factor !== 1 ? `${quickOrderMsg.envaseCambiado(formatQuantity(p.sales_factor), p.unit)} ${reason}` : reason);
  const estado: QuickState = r.lines.length > 1 ? 'duplicado' : reason ? 'ajustado' : 'listo';
  const subtotal = quantity.times(p.final_price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return reviewLine(r, estado, reasons.join(' '), quantity.toString(), producto, subtotal, []);
}
