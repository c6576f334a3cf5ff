import { PassThrough } from 'node:stream';
import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import {
  CONTRACT_CODCOM,
  CONTRACT_SUMMARIES,
  contractMsg,
  formatDateSlash,
  formatMoney,
  formatNumber,
  GRAIN_VOUCHERS,
  voucherNumberText,
  type ContractDetailResponse,
  type ContractFilter,
  type ContractResponse,
  type ContractRow,
} from '@portal/contract';
import { type Column, type Row, writeTablePdf, writeTableXlsx } from '../../documents/index.js';
import type { DB } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { companyHeader } from '../fiscal/index.js';
import { toCompanyHeader } from '../fiscal/index.js';
import * as repo from './repository.js';
import type { EntityScope } from '../../lib/identity.js';

export type ContractsDeps = { db: DB; log: FastifyBaseLogger };

/** Kilograms in the grain number style: dots for thousands, no decimals ('45.000'). */
const kg = (v: string | number) => formatNumber(v, 0);
const pair = <K extends string>(key: K, v: string | number | Decimal) => {
  const d = new Decimal(v.toString());
  return { [key]: d.toNumber(), [`${key}_con_formato`]: kg(d.toFixed(0)) } as { [P in K]: number } & { [P in `${K}_con_formato`]: string };
};
const voucherOf = (kind: number) => GRAIN_VOUCHERS.find((v) => v.kind === kind) ?? { kind, codcom: 'XX', descom: 'Movimiento' };

export const PRICING_TEXT = { hecho: 'Precio hecho', fijar: 'A fijar' } as const;
/** 'U$S 290,00 /tn' */
export const pricePerTon = (price: string, currency: string) => `${formatMoney(price, currency)} /tn`;

export function statusOf(r: Pick<repo.ContractDbRow, 'kilos' | 'delivered' | 'fixed' | 'invoiced'>): string {
  const k = new Decimal(r.kilos);
  if (new Decimal(r.delivered).lt(k)) return 'Pendiente de entrega';
  if (new Decimal(r.fixed).lt(k)) return 'Pendiente de fijar precio';
  if (new Decimal(r.invoiced).lt(k)) return 'Pendiente de liquidar';
  return 'Cumplido';
}

export function toContractRow(r: repo.ContractDbRow, fixings: ReadonlyArray<{ date: string; kilos: string; price: string }>): ContractRow {
  const pending = Decimal.max(new Decimal(r.kilos).minus(r.delivered), 0);
  const price = r.price_shown ? pricePerTon(r.price_shown, r.currency) : 'A fijar';
  const settlement = r.settlement_kind ? voucherOf(r.settlement_kind) : null;
  const otros = [
    { descripcion: 'Tipo de precio', valor: PRICING_TEXT[r.pricing] },
    { descripcion: r.pricing === 'fijar' ? 'Precio fijado (promedio)' : 'Precio', valor: price },
    ...(r.delivery_from && r.delivery_to ? [{ descripcion: 'Período de entrega', valor: `${formatDateSlash(r.delivery_from)} al ${formatDateSlash(r.delivery_to)}` }] : []),
    ...(r.destination ? [{ descripcion: 'Destino', valor: r.destination }] : []),
    { descripcion: 'Certificados', valor: `${kg(r.certified)} kg` },
    ...fixings.map((f) => ({ descripcion: `Fijación del ${formatDateSlash(f.date)}`, valor: `${kg(f.kilos)} kg a ${pricePerTon(f.price, r.currency)}` })),
  ];
  return {
    id: String(r.id),
    fecha: formatDateSlash(r.date),
    numpre: voucherNumberText(r.series, r.number),
    deslar: `Contrato de compraventa — ${PRICING_TEXT[r.pricing]}`,
    grano: r.grain,
    desgrano: r.grain_name,
    cosecha: r.harvest,
    codcom: CONTRACT_CODCOM,
    codtal: r.series,
    numero: r.number,
    boleto: r.broker_slip ?? '',
    ...pair('kilos', r.kilos),
    ...pair('entregados', r.delivered),
    ...pair('fijados', r.fixed),
    ...pair('facturados', r.invoiced),
    ...pair('cobrados', r.collected),
    ...pair('pendientes', pending),
    precio_con_formato: price,
    estado: statusOf(r),
    renglonesOtros: otros,
    imprime1: r.printable,
    imprime2: settlement !== null,
    codcom1: CONTRACT_CODCOM,
    codtal1: r.series,
    numero1: r.number,
    deslar1: 'Contrato de compraventa',
    codcom2: settlement?.codcom ?? '',
    codtal2: settlement ? r.settlement_series ?? 0 : 0,
    numero2: settlement ? r.settlement_number ?? 0 : 0,
    deslar2: settlement?.descom ?? '',
  };
}

