import { useMemo } from 'react';
import { useFeedback } from './feedback';

/**
 * Notifications top-right; 9 s (access.md §9) unless told otherwise. Loaded on first use (lib/feedback.tsx).
 * The feedback calls never change, so this is the same object on every render: an effect that notifies lists it
 * among its dependencies without running again.
 */
export function useNotify() {
  const { notification } = useFeedback();
  return useMemo(
    () => ({
      error: (title: string, description?: string, duration = 9) => notification.error({ title, description, duration, placement: 'topRight' }),
      success: (title: string, description?: string, duration = 9) => notification.success({ title, description, duration, placement: 'topRight' }),
      warning: (title: string, description?: string, duration = 9) => notification.warning({ title, description, duration, placement: 'topRight' }),
      info: (title: string, description?: string, duration = 9) => notification.info({ title, description, duration, placement: 'topRight' }),
    }),
    [notification],
  );
}
