import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { integrationBatchMsg, integrationMsg, integrationNewsMsg, NEWS_ROW_EXAMPLE, PROFILE, type DashboardResponse, type Porlet } from '@portal/contract';
import { openDatabase, type DB } from '../../db/database.js';
import { keepSharedAnswers } from '../../db/shared-answers.js';
import { writeWatchOf } from '../../db/write-watch.js';
import { cleanHtml, DashboardService } from '../dashboard/index.js';
import { bearer, createTestApp, DEL_SUR, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { counts, createKey, INTEGRATION, KEYS_URL, makeAdminOf, okBatch, sendBatch } from './test-support.js';

/**
 * News and banners (novedades) loaded by the ERP: one item per code with the profiles it is shown to, kept as one
 * dashboard card per profile; and the dashboards' answer (a kept shared answer) right after every sync.
 */

let ctx: TestContext;
let admin: string;
let secret: string;
let productor: string;
let vendedor: string;
let companyId: number;
const URL = `${INTEGRATION}/novedades`;
const REMOVE = `${URL}/bajas`;
const IMAGE = 'https://www.cooperativa.com.ar/banners/campana.jpg';

before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = (await login(ctx.app, 'admin')).access_token;
  secret = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP novedades', escribir: ['novedades'] })).secreto;
  productor = (await login(ctx.app, 'productor')).access_token;
  vendedor = (await login(ctx.app, 'vendedor')).access_token;
  companyId = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
});
after(async () => {
  await ctx?.close();
});

const batch = (rows: unknown[], url = URL, key = secret) => okBatch(ctx.app, key, url, rows);
const text = (codigo: number, over: Record<string, unknown> = {}) => ({ codigo, tipo: 'texto', titulo: `Zznovedad ${codigo}`, texto: `Texto de la novedad ${codigo}`, ...over });
const banner = (codigo: number, over: Record<string, unknown> = {}) => ({
  codigo,
  tipo: 'banner',
  perfiles: ['cliente', 'vendedor'],
  titulo: `Zzbanner ${codigo}`,
  texto: 'Hasta el 15 de diciembre',
  imagen: IMAGE,
  link: 'pedidos',
  link_texto: 'Hacer un pedido',
  ...over,
});
/** The cards of an item, one per profile: [profile, kind, title, body, active]. */
const cards = async (code: number, cuit: string = LA_PAMPA) =>
  (
    await ctx.db
      .selectFrom('dashboard_items as d')
      .innerJoin('companies as c', 'c.id', 'd.company_id')
      .select(['d.id', 'd.profile_id', 'd.kind', 'd.title', 'd.body', 'd.image_url', 'd.link', 'd.link_text', 'd.sort_order', 'd.active'])
      .where('c.cuit', '=', cuit)
      .where('d.code', '=', code)
      .orderBy('d.profile_id')
      .execute()
  ).map((c) => ({ ...c }));

