import sanitizeHtml from 'sanitize-html';
import type { Selectable } from 'kysely';
import type { DashboardItemsTable } from '../../db/schema.js';
import { formatMoney, formatNumber, msg, todayInArgentina, type DashboardResponse, type GrainPositionRow, type Porlet, PROFILE } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { sharedStatement } from '../../db/shared-answers.js';
import { forbidden } from '../../lib/http-errors.js';
import type { AuthUser, EntityTenant, Tenant } from '../../lib/identity.js';
import * as repo from './repository.js';
import { JsonText } from '../../lib/json-text.js';

type Query = { grupo?: 'resumen' | 'graficos' | 'granos' | 'novedades' | undefined; perfil?: number | undefined; vendedor?: number | undefined; zona?: number | undefined };

const MONTHS = ['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic'];

/**
 * The last answer of lastTwelveMonths and the months' labels: every dashboard of the day asks for the same twelve
 * months (twice), and its bars show them under the same names.
 */
let lastMonths: { today: string; months: readonly string[]; labels: ReadonlyArray<{ label: string; nombre: string }> } = { today: '', months: [], labels: [] };

function monthsOf(today: string): typeof lastMonths {
  if (lastMonths.today !== today) {
    const [y, m] = today.split('-').map(Number) as [number, number];
    const months = Array.from({ length: 12 }, (_, i) => {
      const d = new Date(Date.UTC(y, m - 1 - (11 - i), 1));
      return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    });
    lastMonths = { today, months: Object.freeze(months), labels: Object.freeze(months.map((ym) => Object.freeze({ label: ym, nombre: monthName(ym) }))) };
  }
  return lastMonths;
}

