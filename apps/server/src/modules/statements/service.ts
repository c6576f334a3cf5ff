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
  voucherTitleText,
  type BalanceValue,
  type StatementFilter,
  type StatementResponse,
  type StatementView,
} from '@portal/contract';
import { type Column, type Row, voucherNumberText, writeTablePdf, writeTableXlsx } from '../../documents/index.js';
import type { DB } from '../../db/database.js';
import { badRequest } from '../../lib/http-errors.js';
import { companyHeader, type VoucherLineRow } from '../fiscal/index.js';
import { toCompanyHeader } from '../fiscal/index.js';
import { type AccountTypeInfo, toBalanceValue, toMovement } from './mapper.js';
import * as repo from './repository.js';
import type { EntityScope } from '../../lib/identity.js';

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

type Summary = Awaited<ReturnType<typeof repo.entitySummary>> & {
  /** Balance per currency and account type (basis 'c', accounts with movements), summed once. */
  balances: Array<{ currency: Currency; account_type: number; total: string }>;
  /** The months' counts per basis, currency, account types and sign, computed on first use. */
  months: Map<string, repo.MonthCount[]>;
  /** The answer's parts that depend on the entity and the view only (answerParts), computed on first use. */
  parts: Map<string, AnswerParts>;
};

/** What a statements answer carries besides its page: the same for every page of one entity, view and settings. */
type AnswerParts = Pick<StatementResponse, 'valoresdectasctes' | 'monedasdemovimientos' | 'tipodecomprobantes' | 'tipodectasctes'>;

type Context = {
  summary: Summary;
  types: AccountTypeInfo[];
  /** Account types whose movements form the listed account (the view's, narrowed by tipocc). */
  selected: number[];
  visible: Currency[];
  currency: Currency | null;
};

/**
 * Entities whose summary is kept, the least recently used forgotten first: ≈ 15 kB for a `large` customer (73
 * checkpoint rows on average), ≈ 100 kB for one with 30,000 movements over five years (505 rows).
 */
const KEPT_ENTITIES = 1_000;

/**
 * The per-entity parts of the statements' answers (repo.entitySummary), kept while the entity's version stays the
 * same. Every page statement reads the version in its own snapshot; a different one forgets the entry and the page
 * is read again (see list). Concurrent misses of one entity share one statement.
 */
class SummaryCache {
  private readonly entries = new Map<string, Promise<Summary>>();

  constructor(private readonly db: DB) {}

  get(scope: EntityScope, today: string): Promise<Summary> {
    const key = `${scope.companyId}:${scope.entityId}:${today}`;
    let hit = this.entries.get(key);
    if (hit) {
      // Most recently used last: the first entry is the one to forget.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    hit = repo.entitySummary(this.db, scope, today).then((s) => ({ ...s, balances: balancesOf(s.checkpoints), months: new Map(), parts: new Map() }));
    this.entries.set(key, hit);
    if (this.entries.size > KEPT_ENTITIES) this.entries.delete(this.entries.keys().next().value!);
    hit.catch(() => this.forget(scope, today, hit!));
    return hit;
  }

  /** Forgets the entry if it is still `stale` (a newer one may already be loading). */
  forget(scope: EntityScope, today: string, stale: Promise<Summary>): void {
    const key = `${scope.companyId}:${scope.entityId}:${today}`;
    if (this.entries.get(key) === stale) this.entries.delete(key);
  }
}

function balancesOf(checkpoints: readonly repo.CheckpointRow[]): Summary['balances'] {
  const sums = new Map<string, { currency: Currency; account_type: number; total: Decimal; movements: number }>();
  for (const c of checkpoints) {
    if (c.basis !== 'c') continue;
    const key = `${c.currency}:${c.account_type}`;
    const s = sums.get(key) ?? { currency: c.currency, account_type: c.account_type, total: new Decimal(0), movements: 0 };
    s.total = s.total.plus(c.total);
    s.movements += c.movements;
    sums.set(key, s);
  }
  return [...sums.values()]
    .filter((s) => s.movements > 0)
    .sort((a, b) => (a.currency === b.currency ? a.account_type - b.account_type : a.currency < b.currency ? -1 : 1))
    .map((s) => ({ currency: s.currency, account_type: s.account_type, total: s.total.toFixed(2) }));
}

/** Rows per month of the listed account (newest month first, empty months left out), from the kept checkpoints. */
function monthsOf(summary: Summary, view: repo.ViewCode, f: repo.StatementFilterSql): repo.MonthCount[] {
  const basis = view === 'f' ? 'f' : 'c';
  const counted = f.credito && !f.debito ? 'credits' : f.debito && !f.credito ? 'debits' : 'movements';
  const key = `${basis}|${f.currency}|${f.accountTypes.join(',')}|${counted}`;
  let months = summary.months.get(key);
  if (!months) {
    const byMonth = new Map<string, number>();
    for (const c of summary.checkpoints) {
      if (c.basis === basis && c.currency === f.currency && f.accountTypes.includes(c.account_type)) byMonth.set(c.month, (byMonth.get(c.month) ?? 0) + c[counted]);
    }
    months = [...byMonth].filter(([, n]) => n > 0).sort(([a], [b]) => (a < b ? 1 : -1)).map(([month, n]) => ({ month, n }));
    summary.months.set(key, months);
  }
  return months;
}

/** A page row's voucher lines, read with the page as JSON (repo.PageRow.lines). */
function linesOfRow(r: repo.PageRow): VoucherLineRow[] {
  if (!r.lines) return [];
  return (JSON.parse(r.lines) as Array<[VoucherLineRow['kind'], string | null, string, string | null, string | null, string | null, string | null, string]>).map(
    ([kind, product_code, description, quantity, unit, unit_price, discount, amount]) => ({ movement_id: r.id, kind, product_code, description, quantity, unit, unit_price, discount, amount }),
  );
}

export class StatementsService {
  private readonly summaries: SummaryCache;

