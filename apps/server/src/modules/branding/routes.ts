import type { FastifyInstance } from 'fastify';
import { PORTAL_MANIFEST, whitelabelRoutes as r, type WebManifest, type WhitelabelConfig } from '@portal/contract';
import { registerRoute } from '../../lib/route.js';
import { notFound } from '../../lib/http-errors.js';
import type { DB } from '../../db/database.js';
import type { Branding } from '../../db/schema.js';
import { DEFAULT_BRANDING } from './default-branding.js';

function toConfig(cuit: string | null, name: string, b: Branding): WhitelabelConfig {
  return {
    cuit,
    title: b.title,
    razonsocial: name,
    logo: cuit ? `/whitelabel/${cuit}/logo.svg` : '/whitelabel/logo.svg',
    colors: b.colors,
    news: b.news,
  };
}

/**
 * The portal's installable-app manifest with the company's name and header colour (the browser's bar and the
 * splash screen); the icons stay the portal's (docs/decisions/web-delivery.md).
 */
function toManifest(b: Branding): WebManifest {
  return { ...PORTAL_MANIFEST, name: b.title, short_name: b.title, theme_color: b.colors.header, icons: PORTAL_MANIFEST.icons.map((i) => ({ ...i })) };
}

/** Per-company branding, served at the site root like the legacy portal's static whitelabel files. */
export function brandingRoutes(app: FastifyInstance, db: DB): void {
  const findCompany = (cuit: string) =>
    db.selectFrom('companies').select(['cuit', 'name', 'branding']).where('cuit', '=', cuit).where('active', '=', true).executeTakeFirst();

  registerRoute(
    app,
    r.fallback,
    async ({ reply }) => {
      reply.header('cache-control', 'public, max-age=300');
      return toConfig(null, DEFAULT_BRANDING.title, DEFAULT_BRANDING);
    },
    { prefix: '' },
  );

  registerRoute(
    app,
    r.config,
    async ({ params, reply }) => {
      const company = await findCompany(params.cuit);
      if (!company) throw notFound('No existe una marca para el CUIT indicado.');
      reply.header('cache-control', 'public, max-age=300');
      return toConfig(company.cuit, company.name, company.branding);
    },
    { prefix: '' },
  );

  registerRoute(
    app,
    r.manifest,
    async ({ params, reply }) => {
      const company = await findCompany(params.cuit);
      if (!company) throw notFound('No existe una marca para el CUIT indicado.');
      // The browser revalidates it like the portal's own manifest (app.ts webCacheControl: no-cache).
      return reply.type('application/manifest+json').header('cache-control', 'no-cache').send(toManifest(company.branding));
    },
    { prefix: '' },
  );

  app.get('/whitelabel/logo.svg', async (_request, reply) =>
    reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=3600').send(DEFAULT_BRANDING.logoSvg),
  );
  app.get<{ Params: { cuit: string } }>('/whitelabel/:cuit/logo.svg', async (request, reply) => {
    const company = /^\d{11}$/.test(request.params.cuit) ? await findCompany(request.params.cuit) : undefined;
    if (!company) throw notFound('No existe una marca para el CUIT indicado.');
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(company.branding.logoSvg);
  });
}
