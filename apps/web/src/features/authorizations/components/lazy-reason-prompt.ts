import { lazyOverlay } from '../../../lib/lazy-overlay';

// The decision's prompt (a dialog with a text area) loads when first opened: the list's first paint does not draw it.
export const LazyReasonPrompt = lazyOverlay(() => import('./reason-prompt').then((m) => m.ReasonPrompt), (p) => p.open);
