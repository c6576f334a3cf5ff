import { LEDGER_CODE, todayInArgentina, voucherNumberText } from '@portal/contract';
import type { Insertable } from 'kysely';
import type { DB } from '../database.js';
import type { AccountMovementsTable, GrainMovementsTable, SalesOrdersTable } from '../schema.js';
import { Random } from './random.js';
import { bulkInsert } from './bulk.js';
import type { DemoSize } from './demo-size.js';
import type { CatalogSample } from './catalog.js';
import { voucherLinesFor, type VoucherLineSeed } from './vouchers.js';
import { letterFor } from '../../lib/invoice-letter.js';

/**
 * Ledgers the dashboards (and later the statement, order and grain screens) are computed from: zones and
 * sellers, account movements in ARS and USD over the last 18 months, sales orders in every status, and grain
 * movements over three harvests. Dates are relative to the day of seeding (Buenos Aires); everything else is
 * drawn from a seeded generator, so a size always gives the same rows.
 */
const VOLUME: Record<DemoSize, { movements: number; orders: number; grainLoads: number }> = {
  small: { movements: 10, orders: 4, grainLoads: 3 },
  demo: { movements: 24, orders: 8, grainLoads: 5 },
  // large ≈ 2,000,000 account movements (invoices plus their receipts) and ≈ 500,000 grain movements (demo-tenant.md).
  large: { movements: 220, orders: 20, grainLoads: 16 },
};
/** The demo's own customers get a full history whatever the size. */
const RICH = { movements: 60, orders: 30, grainLoads: 8 };

const ZONES: Record<string, string[]> = {
  '30712345671': ['Zona Norte — General Pico', 'Zona Centro — Santa Rosa', 'Zona Oeste — Eduardo Castex'],
  '30709998885': ['Zona Bahía Blanca', 'Zona Sudoeste'],
  '30691112221': ['Zona Única'],
};
const SELLER_NAMES = ['Martín Acosta', 'Lucía Benítez', 'Diego Rossi', 'Carolina Sosa', 'Pablo Medina', 'Verónica Ríos', 'Federico Luna', 'Andrea Molina'];
const HARVESTS = ['2023/24', '2024/25', '2025/26'];
/**
 * The demo's grain vouchers come from one point of sale per kind (its number: romaneos 00001, certificates 00002,
 * transfers 00003, 1116B/C settlements 00004, partial settlements 00005, withdrawals 00006); a contract's commitment
 * row takes its contract's (seed/contracts.ts).
 */
export const GRAIN_POINT_OF_SALE = { 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7 } as const;
const GRAINS = ['SOJ', 'MAI', 'TRI', 'GIR'];

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}


