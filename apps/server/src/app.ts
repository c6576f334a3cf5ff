import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseQueryString } from 'node:querystring';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { brotliCompressSync, constants as zlib, type BrotliOptions } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.js';
import type { DB } from './db/database.js';
import { randomToken } from './lib/crypto.js';
import { keepSharedAnswers } from './db/shared-answers.js';
import { accessPlugin } from './plugins/access.js';
import { integrationAccessPlugin } from './plugins/integration-access.js';
import { frameworkError, registerErrorHandling } from './plugins/errors.js';
import { registerMetrics } from './plugins/metrics.js';
import { RateLimiter } from './plugins/rate-limit.js';
import { LoginThrottle } from './modules/access/index.js';
import { OutboxMailer, SmtpMailer, type Mailer } from './messaging/mail.js';
import { HttpSmsProvider, OutboxSmsProvider, type SmsProvider } from './messaging/sms.js';
import { accessRoutes } from './modules/access/index.js';
import { adminRoutes } from './modules/admin/index.js';
import { brandingRoutes } from './modules/branding/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { orderingRoutes } from './modules/orders/index.js';
import { orderAdminRoutes } from './modules/order-admin/index.js';
import { filesRoutes } from './modules/files/index.js';
import { sweepTempFiles } from './lib/temp-links.js';
import { createFileStorage, S3FileStore } from './lib/file-storage.js';
import { requestLogSerializer } from './lib/log.js';
import { serializeAnswer } from './lib/json-text.js';
import { checkResponses, type ResponseMismatch } from './lib/response-check.js';
import { fiscalRoutes } from './modules/fiscal/index.js';
import { statementsRoutes } from './modules/statements/index.js';
import { warehouseRoutes } from './modules/warehouse/index.js';
import { stockRoutes } from './modules/stock/index.js';
import { fieldRoutes } from './modules/field/index.js';
import { receiptsRoutes } from './modules/receipts/index.js';
import { authorizationsRoutes } from './modules/authorizations/index.js';
import { grainRoutes } from './modules/grain/index.js';
import { contractsRoutes } from './modules/contracts/index.js';
import { stockPositionsRoutes } from './modules/stock-positions/index.js';
import { integrationRoutes } from './modules/integration/index.js';
import { openApiDocument } from './openapi.js';
import { PrintRegistry } from './lib/print-registry.js';
import { ShareRegistry } from './lib/share-registry.js';

export type AppOptions = {
  config: Config;
  db: DB;
  mailer?: Mailer;
  sms?: SmsProvider;
  /** Tests only: every JSON answer is checked against its route's response schema (lib/response-check.ts). */
  checkResponses?: boolean;
};

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** The headers helmet sets with these options (all of them fixed: no per-request nonce). */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

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

/**
 * The security headers a hashed script or stylesheet keeps: nosniff (a script is run only when served as one) and
 * the resource policy (no other site may load it); HSTS in production (any answer may carry it).
 */
export const ASSET_SECURITY_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']);

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Brotli quality of API answers: quality 1 costs a quarter of quality 4's CPU for ≈ 10–30 %
 * more bytes (a catalogue page 1.5 → 2.0 kB), ≈ 2 ms more on a rural 1.6 Mbit/s link against a round trip of
 * 100 ms and more; measured on the real answers in docs/performance.md. The build's files stay brotli 11.
 */
export const API_BROTLI_QUALITY = 1;
/** Answers up to this size are compressed in one synchronous call; larger ones (exports) through a stream. */
export const COMPRESS_SYNC_MAX_BYTES = 65_536;
/**
 * brotliCompressSync told the answer's size (BROTLI_PARAM_SIZE_HINT): without it the encoder sets itself up for the
 * largest window, which costs more than compressing a few kilobytes (docs/decisions/throughput.md, 'Compression of API
 * answers'). The same quality; only the synchronous path (answers ≤ COMPRESS_SYNC_MAX_BYTES) goes through here.
 */
