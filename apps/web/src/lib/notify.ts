import { useFeedback } from './feedback';

/** Notifications top-right; 9 s (access.md §9) unless told otherwise. Loaded on first use (lib/feedback.tsx). */
export function useNotify() {
  const { notification } = useFeedback();
  return {
    error: (title: string, description?: string, duration = 9) => notification.error({ title, description, duration, placement: 'topRight' }),
    success: (title: string, description?: string, duration = 9) => notification.success({ title, description, duration, placement: 'topRight' }),
    warning: (title: string, description?: string, duration = 9) => notification.warning({ title, description, duration, placement: 'topRight' }),
    info: (title: string, description?: string, duration = 9) => notification.info({ title, description, duration, placement: 'topRight' }),
  };
}
