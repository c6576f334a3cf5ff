import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { msg, PORTAL_MANIFEST, type WebManifest } from '@portal/contract';
import { COMPANIES } from '../../db/seed/identities.js';
import { createTestApp, expectRefused, LA_PAMPA, SUSPENDIDA, type TestContext } from '../../test/helpers.js';

/** Tenant branding at the site root, /healthz and the OpenAPI document. */

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
});
after(async () => {
  await ctx?.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('GET /whitelabel/{cuit}/config.json', () => {
  test('La Pampa: title, business name, logo and colours, cacheable', async () => {
    const res = await get(`/whitelabel/${LA_PAMPA}/config.json`);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.equal(res.headers['cache-control'], 'public, max-age=300');
    assert.deepEqual(res.json(), {
      cuit: LA_PAMPA,
      title: 'Cooperativa La Pampa',
      razonsocial: 'Cooperativa Agropecuaria La Pampa Ltda.',
      logo: `/whitelabel/${LA_PAMPA}/logo.svg`,
      colors: { primary: '#2E7D32', secondary: '#F9A825', header: '#1B5E20', headerText: '#FFFFFF' },
      news: COMPANIES.laPampa.news,
    });
  });

  test('each company has its own branding', async () => {
    const res = await get(`/whitelabel/${COMPANIES.delSur.cuit}/config.json`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().title, 'Agroinsumos del Sur');
    assert.equal(res.json().colors.primary, '#1565C0');
    assert.equal(res.json().news, null);
    // Suspension is per user, not per company: the branding is still served.
    assert.equal((await get(`/whitelabel/${SUSPENDIDA}/config.json`)).json().title, 'Cooperativa Suspendida');
  });

  test('an unknown cuit answers 404 and a malformed one 400', async () => {
    expectRefused(await get('/whitelabel/30500010912/config.json'), 404, 'No existe una marca para el CUIT indicado.');
    expectRefused(await get('/whitelabel/abc/config.json'), 400, msg.cuitLongitud);
  });

  test('an inactive company has no branding', async () => {
    await ctx.db.updateTable('companies').set({ active: false }).where('cuit', '=', COMPANIES.delSur.cuit).execute();
    try {
      assert.equal((await get(`/whitelabel/${COMPANIES.delSur.cuit}/config.json`)).statusCode, 404);
      assert.equal((await get(`/whitelabel/${COMPANIES.delSur.cuit}/logo.svg`)).statusCode, 404);
    } finally {
      await ctx.db.updateTable('companies').set({ active: true }).where('cuit', '=', COMPANIES.delSur.cuit).execute();
    }
  });
});

describe('GET /whitelabel/config.json (fallback)', () => {
  test('answers the portal\'s own branding', async () => {
    const res = await get('/whitelabel/config.json');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      cuit: null,
      title: 'Portal de Clientes',
      razonsocial: 'Portal de Clientes',
      logo: '/whitelabel/logo.svg',
      colors: { primary: '#2E7D32', secondary: '#F9A825', header: '#1B5E20', headerText: '#FFFFFF' },
      news: null,
    });
  });
});

describe('GET /whitelabel/{cuit}/manifest.webmanifest', () => {
  test("the portal's installable app with the company's name and header colour, revalidated on every use", async () => {
    const res = await get(`/whitelabel/${COMPANIES.delSur.cuit}/manifest.webmanifest`);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^application\/manifest\+json/);
    assert.equal(res.headers['cache-control'], 'no-cache');
    const manifest = res.json() as WebManifest;
    assert.equal(manifest.name, 'Agroinsumos del Sur');
    assert.equal(manifest.short_name, 'Agroinsumos del Sur');
    assert.equal(manifest.theme_color, '#0D47A1');
    // The same app as the portal's (one id, one scope), with its icons.
    assert.deepEqual({ ...manifest, name: PORTAL_MANIFEST.name, short_name: PORTAL_MANIFEST.short_name, theme_color: PORTAL_MANIFEST.theme_color }, PORTAL_MANIFEST);
    assert.equal((await get(`/whitelabel/${LA_PAMPA}/manifest.webmanifest`)).json().name, 'Cooperativa La Pampa');
  });

  test('an unknown or inactive company answers 404 and a malformed cuit 400', async () => {
    expectRefused(await get('/whitelabel/30500010912/manifest.webmanifest'), 404, 'No existe una marca para el CUIT indicado.');
    expectRefused(await get('/whitelabel/abc/manifest.webmanifest'), 400, msg.cuitLongitud);
    await ctx.db.updateTable('companies').set({ active: false }).where('cuit', '=', COMPANIES.delSur.cuit).execute();
    try {
      assert.equal((await get(`/whitelabel/${COMPANIES.delSur.cuit}/manifest.webmanifest`)).statusCode, 404);
    } finally {
      await ctx.db.updateTable('companies').set({ active: true }).where('cuit', '=', COMPANIES.delSur.cuit).execute();
    }
  });
});

