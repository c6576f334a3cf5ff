import { PassThrough } from 'node:stream';
import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import {
  formatDateSlash,
  formatNumber,
  GRAIN_SUMMARIES,
  GRAIN_VOUCHERS,
  grainMsg,
  voucherNumberText,
  type GrainDetailResponse,
  type GrainFilter,
  type GrainResponse,
  type GrainRow,
} from '@portal/contract';
import { type Column, type Row, writeTablePdf, writeTableXlsx } from '../../documents/index.js';
import type { DB } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { companyHeader } from '../fiscal/index.js';
import { toCompanyHeader } from '../fiscal/index.js';
import * as repo from './repository.js';
import type { EntityScope } from '../../lib/identity.js';

export type GrainDeps = { db: DB; log: FastifyBaseLogger };

/** Kilograms in the grain number style: dots for thousands, no decimals ('45.000'). */
const kg = (v: string | number) => formatNumber(v, 0);
const voucherOf = (kind: number) => GRAIN_VOUCHERS.find((v) => v.kind === kind) ?? { kind, codcom: 'XX', descom: 'Movimiento' };

function toRow(r: repo.GrainLedgerRow): GrainRow {
  const v = voucherOf(r.kind);
  return {
    id: r.id,
    fecha: formatDateSlash(r.date),
    deslar2: v.descom,
    directo: r.direct,
    cosecha: r.harvest,
    numpre: voucherNumberText(r.series, r.number),
    entradas: Number(r.entradas),
    certificados: Number(r.certificados),
    salidas: Number(r.salidas),
    entradas_con_formato: kg(r.entradas),
    certificados_con_formato: kg(r.certificados),
    salidas_con_formato: kg(r.salidas),
    saldo: Number(r.saldo),
    saldo_con_formato: kg(r.saldo),
    // A certificate opens the loads it certifies (etenet_fichapaq).
    expande: r.kind === 2,
    codcom2: v.codcom,
    codtal2: r.series,
    numero2: r.number,
  };
}

export const GRAIN_EXPORT_COLUMNS: readonly Column[] = [
  { key: 'fecha', header: 'Fecha', type: 'date', width: 0.9 },
  { key: 'comprobante', header: 'Comprobante', type: 'text', width: 1.8 },
  { key: 'numero', header: 'Número', type: 'text', width: 1.1 },
  { key: 'cosecha', header: 'Cosecha', type: 'text', width: 0.8 },
  { key: 'dp', header: 'DP', type: 'text', width: 0.4 },
  { key: 'entradas', header: 'Entradas (kg)', type: 'number', decimals: 0, width: 1.1 },
  { key: 'certificados', header: 'Certificados (kg)', type: 'number', decimals: 0, width: 1.1 },
  { key: 'salidas', header: 'Salidas (kg)', type: 'number', decimals: 0, width: 1.1 },
  { key: 'saldo', header: 'Saldo (kg)', type: 'number', decimals: 0, width: 1.1 },
];

/** The grains of the stock rows, in their order (by name). */
function grainsOf(stock: readonly repo.StockRow[]) {
  return [...new Map(stock.map((s) => [s.grain, s.name])).entries()].map(([grano, descripcion]) => ({ grano, descripcion }));
}

/** The filter's SQL form, but for the grain. */
function filterOf(q: GrainFilter): Omit<repo.GrainFilterSql, 'grain'> {
  return {
    harvests: q.cosecha,
    kinds: q.codcom ? [GRAIN_VOUCHERS.find((v) => v.codcom === q.codcom)!.kind] : q.codres === 'ENT' ? [1, 3] : q.codres === 'SAL' ? [4, 5, 6] : null,
    fechaDesde: q.fechaDesde,
    fechaHasta: q.fechaHasta,
  };
}

export class GrainService {
  constructor(private readonly deps: GrainDeps) {}

  private async context(scope: EntityScope, q: GrainFilter) {
    const stock = await repo.stockByHarvest(this.deps.db, scope);
    const grains = grainsOf(stock);
    if (q.grano && !grains.some((g) => g.grano === q.grano)) {
      // A grain the entity has no movements of: a known grain answers an empty ledger; an unknown one is a 400.
      const known = await this.deps.db.selectFrom('grains').select('code').where('code', '=', q.grano).executeTakeFirst();
      if (!known) throw badRequest(grainMsg.granoInvalido);
    }
    const grain = q.grano ?? grains[0]?.grano ?? null;
    return { grains, grain, filter: { ...filterOf(q), grain: grain ?? '' } };
  }

