import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseQueryString } from 'node:querystring';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.js';
import type { DB } from './db/database.js';
import { randomToken } from './lib/crypto.js';
import { accessPlugin } from './plugins/access.js';
import { registerErrorHandling } from './plugins/errors.js';
import { RateLimiter } from './plugins/rate-limit.js';
import { OutboxMailer, SmtpMailer, type Mailer } from './messaging/mail.js';
import { HttpSmsProvider, OutboxSmsProvider, type SmsProvider } from './messaging/sms.js';
import { accessRoutes } from './modules/access/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { brandingRoutes } from './modules/branding/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { orderingRoutes } from './modules/orders/routes.js';
import { filesRoutes } from './modules/files/routes.js';
import { createTempFiles } from './modules/files/temp.js';
import { requestLogSerializer } from './modules/files/gate.js';
import { fiscalRoutes } from './modules/fiscal/routes.js';
import { openApiDocument } from './openapi.js';

export type AppOptions = { config: Config; db: DB; mailer?: Mailer; sms?: SmsProvider };

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** The HMAC secret of access tokens: from the environment, else generated once and shared through the database. */
async function tokenSecret(db: DB, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('server_settings')
    .values({ key: 'token_secret', value: randomToken(48) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('server_settings').select('value').where('key', '=', 'token_secret').executeTakeFirstOrThrow();
  return row.value;
}

export async function buildApp({ config, db, mailer, sms }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Direct-open URLs (exports, PDFs) carry the access token in the query: the request log masks it.
    logger: { level: config.logLevel, serializers: { req: requestLogSerializer } },
    bodyLimit: 1_048_576,
    // DELETE /revocation/{token} carries a whole access token (~200 characters) in the path; find-my-way's
    // default limit of 100 answered 414 to it. The contract allows up to 2,000.
    routerOptions: { maxParamLength: 2048 },
    trustProxy: config.env === 'production',
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production',
  });

  // OAuth clients traditionally post form-encoded bodies; accept them beside JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseQueryString(body as string));
  });

  app.decorate('db', db);
  app.decorate('tokenSecret', await tokenSecret(db, config.tokenSecret));
  await app.register(accessPlugin);
  registerErrorHandling(app);

  const limiter = new RateLimiter(db, config.rateLimitScale);
  const outbox = path.join(config.dataDir, 'outbox');
  const deps = {
    db,
    config,
    tokenSecret: app.tokenSecret,
    mailer: mailer ?? (config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(path.join(outbox, 'mail'), app.log)),
    sms: sms ?? (config.smsHttpUrl ? new HttpSmsProvider(config.smsHttpUrl, config.smsHttpToken) : new OutboxSmsProvider(path.join(outbox, 'sms.jsonl'), app.log)),
    limiter,
    log: app.log,
    audit: app.audit,
  };

  app.get('/healthz', async () => {
    await db.selectFrom('server_settings').select('key').limit(1).execute();
    return { status: 'ok' };
  });
  const docs = openApiDocument();
  app.get('/api/docs', async () => docs);
  app.get('/api/docs/openapi.json', async () => docs);

  accessRoutes(app, deps);
  adminRoutes(app, deps);
  brandingRoutes(app, db);
  dashboardRoutes(app, db);
  orderingRoutes(app, { db, tokenSecret: app.tokenSecret, publicUrl: config.publicUrl });
  // Generated files (ZIPs, direct downloads) expire on their own: the sweeper stops when the app closes.
  const tempFiles = createTempFiles(app, config.dataDir);
  const files = { db, config, tokenSecret: app.tokenSecret, tempFiles };
  filesRoutes(app, files);
  fiscalRoutes(app, { ...files, log: app.log });

  const webDist = config.webDist ?? DEFAULT_WEB_DIST;
  if (existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be revalidated to pick up a new build.
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  return app;
}
