import { useSyncExternalStore } from 'react';

/** Mobile means narrower than 768 px (field-warehouse.md); the menu and device access follow it. */
export const MOBILE_QUERY = '(max-width: 767px)';

function subscribe(cb: () => void) {
  const mq = window.matchMedia(MOBILE_QUERY);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}

export function isMobileNow(): boolean {
  return window.matchMedia(MOBILE_QUERY).matches;
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow);
}
