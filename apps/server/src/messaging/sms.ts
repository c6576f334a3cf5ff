import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** `to` is E.164 (+54 and the 10-digit number). */
export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
}

/** A generic HTTP gateway: POST {to, text} as JSON with a bearer token; any non-2xx is a failure. */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
  ) {}
  async send(to: string, text: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

/** Development outbox: logged and appended as one JSON line per message to DATA_DIR/outbox/sms.jsonl. */
export class OutboxSmsProvider implements SmsProvider {
  constructor(
    readonly file: string,
    private readonly log: FastifyBaseLogger,
  ) {}
  async send(to: string, text: string): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    await appendFile(this.file, `${JSON.stringify({ to, text, at: new Date().toISOString() })}\n`, 'utf8');
    this.log.info({ to, text }, 'SMS written to the development outbox');
  }
}
