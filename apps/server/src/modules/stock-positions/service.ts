import { PassThrough } from 'node:stream';
import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import {
  columnKey,
  columnTextKey,
  DELIVERABLES_TOTAL_COLUMN,
  formatDateSlash,
  formatNumber,
  POSITION_COLUMNS,
  STOCK_POSITION_SUMMARIES,
  VOUCHER_LINE_COLUMNS,
  type StockPositionFilter,
  type StockPositionResponse,
  type StockPositionRow,
  type VoucherLineRow,
} from '@portal/contract';
import { type Column, type Row, writeTablePdf, writeTableXlsx } from '../../documents/index.js';
import type { DB } from '../../db/database.js';
import { companyHeader } from '../fiscal/index.js';
import { toCompanyHeader } from '../fiscal/index.js';
import * as repo from './repository.js';
import type { EntityScope } from '../../lib/identity.js';

export type StockPositionsDeps = { db: DB; log: FastifyBaseLogger };

/** Quantities as es-AR numbers with the decimals they have (up to 3): '1.250', '12,5'. */
export function qty(v: Decimal.Value): string {
  const d = new Decimal(v);
  return formatNumber(d.toFixed(3), Math.min(3, d.decimalPlaces()));
}
const tvdgiOf = (afip: number | null, letter: string | null) => String(afip ?? (letter === 'A' ? 1 : letter === 'B' ? 6 : 0)).padStart(3, '0');

type Title = { id: number; titulo: string };
type Columns = { titles: Title[]; values: (p: repo.ProductPositionRow, pending: Map<string, Map<number, Decimal>>) => Decimal[] };

export class StockPositionsService {
  constructor(private readonly deps: StockPositionsDeps) {}

  /** The columns of the summary: bought / delivered / to deliver, or one per deposit with something pending and the total. */
  private async columns(scope: EntityScope, codres: 'POS' | 'PEN'): Promise<Columns & { deposits: Array<{ id: number; code: number; name: string }> }> {
    if (codres === 'POS') {
      return {
        titles: POSITION_COLUMNS.map((c) => ({ ...c })),
        deposits: [],
        values: (p) => {
          const bought = new Decimal(p.bought);
          const delivered = new Decimal(p.delivered);
          return [bought, delivered, bought.minus(delivered)];
        },
      };
    }
    const deposits = await repo.depositsWithPending(this.deps.db, scope);
    return {
      titles: [...deposits.map((d) => ({ id: d.code, titulo: d.name })), { ...DELIVERABLES_TOTAL_COLUMN }],
      deposits,
      values: (p, pending) => {
        const mine = pending.get(p.code) ?? new Map<number, Decimal>();
        return [...deposits.map((d) => mine.get(d.id) ?? new Decimal(0)), new Decimal(p.bought).minus(p.delivered)];
      },
    };
  }

  private async pendingOf(scope: EntityScope, codes: string[]) {
    const out = new Map<string, Map<number, Decimal>>();
    for (const r of await repo.pendingByDeposit(this.deps.db, scope, codes)) {
      if (r.deposit_id === null) continue;
      const m = out.get(r.code) ?? new Map<number, Decimal>();
      m.set(r.deposit_id, new Decimal(r.pending));
      out.set(r.code, m);
    }
    return out;
  }

