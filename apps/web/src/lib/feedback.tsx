import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ModalFuncProps, NotificationArgsProps } from 'antd';
import type { useAppProps } from 'antd/es/app/context';

/**
 * Ant Design's App feedback (modal, notification, message) loaded on first use instead of with the first screen
 * (docs/decisions/web-delivery.md): a login screen that never fails never downloads the modal and notification
 * code. `useFeedback()` replaces `App.useApp()`; a call made before the code has arrived waits for it and then runs.
 * The host (feedback-host.tsx) is one <App> inside the theme, so the dialogs and notifications keep the company's
 * colours and the Spanish locale.
 */
type Api = useAppProps;

let api: Api | null = null;
let waiting: Array<(a: Api) => void> = [];
let wanted = false;
const listeners = new Set<() => void>();

function withApi(run: (a: Api) => void): void {
  if (api) {
    run(api);
    return;
  }
  waiting.push(run);
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
}

/** Called by the host once its App is mounted (and with null when it unmounts). */
export function connectFeedback(next: Api | null): void {
  api = next;
  if (!next) return;
  const queued = waiting;
  waiting = [];
  queued.forEach((run) => run(next));
}

type ModalCall = (config: ModalFuncProps) => void;
type NotificationCall = (args: NotificationArgsProps) => void;

const feedback = {
  modal: {
    confirm: ((c) => withApi((a) => void a.modal.confirm(c))) as ModalCall,
    info: ((c) => withApi((a) => void a.modal.info(c))) as ModalCall,
    success: ((c) => withApi((a) => void a.modal.success(c))) as ModalCall,
    warning: ((c) => withApi((a) => void a.modal.warning(c))) as ModalCall,
    error: ((c) => withApi((a) => void a.modal.error(c))) as ModalCall,
  },
  notification: {
    open: ((n) => withApi((a) => a.notification.open(n))) as NotificationCall,
    info: ((n) => withApi((a) => a.notification.info(n))) as NotificationCall,
    success: ((n) => withApi((a) => a.notification.success(n))) as NotificationCall,
    warning: ((n) => withApi((a) => a.notification.warning(n))) as NotificationCall,
    error: ((n) => withApi((a) => a.notification.error(n))) as NotificationCall,
  },
};

export type Feedback = typeof feedback;

/** The modal and notification calls of Ant Design's App, loaded when first used. */
export function useFeedback(): Feedback {
  return feedback;
}

const Host = lazy(() => import('./feedback-host'));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Mounted once inside the theme (providers.tsx): renders the host from the first call on. */
export function FeedbackRoot() {
  const needed = useSyncExternalStore(subscribe, () => wanted);
  return needed ? (
    <Suspense fallback={null}>
      <Host connect={connectFeedback} />
    </Suspense>
  ) : null;
}
