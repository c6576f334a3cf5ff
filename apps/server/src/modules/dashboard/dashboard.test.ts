import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { formatMoney, formatNumber, todayInArgentina, type DashboardResponse, type HistoryResponse, type Porlet, type StatusListResponse } from '@portal/contract';
import { orderAmounts } from '../cart/index.js';
import { bearer, createTestApp, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';

/** GET /proxy/cgi/etenet_dashboard: every figure is recomputed here from the seeded rows, independently. */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const URL = '/api/public/proxy/cgi/etenet_dashboard';

before(async () => {
  ctx = await createTestApp();
  for (const u of ['productor', 'vendedor', 'deposito', 'admin']) tokens[u] = (await login(ctx.app, u)).access_token;
});
after(async () => {
  await ctx?.close();
});

async function dashboard(user: string, entity: string, query = ''): Promise<DashboardResponse> {
  const res = await ctx.app.inject({ method: 'GET', url: `${URL}${query}`, headers: bearer(tokens[user]!, { cuit: LA_PAMPA, entity_id: entity }) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as DashboardResponse;
}
const find = <T extends Porlet['tipo']>(d: DashboardResponse, id: string, tipo: T) => {
  const p = d.porlets.find((x) => x.id === id);
  assert.ok(p, `porlet ${id}`);
  assert.equal(p.tipo, tipo);
  return p as Extract<Porlet, { tipo: T }>;
};
const entityId = async (code: number) =>
  (await ctx.db.selectFrom('entities as e').innerJoin('companies as c', 'c.id', 'e.company_id').select('e.id').where('c.cuit', '=', LA_PAMPA).where('e.code', '=', code).executeTakeFirstOrThrow()).id;

/** Decimal strings added as integers of cents: no float drift in the check either. */
const cents = (v: string) => {
  const neg = v.startsWith('-');
  const [i, f = ''] = v.replace('-', '').split('.');
  return (neg ? -1 : 1) * (Number(i) * 100 + Number((f + '00').slice(0, 2)));
};
const fromCents = (c: number) => (c / 100).toFixed(2);

/** Each order's total with VAT, from its lines, keyed by order id (what the order lists and the history show). */
async function totalsWithVat(orderIds: number[]): Promise<Map<number, string>> {
  const lines = orderIds.length
    ? await ctx.db
        .selectFrom('sales_order_lines as l')
        .innerJoin('products as p', 'p.id', 'l.product_id')
        .leftJoin('product_facets as f', 'f.id', 'p.family_id')
        .select(['l.order_id', 'l.amount', 'f.name as family'])
        .where('l.order_id', 'in', orderIds)
        .execute()
    : [];
  return new Map(orderIds.map((id) => [id, orderAmounts(lines.filter((l) => l.order_id === id)).total]));
}
/** The orders with `total` replaced by their total with VAT. */
async function withVat<T extends { id: number; total: string }>(orders: T[]): Promise<T[]> {
  const totals = await totalsWithVat(orders.map((o) => o.id));
  return orders.map((o) => ({ ...o, total: totals.get(o.id)! }));
}

test('is guarded: 401 without or with a forged token, 403 for a foreign company and a foreign entity', async () => {
  await expectGuarded(ctx.app, { method: 'GET', url: URL }, { access: 'entity', token: tokens.productor! });
});

test('needs an entity (400) and a profile of the user (403); a bad group is 400 in Spanish', async () => {
  expectRefused(await ctx.app.inject({ method: 'GET', url: URL, headers: bearer(tokens.productor!, { cuit: LA_PAMPA }) }), 400, 'Debe seleccionar una entidad.');
  expectRefused(
    await ctx.app.inject({ method: 'GET', url: `${URL}?perfil=2`, headers: bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1001' }) }),
    403,
    'No tiene asignado el perfil indicado.',
  );
  expectRefused(
    await ctx.app.inject({ method: 'GET', url: `${URL}?grupo=otro`, headers: bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1001' }) }),
    400,
    'El grupo indicado no existe.',
  );
});

describe('customer (profile 1)', () => {
  test('balances per currency, overdue and pending orders equal the sums of the seeded rows', async () => {
    const d = await dashboard('productor', '1001');
    const id = await entityId(1001);
    const rows = await ctx.db.selectFrom('account_movements').select(['id', 'currency', 'amount', 'settled', 'due_date']).where('entity_id', '=', id).execute();
    const today = todayInArgentina();
    const summary = find(d, 'resumen-cliente', 'resumen');
    for (const currency of ['ARS', 'USD'] as const) {
      const total = rows.filter((r) => r.currency === currency).reduce((s, r) => s + cents(r.amount), 0);
      const item = summary.items.find((i) => i.id === `saldo-${currency}`);
      assert.ok(item, `saldo ${currency}`);
      assert.equal(item.valor_con_formato, formatMoney(fromCents(total), currency));
    }
    // Vencido: what is still owed on overdue documents (statements.md §3: importe_total − importe_aplicado by approved receipts).
    const applied = await ctx.db
      .selectFrom('receipt_applications as ra')
      .innerJoin('receipts as r', 'r.id', 'ra.receipt_id')
      .select(['ra.movement_id', 'ra.amount'])
      .where('r.status', '=', 'approved')
      .where('r.entity_id', '=', id)
      .execute();
    const appliedTo = (movementId: string) => applied.filter((a) => String(a.movement_id) === String(movementId)).reduce((s, a) => s + cents(a.amount), 0);
    const overdue = rows.filter((r) => r.currency === 'ARS' && cents(r.amount) > 0 && !r.settled && r.due_date !== null && r.due_date < today);
    const overdueItem = summary.items.find((i) => i.id === 'vencido')!;
    assert.equal(overdueItem.valor_con_formato, formatMoney(fromCents(overdue.reduce((s, r) => s + cents(r.amount) - appliedTo(r.id), 0)), 'ARS'));

    const pending = await withVat(await ctx.db.selectFrom('sales_orders').select(['id', 'total']).where('entity_id', '=', id).where('status', '=', 'pending').execute());
    const pendingItem = summary.items.find((i) => i.id === 'pedidos-pendientes')!;
    assert.equal(pendingItem.valor, pending.length);
    if (pending.length) assert.equal(pendingItem.detalle, formatMoney(fromCents(pending.reduce((s, r) => s + cents(r.total), 0)), 'ARS'));
  });

  test('the balances follow every write to the movements: back-dated, several currencies, later inserts, updates, deletes', async () => {
    // The balances come from the monthly checkpoints (statement_checkpoints, kept by triggers): after each write they
    // must still be the exact sums of the entity's movements, per currency, with a USD card only when it has USD rows.
    const id = await entityId(1001);
    const check = async (label: string) => {
      const rows = await ctx.db.selectFrom('account_movements').select(['currency', 'amount']).where('entity_id', '=', id).execute();
      const items = find(await dashboard('productor', '1001', '?grupo=resumen'), 'resumen-cliente', 'resumen').items;
      for (const currency of ['ARS', 'USD'] as const) {
        const own = rows.filter((r) => r.currency === currency);
        const item = items.find((i) => i.id === `saldo-${currency}`);
        if (currency === 'USD' && !own.length) {
          assert.equal(item, undefined, `${label}: no USD card without USD movements`);
          continue;
        }
        assert.ok(item, `${label}: saldo ${currency}`);
        assert.equal(item.valor_con_formato, formatMoney(fromCents(own.reduce((s, r) => s + cents(r.amount), 0)), currency), `${label}: ${currency}`);
      }
      return items;
    };
    const saldo = (items: Array<{ id: string; valor_con_formato: string }>, currency: string) => items.find((i) => i.id === `saldo-${currency}`)!.valor_con_formato;
    const start = await check('before');
    const company = (await ctx.db.selectFrom('entities').select('company_id').where('id', '=', id).executeTakeFirstOrThrow()).company_id;
    const movement = (date: string, currency: 'ARS' | 'USD', amount: string, number: number) => ({
      company_id: company, entity_id: id, date, voucher_code: 'ND', voucher_name: 'Nota de débito A', series: 8, number, currency, amount, due_date: date, account_type: 1,
    });
    const today = todayInArgentina();
    const ids: string[] = [];
    try {
      // Two currencies in one statement, one of them years back (an old month's checkpoint), one this month.
      const two = await ctx.db
        .insertInto('account_movements')
        .values([movement('2019-03-15', 'ARS', '1234.56', 880_001), movement(today, 'USD', '-0.01', 880_002)])
        .returning('id')
        .execute();
      ids.push(...two.map((r) => String(r.id)));
      await check('after a back-dated ARS and a USD movement');
      // Inserted after those checkpoints, in a month that already has one.
      const later = await ctx.db.insertInto('account_movements').values(movement('2019-03-20', 'ARS', '-0.57', 880_003)).returning('id').executeTakeFirstOrThrow();
      ids.push(String(later.id));
      const afterInserts = await check('after a later insert into the same month');
      assert.notEqual(saldo(afterInserts, 'ARS'), saldo(start, 'ARS'));
      // Moved to another currency and month, then another amount.
      await ctx.db.updateTable('account_movements').set({ currency: 'USD', date: '2020-07-01', amount: '10.00' }).where('id', '=', ids[0]!).execute();
      await check('after moving a movement to USD');
      // Settling a document changes no amount: the balances stay.
      await ctx.db.updateTable('account_movements').set({ settled: true }).where('id', 'in', ids).execute();
      await check('after settling');
    } finally {
      if (ids.length) await ctx.db.deleteFrom('account_movements').where('id', 'in', ids).execute();
    }
    const end = await check('after deleting them');
    assert.equal(saldo(end, 'ARS'), saldo(start, 'ARS'));
    assert.equal(saldo(end, 'USD'), saldo(start, 'USD'));
  });

  test('the grain position has one row per grain and harvest with the seven columns and the stock they leave', async () => {
    const d = await dashboard('productor', '1001');
    const id = await entityId(1001);
    const rows = await ctx.db.selectFrom('grain_movements').select(['grain', 'harvest', 'kind', 'kilos']).where('entity_id', '=', id).execute();
    const expected = new Map<string, number[]>();
    for (const r of rows) {
      const key = `${r.grain}|${r.harvest}`;
      const k = expected.get(key) ?? [0, 0, 0, 0, 0, 0, 0];
      k[r.kind - 1]! += Number(r.kilos);
      expected.set(key, k);
    }
    const items = d.etenet_fichares.items;
    assert.equal(items.length, expected.size);
    assert.ok(items.length > 0);
    let totalStock = 0;
    for (const row of items) {
      const k = expected.get(`${row.cereal}|${row.cosecha}`);
      assert.ok(k, `${row.cereal} ${row.cosecha}`);
      assert.deepEqual([row.kilos1, row.kilos2, row.kilos3, row.kilos4, row.kilos5, row.kilos6, row.kilos7], k);
      assert.equal(row.kilstk, k[0]! + k[2]! - k[3]! - k[4]! - k[5]!);
      totalStock += row.kilstk;
    }
    assert.ok(items.some((r) => r.kilstk > 0) && items.some((r) => r.kilstk === 0), 'some positions have stock and some do not');
    const stockItem = find(d, 'resumen-cliente', 'resumen').items.find((i) => i.id === 'granos-stock')!;
    assert.equal(stockItem.valor_con_formato, `${formatNumber(totalStock, 0)} kg`);
  });

  test('purchases per month cover the last twelve months and equal the orders placed in each month', async () => {
    const d = await dashboard('productor', '1001');
    const chart = find(d, 'compras-mes', 'barras');
    assert.equal(chart.link, 'pedidos/historial');
    assert.equal(chart.serie.length, 12);
    assert.equal(chart.serie.at(-1)!.label, todayInArgentina().slice(0, 7));
    const id = await entityId(1001);
    const orders = await withVat(await ctx.db.selectFrom('sales_orders').select(['id', 'ordered_on', 'total', 'status']).where('entity_id', '=', id).execute());
    for (const bar of chart.serie) {
      const sum = orders.filter((o) => o.status !== 'cancelled' && o.ordered_on.startsWith(bar.label)).reduce((s, o) => s + cents(o.total), 0);
      assert.equal(bar.valor_con_formato, formatMoney(fromCents(sum), 'ARS'), bar.label);
    }
    assert.ok(chart.serie.some((b) => b.valor > 0));
  });

  test("one order, one total: the cards and the chart equal the order lists' and the history's for the same orders", async () => {
    const headers = bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1001' });
    const get = async <T>(query: string): Promise<T> => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/public/proxy/pedidos?${query}`, headers });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as T;
    };
    const id = await entityId(1001);
    // A cancelled order is no purchase: neither the chart nor the history it links to counts it.
    const cancelled = await ctx.db.selectFrom('sales_orders').select(['id', 'status']).where('entity_id', '=', id).where('status', '=', 'applied').orderBy('id').executeTakeFirstOrThrow();
    await ctx.db.updateTable('sales_orders').set({ status: 'cancelled' }).where('id', '=', cancelled.id).execute();
    try {
      const d = await dashboard('productor', '1001');
      let listed = 0;
      let count = 0;
      for (let start = 0; ; start += 100) {
        const page = await get<StatusListResponse>(`pendientes=true&start=${start}&limit=100`);
        listed += page.productos.reduce((s, r) => s + Math.round(r.importe_pendiente * 100), 0);
        count = page.total;
        if (page.productos.length < 100) break;
      }
      const card = find(d, 'resumen-cliente', 'resumen').items.find((i) => i.id === 'pedidos-pendientes')!;
      assert.ok(count > 0, 'the seed has pending orders');
      assert.equal(card.valor, count);
      assert.equal(card.detalle, formatMoney(fromCents(listed), 'ARS'));

      const chart = find(d, 'compras-mes', 'barras');
      let withOrders = 0;
      for (const bar of chart.serie) {
        let sum = 0;
        let ids: number[] = [];
        for (let page = 1; ; page++) {
          const h = await get<HistoryResponse>(`historial=true&mes=${bar.label}&limit=100&page=${page}&start=${(page - 1) * 100}`);
          sum += h.productos.reduce((s, o) => s + Math.round(o.total * 100), 0);
          ids = ids.concat(h.productos.map((o) => o.id));
          if (h.productos.length < 100) break;
        }
        assert.equal(ids.includes(cancelled.id), false, 'the history leaves the cancelled order out');
        assert.equal(Math.round(bar.valor * 100), sum, bar.label);
        assert.equal(bar.valor_con_formato, formatMoney(fromCents(sum), 'ARS'), bar.label);
        if (sum > 0) withOrders++;
      }
      assert.ok(withOrders > 1, 'several months have orders');
    } finally {
      await ctx.db.updateTable('sales_orders').set({ status: cancelled.status }).where('id', '=', cancelled.id).execute();
    }
  });

  test('deliveries per grain sum the romaneos of the last twelve months and link to the grain page', async () => {
    const d = await dashboard('productor', '1001');
    const chart = find(d, 'entregas-grano', 'barras');
    assert.equal(chart.link, 'granos');
    const first = find(d, 'compras-mes', 'barras').serie[0]!.label;
    const id = await entityId(1001);
    const rows = await ctx.db.selectFrom('grain_movements').select(['grain', 'kilos']).where('entity_id', '=', id).where('kind', '=', 1).where('date', '>=', `${first}-01`).execute();
    const byGrain = new Map<string, number>();
    for (const r of rows) byGrain.set(r.grain, (byGrain.get(r.grain) ?? 0) + Number(r.kilos));
    assert.deepEqual(Object.fromEntries(chart.serie.map((b) => [b.label, b.valor])), Object.fromEntries(byGrain));
  });

  test('another entity of the same user gets its own figures', async () => {
    const a = await dashboard('productor', '1001');
    const b = await dashboard('productor', '1002');
    assert.deepEqual(a.entidades, [{ id: 1001, descripcion: 'Pérez, Juan' }]);
    assert.deepEqual(b.entidades, [{ id: 1002, descripcion: 'Pérez Hnos. S.H.' }]);
    assert.notDeepEqual(find(a, 'resumen-cliente', 'resumen').items, find(b, 'resumen-cliente', 'resumen').items);
  });

  test('text, html and banner cards come from the company, html cleaned of scripts and handlers', async () => {
    const company = await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('dashboard_items')
      .values({ company_id: company.id, profile_id: 1, kind: 'html', title: 'Prueba', body: '<p onclick="robar()">Hola <script>alert(1)</script><a href="javascript:robar()">x</a><b>ok</b></p>', sort_order: 99 })
      .execute();
    const d = await dashboard('productor', '1001', '?grupo=novedades');
    assert.ok(d.porlets.every((p) => p.grupo === 'novedades'));
    const html = d.porlets.filter((p) => p.tipo === 'html').map((p) => (p as Extract<Porlet, { tipo: 'html' }>).html);
    const dirty = html.find((h) => h.includes('Hola'));
    assert.ok(dirty);
    assert.doesNotMatch(dirty, /script|onclick|javascript:/i);
    assert.match(dirty, /<b>ok<\/b>/);
    const banners = find(d, 'banners', 'banners');
    assert.equal(banners.items.length, 3);
    assert.ok(banners.items.some((b) => b.link === 'pedidos') && banners.items.some((b) => b.link?.startsWith('https://')));
    assert.ok(banners.items.every((b) => b.imagen.startsWith('data:image/svg+xml')));
  });
});

describe('seller and zone manager (profiles 2 and 3)', () => {
  const ordersOfSellers = async (codes: number[]) =>
    withVat(
      await sql<{ id: number; status: string; total: string; ordered_on: string; entity_id: number }>`
        select o.id, o.status, o.total, o.ordered_on, o.entity_id from sales_orders o join sellers s on s.id = o.seller_id
        join companies c on c.id = o.company_id where c.cuit = ${LA_PAMPA} and s.code = any(${codes})`.execute(ctx.db).then((r) => r.rows),
    );

  test("a seller sees their own customers' sales of the month and pending orders", async () => {
    const d = await dashboard('vendedor', '1', '?perfil=2');
    const orders = await ordersOfSellers([1]);
    const month = todayInArgentina().slice(0, 7);
    const monthTotal = orders.filter((o) => o.status !== 'pending' && o.ordered_on.startsWith(month)).reduce((s, o) => s + cents(o.total), 0);
    const summary = find(d, 'resumen-ventas', 'resumen');
    assert.equal(summary.items.find((i) => i.id === 'ventas-mes')!.valor_con_formato, formatMoney(fromCents(monthTotal), 'ARS'));
    const pending = orders.filter((o) => o.status === 'pending');
    const pendingItem = summary.items.find((i) => i.id === 'pedidos-pendientes')!;
    assert.equal(pendingItem.valor, pending.length);
    assert.equal(pendingItem.detalle, formatMoney(fromCents(pending.reduce((s, o) => s + cents(o.total), 0)), 'ARS'));
    const table = find(d, 'pedidos-pendientes-clientes', 'tabla');
    assert.equal(table.filas.length, Math.min(8, pending.length));
    const top = find(d, 'principales-clientes', 'barras');
    assert.ok(top.serie.length > 0 && top.serie.length <= 10);
    for (let i = 1; i < top.serie.length; i++) assert.ok(top.serie[i - 1]!.valor >= top.serie[i]!.valor, 'sorted by amount');
    assert.equal(d.porlets.some((p) => p.id === 'ventas-vendedor'), false);
  });

  test('a seller cannot look at another seller or filter by zone (403)', async () => {
    const headers = bearer(tokens.vendedor!, { cuit: LA_PAMPA, entity_id: '1' });
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${URL}?perfil=2&vendedor=2`, headers }), 403, 'No puede consultar las ventas de otro vendedor.');
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${URL}?perfil=3&zona=1`, headers }), 403, 'Sólo un administrador puede filtrar por zona.');
  });

  test("a zone manager sees every seller of the zone, and one of them with 'vendedor', but not another zone's", async () => {
    const zoneOne = await sql<{ code: number }>`select s.code from sellers s join zones z on z.id = s.zone_id join companies c on c.id = s.company_id
      where c.cuit = ${LA_PAMPA} and z.code = 1 order by s.code`.execute(ctx.db).then((r) => r.rows.map((x) => x.code));
    assert.deepEqual(zoneOne, [1, 4, 7]);
    const d = await dashboard('vendedor', '1', '?perfil=3');
    const perSeller = find(d, 'ventas-vendedor', 'barras');
    assert.ok(perSeller.serie.every((b) => zoneOne.includes(Number(b.label))));
    const orders = await ordersOfSellers(zoneOne);
    const from = `${find(d, 'ventas-mes', 'barras').serie[0]!.label}-01`;
    const expected = orders.filter((o) => o.status !== 'pending' && o.ordered_on >= from).reduce((s, o) => s + cents(o.total), 0);
    assert.equal(perSeller.serie.reduce((s, b) => s + Math.round(b.valor * 100), 0), expected);

    // Narrowed to seller 4: the figures are seller 4's; 'Ventas por vendedor' still shows the zone to choose from.
    const one = await dashboard('vendedor', '1', '?perfil=3&vendedor=4');
    const four = await ordersOfSellers([4]);
    const fourMonth = four.filter((o) => o.status !== 'pending' && o.ordered_on >= from);
    const perMonthFour = find(one, 'ventas-mes', 'barras').serie.reduce((s, b) => s + Math.round(b.valor * 100), 0);
    assert.equal(perMonthFour, fourMonth.reduce((s, o) => s + cents(o.total), 0));
    assert.deepEqual(find(one, 'ventas-vendedor', 'barras').serie, perSeller.serie);
    expectRefused(
      await ctx.app.inject({ method: 'GET', url: `${URL}?perfil=3&vendedor=2`, headers: bearer(tokens.vendedor!, { cuit: LA_PAMPA, entity_id: '1' }) }),
      403,
      'El vendedor indicado no pertenece a su zona.',
    );
  });

  test('warehouse staff see the approved orders to prepare', async () => {
    const d = await dashboard('deposito', '1');
    const approved = await sql<{ n: number }>`select count(*)::int as n from sales_orders o join companies c on c.id = o.company_id where c.cuit = ${LA_PAMPA} and o.status = 'approved'`
      .execute(ctx.db)
      .then((r) => r.rows[0]!.n);
    const item = find(d, 'resumen-operaciones', 'resumen').items.find((i) => i.id === 'pedidos-aprobados')!;
    assert.equal(item.label, 'Pedidos aprobados a preparar');
    assert.equal(item.valor, approved);
    assert.deepEqual(d.etenet_fichares.items, []);
  });
});

test('a user whose Inicio module is disabled on desktop is refused the dashboard there (403), not on mobile', async () => {
  const ids = await sql<{ user_id: number; company_id: number }>`select u.id as user_id, c.id as company_id from users u, companies c
    where u.username = 'productor' and c.cuit = ${LA_PAMPA}`.execute(ctx.db).then((r) => r.rows[0]!);
  await ctx.db.insertInto('user_modules').values({ ...ids, module_id: 'dashboard', mobile: true, desktop: false, date_from: null, date_to: null }).execute();
  try {
    const headers = bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1001' });
    expectRefused(await ctx.app.inject({ method: 'GET', url: URL, headers }), 403, 'El módulo no está habilitado para su usuario.');
    const mobile = await ctx.app.inject({ method: 'GET', url: URL, headers: { ...headers, dispositivo: 'mobile' } });
    assert.equal(mobile.statusCode, 200, mobile.body);
  } finally {
    await ctx.db.deleteFrom('user_modules').where('user_id', '=', ids.user_id).where('module_id', '=', 'dashboard').execute();
  }
});

test('an administrator with the zone-manager profile filters by zona and by any seller', async () => {
  const ids = await sql<{ user_id: number; company_id: number }>`select u.id as user_id, c.id as company_id from users u, companies c
    where u.username = 'admin' and c.cuit = ${LA_PAMPA}`.execute(ctx.db).then((r) => r.rows[0]!);
  await ctx.db.insertInto('membership_profiles').values({ ...ids, profile_id: 3 }).execute();
  const zoneTwo = await sql<{ code: number }>`select s.code from sellers s join zones z on z.id = s.zone_id where s.company_id = ${ids.company_id} and z.code = 2`
    .execute(ctx.db)
    .then((r) => r.rows.map((x) => String(x.code)));
  const d = await dashboard('admin', '1', '?perfil=3&zona=2');
  const perSeller = find(d, 'ventas-vendedor', 'barras').serie.map((b) => b.label);
  assert.ok(perSeller.length > 0);
  assert.ok(perSeller.every((code) => zoneTwo.includes(code)), `${perSeller} within zone 2 (${zoneTwo})`);
  const any = await dashboard('admin', '1', '?perfil=3&vendedor=2');
  assert.ok(find(any, 'ventas-mes', 'barras').serie.length === 12);
  expectRefused(
    await ctx.app.inject({ method: 'GET', url: `${URL}?perfil=3&zona=9`, headers: bearer(tokens.admin!, { cuit: LA_PAMPA, entity_id: '1' }) }),
    403,
    'La zona indicada no existe en la empresa.',
  );
});