  constructor(private readonly deps: StatementsDeps) {
    this.summaries = new SummaryCache(deps.db);
  }

  /** The view's account types, the chosen one (tipocc), the currencies the user sees and the one listed. */
  private context(summary: Summary, view: StatementView, q: StatementFilter, settings: StatementSettings): Context {
    const known = summary.types.length ? summary.types : [FALLBACK_TYPE];
    const types = STATEMENT_VIEWS[view].code === 'j' ? known.filter((t) => t.exchange) : known;
    let selected = types.map((t) => t.code);
    if (q.tipocc && !settings.groupAccounts) {
      const t = types.find((x) => x.short_code === q.tipocc);
      if (!t) throw badRequest(statementMsg.tipoCuentaInvalido);
      selected = [t.code];
    }
    const hidden = new Set(settings.hiddenCurrencies);
    if (q.moneda && hidden.has(q.moneda)) throw badRequest(statementMsg.monedaOculta);
    const inView = summary.balances.filter((b) => types.some((t) => t.code === b.account_type));
    const visible = STATEMENT_CURRENCIES.filter((c) => !hidden.has(c) && inView.some((t) => t.currency === c));
    const currency = q.moneda ?? visible[0] ?? null;
    return { summary, types, selected, visible, currency };
  }

  private sqlFilter(ctx: Context, q: StatementFilter, today: string): repo.StatementFilterSql {
    return {
      currency: ctx.currency ?? 'ARS', accountTypes: ctx.selected, descom: q.descom, codres: q.codres, fechadesde: q.fechadesde,
      fechahasta: q.fechahasta, importedsd: q.importedsd, importehst: q.importehst, credito: q.credito, debito: q.debito, today,
    };
  }