export const CONTRACT_EXPORT_COLUMNS: readonly Column[] = [
  { key: 'fecha', header: 'Fecha', type: 'date', width: 0.9 },
  { key: 'contrato', header: 'Contrato', type: 'text', width: 1.2 },
  { key: 'cosecha', header: 'Cosecha', type: 'text', width: 0.7 },
  { key: 'precio', header: 'Precio', type: 'text', width: 1.2 },
  { key: 'kilos', header: 'Kilos', type: 'number', decimals: 0, width: 1 },
  { key: 'entregados', header: 'Entregados', type: 'number', decimals: 0, width: 1 },
  { key: 'fijados', header: 'Fijados', type: 'number', decimals: 0, width: 1 },
  { key: 'facturados', header: 'Facturados', type: 'number', decimals: 0, width: 1 },
  { key: 'cobrados', header: 'Cobrados', type: 'number', decimals: 0, width: 1 },
  { key: 'pendientes', header: 'A entregar', type: 'number', decimals: 0, width: 1 },
  { key: 'estado', header: 'Estado', type: 'text', width: 1.3 },
];

export class ContractsService {
  constructor(private readonly deps: ContractsDeps) {}

  private async context(scope: EntityScope, q: ContractFilter) {
    const rows = await repo.grainsAndHarvests(this.deps.db, scope);
    const grains = [...new Map(rows.map((r) => [r.grain, r.name])).entries()].map(([grano, descripcion]) => ({ grano, descripcion }));
    // A known grain without contracts answers an empty list; an unknown one is a 400.
    if (q.grano && !grains.some((g) => g.grano === q.grano) && !(await repo.grainExists(this.deps.db, q.grano))) throw badRequest(contractMsg.granoInvalido);
    const grain = q.grano ?? grains[0]?.grano ?? null;
    const harvests = rows.filter((r) => r.grain === grain).map((r) => r.harvest);
    const filter: repo.ContractFilterSql = { grain: grain ?? '', harvests: q.cosecha, fechadesde: q.fechadesde, fechahasta: q.fechahasta, codres: q.codres };
    return { grains, grain, harvests, filter };
  }

  async list(scope: EntityScope, q: ContractFilter & { start: number; limit: number }): Promise<ContractResponse> {
    const { grains, grain, harvests, filter } = await this.context(scope, q);
    const db = this.deps.db;
    const [rows, totals] = grain
      ? await Promise.all([repo.contractPage(db, scope, filter, { start: q.start, limit: q.limit }), repo.contractTotals(db, scope, filter)])
      : [[], { n: 0, kilos: '0', delivered: '0', fixed: '0', invoiced: '0', collected: '0', pending: '0' }];
    const fixings = await repo.fixingsOf(db, scope.companyId, rows.filter((r) => r.pricing === 'fijar').map((r) => r.id));
    return {
      success: true,
      items: rows.map((r) => toContractRow(r, fixings.get(r.id) ?? [])),
      total: totals.n,
      grano: grain,
      resumenes: CONTRACT_SUMMARIES.map((s) => ({ ...s })),
      granos: grains,
      cosechas: harvests.map((h) => ({ cosecha: h, descripcion: `Cosecha ${h}` })),
      totales: {
        ...pair('kilos', totals.kilos),
        ...pair('entregados', totals.delivered),
        ...pair('fijados', totals.fixed),
        ...pair('facturados', totals.invoiced),
        ...pair('cobrados', totals.collected),
        ...pair('pendientes', totals.pending),
      },
    };
  }

