import { useCallback, useEffect, useRef, useState } from 'react';

type Options<T> = {
  fetcher: (text: string, signal: AbortSignal) => Promise<T[]>;
  /** Letters needed after trimming; below it the results are emptied and nothing is asked. */
  min: number;
  debounceMs: number;
  /** The shorter wait when a dialog opens again with its text (field-warehouse.md §9: 50 ms on reopen). */
  reopenDebounceMs?: number;
  onError?: (error: unknown) => void;
  log?: (message: string) => void;
};

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/**
 * A search box that asks the server as the user types: trimmed text of at least `min` letters, after
 * `debounceMs` of quiet; a new search aborts the one in flight, whose late answer (or abort error) is ignored.
 */
export function useRemoteSearch<T>({ fetcher, min, debounceMs, reopenDebounceMs = 50, onError, log }: Options<T>) {
  const [text, setTextState] = useState('');
  const [results, setResults] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const latest = useRef({ fetcher, onError, log });
  latest.current = { fetcher, onError, log };

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) {
      inFlight.current.abort();
      latest.current.log?.('Búsqueda anterior cancelada');
    }
    inFlight.current = null;
  }, []);

  const run = useCallback(
    (raw: string, wait: number) => {
      cancel();
      const q = raw.trim();
      if (q.length < min) {
        setResults([]);
        setLoading(false);
        return;
      }
      setLoading(true);
      timer.current = setTimeout(() => {
        const controller = new AbortController();
        inFlight.current = controller;
        latest.current
          .fetcher(q, controller.signal)
          .then((rows) => {
            if (controller.signal.aborted) return;
            setResults(rows);
          })
          .catch((e: unknown) => {
            if (controller.signal.aborted || isAbort(e)) return;
            setResults([]);
            latest.current.onError?.(e);
          })
          .finally(() => {
            if (inFlight.current === controller) {
              inFlight.current = null;
              setLoading(false);
            }
          });
      }, wait);
    },
    [cancel, min],
  );

  const setText = useCallback(
    (value: string) => {
      setTextState(value);
      run(value, debounceMs);
    },
    [run, debounceMs],
  );
  const reopen = useCallback(() => run(text, reopenDebounceMs), [run, text, reopenDebounceMs]);
  const reset = useCallback(() => {
    cancel();
    setTextState('');
    setResults([]);
    setLoading(false);
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  const trimmed = text.trim().length;
  return { text, setText, results, loading, reopen, reset, tooShort: trimmed > 0 && trimmed < min };
}
