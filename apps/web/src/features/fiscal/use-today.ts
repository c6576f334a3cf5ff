import { useEffect, useState } from 'react';
import { todayInArgentina } from '@portal/contract';

/**
 * Today in Buenos Aires, re-rendering when the day changes: a screen left open past midnight must not keep
 * sending yesterday's default range. Checked every minute (cheap, and robust to a laptop
 * that slept through midnight).
 */
export function useToday(): string {
  const [today, setToday] = useState(() => todayInArgentina());
  useEffect(() => {
    const id = window.setInterval(() => setToday(todayInArgentina()), 60_000);
    const onVisible = () => setToday(todayInArgentina());
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return today;
}