export const sizedBrotli = {
  brotliCompressSync: (payload: Buffer, options: BrotliOptions) =>
    brotliCompressSync(payload, { ...options, params: { ...options.params, [zlib.BROTLI_PARAM_SIZE_HINT]: payload.length } }),
};
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp({ config, db, mailer, sms, checkResponses: checked }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Direct-open URLs (exports, PDFs) carry the access token in the query: the request log masks it.
    logger: { level: config.logLevel, serializers: { req: requestLogSerializer } },
    // One line per request (below, when the answer is sent) instead of Fastify's two ('incoming request' and
    // 'request completed'): the log says the same and costs half (docs/performance.md).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1_048_576,
    // DELETE /revocation/{token} carries a whole access token (~200 characters) in the path; find-my-way's
    // default limit of 100 answered 414 to it. The contract allows up to 2,000.
    routerOptions: { maxParamLength: 2048 },
    // A malformed address answers in Spanish (plugins/errors.ts), not with Fastify's English JSON.
    frameworkErrors: frameworkError,
    // Only the proxies configured in TRUST_PROXY may name the client's address; never implied by NODE_ENV.
    // A hop count trusts that many proxies nearest the server (what Fastify does with a number, which its types omit).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  });

  // The security headers (helmet's, CSP included) are the same for every answer: computed once here, not by running
  // helmet's middleware on every request (@fastify/helmet rebuilt it per request, re-parsing the CSP each time).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // https: the banners an ERP loads may be hosted on the cooperative's site or CDN (docs/integration.md, novedades).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The print flow puts a PDF made in the page (a blob: address) in a hidden frame and prints it (lib/files.ts).
        frameSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production',
  });
  // A hashed asset (/assets/*: the build's scripts and stylesheets, loaded by the page, never opened as a document)
  // gets only the headers that act on a script or stylesheet: the CSP, frame, referrer, opener and download headers
  // govern documents (and workers: sw.js is not under /assets/). On HTTP/1.1 headers are not compressed, and the
  // dashboard's ≈90 files carried ≈0.8 kB of them each (docs/decisions/web-delivery.md, 'Caching and headers').
  const assetHeaders = Object.fromEntries(Object.entries(securityHeaders).filter(([name]) => ASSET_SECURITY_HEADERS.has(name)));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/assets/') ? assetHeaders : securityHeaders);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });

  // API answers above 1 kB go out compressed (brotli at a light level: it runs on every request, unlike the
  // build's brotli 11 for static files, which @fastify/static serves precompressed). Binary answers (PDF, XLSX,
  // ZIP, images) are left alone by their content type. docs/decisions/web-delivery.md
  // Answers up to 64 kB are compressed synchronously: the stream path (@fastify/compress's default above 8 kB on two
  // cores) cost ≈ 240 µs of CPU for a 13 kB catalogue page against ≈ 80 µs for the same brotli in one call, and
  // blocks the event loop no longer than that (docs/decisions/throughput.md, 'Compression of API answers').
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: COMPRESS_SYNC_MAX_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
    zlib: sizedBrotli,
  });

  // Answers are JSON.stringify'd as before; parts already written as JSON text (lib/json-text.ts: the catalogue's
  // products) are copied in as they are.
  app.setReplySerializer(serializeAnswer);

  // OAuth clients traditionally post form-encoded bodies; accept them beside JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseQueryString(body as string));
  });

  app.decorate('db', db);
  // Before the areas build their company-wide statements (db/shared-answers.ts).
  keepSharedAnswers(db, config.sharedCacheMs);
  app.decorate('tokenSecret', await tokenSecret(db, config.tokenSecret));
  await app.register(accessPlugin, { cacheMs: config.gateCacheMs });
  await app.register(integrationAccessPlugin, { rateLimitScale: config.rateLimitScale });
  registerErrorHandling(app);
  if (checked) app.decorate('responseMismatches', checkResponses(app));

  const limiter = new RateLimiter(db, config.rateLimitScale);
  const throttle = new LoginThrottle(db, config.rateLimitScale);
  const outbox = path.join(config.dataDir, 'outbox');
  const deps = {
    db,
    config,
    tokenSecret: app.tokenSecret,
    mailer: mailer ?? (config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(path.join(outbox, 'mail'), app.log)),
    sms: sms ?? (config.smsHttpUrl ? new HttpSmsProvider(config.smsHttpUrl, config.smsHttpToken) : new OutboxSmsProvider(path.join(outbox, 'sms.jsonl'), app.log)),
    limiter,
    throttle,
    log: app.log,
  };

  registerMetrics(app, db, config.metricsToken);
  app.get('/healthz', async () => {
    await db.selectFrom('server_settings').select('key').limit(1).execute();
    return { status: 'ok' };
  });
  const docs = openApiDocument();
  app.get('/api/docs', async () => docs);
  app.get('/api/docs/openapi.json', async () => docs);

  // The kinds of public link (/compartido/{token}) and of print (/proxy/imprime) this app serves: each area
  // registers its own on these when its routes are set up below; nothing is registered at import time.
  const shares = new ShareRegistry();
  const prints = new PrintRegistry();
  app.decorate('shares', shares);
  app.decorate('prints', prints);

  accessRoutes(app, deps);
  adminRoutes(app, deps);
  brandingRoutes(app, db);
  dashboardRoutes(app, db);
  orderingRoutes(app, { db, tokenSecret: app.tokenSecret, publicUrl: config.publicUrl, shares });
  orderAdminRoutes(app, db);
  // Files that outlive a request live in the shared storage (PostgreSQL, or the bucket of FILE_STORAGE_URL), never
  // on this machine's disk. Generated files (ZIPs, direct downloads) expire on their own: the sweeper stops when the
  // app closes.
  const attachments = createFileStorage(db, config.fileStorageUrl, 'adjuntos');
  const tempFiles = sweepTempFiles(app, createFileStorage(db, config.fileStorageUrl, 'temporales'));
  for (const store of [attachments, tempFiles]) if (store instanceof S3FileStore) app.addHook('onClose', () => store.close());
  const files = { db, config, tokenSecret: app.tokenSecret, tempFiles };
  filesRoutes(app, { ...files, shares, prints });
  fiscalRoutes(app, { ...files, log: app.log });
  statementsRoutes(app, { db, log: app.log });
  warehouseRoutes(app, db);
  stockRoutes(app, db);
  fieldRoutes(app, db);
  // Receipt attachments: the same storage, an area of their own that nothing sweeps.
  await receiptsRoutes(app, { db, tokenSecret: app.tokenSecret, publicUrl: config.publicUrl, attachments, shares });
  authorizationsRoutes(app, db);
  grainRoutes(app, { db, log: app.log });
  contractsRoutes(app, { db, log: app.log, prints });
  stockPositionsRoutes(app, { db, log: app.log });
  integrationRoutes(app, {
    db,
    dataDir: config.dataDir,
    log: app.log,
    webhooks: { timeoutMs: config.webhookTimeoutMs, retryBaseMs: config.webhookRetryBaseMs, concurrency: config.webhookConcurrency },
  });

  const webDist = config.webDist ?? DEFAULT_WEB_DIST;
  if (existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes .br and .gz beside every text file (vite.config.ts): served by Accept-Encoding, with Vary.
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header('cache-control', webCacheControl(path.relative(webDist, filePath)));
      },
    });
  }

  return app;
}

/**
 * Hashed assets (assets/, named by their content) never change: a year, immutable. Everything else — index.html,
 * the service worker and its registration, the manifest, icons — is revalidated on every use, so a new
 * deployment reaches the user on the next visit.
 */
export function webCacheControl(relativePath: string): string {
  return relativePath.split(path.sep)[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the app was built with `checkResponses`: the answers that did not match their schema. */
    responseMismatches?: ResponseMismatch[];
    /** The kinds of public link this app serves (registered by the areas at startup). */
    shares: ShareRegistry;
    /** The documents this app prints besides the current-account vouchers (registered by the areas at startup). */
    prints: PrintRegistry;
  }
}