describe('logos', () => {
  test('a company logo is served as image/svg+xml with its initials and colours', async () => {
    const res = await get(`/whitelabel/${LA_PAMPA}/logo.svg`);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^image\/svg\+xml/);
    assert.match(res.body, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.ok(res.body.includes('>CLP</text>'));
    assert.ok(res.body.includes('fill="#2E7D32"'));
    assert.equal(res.headers['content-security-policy'], "default-src 'none'; style-src 'unsafe-inline'");
  });

  test('the default logo is served; an unknown company logo answers 404', async () => {
    const def = await get('/whitelabel/logo.svg');
    assert.equal(def.statusCode, 200);
    assert.match(String(def.headers['content-type']), /^image\/svg\+xml/);
    assert.ok(def.body.includes('>PC</text>'));
    expectRefused(await get('/whitelabel/30500010912/logo.svg'), 404, 'No existe una marca para el CUIT indicado.');
    assert.equal((await get('/whitelabel/abc/logo.svg')).statusCode, 404);
  });
});

describe('service endpoints', () => {
  test('/healthz answers ok', async () => {
    const res = await get('/healthz');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'ok' });
  });

  test('/api/docs is an OpenAPI 3.1 document of the access calls', async () => {
    const res = await get('/api/docs');
    assert.equal(res.statusCode, 200);
    const doc = res.json() as {
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, { security: unknown[]; parameters: Array<{ name: string; in: string }>; requestBody?: unknown }>>;
    };
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '1.1.0');
    const oauth = doc.paths['/api/public/oauth']?.post;
    assert.ok(oauth, 'POST /api/public/oauth is documented');
    assert.deepEqual(oauth.security, []);
    assert.ok(oauth.requestBody);
    for (const [path, method] of [
      ['/api/public/revocation/{token}', 'delete'],
      ['/api/public/data', 'get'],
      ['/api/public/data', 'post'],
      ['/api/public/proxy/data', 'post'],
      ['/api/public/sessions/sessions', 'get'],
      ['/api/public/sessions/newsession', 'post'],
      ['/api/public/sessions/buscoentidad', 'get'],
      ['/api/public/sessions/deletesession', 'delete'],
      ['/api/public/usuarios', 'post'],
      ['/whitelabel/{cuit}/config.json', 'get'],
      ['/whitelabel/config.json', 'get'],
      ['/whitelabel/{cuit}/manifest.webmanifest', 'get'],
    ] as const) {
      assert.ok(doc.paths[path]?.[method], `${method.toUpperCase()} ${path} is documented`);
    }
    const data = doc.paths['/api/public/data']!.get!;
    assert.deepEqual(data.security, [{ bearer: [] }]);
    assert.ok(data.parameters.some((p) => p.name === 'Cuit' && p.in === 'header'));
    assert.deepEqual((await get('/api/docs/openapi.json')).json(), doc);
  });

  test('an unknown path answers 404 with the Spanish message', async () => {
    expectRefused(await get('/api/public/no-existe'), 404, msg.noEncontrado);
  });

  test("a screen's address typed without the hash leads to the web app's route; API clients still get 404", async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/pedidos?tab=1', headers: { accept: 'text/html,application/xhtml+xml' } });
    assert.equal(page.statusCode, 302);
    assert.equal(page.headers.location, '/#/pedidos?tab=1');
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/pedidos', headers: { accept: 'application/json' } }), 404, msg.noEncontrado);
    expectRefused(await ctx.app.inject({ method: 'POST', url: '/pedidos', headers: { accept: 'text/html' } }), 404, msg.noEncontrado);
  });

  test('a malformed address answers 400 in Spanish: a page for a browser, the JSON message for the API', async () => {
    expectRefused(await ctx.app.inject({ method: 'GET', url: '/api/public/%E0%A4%A', headers: { accept: 'application/json' } }), 400, msg.direccionInvalida);
    const page = await ctx.app.inject({ method: 'GET', url: '/%E0%A4%A', headers: { accept: 'text/html' } });
    assert.equal(page.statusCode, 400);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(page.body, /<html lang="es">/);
    assert.match(page.body, /Dirección no válida/);
    assert.match(page.body, /<a href="\/">Ir al portal<\/a>/);
  });
});
