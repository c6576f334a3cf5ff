import { useMemo, useRef } from 'react';

/**
 * A new Idempotency-Key (32 hex digits from the browser's random source): the name of one write, sent with it and
 * with every retry of it, so that the server answers a retry with the first outcome instead of a second record.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The keys of writes that got no answer yet, by what they do (e.g. 'aprobar:12'): sent again after a lost answer, a
 * write reuses its key, so the server answers as the first time; any answer of the server ends it.
 */
export function useAttemptKeys() {
  const keys = useRef(new Map<string, string>());
  return useMemo(
    () => ({
      keyFor(what: string): string {
        const known = keys.current.get(what);
        if (known) return known;
        const key = newIdempotencyKey();
        keys.current.set(what, key);
        return key;
      },
      answered(what: string): void {
        keys.current.delete(what);
      },
    }),
    [],
  );
}
