import { useCallback, useState } from 'react';
import { WAREHOUSE } from '@portal/contract';

export type LogEntry = { id: number; at: string; level: 'info' | 'warn' | 'error'; text: string };

let nextId = 1;
const time = () => new Date().toLocaleTimeString('es-AR', { hour12: false }) + `.${String(new Date().getMilliseconds()).padStart(3, '0')}`;

/** The stock screen's in-page debug console: the newest 400 entries (field-warehouse.md §2), also sent to the browser console. */
export function useDebugLog() {
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const log = useCallback((text: string, level: LogEntry['level'] = 'info') => {
    (level === 'error' ? console.error : level === 'warn' ? console.warn : console.info)(`[stock] ${text}`);
    setEntries((list) => {
      const next = [...list, { id: nextId++, at: time(), level, text }];
      return next.length > WAREHOUSE.debugConsoleMax ? next.slice(next.length - WAREHOUSE.debugConsoleMax) : next;
    });
  }, []);
  const clear = useCallback(() => setEntries([]), []);
  return { entries, log, clear };
}
