import { PassThrough } from 'node:stream';
import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import {
  STATEMENT_CURRENCIES,
  STATEMENT_SUMMARIES,
  STATEMENT_VIEWS,
  formatDateSlash,
  statementMsg,
  todayInArgentina,
  type BalanceValue,
  type StatementFilter,
  type StatementResponse,
  type StatementView,
} from '@portal/contract';
import { type Column, type Row, voucherNumberText, writeTablePdf, writeTableXlsx } from '../../documents/index.js';
import type { DB } from '../../db/database.js';
import { badRequest } from '../../lib/http-errors.js';
import { companyHeader, linesOf } from '../fiscal/index.js';
import { toCompanyHeader } from '../fiscal/index.js';
import { type AccountTypeInfo, toBalanceValue, toMovement } from './mapper.js';
import * as repo from './repository.js';

export type StatementsDeps = { db: DB; log: FastifyBaseLogger };
/** The user's statement settings (memberships.group_accounts / hidden_currencies). */
export type StatementSettings = { groupAccounts: boolean; hiddenCurrencies: readonly string[] };
type Currency = (typeof STATEMENT_CURRENCIES)[number];

const FALLBACK_TYPE: AccountTypeInfo = { code: 1, short_code: 'CC', name: 'Cuenta corriente', exchange: false };
const EXPORT_BATCH = 2_000;

export const STATEMENT_EXPORT_COLUMNS: readonly Column[] = [
  { key: 'fecha', header: 'Fecha', type: 'date', width: 0.9 },
  { key: 'comprobante', header: 'Comprobante', type: 'text', width: 1.8 },
  { key: 'numero', header: 'Número', type: 'text', width: 1.3 },
  { key: 'detalle', header: 'Detalle', type: 'text', width: 2.2 },
  { key: 'cuenta', header: 'Cuenta', type: 'text', width: 1.2 },
  { key: 'vencimiento', header: 'Vencimiento', type: 'date', width: 0.9 },
  { key: 'importe', header: 'Importe', type: 'number', decimals: 2, width: 1.2 },
  { key: 'saldo', header: 'Saldo', type: 'number', decimals: 2, width: 1.2 },
];

type Context = {
  types: AccountTypeInfo[];
  /** Account types whose movements form the listed account (the view's, narrowed by tipocc). */
  selected: number[];
  visible: Currency[];
  currency: Currency | null;
};

export class StatementsService {
  constructor(private readonly deps: StatementsDeps) {}

  /** The view's account types, the chosen one (tipocc), the currencies the user sees and the one listed. */
  private async context(scope: repo.Scope, view: StatementView, q: StatementFilter, settings: StatementSettings): Promise<Context & { totals: Awaited<ReturnType<typeof repo.balances>> }> {
    const all = await repo.accountTypes(this.deps.db, scope.companyId);
    const known = all.length ? all : [FALLBACK_TYPE];
    const types = STATEMENT_VIEWS[view].code === 'j' ? known.filter((t) => t.exchange) : known;
    let selected = types.map((t) => t.code);
    if (q.tipocc && !settings.groupAccounts) {
      const t = types.find((x) => x.short_code === q.tipocc);
      if (!t) throw badRequest(statementMsg.tipoCuentaInvalido);
      selected = [t.code];
    }
    const totals = await repo.balances(this.deps.db, scope, types.map((t) => t.code));
    const hidden = new Set(settings.hiddenCurrencies);
    if (q.moneda && hidden.has(q.moneda)) throw badRequest(statementMsg.monedaOculta);
    const visible = STATEMENT_CURRENCIES.filter((c) => !hidden.has(c) && totals.some((t) => t.currency === c));
    const currency = q.moneda ?? visible[0] ?? null;
    return { types, selected, visible, currency, totals };
  }

  private sqlFilter(ctx: Context, q: StatementFilter, today: string): repo.StatementFilterSql {
    return {
      currency: ctx.currency ?? 'ARS', accountTypes: ctx.selected, descom: q.descom, codres: q.codres, fechadesde: q.fechadesde,
      fechahasta: q.fechahasta, importedsd: q.importedsd, importehst: q.importehst, credito: q.credito, debito: q.debito, today,
    };
  }