export async function seedDashboardData(trx: DB, size: DemoSize, rich: Set<number>, catalog: Map<number, CatalogSample[]>): Promise<void> {
  const rnd = new Random(7_1121);
  const today = todayInArgentina();
  const companies = await trx.selectFrom('companies').select(['id', 'cuit']).orderBy('id').execute();
  const vendedor = await trx.selectFrom('users').select('id').where('username', '=', 'vendedor').executeTakeFirst();

  for (const company of companies) {
    const zoneNames = ZONES[company.cuit] ?? ['Zona Única'];
    const zoneIds: number[] = [];
    for (const [i, name] of zoneNames.entries()) {
      const z = await trx.insertInto('zones').values({ company_id: company.id, code: i + 1, name }).returning('id').executeTakeFirstOrThrow();
      zoneIds.push(z.id);
    }
    const sellerIds = new Map<number, number>();
    const sellerCount = company.cuit === '30712345671' ? 8 : 4;
    for (let code = 1; code <= sellerCount; code++) {
      const s = await trx
        .insertInto('sellers')
        .values({
          company_id: company.id,
          code,
          name: SELLER_NAMES[code - 1]!,
          zone_id: zoneIds[(code - 1) % zoneIds.length]!,
          user_id: company.cuit === '30712345671' && code === 1 ? (vendedor?.id ?? null) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      sellerIds.set(code, s.id);
    }
    // Customers of a seller code that does not exist in this company go to seller 1.
    await trx.updateTable('entities').set({ seller_id: 1 }).where('company_id', '=', company.id).where('seller_id', '>', sellerCount).execute();

    const entities = await trx
      .selectFrom('entities')
      .select(['id', 'code', 'seller_id', 'cuit'])
      .where('company_id', '=', company.id)
      .where('seller_id', 'is not', null)
      .orderBy('code')
      .execute();

    const movements: Insertable<AccountMovementsTable>[] = [];
    const orders: Insertable<SalesOrdersTable>[] = [];
    const grain: Insertable<GrainMovementsTable>[] = [];
    let invoiceNumber = 1000;
    let receiptNumber = 5000;
    let orderNumber = 10_000;

    const products = catalog.get(company.id) ?? [];
    const lines = new Map<string, VoucherLineSeed[]>();
    const detailedEntities: number[] = [];
    for (const e of entities) {
      const v = rich.has(e.id) ? RICH : VOLUME[size];
      // Every voucher of the demo's customers (and of everyone below the large size) has its printable lines.
      const detailed = (rich.has(e.id) || size !== 'large') && products.length > 0;
      if (detailed) detailedEntities.push(e.id);
      // Account: invoices that fall due 30 days later; most old ones are paid by a receipt; a few credit notes.
      for (let i = 0; i < v.movements; i++) {
        const date = addDays(today, -Math.floor(((v.movements - i) / v.movements) * 540) + rnd.int(-5, 0));
        const usd = rnd.chance(0.18);
        // Vouchers follow the customer's VAT condition (AFIP): a registered taxpayer gets A, anyone else B. The draw
        // that used to pick the letter is kept, so the rest of the demo (amounts, dates, receipts) stays as it was.
        rnd.chance(0.7);
        const letter = letterFor(e.cuit);
        const invoice = voucherLinesFor(rnd, {
          products: detailed ? products : [], letter, usd,
          fallbackAmount: usd ? rnd.int(800, 18_000) + rnd.int(0, 99) / 100 : rnd.int(150_000, 4_800_000) + rnd.int(0, 99) / 100,
        });
        const amount = invoice.total;
        const due = addDays(date, 30);
        const old = due < addDays(today, -20);
        const paid = old ? rnd.chance(0.85) : rnd.chance(0.2);
        const fcNumber = invoiceNumber++;
        const fiscal = (afipType: number, d: string) => ({
          time: `${String(rnd.int(7, 18)).padStart(2, '0')}:${String(rnd.int(0, 59)).padStart(2, '0')}`,
          afip_type: afipType, cae: String(76_000_000_000_000 + rnd.int(0, 999_999_999)), cae_due: addDays(d, 10),
        });
        if (detailed) lines.set(`FC|${fcNumber}`, invoice.lines);
        movements.push({
          company_id: company.id, entity_id: e.id, date, voucher_code: LEDGER_CODE.invoice, voucher_name: `Factura ${letter}`, series: 3, number: fcNumber,
          letter, detail: rnd.pick(['Insumos agrícolas', 'Semillas', 'Fertilizantes', 'Agroquímicos', 'Combustible', 'Ferretería rural']),
          currency: usd ? 'USD' : 'ARS', amount: amount.toFixed(2), due_date: due, settled: paid,
          ...fiscal(letter === 'A' ? 1 : 6, date), net_amount: invoice.net.toFixed(2), vat21: invoice.vat21.toFixed(2), vat105: invoice.vat105.toFixed(2),
          other_taxes: '0.00', sale_condition: 'Cuenta corriente 30 días',
          // Vouchers migrated from the previous system carry no stored print.
          printable: !rnd.chance(0.08),
        });
        if (paid) {
          const rcNumber = receiptNumber++;
          const rcDate = addDays(due, rnd.int(-10, 5)) > today ? today : addDays(due, rnd.int(-10, 5));
          if (detailed) {
            lines.set(`RC|${rcNumber}`, [
              { kind: 'other', description: rnd.pick(['Transferencia bancaria', 'Cheque de terceros', 'E-cheq', 'Canje de granos']), amount },
              // What it cancels, apart from what it received (the voucher line kinds: docs/decisions/fiscal.md 'Lines').
              { kind: 'applied', description: `Factura ${letter} ${voucherNumberText(3, fcNumber)}`, amount },
            ]);
          }
          movements.push({
            company_id: company.id, entity_id: e.id, date: rcDate,
            voucher_code: LEDGER_CODE.receipt, voucher_name: 'Recibo', series: 1, number: rcNumber, letter: null, detail: 'Cobranza',
            currency: usd ? 'USD' : 'ARS', amount: (-amount).toFixed(2), due_date: null, settled: true,
            time: `${String(rnd.int(8, 17)).padStart(2, '0')}:${String(rnd.int(0, 59)).padStart(2, '0')}`, origin_type: LEDGER_CODE.invoice, origin_number: fcNumber, origin_series: 3,
          });
        } else if (rnd.chance(0.15)) {
          const ncNumber = invoiceNumber++;
          const ncDate = addDays(date, rnd.int(2, 15)) > today ? today : addDays(date, rnd.int(2, 15));
          const credit = Math.round(amount * 10) / 100;
          const ratio = credit / amount;
          if (detailed) lines.set(`NC|${ncNumber}`, [{ kind: 'other', description: `Bonificación por volumen s/ Factura ${letter} ${voucherNumberText(3, fcNumber)}`, amount: letter === 'A' ? Math.round(invoice.net * ratio * 100) / 100 : credit }]);
          movements.push({
            company_id: company.id, entity_id: e.id, date: ncDate,
            voucher_code: LEDGER_CODE.creditNote, voucher_name: `Nota de crédito ${letter}`, series: 3, number: ncNumber, letter, detail: 'Bonificación por volumen',
            currency: usd ? 'USD' : 'ARS', amount: (-credit).toFixed(2), due_date: null, settled: true,
            ...fiscal(letter === 'A' ? 3 : 8, ncDate), net_amount: (-Math.round(invoice.net * ratio * 100) / 100).toFixed(2),
            vat21: (-Math.round(invoice.vat21 * ratio * 100) / 100).toFixed(2), vat105: (-(credit - Math.round(invoice.net * ratio * 100) / 100 - Math.round(invoice.vat21 * ratio * 100) / 100)).toFixed(2),
            other_taxes: '0.00', origin_type: LEDGER_CODE.invoice, origin_number: fcNumber, origin_series: 3, sale_condition: 'Cuenta corriente 30 días',
          });
        }
      }
      // Orders: older ones invoiced (applied), recent ones approved, the latest pending.
      for (let i = 0; i < v.orders; i++) {
        const spread = Math.floor(((v.orders - i) / v.orders) * 365) - rnd.int(0, 10);
        // Every third customer's latest order falls in the current month, so every seller has sales this month.
        const daysAgo = i === v.orders - 1 && e.code % 3 === 0 ? (e.code % Number(today.slice(8, 10))) : spread;
        const status = daysAgo > 45 ? 'applied' : daysAgo > 12 ? (rnd.chance(0.7) ? 'approved' : 'applied') : rnd.chance(0.6) ? 'pending' : 'approved';
        const total = rnd.int(90_000, 3_500_000) + rnd.int(0, 99) / 100;
        orders.push({
          company_id: company.id, entity_id: e.id, number: orderNumber++, ordered_on: addDays(today, -Math.max(0, daysAgo)), status,
          currency: 'ARS', total: total.toFixed(2), applied_amount: status === 'applied' ? total.toFixed(2) : '0', detail: null,
          seller_id: sellerIds.get(e.seller_id ?? 1) ?? null,
        });
      }
      // Grain: producers deliver loads (romaneos) that get certified, then sell (1116B/C), withdraw or transfer.
      if (rich.has(e.id) || rnd.chance(0.55)) {
        for (const [h, harvest] of HARVESTS.entries()) {
          const grains = GRAINS.filter((g, gi) => (gi + e.code + h) % 3 !== 0 || g === 'SOJ');
          for (const g of grains) {
            const base = addDays(today, -(HARVESTS.length - h) * 365 + rnd.int(0, 60));
            let delivered = 0;
            for (let l = 0; l < v.grainLoads; l++) {
              const kilos = rnd.int(24_000, 31_000);
              delivered += kilos;
              grain.push({ company_id: company.id, entity_id: e.id, grain: g, harvest, date: addDays(base, l * 3), kind: 1, kilos, direct: rnd.chance(0.2), series: GRAIN_POINT_OF_SALE[1], number: 100000 + rnd.int(0, 899999) });
            }
            const certified = Math.round(delivered * (h === HARVESTS.length - 1 ? 0.6 : 1));
            grain.push({ company_id: company.id, entity_id: e.id, grain: g, harvest, date: addDays(base, 40), kind: 2, kilos: certified, series: GRAIN_POINT_OF_SALE[2], number: 100000 + rnd.int(0, 899999) });
            // Older harvests are mostly sold: their stock reaches 0 for some grains, so "Solo disponibles" filters.
            const soldShare = h === 0 ? 1 : h === 1 ? rnd.pick([0.5, 0.75, 1]) : 0.25;
            const sold = Math.round(certified * soldShare * 0.8);
            const partial = Math.round(certified * soldShare * 0.1);
            const withdrawn = Math.round(certified * soldShare) - sold - partial;
            if (sold) grain.push({ company_id: company.id, entity_id: e.id, grain: g, harvest, date: addDays(base, 70), kind: 4, kilos: sold, series: GRAIN_POINT_OF_SALE[4], number: 100000 + rnd.int(0, 899999) });
            if (partial) grain.push({ company_id: company.id, entity_id: e.id, grain: g, harvest, date: addDays(base, 80), kind: 5, kilos: partial, series: GRAIN_POINT_OF_SALE[5], number: 100000 + rnd.int(0, 899999) });
            if (withdrawn) grain.push({ company_id: company.id, entity_id: e.id, grain: g, harvest, date: addDays(base, 90), kind: 6, kilos: withdrawn, series: GRAIN_POINT_OF_SALE[6], number: 100000 + rnd.int(0, 899999) });
            if (rnd.chance(0.3) && h > 0) grain.push({ company_id: company.id, entity_id: e.id, grain: g, harvest, date: addDays(base, 95), kind: 3, kilos: rnd.int(5, 20) * 1000, series: GRAIN_POINT_OF_SALE[3], number: 100000 + rnd.int(0, 899999) });
            if (h === HARVESTS.length - 1) grain.push({ company_id: company.id, entity_id: e.id, grain: g, harvest, date: addDays(base, 30), kind: 7, kilos: Math.round(delivered * 0.5), series: GRAIN_POINT_OF_SALE[7], number: 100000 + rnd.int(0, 899999) });
          }
        }
      }
    }
    // Dates in the future (a load scheduled after today) are clamped to today.
    for (const r of grain) if (String(r.date) > today) r.date = today;
    // A grain voucher is one per kind, point of sale and number (grain_movements_voucher_key): a number drawn twice
    // takes the next free one.
    const taken = new Set<string>();
    for (const r of grain) {
      while (taken.has(`${r.kind}|${r.series}|${r.number}`)) r.number = r.number >= 999_999 ? 100_000 : r.number + 1;
      taken.add(`${r.kind}|${r.series}|${r.number}`);
    }
    await bulkInsert(trx, 'account_movements', {
      company_id: 'integer', entity_id: 'integer', date: 'date', voucher_code: 'text', voucher_name: 'text', series: 'integer', number: 'integer',
      letter: 'text', detail: 'text', currency: 'text', amount: 'numeric', due_date: 'date', settled: 'boolean', time: 'text', afip_type: 'integer',
      net_amount: 'numeric', vat21: 'numeric', vat105: 'numeric', other_taxes: 'numeric', cae: 'text', cae_due: 'date', printable: 'boolean',
      origin_type: 'text', origin_number: 'integer', origin_series: 'integer', sale_condition: 'text',
    }, movements.map((m) => ({ ...m, printable: m.printable ?? true })));
    await insertVoucherLines(trx, company.id, detailedEntities, lines);
    await bulkInsert(trx, 'sales_orders', {
      company_id: 'integer', entity_id: 'integer', number: 'integer', ordered_on: 'date', status: 'text', currency: 'text', total: 'numeric',
      applied_amount: 'numeric', detail: 'text', seller_id: 'integer',
    }, orders);
    await bulkInsert(trx, 'grain_movements', {
      company_id: 'integer', entity_id: 'integer', grain: 'text', harvest: 'text', date: 'date', kind: 'smallint', kilos: 'numeric', direct: 'boolean',
      series: 'integer', number: 'integer',
    }, grain.map((g) => ({ ...g, direct: g.direct ?? false })));
  }
}

/** Writes the lines of the detailed vouchers, finding each movement by its code and number within the company. */
async function insertVoucherLines(trx: DB, companyId: number, entityIds: number[], lines: Map<string, VoucherLineSeed[]>): Promise<void> {
  if (entityIds.length === 0 || lines.size === 0) return;
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < entityIds.length; i += 2_000) {
    const found = await trx
      .selectFrom('account_movements')
      .select(['id', 'voucher_code', 'number'])
      .where('company_id', '=', companyId)
      .where('entity_id', 'in', entityIds.slice(i, i + 2_000))
      .execute();
    for (const m of found) {
      const list = lines.get(`${m.voucher_code}|${m.number}`);
      if (!list) continue;
      list.forEach((l, n) => rows.push({
        company_id: companyId, movement_id: m.id, line_no: n + 1, kind: l.kind, product_code: l.productCode ?? null, description: l.description,
        quantity: l.quantity ?? null, unit: l.unit ?? null, unit_price: l.unitPrice ?? null, discount: l.discount ?? null, amount: l.amount.toFixed(2),
      }));
    }
  }
  await bulkInsert(trx, 'voucher_lines', {
    company_id: 'integer', movement_id: 'bigint', line_no: 'integer', kind: 'text', product_code: 'text', description: 'text', quantity: 'numeric',
    unit: 'text', unit_price: 'numeric', discount: 'numeric', amount: 'numeric',
  }, rows);
}

/** A banner image as an SVG data URL: a sky in the company's colours over a field of wheat ears (the title is drawn by the page). */
function bannerImage(from: string, to: string): string {
  const ears = Array.from({ length: 14 }, (_, i) => {
    const x = 620 + i * 42;
    const h = 60 + ((i * 37) % 50);
    return `<path d="M${x} 300V${300 - h}" stroke="#F9D56E" stroke-width="3"/><ellipse cx="${x}" cy="${296 - h}" rx="7" ry="16" fill="#F9D56E"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300" viewBox="0 0 1200 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="300" fill="url(#g)"/><circle cx="1080" cy="70" r="42" fill="#FFE082" opacity="0.9"/>${ears}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export async function seedDashboardItems(trx: DB): Promise<void> {
  const companies = await trx.selectFrom('companies').select(['id', 'cuit', 'name']).execute();
  for (const c of companies) {
    const lp = c.cuit === '30712345671';
    type ItemRow = { profile_id: number; kind: 'text' | 'html' | 'banner'; sort_order: number; title: string; body: string };
    const rows: ItemRow[] = [
      {
        profile_id: 1, kind: 'text' as const, sort_order: 1, title: 'Bienvenido al portal',
        body: `Desde aquí consulta su cuenta corriente, su posición de granos y hace pedidos de insumos a ${c.name} las 24 horas.`,
      },
      {
        profile_id: 1, kind: 'html' as const, sort_order: 2, title: 'Horarios de atención',
        body: '<p>Oficinas comerciales: <b>lunes a viernes de 7:30 a 16:30</b>.</p><ul><li>Planta de acopio: todos los días durante la cosecha.</li><li>Depósito de insumos: lunes a sábado de 7 a 13.</li></ul><p>Consultas: <a href="mailto:atencion@cooperativa.com.ar">atencion@cooperativa.com.ar</a></p>',
      },
      { profile_id: 2, kind: 'text' as const, sort_order: 1, title: 'Objetivo del mes', body: 'Priorizar la entrega de fertilizantes para la siembra de maíz y cerrar los pedidos pendientes antes del día 25.' },
      { profile_id: 3, kind: 'text' as const, sort_order: 1, title: 'Reunión de zona', body: 'El primer lunes de cada mes se revisan las ventas por vendedor y los pedidos pendientes de cada zona.' },
      { profile_id: 4, kind: 'text' as const, sort_order: 1, title: 'Recorrido del día', body: 'Verifique los pedidos aprobados antes de salir y registre los envases retornables en cada visita.' },
      { profile_id: 5, kind: 'text' as const, sort_order: 1, title: 'Depósito', body: 'Los pedidos aprobados deben prepararse dentro de las 48 horas hábiles.' },
      { profile_id: 6, kind: 'text' as const, sort_order: 1, title: 'Autorizaciones', body: 'Revise los pedidos pendientes de aprobación y los comprobantes de stock antes del cierre diario.' },
    ];
    if (lp) {
      rows.push(
        { profile_id: 1, kind: 'banner' as const, sort_order: 10, title: 'Semillas de trigo y cebada 2026/27', body: 'Financiación a cosecha para la campaña fina. Reserve su pedido.' },
        { profile_id: 1, kind: 'banner' as const, sort_order: 11, title: 'Pronóstico para la región', body: 'Consulte el pronóstico extendido del Servicio Meteorológico Nacional.' },
        { profile_id: 1, kind: 'banner' as const, sort_order: 12, title: 'Jornada a campo', body: 'Ensayos de híbridos de maíz en el campo experimental de Anguil, el último viernes del mes.' },
      );
    }
    for (const r of rows) {
      const banner = r.kind === 'banner';
      await trx
        .insertInto('dashboard_items')
        .values({
          company_id: c.id,
          ...r,
          image_url: banner ? bannerImage(r.sort_order === 11 ? '#1565C0' : '#1B5E20', r.sort_order === 11 ? '#42A5F5' : '#66BB6A') : null,
          link: banner ? (r.sort_order === 10 ? 'pedidos' : r.sort_order === 11 ? 'https://www.smn.gob.ar' : null) : null,
          link_text: banner ? (r.sort_order === 10 ? 'Hacer un pedido' : r.sort_order === 11 ? 'Ver pronóstico' : null) : null,
        })
        .execute();
    }
  }
}
