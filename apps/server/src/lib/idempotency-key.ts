import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@portal/contract';
import { badRequest } from './http-errors.js';

/** What a client-made key may be: 8–100 letters, digits, '-' or '_' (a UUID, or 32 hex digits). */
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * The request's Idempotency-Key: the name a client gives one write so that sending it again (a lost answer, a double
 * click, the field outbox's replay) returns the first outcome instead of making a second record. Null without the
 * header; 400 with `malformed` (the area's Spanish message) when it is not a key.
 */
export function idempotencyKeyOf(request: FastifyRequest, malformed: string): string | null {
  const v = request.headers[IDEMPOTENCY_HEADER];
  const raw = (Array.isArray(v) ? v[0] : v)?.trim();
  if (raw === undefined) return null;
  if (!KEY.test(raw)) throw badRequest(malformed);
  return raw;
}

/** The same, for a write that must carry one: 400 with `missing` without it. */
export function requiredIdempotencyKey(request: FastifyRequest, missing: string): string {
  const key = idempotencyKeyOf(request, missing);
  if (key === null) throw badRequest(missing);
  return key;
}
