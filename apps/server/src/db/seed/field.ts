import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { addDays, todayInArgentina, weekdayOf } from '@portal/contract';
import type { DB } from '../database.js';
import { Random } from './random.js';
import type { DemoSize } from './demo-size.js';
import { ean13 } from './catalog.js';

/** Returnable containers of an agro-input distributor (products flagged is_container, kept out of the catalogue). */
const CONTAINERS: Array<[string, string]> = [
  ['Bidón retornable 20 L', 'Bidón'],
  ['Tambor retornable 200 L', 'Tambor'],
  ['Garrafa de gas 10 kg', 'Garrafa'],
  ['Cajón plástico cosechero', 'Cajón'],
  ['Pallet de madera 1,00 x 1,20', 'Pallet'],
];
const ROADS = ['Ruta Nacional 5', 'Ruta Nacional 35', 'Ruta Provincial 1', 'Ruta Provincial 10', 'Ruta Provincial 14', 'Camino vecinal'];
const NOTES = ['Dejar en la tranquera si no hay nadie', 'Avisar por WhatsApp antes de llegar', 'Cobra contra entrega', '', '', '', ''];
/** Customers per weekday on the driver's route. */
const PER_DAY: Record<DemoSize, number> = { small: 6, demo: 10, large: 12 };

/**
 * The field demo (demo-tenant.md): container products for every company; for `repartidor` in La Pampa a
 * route on each weekday in both shifts, sales and containers over the last 14 days (so 7 days back has
 * purchases for some of today's customers), and today a few customers already served or marked.
 */