  /** etenet_contrapaq: 404 for a contract the entity does not have (another entity's too: ids cannot be probed). */
  async detail(scope: EntityScope, q: { codtal: number; numero: number }): Promise<ContractDetailResponse> {
    const found = await repo.findContract(this.deps.db, scope.companyId, q.codtal, q.numero);
    if (!found || found.entity_id !== scope.entityId) throw notFound(contractMsg.comprobanteInexistente);
    const moves = await repo.movementsOf(this.deps.db, scope.companyId, found.id);
    return {
      success: true,
      items: moves.map((m) => ({
        id: m.id,
        fecha: formatDateSlash(m.date),
        deslar: voucherOf(m.kind).descom,
        numpre: voucherNumberText(m.series, m.number),
        cosecha: m.harvest,
        directo: m.direct,
        ...pair('entradas', [1, 3].includes(m.kind) ? m.kilos : 0),
        ...pair('certificados', m.kind === 2 ? m.kilos : 0),
        ...pair('salidas', [4, 5, 6].includes(m.kind) ? m.kilos : 0),
      })),
    };
  }

  async export(scope: EntityScope, q: ContractFilter & { type: 'pdf' | 'excel' }, entityName: string) {
    const { grain, grains, filter } = await this.context(scope, q);
    const db = this.deps.db;
    async function* rows(): AsyncGenerator<Row> {
      if (!grain) return;
      let after: { date: string; id: number } | null = null;
      for (;;) {
        const batch = await repo.contractPage(db, scope, filter, { after, limit: 1_000 });
        for (const r of batch) {
          yield {
            fecha: r.date, contrato: voucherNumberText(r.series, r.number), cosecha: r.harvest,
            precio: r.price_shown ? pricePerTon(r.price_shown, r.currency) : 'A fijar',
            kilos: r.kilos, entregados: r.delivered, fijados: r.fixed, facturados: r.invoiced, cobrados: r.collected,
            pendientes: Decimal.max(new Decimal(r.kilos).minus(r.delivered), 0).toFixed(0), estado: statusOf(r),
          };
        }
        if (batch.length < 1_000) return;
        after = { date: batch[batch.length - 1]!.date, id: batch[batch.length - 1]!.id };
      }
    }
    const name = grains.find((g) => g.grano === grain)?.descripcion ?? '';
    const out = new PassThrough();
    const fail = (err: unknown) => {
      this.deps.log.error({ err }, 'contracts export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    };
    const base = `Contratos ${name}`.trim();
    if (q.type === 'excel') {
      writeTableXlsx(out, { title: 'Contratos', columns: CONTRACT_EXPORT_COLUMNS, totals: true }, rows()).catch(fail);
      return { fileName: `${base}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', stream: out };
    }
    const company = toCompanyHeader(await companyHeader(db, scope.companyId));
    const summary = CONTRACT_SUMMARIES.find((s) => s.codres === q.codres)!.desres;
    const harvests = q.cosecha.length ? ` — cosechas ${q.cosecha.join(', ')}` : '';
    writeTablePdf(out, { title: 'CONTRATOS', subtitle: `${entityName} — ${name}${harvests} — ${summary}`, company, columns: CONTRACT_EXPORT_COLUMNS, totals: true }, rows()).catch(fail);
    return { fileName: `${base}.pdf`, contentType: 'application/pdf', stream: out };
  }
}