/** The twelve months ending in today's, oldest first: ['2025-12', …, '2026-11']. */
export function lastTwelveMonths(today: string): readonly string[] {
  return monthsOf(today).months;
}
const monthName = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1]} ${ym.slice(2, 4)}`;
const money = (v: string | number) => formatMoney(v, 'ARS');
const kilos = (v: string | number) => `${formatNumber(v, 0)} kg`;

/**
 * HTML cards are cleaned here and again in the browser: no scripts, handlers or javascript: links. The same card is
 * shown to every customer of its company, so the cleaned text is remembered per card text (a pure function of it;
 * bounded).
 */
const cleaned = new Map<string, string>();
export function cleanHtml(html: string): string {
  let out = cleaned.get(html);
  if (out === undefined) {
    if (cleaned.size >= 500) cleaned.clear();
    out = sanitize(html);
    cleaned.set(html, out);
  }
  return out;
}

function sanitize(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'b', 'strong', 'i', 'em', 'u', 'br', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'span', 'small'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  });
}

/** A month without purchases: the same bar value for every dashboard. */
const NOTHING = { valor: 0, valor_con_formato: formatMoney('0', 'ARS') };

/** One bar per month of the last twelve, oldest first; the rows are the months with a total (at most one each). */
function monthlySeries(rows: Array<{ month: string; total: string }>, today: string) {
  const labels = monthsOf(today).labels;
  return labels.map(({ label, nombre }) => {
    let total: string | undefined;
    for (const r of rows) {
      if (r.month === label) {
        total = r.total;
        break;
      }
    }
    return total === undefined ? { label, nombre, ...NOTHING } : { label, nombre, valor: Number(total), valor_con_formato: money(total) };
  });
}

type NewsItem = Selectable<DashboardItemsTable>;
/** The news porlets written as JSON text, per kept list of cards (the rows of a kept shared answer). */
const newsTexts = new WeakMap<object, Porlet[]>();

function newsPorlets(items: readonly NewsItem[]): Porlet[] {
  const out: Porlet[] = [];
  for (const i of items) {
    if (i.kind === 'text') out.push({ id: `texto-${i.id}`, grupo: 'novedades', tipo: 'texto', titulo: i.title, texto: i.body });
    if (i.kind === 'html') out.push({ id: `html-${i.id}`, grupo: 'novedades', tipo: 'html', titulo: i.title, html: cleanHtml(i.body) });
  }
  const banners = items.filter((i) => i.kind === 'banner' && i.image_url);
  if (banners.length) {
    out.push({
      id: 'banners',
      grupo: 'novedades',
      tipo: 'banners',
      items: banners.map((b) => ({ imagen: b.image_url!, titulo: b.title, texto: b.body, link: b.link, link_texto: b.link_text })),
    });
  }
  return out;
}

export class DashboardService {
  /** The news of a company's profile, the same for all its customers: kept (db/shared-answers.ts). */
  private readonly items;

  constructor(private readonly db: DB) {
    this.items = sharedStatement(db, { companyId: -1_000_001, profileId: -1_000_002 }, (a) => repo.dashboardItems(db, a.companyId, a.profileId));
  }

  async dashboard(user: AuthUser, tenant: EntityTenant, query: Query): Promise<DashboardResponse> {
    const profile = query.perfil ?? tenant.defaultProfileId;
    if (!tenant.profileIds.includes(profile)) throw forbidden(msg.perfilSinAcceso);
    const entity = tenant.entity;
    const today = todayInArgentina();
    const from = `${lastTwelveMonths(today)[0]}-01`;
    const want = (g: NonNullable<Query['grupo']>) => !query.grupo || query.grupo === g;
    const companyId = tenant.company.id;

    const porlets: Porlet[] = [];

    if (profile === PROFILE.cliente) {
      // The news (kept for the company: db/shared-answers.ts) and the customer's figures (one statement) together.
      const [news, figures] = await Promise.all([
        want('novedades') ? this.news(companyId, profile) : [],
        repo.customerFigures(this.db, companyId, entity.id, today, from, { summary: want('resumen'), charts: want('graficos'), grain: want('granos') }),
      ]);
      porlets.push(...news);
      if (want('resumen')) porlets.push(this.customerSummary(figures));
      if (want('graficos')) porlets.push(...this.customerCharts(figures, today));
      const grain = want('granos') ? this.grainPosition(figures.grain!) : [];
      return { success: true, perfil: profile, porlets, etenet_fichares: { items: grain }, entidades: [{ id: entity.code, descripcion: entity.name }] };
    }

    if (want('novedades')) porlets.push(...(await this.news(companyId, profile)));
    let entidades: DashboardResponse['entidades'] = [];
    if (profile === PROFILE.vendedor || profile === PROFILE.jefeDeZona) {
      const { sellerIds, zoneSellerIds } = await this.staffScope(user, tenant, profile, query);
      if (want('resumen')) porlets.push(...(await this.staffSummary(companyId, sellerIds, today)));
      if (want('graficos')) porlets.push(...(await this.staffCharts(companyId, sellerIds, zoneSellerIds, profile, from, today)));
      entidades = (await repo.customersOfSellers(this.db, companyId, sellerIds, 500)).map((e) => ({ id: e.code, descripcion: e.name }));
    } else if (want('resumen')) {
      porlets.push(await this.operationsSummary(companyId, profile));
    }
    return { success: true, perfil: profile, porlets, etenet_fichares: { items: [] }, entidades };
  }

  /**
   * The news cards as porlets. The company's cards are a kept answer (db/shared-answers.ts: the same rows while kept,
   * forgotten at any write to them), so their porlets are built and written as JSON text once per kept answer, not
   * on every dashboard; JsonText serialises as the porlet it was written from (lib/json-text.ts).
   */
  private async news(companyId: number, profile: number): Promise<Porlet[]> {
    const items = await this.items({ companyId, profileId: profile });
    let porlets = newsTexts.get(items);
    if (!porlets) {
      porlets = newsPorlets(items).map((p) => new JsonText(JSON.stringify(p)) as unknown as Porlet);
      newsTexts.set(items, porlets);
    }
    return porlets;
  }

  private customerSummary(figures: repo.CustomerFigures): Porlet {
    const balances = figures.balances!;
    const overdue = figures.overdue!;
    const pending = figures.pending!;
    const position = figures.grain!;
    const items = [];
    for (const currency of ['ARS', 'USD'] as const) {
      const b = balances.find((r) => r.currency === currency);
      if (!b && currency === 'USD') continue;
      const total = b?.total ?? '0';
      items.push({
        id: `saldo-${currency}`,
        label: `Saldo en ${currency === 'ARS' ? 'pesos' : 'dólares'}`,
        valor: Number(total),
        valor_con_formato: formatMoney(total, currency),
        detalle: Number(total) > 0 ? 'A su cargo' : Number(total) < 0 ? 'A su favor' : 'Sin saldo',
        tono: Number(total) > 0 ? ('alerta' as const) : ('normal' as const),
      });
    }
    const overdueArs = overdue.find((r) => r.currency === 'ARS');
    const overdueUsd = overdue.find((r) => r.currency === 'USD');
    const documents = overdue.reduce((n, r) => n + r.documents, 0);
    items.push({
      id: 'vencido',
      label: 'Vencido',
      valor: Number(overdueArs?.total ?? 0),
      valor_con_formato: formatMoney(overdueArs?.total ?? '0', 'ARS'),
      detalle: documents ? `${documents} comprobante${documents === 1 ? '' : 's'}${overdueUsd ? ` · ${formatMoney(overdueUsd.total, 'USD')}` : ''}` : 'Sin deuda vencida',
      tono: documents ? ('alerta' as const) : ('positivo' as const),
    });
    items.push({
      id: 'pedidos-pendientes',
      label: 'Pedidos pendientes',
      valor: pending.count,
      valor_con_formato: formatNumber(pending.count, 0),
      detalle: pending.count ? money(pending.total) : 'Ninguno',
      tono: 'normal' as const,
    });
    const stock = position.reduce((sum, r) => sum + stockOf(r), 0);
    items.push({ id: 'granos-stock', label: 'Granos en stock', valor: stock, valor_con_formato: kilos(stock), detalle: 'Todas las cosechas', tono: 'normal' as const });
    return { id: 'resumen-cliente', grupo: 'resumen', tipo: 'resumen', titulo: 'Resumen de cuenta', items };
  }

  private customerCharts(figures: repo.CustomerFigures, today: string): Porlet[] {
    const perMonth = figures.perMonth!;
    const deliveries = figures.deliveries!;
    return [
      { id: 'compras-mes', grupo: 'graficos', tipo: 'barras', titulo: 'Compras por mes', link: 'pedidos/historial', unidad: 'moneda', orientacion: 'vertical', serie: monthlySeries(perMonth, today) },
      {
        id: 'entregas-grano',
        grupo: 'graficos',
        tipo: 'barras',
        titulo: 'Entregas por grano (últimos 12 meses)',
        link: 'granos',
        unidad: 'kilos',
        orientacion: 'vertical',
        serie: deliveries.map((d) => ({ label: d.grain, nombre: d.name, valor: Number(d.kilos), valor_con_formato: kilos(d.kilos) })),
      },
    ];
  }

  private grainPosition(rows: repo.GrainPositionSums[]): GrainPositionRow[] {
    return rows.map((r) => ({
      descer: r.descer,
      cereal: r.cereal,
      cosecha: r.cosecha,
      kilos1: Number(r.kilos1),
      kilos2: Number(r.kilos2),
      kilos3: Number(r.kilos3),
      kilos4: Number(r.kilos4),
      kilos5: Number(r.kilos5),
      kilos6: Number(r.kilos6),
      kilos7: Number(r.kilos7),
      kilstk: stockOf(r),
    }));
  }

  /**
   * Whose sales a staff dashboard shows. A seller sees their own customers; a zone manager the sellers of
   * their zone (one of them with `vendedor`); an administrator anyone (`vendedor`, `zona`, or all).
   */
  private async staffScope(
    user: AuthUser,
    tenant: Tenant,
    profile: number,
    query: Query,
  ): Promise<{ sellerIds: number[] | null; zoneSellerIds: number[] | null }> {
    const companyId = tenant.company.id;
    const own = await repo.sellerOfUser(this.db, companyId, user.userId);
    const chosen = query.vendedor ? await repo.sellerByCode(this.db, companyId, query.vendedor) : undefined;
    if (query.vendedor && !chosen) throw forbidden('El vendedor indicado no existe en la empresa.');
    if (tenant.isAdmin) {
      let zone: number[] | null = null;
      if (query.zona) {
        const z = await repo.zoneByCode(this.db, companyId, query.zona);
        if (!z) throw forbidden('La zona indicada no existe en la empresa.');
        zone = await repo.sellerIdsOfZone(this.db, companyId, z.id);
      }
      if (chosen) return { sellerIds: [chosen.id], zoneSellerIds: zone };
      return { sellerIds: zone ?? (own && profile === PROFILE.vendedor ? [own.id] : null), zoneSellerIds: zone };
    }
    if (query.zona) throw forbidden('Sólo un administrador puede filtrar por zona.');
    if (profile === PROFILE.vendedor) {
      if (chosen && chosen.id !== own?.id) throw forbidden('No puede consultar las ventas de otro vendedor.');
      const mine = own ? [own.id] : [];
      return { sellerIds: mine, zoneSellerIds: mine };
    }
    const zoneSellers = own?.zone_id ? await repo.sellerIdsOfZone(this.db, companyId, own.zone_id) : [];
    if (chosen && !zoneSellers.includes(chosen.id)) throw forbidden('El vendedor indicado no pertenece a su zona.');
    // 'Ventas por vendedor' keeps showing the whole zone, so it also offers the sellers to narrow to.
    return { sellerIds: chosen ? [chosen.id] : zoneSellers, zoneSellerIds: zoneSellers };
  }

  private async staffSummary(companyId: number, sellerIds: number[] | null, today: string): Promise<Porlet[]> {
    const monthStart = `${today.slice(0, 7)}-01`;
    const [month, pending, latest] = await Promise.all([
      repo.salesSince(this.db, companyId, { sellerIds }, monthStart),
      repo.ordersSummary(this.db, companyId, { sellerIds }, 'pending'),
      repo.latestPending(this.db, companyId, { sellerIds }, 8),
    ]);
    return [
      {
        id: 'resumen-ventas',
        grupo: 'resumen',
        tipo: 'resumen',
        titulo: 'Resumen de ventas',
        items: [
          { id: 'ventas-mes', label: 'Ventas del mes', valor: Number(month.total), valor_con_formato: money(month.total), detalle: `${month.customers} cliente${month.customers === 1 ? '' : 's'} con compras`, tono: 'positivo' },
          { id: 'pedidos-pendientes', label: 'Pedidos pendientes', valor: pending.count, valor_con_formato: formatNumber(pending.count, 0), detalle: pending.count ? money(pending.total) : 'Ninguno', tono: pending.count ? 'alerta' : 'normal' },
        ],
      },
      {
        id: 'pedidos-pendientes-clientes',
        grupo: 'resumen',
        tipo: 'tabla',
        titulo: 'Pedidos pendientes de sus clientes',
        columnas: [
          { key: 'numero', titulo: 'Pedido', alineacion: 'izquierda' },
          { key: 'fecha', titulo: 'Fecha', alineacion: 'izquierda' },
          { key: 'cliente', titulo: 'Cliente', alineacion: 'izquierda' },
          { key: 'importe', titulo: 'Importe', alineacion: 'derecha' },
        ],
        filas: latest.map((o) => ({ numero: String(o.number), fecha: `${o.ordered_on.slice(8, 10)}/${o.ordered_on.slice(5, 7)}/${o.ordered_on.slice(0, 4)}`, cliente: o.name, importe: money(o.total) })),
        vacio: 'No hay pedidos pendientes.',
      },
    ];
  }

  private async staffCharts(
    companyId: number,
    sellerIds: number[] | null,
    zoneSellerIds: number[] | null,
    profile: number,
    from: string,
    today: string,
  ): Promise<Porlet[]> {
    const [perMonth, top, perSeller] = await Promise.all([
      repo.ordersPerMonth(this.db, companyId, { sellerIds }, from),
      repo.topCustomers(this.db, companyId, { sellerIds }, from, 10),
      profile === PROFILE.jefeDeZona ? repo.salesPerSeller(this.db, companyId, { sellerIds: zoneSellerIds }, from) : Promise.resolve([]),
    ]);
    const charts: Porlet[] = [
      { id: 'ventas-mes', grupo: 'graficos', tipo: 'barras', titulo: 'Ventas por mes', link: null, unidad: 'moneda', orientacion: 'vertical', serie: monthlySeries(perMonth, today) },
      {
        id: 'principales-clientes',
        grupo: 'graficos',
        tipo: 'barras',
        titulo: 'Principales clientes (12 meses)',
        link: null,
        unidad: 'moneda',
        orientacion: 'horizontal',
        serie: top.map((t) => ({ label: String(t.code), nombre: t.name, valor: Number(t.total), valor_con_formato: money(t.total) })),
      },
    ];
    if (profile === PROFILE.jefeDeZona) {
      charts.push({
        id: 'ventas-vendedor',
        grupo: 'graficos',
        tipo: 'barras',
        titulo: 'Ventas por vendedor (12 meses)',
        link: null,
        unidad: 'moneda',
        orientacion: 'horizontal',
        serie: perSeller.map((s) => ({ label: String(s.code), nombre: s.name, valor: Number(s.total), valor_con_formato: money(s.total) })),
      });
    }
    return charts;
  }

  /** Drivers, warehouse and authorizers: the company's order flow that their work depends on. */
  private async operationsSummary(companyId: number, profile: number): Promise<Porlet> {
    const [pending, approved] = await Promise.all([
      repo.ordersSummary(this.db, companyId, {}, 'pending'),
      repo.ordersSummary(this.db, companyId, {}, 'approved'),
    ]);
    const approvedLabel = profile === PROFILE.deposito ? 'Pedidos aprobados a preparar' : 'Pedidos aprobados para entregar';
    return {
      id: 'resumen-operaciones',
      grupo: 'resumen',
      tipo: 'resumen',
      titulo: 'Pedidos de la empresa',
      items: [
        { id: 'pedidos-aprobados', label: approvedLabel, valor: approved.count, valor_con_formato: formatNumber(approved.count, 0), detalle: money(approved.total), tono: 'normal' },
        { id: 'pedidos-pendientes', label: 'Pedidos pendientes de aprobación', valor: pending.count, valor_con_formato: formatNumber(pending.count, 0), detalle: money(pending.total), tono: pending.count ? 'alerta' : 'normal' },
      ],
    };
  }
}

/**
 * Stock = delivered (romaneos) plus transfers received, minus settled (1116B/C), partially settled and
 * withdrawn. 'Certif.' is the certified part of what was delivered and 'Contrato' what contracts commit:
 * both are shown, neither moves the stock.
 */
export function stockOf(r: { kilos1: string | number; kilos3: string | number; kilos4: string | number; kilos5: string | number; kilos6: string | number }): number {
  return Number(r.kilos1) + Number(r.kilos3) - Number(r.kilos4) - Number(r.kilos5) - Number(r.kilos6);
}