export async function seedField(trx: DB, size: DemoSize): Promise<void> {
  const rnd = new Random(20261124);
  const companies = await trx.selectFrom('companies').select(['id', 'cuit']).orderBy('id').execute();
  for (const [ci, c] of companies.entries()) {
    await trx
      .insertInto('products')
      .values(CONTAINERS.map(([name, unit], i) => ({
        company_id: c.id, code: 990_001 + i, alpha_code: `ENV-${String(i + 1).padStart(3, '0')}`, name, description: 'Envase retornable',
        // Every product carries its EAN-13 (the catalogue's rule: company index + 1, product code), containers included.
        sales_unit: unit, unit: 'un', images: JSON.stringify([]), is_container: true, barcode: ean13(ci + 1, 990_001 + i),
        // Not for sale in the customers' catalogue (which lists active products); the field lists containers by is_container.
        active: false,
      })))
      .execute();
  }
  const rep = await trx
    .selectFrom('users as u')
    .innerJoin('memberships as m', 'm.user_id', 'u.id')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['u.id as user_id', 'c.id as company_id'])
    .where('u.username', '=', 'repartidor')
    .executeTakeFirst();
  if (!rep) return;
  const companyId = rep.company_id;
  const perDay = PER_DAY[size];
  const candidates = await trx
    .selectFrom('entities').select(['id', 'locality', 'cuit'])
    .where('company_id', '=', companyId).where('active', '=', true).where('code', '>=', 2000)
    .orderBy('code').limit(perDay * 7).execute();
  const products = (await sql<{ id: number; price: string }>`
      select p.id, round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2)::text as price
      from products p join price_list_items i on i.product_id = p.id join price_lists l on l.id = i.price_list_id
      where p.company_id = ${companyId} and l.company_id = ${companyId} and l.is_default and i.currency = 'ARS'
        and p.active and not p.is_container
      order by p.name, p.id limit 40`.execute(trx)).rows;
  const containers = await trx.selectFrom('products').select('id').where('company_id', '=', companyId).where('is_container', '=', true).orderBy('code').execute();
  const operation = await trx.selectFrom('operation_types').select('id').where('company_id', '=', companyId).orderBy('code').executeTakeFirst();

  await trx.insertInto('field_customers').values(candidates.map((e, i) => ({
    company_id: companyId, user_id: rep.user_id, entity_id: e.id,
    // Every ninth customer has no address on file: the cards show 'Sin dirección'.
    address: i % 9 === 4 ? null : `${rnd.pick(ROADS)} km ${rnd.int(3, 180)}, ${e.locality ?? 'La Pampa'}`,
    document: e.cuit, created_by_rep: false, idempotency_key: null,
  }))).execute();

  const byWeekday = new Map<number, number[]>();
  const stops = candidates.map((e, i) => {
    const weekday = Math.floor(i / perDay) + 1;
    const slot = i % perDay;
    const morning = slot < Math.ceil(perDay * 0.6);
    const minutes = morning ? 8 * 60 + slot * 45 : 14 * 60 + (slot - Math.ceil(perDay * 0.6)) * 50;
    const list = byWeekday.get(weekday) ?? [];
    list.push(e.id);
    byWeekday.set(weekday, list);
    return {
      company_id: companyId, user_id: rep.user_id, entity_id: e.id, weekday, shift: morning ? 'mañana' as const : 'tarde' as const,
      // The last customer of each day has no time agreed ('No asignada').
      hour: slot === perDay - 1 ? null : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
      note: rnd.pick(NOTES) || null,
    };
  });
  await trx.insertInto('route_stops').values(stops).execute();

  const today = todayInArgentina();
  const sale = async (entityId: number, date: string, key: string, hour: number) => {
    const lines = Array.from({ length: rnd.int(1, 3) }, (_, i) => {
      const p = products[(entityId * 7 + i * 11) % products.length]!;
      const qty = new Decimal(rnd.int(1, 12));
      return { line_no: i + 1, product_id: p.id, quantity: qty.toString(), unit_price: p.price, amount: qty.times(p.price).toDecimalPlaces(2).toFixed(2) };
    });
    const total = lines.reduce((t, l) => t.plus(l.amount), new Decimal(0)).toFixed(2);
    const created = new Date(`${date}T${String(hour + 3).padStart(2, '0')}:15:00Z`); // hour in Buenos Aires (UTC−3)
    const row = await trx.insertInto('field_sales')
      .values({ company_id: companyId, user_id: rep.user_id, entity_id: entityId, sale_date: date, operation_type_id: operation?.id ?? null, total, idempotency_key: key, created_at: created, deleted_at: null })
      .returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('field_sale_lines').values(lines.map((l) => ({ ...l, sale_id: row.id, company_id: companyId }))).execute();
  };
  const giveContainers = async (entityId: number, date: string) => {
    const c = containers[entityId % containers.length];
    if (!c) return;
    await trx.insertInto('field_containers').values({ company_id: companyId, user_id: rep.user_id, entity_id: entityId, visit_date: date, product_id: c.id, quantity: String(rnd.int(1, 6)) }).execute();
  };

  // The last 14 days: most of each day's route bought something; 7 days back every customer but the last two.
  for (let back = 14; back >= 1; back--) {
    const date = addDays(today, -back);
    const ids = byWeekday.get(weekdayOf(date)) ?? [];
    for (const [i, id] of ids.entries()) {
      const buys = back === 7 ? i < ids.length - 2 : rnd.chance(0.6);
      if (!buys) continue;
      await sale(id, date, `seed-${date}-${id}`, i < ids.length * 0.6 ? 9 : 15);
      if (rnd.chance(0.4)) await giveContainers(id, date);
    }
  }
  // Today: the first two customers are already served (sale and containers), the third was not visited, the
  // fourth is marked pending; the rest wait.
  const todays = byWeekday.get(weekdayOf(today)) ?? [];
  for (const id of todays.slice(0, 2)) {
    await sale(id, today, `seed-${today}-${id}`, 8);
    await giveContainers(id, today);
  }
  const marks: Array<[number | undefined, 'no_fuimos' | 'pendiente']> = [[todays[2], 'no_fuimos'], [todays[3], 'pendiente']];
  for (const [id, state] of marks) {
    if (id !== undefined) await trx.insertInto('field_visits').values({ company_id: companyId, user_id: rep.user_id, entity_id: id, visit_date: today, state }).execute();
  }
}
