import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEMO_SIZES, type DemoSize } from './db/seed/demo-size.js';

/** The one place that reads process.env. Every variable is listed in README.md. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Address of the portal as users reach it; used in links sent by mail. */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** HMAC secret of access tokens. When absent, one is generated once and kept in the database. */
  TOKEN_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** smtp://user:pass@host:port or smtps://…; when absent, mail goes to DATA_DIR/outbox/mail. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Portal de clientes <no-responder@portal.coop>'),
  /** HTTP SMS provider: POST {to, text} with a bearer token. When absent, SMS go to DATA_DIR/outbox/sms.jsonl. */
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  /** Multiplies every rate limit (tests of other areas raise it; production keeps 1). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  DEMO_SIZE: z.enum(DEMO_SIZES).default('demo'),
  /** Seed the demo tenant on an empty database (npm start does; production sets false). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_DIST: z.string().optional(),
  /** Bearer token of GET /metrics (Prometheus); unset, the route does not exist. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** On SIGTERM, how long requests in flight may take to finish before the process ends anyway (ms). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * Where receipt attachments and generated documents live: unset keeps them in the database (table stored_files);
   * `s3://KEY:SECRET@host[:port]/bucket[/prefix]?region=…` (or `s3+http://…`) puts them in an S3-compatible bucket.
   */
  FILE_STORAGE_URL: z
    .string()
    .regex(/^s3(\+http)?:\/\/[^/]+\/[^/?]+/, 'expected s3://[KEY:SECRET@]host[:port]/bucket[/prefix]')
    .optional(),
  /** Server processes (node:cluster) sharing the port; more than one needs DATABASE_URL (PGlite is one process). */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** How long the access gate keeps an answer (ms; 0 keeps none). Writes to what it read forget it at once. */
  GATE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /**
   * How long company-wide answers (module parameters, profiles and menus, the dashboard's news) are kept at most
   * (ms; 0 keeps none). A write to what they read forgets them at once, in every process (db/shared-answers.ts).
   */
  SHARED_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /** How long a webhook receiver may take to answer before the attempt counts as failed (ms). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The first webhook retry waits this long, each next one twice as long, up to an hour (ms). */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** Webhook deliveries each server process sends at once. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(64),
  /**
   * Which proxies in front of the server to believe about the client's address (X-Forwarded-For): a hop count
   * (`1` = the one nginx in front) or a comma-separated list of addresses and CIDRs (`127.0.0.1,10.0.0.0/8`).
   * Unset trusts none: the address is the TCP peer's, whatever the headers say.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): number | string[] | false => {
      if (v === undefined || v.trim().toLowerCase() === 'false' || v.trim() === '0') return false;
      const t = v.trim();
      if (/^\d+$/.test(t)) return Number(t);
      const list = t.split(',').map((x) => x.trim()).filter(Boolean);
      const bad = list.filter((x) => !isProxyAddress(x));
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `expected a hop count or addresses/CIDRs, got ${bad.join(', ')}` });
        return z.NEVER;
      }
      return list;
    }),
});

/** An IPv4/IPv6 address, a CIDR, or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
function isProxyAddress(x: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(x)) return true;
  const [addr, bits, extra] = x.split('/');
  if (extra !== undefined || !addr) return false;
  const kind = isIP(addr);
  if (kind === 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128);
}

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  tokenSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsHttpUrl: string | undefined;
  smsHttpToken: string | undefined;
  rateLimitScale: number;
  demoSize: DemoSize;
  seedDemo: boolean;
  webDist: string | undefined;
  metricsToken: string | undefined;
  shutdownTimeoutMs: number;
  /** An S3-compatible bucket for files (lib/file-storage.ts); undefined keeps them in the database. */
  fileStorageUrl: string | undefined;
  gateCacheMs: number;
  sharedCacheMs: number;
  workers: number;
  /** Fastify's trustProxy: false (none), a hop count, or the trusted addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** The webhook delivery loop (modules/integration/deliveries.ts). */
  webhookTimeoutMs: number;
  webhookRetryBaseMs: number;
  webhookConcurrency: number;
};

/**
 * A variable set but empty (`DATABASE_URL=` in a container file or an .env template) means unset, for every
 * variable: it takes the default rather than failing as an invalid value.
 */
export function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v.trim() !== '') out[k] = v;
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  if (e.WORKERS > 1 && !e.DATABASE_URL) {
    throw new Error('Invalid environment:\n  WORKERS: more than one server process needs DATABASE_URL (the embedded database has one process)');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    tokenSecret: e.TOKEN_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsHttpUrl: e.SMS_HTTP_URL,
    smsHttpToken: e.SMS_HTTP_TOKEN,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    demoSize: e.DEMO_SIZE,
    seedDemo: e.SEED_DEMO,
    webDist: e.WEB_DIST,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    fileStorageUrl: e.FILE_STORAGE_URL,
    gateCacheMs: e.GATE_CACHE_MS,
    sharedCacheMs: e.SHARED_CACHE_MS,
    workers: e.WORKERS,
    trustProxy: e.TRUST_PROXY,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    webhookRetryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    webhookConcurrency: e.WEBHOOK_CONCURRENCY,
  };
}
