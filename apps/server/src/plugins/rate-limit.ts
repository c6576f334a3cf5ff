import { sql } from 'kysely';
import { msg } from '@portal/contract';
import type { DB } from '../db/database.js';
import { tooManyRequests } from '../lib/http-errors.js';

export type LimitRule = { name: string; max: number; windowSeconds: number };

/**
 * Fixed-window counters kept in the database, so every server process behind a load balancer shares them.
 * One statement both counts the hit and reports the total, so concurrent requests cannot slip past.
 */
export class RateLimiter {
  constructor(
    private readonly db: DB,
    private readonly scale: number,
  ) {}

  /**
   * Counts a hit on `rule` for `subject`; throws 429 with the Spanish message once the window is full (or with
   * `message(retryAt)`, which tells the person when the window ends and they may try again).
   */
  async hit(rule: LimitRule, subject: string, message?: (retryAt: Date) => string): Promise<void> {
    const key = `${rule.name}:${subject}`;
    const window = `${rule.windowSeconds} seconds`;
    const row = await sql<{ hits: number; window_start: Date | string }>`
      insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
      on conflict (key) do update set
        hits = case when rate_limits.window_start < now() - ${window}::interval then 1 else rate_limits.hits + 1 end,
        window_start = case when rate_limits.window_start < now() - ${window}::interval then now() else rate_limits.window_start end
      returning hits, window_start`.execute(this.db);
    const hits = row.rows[0]?.hits ?? 0;
    if (hits > Math.ceil(rule.max * this.scale)) {
      const start = new Date(row.rows[0]!.window_start);
      throw tooManyRequests(message ? message(new Date(start.getTime() + rule.windowSeconds * 1000)) : msg.demasiadosIntentos);
    }
  }

  /** Forgets a subject's hits. */
  async reset(rule: LimitRule, subject: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', `${rule.name}:${subject}`).execute();
  }
}

/** The limits of access.md's sensitive calls (per IP and per account); failed logins: modules/access/login-throttle.ts. */
export const LIMITS = {
  refreshPerIp: { name: 'refresh-ip', max: 120, windowSeconds: 300 },
  registerPerIp: { name: 'register-ip', max: 10, windowSeconds: 3600 },
  registerPerEmail: { name: 'register-email', max: 5, windowSeconds: 3600 },
  smsPerIp: { name: 'sms-ip', max: 10, windowSeconds: 3600 },
  smsPerPhone: { name: 'sms-phone', max: 3, windowSeconds: 600 },
  checkPerIp: { name: 'check-ip', max: 30, windowSeconds: 600 },
  recoveryPerIp: { name: 'recovery-ip', max: 10, windowSeconds: 900 },
  recoveryPerAccount: { name: 'recovery-account', max: 3, windowSeconds: 3600 },
  newSessionPerUser: { name: 'newsession-user', max: 20, windowSeconds: 600 },
} satisfies Record<string, LimitRule>;