async function dashboard(token: string, entity: string, query: string): Promise<DashboardResponse> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/public/proxy/cgi/etenet_dashboard${query}`, headers: bearer(token, { cuit: LA_PAMPA, entity_id: entity }) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as DashboardResponse;
}
const customerNews = () => dashboard(productor, '1001', '?grupo=novedades');
const sellerNews = () => dashboard(vendedor, '1', '?perfil=2&grupo=novedades');
/** What a dashboard shows of the ERP's items (titles starting Zz), in its order: texts and the carousel's banners. */
const shown = (d: DashboardResponse) =>
  d.porlets.flatMap((p: Porlet) =>
    p.tipo === 'texto' ? [`texto:${p.titulo}:${p.texto}`] : p.tipo === 'html' ? [`html:${p.titulo}:${p.html}`] : p.tipo === 'banners' ? p.items.map((b) => `banner:${b.titulo}:${b.imagen}:${b.link}:${b.link_texto}`) : [],
  ).filter((s) => s.split(':')[1]!.startsWith('Zz'));

/** Every item's cards against what the dashboards show, per profile, recomputed from the table. */
async function expectShownRecomputed(why: string) {
  for (const [profile, ask] of [
    [PROFILE.cliente, customerNews],
    [PROFILE.vendedor, sellerNews],
  ] as const) {
    const rows = await sql<{ kind: string; title: string; body: string; image_url: string | null; link: string | null; link_text: string | null }>`
      select kind, title, body, image_url, link, link_text from dashboard_items
      where company_id = ${companyId} and profile_id = ${profile} and active and title like 'Zz%' order by sort_order, id`.execute(ctx.db);
    const expected = [
      ...rows.rows.filter((r) => r.kind !== 'banner').map((r) => (r.kind === 'text' ? `texto:${r.title}:${r.body}` : `html:${r.title}:${cleanHtml(r.body)}`)),
      ...rows.rows.filter((r) => r.kind === 'banner').map((r) => `banner:${r.title}:${r.image_url}:${r.link}:${r.link_text}`),
    ];
    const got = shown(await ask());
    assert.deepEqual([...got].sort(), [...expected].sort(), `${why}: profile ${profile}`);
  }
}

describe('POST /api/integration/v1/novedades', () => {
  test('accepted, then the same batch unchanged, then a change counted alone; the dashboards show each sync at once', async () => {
    assert.deepEqual(shown(await customerNews()), []);
    const rows = [text(1), banner(2), { codigo: 3, tipo: 'html', perfiles: ['vendedor'], titulo: 'Zzhtml 3', texto: '<p>Hola <b>equipo</b></p><script>alert(1)</script>', orden: 5 }];
    assert.deepEqual(counts(await batch(rows)), [3, 3, 0, 0]);
    assert.deepEqual(
      (await cards(2)).map((c) => [c.profile_id, c.kind, c.title, c.image_url, c.link, c.link_text]),
      [
        [PROFILE.cliente, 'banner', 'Zzbanner 2', IMAGE, 'pedidos', 'Hacer un pedido'],
        [PROFILE.vendedor, 'banner', 'Zzbanner 2', IMAGE, 'pedidos', 'Hacer un pedido'],
      ],
    );
    assert.deepEqual((await cards(1)).map((c) => c.profile_id), [PROFILE.cliente], 'default: the customers');
    assert.deepEqual(shown(await customerNews()).sort(), ['banner:Zzbanner 2:https://www.cooperativa.com.ar/banners/campana.jpg:pedidos:Hacer un pedido', 'texto:Zznovedad 1:Texto de la novedad 1']);
    assert.ok(shown(await sellerNews()).includes('html:Zzhtml 3:<p>Hola <b>equipo</b></p>'), 'the HTML cleaned before it is shown');
    await expectShownRecomputed('accepted');

    assert.deepEqual(counts(await okBatch(ctx.app, secret, URL, rows, true)), [3, 0, 3, 0], 'the same batch again (as NDJSON): unchanged');
    const ids = (await cards(2)).map((c) => c.id);

    // Kept answers are forgotten at the commit: the next request after the answer shows the change.
    await customerNews();
    assert.deepEqual(counts(await batch([text(1, { texto: 'Texto corregido' }), banner(2, { perfiles: ['cliente'] }), rows[2]])), [3, 2, 1, 0]);
    assert.ok(shown(await customerNews()).includes('texto:Zznovedad 1:Texto corregido'));
    assert.deepEqual((await cards(2)).map((c) => c.id), [ids[0]], 'the card of the profile no longer named goes; the other keeps its id');
    assert.equal(shown(await sellerNews()).some((s) => s.startsWith('banner:Zzbanner 2')), false);
    await expectShownRecomputed('changed');

    assert.deepEqual(counts(await batch([banner(2, { perfiles: ['cliente'], activo: false })])), [1, 1, 0, 0]);
    assert.equal(shown(await customerNews()).some((s) => s.startsWith('banner:Zzbanner 2')), false, 'inactive: kept, not shown');
    assert.equal((await cards(2)).length, 1);
    await expectShownRecomputed('deactivated');
  });

  test('removed explicitly, every card of the item; a removal of what never was is rejected; the portal’s own cards stay', async () => {
    const own = Number((await ctx.db.selectFrom('dashboard_items').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', companyId).where('code', 'is', null).executeTakeFirstOrThrow()).n);
    assert.ok(own > 0, 'the demo has cards of its own');
    await batch([banner(20), text(21)]);
    const answer = await batch([{ codigo: 20 }, { codigo: 29 }], REMOVE);
    assert.deepEqual(counts(answer), [2, 1, 0, 1]);
    assert.deepEqual(answer.rechazos, [{ fila: 2, campo: 'codigo', mensaje: integrationBatchMsg.noExiste }]);
    assert.deepEqual(await cards(20), []);
    assert.equal((await cards(21)).length, 1, 'absent from a batch is not removed');
    assert.equal(shown(await customerNews()).some((s) => s.startsWith('banner:Zzbanner 20')), false);
    await expectShownRecomputed('removed');
    assert.deepEqual(counts(await batch([{ codigo: 20 }], REMOVE)), [1, 0, 0, 1], 'removed twice: the second is rejected');
    assert.equal(Number((await ctx.db.selectFrom('dashboard_items').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', companyId).where('code', 'is', null).executeTakeFirstOrThrow()).n), own);
  });

  test('each rejection with its field and Spanish message; the good rows of the batch are written', async () => {
    const answer = await batch([
      text(301),
      text(302, { tipo: 'video' }),
      text(303, { perfiles: ['gerente'] }),
      text(304, { perfiles: [] }),
      text(305, { perfiles: ['cliente', 'cliente'] }),
      text(306, { texto: '' }),
      banner(307, { imagen: null }),
      banner(308, { imagen: 'javascript:alert(1)' }),
      banner(309, { link: 'javascript:alert(1)' }),
      banner(310, { link: null }),
      text(311, { imagen: IMAGE }),
      text(312, { orden: -1 }),
      text(313, { titulo: '' }),
      text(301),
      text(314, { codigo: 0 }),
    ]);
    assert.deepEqual(counts(answer), [15, 1, 0, 14]);
    assert.deepEqual(answer.rechazos, [
      { fila: 2, campo: 'tipo', mensaje: integrationNewsMsg.tipoInvalido },
      { fila: 3, campo: 'perfiles.0', mensaje: integrationNewsMsg.perfilInvalido },
      { fila: 4, campo: 'perfiles', mensaje: integrationNewsMsg.perfilesVacios },
      { fila: 5, campo: 'perfiles', mensaje: integrationNewsMsg.perfilRepetido },
      { fila: 6, campo: 'texto', mensaje: integrationNewsMsg.textoObligatorio },
      { fila: 7, campo: 'imagen', mensaje: integrationNewsMsg.imagenObligatoria },
      { fila: 8, campo: 'imagen', mensaje: integrationNewsMsg.imagenInvalida },
      { fila: 9, campo: 'link', mensaje: integrationNewsMsg.linkInvalido },
      { fila: 10, campo: 'link_texto', mensaje: integrationNewsMsg.linkTextoSinLink },
      { fila: 11, campo: 'imagen', mensaje: integrationNewsMsg.soloBannerImagen },
      { fila: 12, campo: 'orden', mensaje: integrationNewsMsg.ordenInvalido },
      { fila: 13, campo: 'titulo', mensaje: integrationBatchMsg.textoObligatorio },
      { fila: 14, campo: 'codigo', mensaje: integrationBatchMsg.codigoRepetido(1) },
      { fila: 15, campo: 'codigo', mensaje: integrationBatchMsg.codigoInvalido },
    ]);
    assert.equal((await cards(301)).length, 1);
    for (const code of [302, 303, 306, 307, 310, 313]) assert.deepEqual(await cards(code), [], `row ${code}`);
  });

  test("another company's row, a foreign company's key, a user token, a revoked key: refused, nothing written", async () => {
    expectRefused(await sendBatch(ctx.app, secret, URL, [text(401), text(402, { cuit_empresa: DEL_SUR })]), 403, integrationBatchMsg.filaDeOtraEmpresa(2));
    assert.deepEqual(await cards(401), []);

    // Another company's key writes in its own company only: La Pampa's item is neither found nor changed.
    assert.deepEqual(counts(await batch([text(403)])), [1, 1, 0, 0]);
    await makeAdminOf(ctx.db, 'admin', DEL_SUR);
    const foreign = (await createKey(ctx.app, admin, DEL_SUR, { nombre: 'ERP del sur', escribir: ['novedades'] })).secreto;
    assert.deepEqual((await batch([{ codigo: 403 }], REMOVE, foreign)).rechazos, [{ fila: 1, campo: 'codigo', mensaje: integrationBatchMsg.noExiste }]);
    await batch([text(403, { texto: 'Del sur' })], URL, foreign);
    assert.equal((await cards(403))[0]!.body, 'Texto de la novedad 403');
    assert.equal((await cards(403, DEL_SUR))[0]!.body, 'Del sur');

    const noScope = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP sin novedades', escribir: ['productos'] })).secreto;
    expectRefused(await sendBatch(ctx.app, noScope, URL, [text(404)]), 403, integrationMsg.sinPermisoEscribir('novedades y banners'));
    expectRefused(await sendBatch(ctx.app, productor, URL, [text(404)]), 401, integrationMsg.soloClaves);
    const doomed = await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP a revocar', escribir: ['novedades'] });
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `${KEYS_URL}/${doomed.clave.id}`, headers: bearer(admin, { cuit: LA_PAMPA }) });
    assert.equal(revoked.statusCode, 200, revoked.body);
    expectRefused(await sendBatch(ctx.app, doomed.secreto, URL, [text(404)]), 401, integrationMsg.claveRevocadaAcceso);
    assert.deepEqual(await cards(404), []);
  });

  test('the OpenAPI document carries the kind with its example, and the example loads', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, { post?: { requestBody: { content: Record<string, { examples: Record<string, { value: unknown }> }> } } }>;
    };
    const post = doc.paths[`${INTEGRATION}/{tipo}`]!.post!;
    assert.deepEqual(post.requestBody.content['application/json']!.examples.novedades!.value, [NEWS_ROW_EXAMPLE]);
    assert.deepEqual(counts(await batch([{ ...NEWS_ROW_EXAMPLE, codigo: 701 }])), [1, 1, 0, 0]);
  });

  test('two concurrent batches of the same items converge: one card per item and profile', async () => {
    const a = Array.from({ length: 60 }, (_, i) => banner(500 + i, { perfiles: i % 2 ? ['cliente'] : ['vendedor', 'cliente'] }));
    const b = [...a].reverse();
    const [ra, rb] = await Promise.all([batch(a), batch(b)]);
    assert.equal(ra.rechazadas + rb.rechazadas, 0);
    assert.equal(ra.aceptadas + ra.sin_cambios, 60);
    const n = await sql<{ items: number; cards: number }>`select count(distinct code)::int as items, count(*)::int as cards from dashboard_items
      where company_id = ${companyId} and code between 500 and 559`.execute(ctx.db);
    assert.deepEqual(n.rows[0], { items: 60, cards: 90 });
    assert.deepEqual(counts(await batch(a)), [60, 0, 60, 0]);
    await expectShownRecomputed('after concurrent batches');
  });

  test('another server process shows a sync on its next dashboard (PostgreSQL)', async (t) => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return t.skip('PostgreSQL only: one PGlite directory has one process');
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(ctx.db)).rows[0]!.name;
    const u = new globalThis.URL(url);
    u.pathname = `/${name}`;
    const other: DB = await openDatabase({ kind: 'postgres', url: u.toString() });
    try {
      keepSharedAnswers(other, 60_000);
      const service = new DashboardService(other) as unknown as { news: (companyId: number, profile: number) => Promise<Porlet[]> };
      // The porlets are kept as their JSON text (lib/json-text.ts): read as the dashboard sends them.
      const titles = async () => (JSON.parse(JSON.stringify(await service.news(companyId, PROFILE.cliente))) as Porlet[]).flatMap((p) => (p.tipo === 'texto' ? [p.titulo] : []));
      // The kept answer listens once the watch does: wait until a second call is served from memory.
      await new Promise((r) => setTimeout(r, 200));
      assert.equal((await titles()).includes('Zzotro proceso'), false);
      assert.equal((await titles()).includes('Zzotro proceso'), false, 'kept');
      const seen = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no notification from the other process in 10 s')), 10_000);
        void writeWatchOf(other)!.subscribe((written) => {
          if (written.has('dashboard_items')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      await batch([text(601, { titulo: 'Zzotro proceso' })]);
      await seen;
      assert.ok((await titles()).includes('Zzotro proceso'));
    } finally {
      await other.destroy();
    }
  });
});