  async list(scope: EntityScope, q: StockPositionFilter & { start: number; limit: number }): Promise<StockPositionResponse> {
    const db = this.deps.db;
    const f: repo.PositionFilterSql = { pendingOnly: q.codres === 'PEN', text: q.desart };
    const [cols, rows, total, names, depositNames] = await Promise.all([
      this.columns(scope, q.codres),
      repo.productPage(db, scope, f, { start: q.start, limit: q.limit }),
      repo.productCount(db, scope, f),
      repo.productNames(db, scope, f.pendingOnly),
      repo.depositNames(db, scope.companyId),
    ]);
    const codes = rows.map((r) => r.code);
    const [invoices, remitos, pending] = await Promise.all([
      repo.invoiceLines(db, scope, codes),
      q.codres === 'POS' ? repo.deliveries(db, scope, codes) : Promise.resolve([]),
      q.codres === 'PEN' ? this.pendingOf(scope, codes) : Promise.resolve(new Map<string, Map<number, Decimal>>()),
    ]);
    const deposit = (id: number | null) => (id === null ? '' : (depositNames.get(id) ?? ''));

    const items: StockPositionRow[] = rows.map((p) => {
      const values = cols.values(p, pending);
      const row: StockPositionRow = {
        id: p.code,
        desart: p.name,
        codalfa: p.code,
        coduni: p.unit,
        renglonesComprobantes: [],
        renglonesOtros: [],
      };
      cols.titles.forEach((t, i) => {
        row[columnKey(t.id)] = values[i]!.toNumber();
        row[columnTextKey(t.id)] = qty(values[i]!);
      });
      const invoiceRows: Array<VoucherLineRow & { iso: string }> = invoices
        .filter((l) => l.code === p.code)
        .map((l) => {
          const left = new Decimal(l.quantity).minus(l.delivered);
          return {
            iso: l.date, descripcion: l.voucher_name, tvdgi: tvdgiOf(l.afip_type, l.letter), letra: l.letter ?? '', torig: l.series, norig: l.number,
            fecha: formatDateSlash(l.date), cantidad: Number(l.quantity), cantidad_con_formato: qty(l.quantity), pendiente: left.toNumber(),
            pendiente_con_formato: qty(left), deposito: deposit(l.deposit_id),
          };
        })
        .filter((l) => q.codres === 'POS' || l.pendiente > 0);
      const remitoRows: Array<VoucherLineRow & { iso: string }> = remitos
        .filter((d) => d.code === p.code)
        .map((d) => ({
          iso: d.date, descripcion: 'Remito R', tvdgi: '091', letra: 'R', torig: d.series, norig: d.number, fecha: formatDateSlash(d.date),
          cantidad: Number(d.quantity), cantidad_con_formato: qty(d.quantity), pendiente: 0, pendiente_con_formato: qty(0), deposito: deposit(d.deposit_id),
        }));
      row.renglonesComprobantes = [...invoiceRows, ...remitoRows]
        .sort((a, b) => (a.iso < b.iso ? 1 : a.iso > b.iso ? -1 : 0))
        .map(({ iso: _iso, ...l }) => l);
      row.renglonesOtros = [
        { descripcion: 'Unidad de venta', valor: p.unit || '—' },
        ...(q.codres === 'PEN'
          ? [
              { descripcion: 'Comprado', valor: qty(p.bought) },
              { descripcion: 'Entregado', valor: qty(p.delivered) },
            ]
          : []),
        { descripcion: 'Última compra', valor: formatDateSlash(p.last_bought) },
        { descripcion: 'Último retiro', valor: p.last_delivered ? formatDateSlash(p.last_delivered) : 'Sin retiros' },
      ];
      return row;
    });

    return {
      success: true,
      codres: q.codres,
      items,
      total,
      titulosColumnas: cols.titles,
      productos: names.map((n) => ({ codalfa: n.code, desart: n.name })),
      resumenes: STOCK_POSITION_SUMMARIES.map((s) => ({ ...s })),
      renglonesComprobantes: VOUCHER_LINE_COLUMNS.map((c) => ({ ...c })),
    };
  }

  async export(scope: EntityScope, q: StockPositionFilter & { type: 'pdf' | 'excel' }, entityName: string) {
    const db = this.deps.db;
    const cols = await this.columns(scope, q.codres);
    const f: repo.PositionFilterSql = { pendingOnly: q.codres === 'PEN', text: q.desart };
    const pendingOf = (codes: string[]) => this.pendingOf(scope, codes);
    async function* rows(): AsyncGenerator<Row> {
      let after: { name: string; code: string } | null = null;
      for (;;) {
        const batch = await repo.productPage(db, scope, f, { after, limit: 1_000 });
        const pending = q.codres === 'PEN' ? await pendingOf(batch.map((b) => b.code)) : new Map<string, Map<number, Decimal>>();
        for (const p of batch) {
          const values = cols.values(p, pending);
          yield { desart: p.name, codalfa: p.code, coduni: p.unit, ...Object.fromEntries(cols.titles.map((t, i) => [columnKey(t.id), values[i]!.toFixed(3)])) };
        }
        if (batch.length < 1_000) return;
        after = { name: batch[batch.length - 1]!.name, code: batch[batch.length - 1]!.code };
      }
    }
    const columns: Column[] = [
      // Wide enough on an A4 for the longest names and units of the catalogue ('Bolsa x 150.000 semillas').
      { key: 'desart', header: 'Producto', type: 'text', width: 2.9 },
      { key: 'codalfa', header: 'Código', type: 'text', width: 0.8 },
      { key: 'coduni', header: 'Unidad', type: 'text', width: 1.5 },
      // Quantities as the screen shows them (qty): the decimals they have, up to 3.
      ...cols.titles.map((t): Column => ({ key: columnKey(t.id), header: t.titulo, type: 'quantity', decimals: 3, width: 1.1 })),
    ];
    const summary = STOCK_POSITION_SUMMARIES.find((s) => s.codres === q.codres)!.desres;
    const out = new PassThrough();
    const fail = (err: unknown) => {
      this.deps.log.error({ err }, 'stock positions export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    };
    if (q.type === 'excel') {
      writeTableXlsx(out, { title: summary, columns }, rows()).catch(fail);
      return { fileName: `${summary}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', stream: out };
    }
    const company = toCompanyHeader(await companyHeader(db, scope.companyId));
    const filter = q.desart ? ` — «${q.desart}»` : '';
    writeTablePdf(out, { title: summary.toLocaleUpperCase('es-AR'), subtitle: `${entityName}${filter}`, company, columns }, rows()).catch(fail);
    return { fileName: `${summary}.pdf`, contentType: 'application/pdf', stream: out };
  }
}
