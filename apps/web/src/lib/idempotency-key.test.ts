import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

describe('Idempotency-Key', () => {
  it('is 32 hex digits, which the server takes as a key (8–100 of A-Z, a-z, 0-9, - and _), and never the same twice', () => {
    const keys = Array.from({ length: 1000 }, newIdempotencyKey);
    for (const k of keys) expect(k).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1000);
  });
});