  /** The first screen and its pages in one statement (repo.grainList). */
  async list(scope: EntityScope, q: GrainFilter & { start: number; limit: number }): Promise<GrainResponse> {
    const r = await repo.grainList(this.deps.db, scope, { ...filterOf(q), grain: q.grano ?? null }, { start: q.start, limit: q.limit });
    const grains = grainsOf(r.stock);
    // A grain the entity has no movements of: a known grain answers an empty ledger; an unknown one is a 400.
    if (q.grano && !r.known) throw badRequest(grainMsg.granoInvalido);
    const grain = r.grain;
    const mine = r.stock.filter((s) => s.grain === grain);
    const totals = grain ? r.totals : { n: 0, entradas: '0', certificados: '0', salidas: '0' };
    const selected = q.cosecha.length ? mine.filter((s) => q.cosecha.includes(s.harvest)) : mine;
    const stock = selected.reduce((a, s) => a.plus(s.stock), new Decimal(0)).toFixed(0);
    const name = grains.find((g) => g.grano === grain)?.descripcion ?? '';
    const total = mine.reduce((a, s) => a.plus(s.stock), new Decimal(0)).toFixed(0);
    return {
      success: true,
      items: grain ? r.rows.map(toRow) : [],
      total: totals.n,
      grano: grain,
      granos: grains,
      resumenes: GRAIN_SUMMARIES.map((s) => ({ ...s })),
      valoresdegranos: [
        ...mine.map((s) => ({ descri: `${name} ${s.harvest}`, valor: `${kg(s.stock)} kg`, cosecha: s.harvest })),
        ...(mine.length > 1 ? [{ descri: `${name} — todas las cosechas`, valor: `${kg(total)} kg`, cosecha: '' }] : []),
      ],
      cosechas: mine.map((s) => ({ cosecha: s.harvest, descripcion: `Cosecha ${s.harvest}` })),
      tipodecomprobantes: GRAIN_VOUCHERS.map((v) => ({ id: v.codcom, descom: v.descom })),
      totales: {
        entradas: Number(totals.entradas), certificados: Number(totals.certificados), salidas: Number(totals.salidas),
        entradas_con_formato: kg(totals.entradas), certificados_con_formato: kg(totals.certificados), salidas_con_formato: kg(totals.salidas),
        saldo: Number(stock), saldo_con_formato: kg(stock),
      },
    };
  }

  async detail(scope: EntityScope, q: { codcom: string; codtal: number; numero: number }): Promise<GrainDetailResponse> {
    const v = GRAIN_VOUCHERS.find((x) => x.codcom === q.codcom)!;
    const m = await repo.findMovement(this.deps.db, scope, v.kind, q.codtal, q.numero);
    if (!m) throw notFound(grainMsg.comprobanteInexistente);
    if (m.kind !== 2) return { success: true, items: [] };
    const loads = await repo.loadsOf(this.deps.db, scope, m.grain, m.harvest, String(m.date).slice(0, 10));
    return {
      success: true,
      items: loads.map((l) => {
        const r = toRow({ ...l, kind: Number(l.kind), entradas: l.kilos, certificados: '0', salidas: '0', saldo: '0' });
        const { saldo: _s, saldo_con_formato: _f, expande: _e, ...rest } = r;
        return rest;
      }),
    };
  }

  async export(scope: EntityScope, q: GrainFilter & { type: 'pdf' | 'excel' }, entityName: string) {
    const { grain, filter, grains } = await this.context(scope, q);
    const db = this.deps.db;
    async function* rows(): AsyncGenerator<Row> {
      if (!grain) return;
      let after: { date: string; id: string } | null = null;
      for (;;) {
        const batch = await repo.grainPage(db, scope, filter, { after, limit: 2_000 });
        for (const r of batch) {
          yield {
            fecha: r.date, comprobante: voucherOf(r.kind).descom, numero: voucherNumberText(r.series, r.number), cosecha: r.harvest, dp: r.direct ? 'DP' : '',
            entradas: r.entradas, certificados: r.certificados, salidas: r.salidas, saldo: r.saldo,
          };
        }
        if (batch.length < 2_000) return;
        after = { date: batch[batch.length - 1]!.date, id: batch[batch.length - 1]!.id };
      }
    }
    const name = grains.find((g) => g.grano === grain)?.descripcion ?? '';
    const out = new PassThrough();
    const fail = (err: unknown) => {
      this.deps.log.error({ err }, 'grain export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    };
    const base = `Ficha de granos ${name}`.trim();
    if (q.type === 'excel') {
      writeTableXlsx(out, { title: 'Ficha de granos', columns: GRAIN_EXPORT_COLUMNS }, rows()).catch(fail);
      return { fileName: `${base}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', stream: out };
    }
    const company = toCompanyHeader(await companyHeader(db, scope.companyId));
    const harvests = q.cosecha.length ? ` — cosechas ${q.cosecha.join(', ')}` : '';
    writeTablePdf(out, { title: 'FICHA DE GRANOS', subtitle: `${entityName} — ${name}${harvests}`, company, columns: GRAIN_EXPORT_COLUMNS }, rows()).catch(fail);
    return { fileName: `${base}.pdf`, contentType: 'application/pdf', stream: out };
  }
}
