import { useEffect, useState } from 'react';
import { WAREHOUSE } from '@portal/contract';

const HINT_KEY = 'stock.cameraHintShown';

/** The Android camera hint: once per browser session, 2200 ms after the page opens. */
export function useAndroidHint(log: (text: string) => void) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!/Android/i.test(navigator.userAgent) || sessionStorage.getItem(HINT_KEY)) return;
    const t = setTimeout(() => {
      sessionStorage.setItem(HINT_KEY, '1');
      setShown(true);
      log('Sugerencia de cámara mostrada');
    }, WAREHOUSE.androidHintDelayMs);
    return () => clearTimeout(t);
  }, [log]);
  return { shown, hide: () => setShown(false) };
}
