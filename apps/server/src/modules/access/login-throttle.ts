import { sql } from 'kysely';
import { msg } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { HttpError } from '../../lib/http-errors.js';

/**
 * Failed-login throttling with a growing delay (docs/decisions/access-limits.md). Only failures count: an attempt
 * reserves one failure before the password is checked (so parallel guesses cannot slip past the delay) and a
 * successful login gives it back. After `freeFailures` failures, each further one makes the next attempt wait
 * `firstDelaySeconds`, doubling up to `maxDelaySeconds`; `forgetAfterSeconds` without failures starts over.
 * Kept in the database, so every server process shares the counters.
 */
export type ThrottleRule = { name: string; freeFailures: number; firstDelaySeconds: number; maxDelaySeconds: number; forgetAfterSeconds: number };

export const LOGIN_THROTTLES = {
  /** Guesses at one account from devices that never logged in to it (by username or e-mail alike). */
  account: { name: 'account', freeFailures: 5, firstDelaySeconds: 2, maxDelaySeconds: 900, forgetAfterSeconds: 3600 },
  /** Failures from one address, any account: high, because whole towns share one carrier-NAT address. */
  address: { name: 'address', freeFailures: 30, firstDelaySeconds: 2, maxDelaySeconds: 600, forgetAfterSeconds: 900 },
  /** Failures from a device that logged in to this account before: its own counter, untouched by attackers. */
  device: { name: 'device', freeFailures: 10, firstDelaySeconds: 2, maxDelaySeconds: 900, forgetAfterSeconds: 3600 },
} satisfies Record<string, ThrottleRule>;

/** The wait after `failures` failures, in seconds (0 while within the free failures). */
export function delayAfter(rule: ThrottleRule, failures: number): number {
  if (failures <= rule.freeFailures) return 0;
  return Math.min(rule.firstDelaySeconds * 2 ** (failures - rule.freeFailures - 1), rule.maxDelaySeconds);
}

export class LoginThrottle {
  constructor(
    private readonly db: DB,
    private readonly scale: number,
  ) {}

  private free(rule: ThrottleRule): number {
    return Math.ceil(rule.freeFailures * this.scale);
  }

  /**
   * Reserves one failure on `rule` for `subject`, or throws 429 (with Retry-After) while the subject must still
   * wait. One statement: the check and the count cannot be split by a concurrent attempt.
   */
  async reserve(rule: ThrottleRule, subject: string): Promise<void> {
    const key = `${rule.name}:${subject}`;
    const forget = `${rule.forgetAfterSeconds} seconds`;
    const free = this.free(rule);
    const next = sql<number>`(case when t.last_failure_at < now() - ${forget}::interval then 1 else t.failures + 1 end)`;
    const until = (n: unknown) =>
      sql`case when ${n} > ${free} then now() + make_interval(secs => least(${rule.firstDelaySeconds}::float8 * power(2, ${n} - ${free} - 1), ${rule.maxDelaySeconds}::float8)) end`;
    const reserved = await sql<{ failures: number }>`
      insert into login_throttles as t (key, failures, first_failure_at, last_failure_at, blocked_until)
      values (${key}, 1, now(), now(), ${until(sql`1`)})
      on conflict (key) do update set
        failures = ${next},
        first_failure_at = case when t.last_failure_at < now() - ${forget}::interval then now() else t.first_failure_at end,
        last_failure_at = now(),
        blocked_until = ${until(next)}
      where t.blocked_until is null or t.blocked_until <= now()
      returning failures`.execute(this.db);
    if (reserved.rows.length > 0) return;
    const row = await this.db.selectFrom('login_throttles').select(sql<number>`ceil(extract(epoch from blocked_until - now()))::int`.as('wait')).where('key', '=', key).executeTakeFirst();
    const wait = Math.max(1, row?.wait ?? 1);
    // The text says the same wait as Retry-After: 'Espere 2 segundos', not 'unos minutos', for the first delays.
    throw new HttpError(429, msg.demasiadosIntentosEspera(wait), undefined, { 'retry-after': String(wait) });
  }

  /** Gives back a reservation that was not a failure (a successful login, or an attempt refused by another counter). */
  async release(rule: ThrottleRule, subject: string): Promise<void> {
    const key = `${rule.name}:${subject}`;
    const free = this.free(rule);
    await sql`
      update login_throttles set
        failures = greatest(failures - 1, 0),
        blocked_until = case when failures - 1 > ${free} then blocked_until end
      where key = ${key}`.execute(this.db);
  }

  /** Forgets a subject's failures (a successful login clears its account's or device's count). */
  async clear(rule: ThrottleRule, subject: string): Promise<void> {
    await this.db.deleteFrom('login_throttles').where('key', '=', `${rule.name}:${subject}`).execute();
  }
}
