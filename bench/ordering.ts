/**
 * Ordering benchmark: on the `large` size (200,000 products in La Pampa),
 *  - catalogue search with a text and two facets, 20 concurrent clients (target p95 < 50 ms);
 *  - the facet lists narrowed by the text and the other facets, 20 concurrent clients (target p95 < 50 ms);
 *  - adding one line to a cart that already holds 300 lines, one client (target < 30 ms).
 *   npm run bench:ordering -w @portal/bench -- [size] [clients] [requests]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:ordering -w @portal/bench -- large 20 2000
 */
import type { DemoSize } from '@portal/server/src/db/seed/demo-size.js';
import { benchApp, expectStatus, loginHeaders, measure, targets } from './support.js';

const size = (process.argv[2] ?? 'large') as DemoSize;
const clients = Number(process.argv[3] ?? 20);
const requests = Number(process.argv[4] ?? 2000);
const LA_PAMPA = '30712345671';

/** Searches a customer types, each with two facets that the text falls in (so the answer is not empty). */
const SEARCHES: Array<{ patron: string; familia: string; marca: string }> = [
  { patron: 'glifosato', familia: 'Agroquímicos', marca: 'Protecta' },
  { patron: 'maiz', familia: 'Semillas', marca: 'Pampa Genética' },
  { patron: 'urea', familia: 'Fertilizantes', marca: 'NutriSur' },
  { patron: 'alambre', familia: 'Ferretería rural', marca: 'Ferro Rural' },
  { patron: 'soja', familia: 'Semillas', marca: 'Surco Semillas' },
  { patron: 'aceite', familia: 'Combustibles y lubricantes', marca: 'Energía Pampeana' },
  { patron: 'ivermectina', familia: 'Sanidad animal', marca: 'VetCampo' },
  { patron: 'fosfato', familia: 'Fertilizantes', marca: 'Campo Fértil' },
];
const FACET_TYPES = ['unegocio', 'familia', 'subfamilia', 'presentacion', 'rubro', 'subrubro', 'linea', 'marca'] as const;

for await (const target of targets(size)) {
  const { db } = target;
  const company = await db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
  const facets = await db.selectFrom('product_facets').select(['id', 'kind', 'name']).where('company_id', '=', company.id).execute();
  const facetId = (kind: string, name: string) => facets.find((f) => f.kind === kind && f.name === name)!.id;
  const products = await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', company.id).executeTakeFirstOrThrow();
  console.log(`\n${target.kind}, ${size} (${Number(products.n).toLocaleString('es-AR')} products in La Pampa): ${clients} clients, ${requests} requests per call`);

  const app = await benchApp(db);
  const headers = await loginHeaders(app, 'productor', 'Demo1234', LA_PAMPA, 1001);
  const url = (query: Record<string, string>) => `/api/public/proxy/pedidos?${new URLSearchParams(query).toString()}`;

  // Warm-up, not measured: JIT, the pool's connections and their prepared statements.
  for (let i = 0; i < 200; i++) {
    const s = SEARCHES[i % SEARCHES.length]!;
    await app.inject({ method: 'GET', url: url({ filtros: JSON.stringify({ patron: s.patron }), start: '0', limit: '12', page: '1' }), headers });
  }
  await measure('catalogue: text + familia + marca, page 1 (12)', clients, requests, async (i) => {
    const s = SEARCHES[i % SEARCHES.length]!;
    const filtros = JSON.stringify({ patron: s.patron, familia_id: facetId('familia', s.familia), marca_id: facetId('marca', s.marca) });
    const r = await app.inject({ method: 'GET', url: url({ filtros, start: '0', limit: '12', page: '1' }), headers });
    expectStatus(r.statusCode, 200, r.body);
  });
  await measure('catalogue: text only, page 3', clients, requests, async (i) => {
    const s = SEARCHES[i % SEARCHES.length]!;
    const r = await app.inject({ method: 'GET', url: url({ filtros: JSON.stringify({ patron: s.patron }), start: '24', limit: '12', page: '3' }), headers });
    expectStatus(r.statusCode, 200, r.body);
  });
  await measure('facet list narrowed by text + 2 facets', clients, requests, async (i) => {
    const s = SEARCHES[i % SEARCHES.length]!;
    const type = FACET_TYPES[i % FACET_TYPES.length]!;
    const r = await app.inject({
      method: 'GET',
      url: url({ type, patron: s.patron, familia_id: String(facetId('familia', s.familia)), marca_id: String(facetId('marca', s.marca)) }),
      headers,
    });
    expectStatus(r.statusCode, 200, r.body);
  });
  await measure('facet list, whole catalogue (no filter)', clients, requests, async (i) => {
    const r = await app.inject({ method: 'GET', url: url({ type: FACET_TYPES[i % FACET_TYPES.length]! }), headers });
    expectStatus(r.statusCode, 200, r.body);
  });

  // A cart of 300 lines (Pérez Hnos., so the customer's own demo cart is left alone), then single-line adds.
  const cartHeaders = { ...headers, entity_id: '1002' };
  const cart = await app.inject({ method: 'GET', url: url({ type: 'carrito' }), headers: cartHeaders });
  expectStatus(cart.statusCode, 200, cart.body);
  const cartId = (cart.json() as { carrito?: { id: number }; id?: number }).carrito?.id ?? (cart.json() as { id: number }).id;
  await app.inject({ method: 'DELETE', url: '/api/public/proxy/pedidos', headers: cartHeaders, payload: { pedido_id: cartId } });
  const ids = await db.selectFrom('products').select('id').where('company_id', '=', company.id).orderBy('id').limit(400).execute();
  const filled = await app.inject({
    method: 'PUT',
    url: `/api/public/proxy/pedidos/${cartId}?type=carrito&suma=false`,
    headers: cartHeaders,
    payload: { productos: ids.slice(0, 300).map((p) => ({ producto_id: p.id, pedido_cantidad: 2 })) },
  });
  expectStatus(filled.statusCode, 200, filled.body);
  await measure('cart of 300 lines: add one line (suma=true)', 1, 300, async (i) => {
    const r = await app.inject({
      method: 'PUT',
      url: `/api/public/proxy/pedidos/${cartId}?type=carrito&suma=true`,
      headers: cartHeaders,
      payload: { producto_id: ids[300 + (i % 100)]!.id, pedido_cantidad: 1 },
    });
    expectStatus(r.statusCode, 200, r.body);
  });
  await app.inject({ method: 'DELETE', url: '/api/public/proxy/pedidos', headers: cartHeaders, payload: { pedido_id: cartId } });
  await app.close();
  await target.close();
}
