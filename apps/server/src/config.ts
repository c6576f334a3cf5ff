import path from 'node:path';
import { z } from 'zod';

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
  DEMO_SIZE: z.enum(['small', 'demo', 'large']).default('demo'),
  /** Seed the demo tenant on an empty database (npm start does; production sets false). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_DIST: z.string().optional(),
});

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
  demoSize: 'small' | 'demo' | 'large';
  seedDemo: boolean;
  webDist: string | undefined;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
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
  };
}