  async list(scope: repo.Scope, view: StatementView, q: StatementFilter & { start: number; limit: number }, settings: StatementSettings): Promise<StatementResponse> {
    const today = todayInArgentina();
    const code = STATEMENT_VIEWS[view].code;
    const ctx = await this.context(scope, view, q, settings);
    const viewTypes = ctx.types.map((t) => t.code);
    const f = this.sqlFilter(ctx, q, today);
    const [{ rows, total }, overdue, names] = await Promise.all([
      ctx.currency ? repo.statementPage(this.deps.db, scope, code, f, q.start, q.limit) : Promise.resolve({ rows: [], total: 0 }),
      repo.overdue(this.deps.db, scope, viewTypes, today),
      repo.voucherNames(this.deps.db, scope, viewTypes),
    ]);
    const lines = await linesOf(this.deps.db, scope.companyId, rows.map((r) => r.id));
    const typeOf = (c: number) => ctx.types.find((t) => t.code === c) ?? { ...FALLBACK_TYPE, code: c, short_code: String(c), name: `Cuenta ${c}` };
    return {
      success: true,
      items: rows.map((r) => toMovement(r, lines.get(r.id) ?? [], typeOf(r.account_type), today)),
      total,
      moneda: ctx.currency,
      resumenes: STATEMENT_SUMMARIES.map((s) => ({ ...s })),
      valoresdectasctes: this.values(ctx, overdue, settings.groupAccounts),
      monedasdemovimientos: ctx.visible.map((moneda) => ({ moneda })),
      tipodecomprobantes: names.map((n) => ({ id: n, descom: n })),
      tipodectasctes: settings.groupAccounts ? [] : ctx.types.map((t) => ({ id: t.code, descri: t.name, tipocc: t.short_code })),
      agrupactasctes: settings.groupAccounts,
    };
  }

  /**
   * The carousel: per currency the user sees, each account type's balance (unless the accounts are grouped),
   * the total, and what is overdue when something is.
   */
  private values(ctx: Context & { totals: Awaited<ReturnType<typeof repo.balances>> }, overdue: Array<{ currency: Currency; total: string }>, grouped: boolean): BalanceValue[] {
    const out: BalanceValue[] = [];
    for (const currency of ctx.visible) {
      const mine = ctx.totals.filter((t) => t.currency === currency);
      if (!grouped) {
        for (const t of ctx.types) {
          const row = mine.find((m) => m.account_type === t.code);
          if (row) out.push(toBalanceValue(`${t.name} ${currency}`, row.total, currency, t.short_code));
        }
      }
      const sum = mine.reduce((a, m) => a.plus(m.total), new Decimal(0)).toFixed(2);
      out.push(toBalanceValue(`Saldo total ${currency}`, sum, currency, ''));
      const due = overdue.find((o) => o.currency === currency);
      if (due) out.push(toBalanceValue(`Vencido ${currency}`, due.total, currency, ''));
    }
    return out;
  }

  /**
   * Everything the filter matches as XLSX or PDF, with the running balance, streamed in keyset batches so that
   * memory stays flat whatever the size.
   */
  async export(scope: repo.Scope, view: StatementView, q: StatementFilter & { type: 'pdf' | 'excel' }, settings: StatementSettings, entityName: string) {
    const today = todayInArgentina();
    const code = STATEMENT_VIEWS[view].code;
    const ctx = await this.context(scope, view, q, settings);
    const f = this.sqlFilter(ctx, q, today);
    const db = this.deps.db;
    const typeName = (c: number) => ctx.types.find((t) => t.code === c)?.name ?? `Cuenta ${c}`;
    async function* rows(): AsyncGenerator<Row> {
      if (!ctx.currency) return;
      let after: { date: string; id: string } | null = null;
      for (;;) {
        const batch = await repo.statementBatch(db, scope, code, f, after, EXPORT_BATCH);
        for (const r of batch) {
          yield {
            fecha: r.date, comprobante: r.voucher_name, numero: voucherNumberText(r.series, r.number), detalle: r.detail ?? '',
            cuenta: typeName(r.account_type), vencimiento: r.due_date, importe: r.amount, saldo: r.saldo,
          };
        }
        if (batch.length < EXPORT_BATCH) return;
        const last = batch[batch.length - 1]!;
        after = { date: last.k, id: last.id };
      }
    }
    const out = new PassThrough();
    const title = `Cuenta corriente — ${STATEMENT_VIEWS[view].title}`;
    const range = q.fechadesde || q.fechahasta ? ` — ${q.fechadesde ? `del ${formatDateSlash(q.fechadesde)}` : ''}${q.fechahasta ? ` al ${formatDateSlash(q.fechahasta)}` : ''}` : '';
    const base = `Cuenta corriente ${STATEMENT_VIEWS[view].title.toLowerCase()} ${ctx.currency ?? ''}`.trim();
    const fail = (err: unknown) => {
      this.deps.log.error({ err }, 'statement export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    };
    if (q.type === 'excel') {
      writeTableXlsx(out, { title: 'Cuenta corriente', columns: STATEMENT_EXPORT_COLUMNS }, rows()).catch(fail);
      return { fileName: `${base}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', stream: out };
    }
    const company = toCompanyHeader(await companyHeader(db, scope.companyId));
    writeTablePdf(out, { title, subtitle: `${entityName} — ${ctx.currency ?? ''}${range}`, company, columns: STATEMENT_EXPORT_COLUMNS }, rows()).catch(fail);
    return { fileName: `${base}.pdf`, contentType: 'application/pdf', stream: out };
  }
}