  /**
   * A page in one statement when the entity's summary is kept (two when it is not): the page is located with the
   * kept months' counts and answers the entity's version; if a write changed it since the summary was read, the
   * summary is read again and so is the page, so a new movement shows at once.
   */
  async list(scope: EntityScope, view: StatementView, q: StatementFilter & { start: number; limit: number }, settings: StatementSettings): Promise<StatementResponse> {
    const today = todayInArgentina();
    const code = STATEMENT_VIEWS[view].code;
    let pending = this.summaries.get(scope, today);
    let summary = await pending;
    let ctx = this.context(summary, view, q, settings);
    let page: Awaited<ReturnType<typeof repo.statementPage>>;
    for (let attempt = 1; ; attempt++) {
      const f = this.sqlFilter(ctx, q, today);
      page = ctx.currency ? await repo.statementPage(this.deps.db, scope, code, f, q.start, q.limit, monthsOf(summary, code, f)) : await repo.statementPage(this.deps.db, scope, code, { ...f, accountTypes: [] }, 0, 0, []);
      if (page.version === summary.version) break;
      this.summaries.forget(scope, today, pending);
      pending = this.summaries.get(scope, today);
      summary = await pending;
      ctx = this.context(summary, view, q, settings);
      // Writes to this entity faster than its pages are read: the last page read stands (its balances are right,
      // its position in the list is at most those writes off).
      if (attempt === 3) break;
    }
    const typeOf = (c: number) => ctx.types.find((t) => t.code === c) ?? { ...FALLBACK_TYPE, code: c, short_code: String(c), name: `Cuenta ${c}` };
    const parts = this.answerParts(ctx, code, settings.groupAccounts);
    return {
      success: true,
      items: page.rows.map((r) => toMovement(r, linesOfRow(r), typeOf(r.account_type), today)),
      total: ctx.currency ? page.total : 0,
      moneda: ctx.currency,
      resumenes: STATEMENT_SUMMARIES.map((s) => ({ ...s })),
      valoresdectasctes: parts.valoresdectasctes,
      monedasdemovimientos: parts.monedasdemovimientos,
      tipodecomprobantes: parts.tipodecomprobantes,
      tipodectasctes: parts.tipodectasctes,
      agrupactasctes: settings.groupAccounts,
    };
  }

  /**
   * The carousel, the currencies, the voucher and account types of the answer: computed once per summary (entity and
   * version), view, grouping and visible currencies, and shared by the answers that follow (nothing changes them
   * after this: the answer is serialized as it is).
   */
  private answerParts(ctx: Context, code: repo.ViewCode, grouped: boolean): AnswerParts {
    const key = `${code}|${grouped ? 1 : 0}|${ctx.visible.join(',')}`;
    let parts = ctx.summary.parts.get(key);
    if (!parts) {
      const viewTypes = new Set(ctx.types.map((t) => t.code));
      const names = [...new Set(ctx.summary.names.filter((n) => viewTypes.has(n.account_type)).map((n) => n.name))];
      parts = {
        valoresdectasctes: this.values(ctx, grouped),
        monedasdemovimientos: ctx.visible.map((moneda) => ({ moneda })),
        tipodecomprobantes: names.map((n) => ({ id: n, descom: n })),
        tipodectasctes: grouped ? [] : ctx.types.map((t) => ({ id: t.code, descri: t.name, tipocc: t.short_code })),
      };
      ctx.summary.parts.set(key, parts);
    }
    return parts;
  }

  /**
   * The carousel: per currency the user sees, each account type's balance (unless the accounts are grouped),
   * the total, and what is overdue when something is.
   */
  private values(ctx: Context, grouped: boolean): BalanceValue[] {
    const out: BalanceValue[] = [];
    const viewTypes = new Set(ctx.types.map((t) => t.code));
    for (const currency of ctx.visible) {
      const mine = ctx.summary.balances.filter((t) => t.currency === currency && viewTypes.has(t.account_type));
      if (!grouped) {
        for (const t of ctx.types) {
          const row = mine.find((m) => m.account_type === t.code);
          if (row) out.push(toBalanceValue(`${t.name} ${currency}`, row.total, currency, t.short_code));
        }
      }
      const sum = mine.reduce((a, m) => a.plus(m.total), new Decimal(0)).toFixed(2);
      out.push(toBalanceValue(`Saldo total ${currency}`, sum, currency, ''));
      const due = ctx.summary.overdue.filter((o) => o.currency === currency && viewTypes.has(o.account_type));
      if (due.length) out.push(toBalanceValue(`Vencido ${currency}`, due.reduce((a, o) => a.plus(o.total), new Decimal(0)).toFixed(2), currency, ''));
    }
    return out;
  }

  /**
   * Everything the filter matches as XLSX or PDF, with the running balance, streamed in keyset batches so that
   * memory stays flat whatever the size.
   */
  async export(scope: EntityScope, view: StatementView, q: StatementFilter & { type: 'pdf' | 'excel' }, settings: StatementSettings, entityName: string) {
    const today = todayInArgentina();
    const code = STATEMENT_VIEWS[view].code;
    const ctx = this.context(await this.summaries.get(scope, today), view, q, settings);
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
            fecha: r.date, comprobante: voucherTitleText(r.voucher_name, r.letter), numero: voucherNumberText(r.series, r.number), detalle: r.detail ?? '',
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
