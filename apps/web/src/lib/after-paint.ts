import { useEffect, useState } from 'react';

/** Longest wait for a frame (a hidden page gets none): then the rest is drawn anyway. */
const FRAME_FALLBACK_MS = 250;
/** Longest wait after the paint for the page to be idle. */
const IDLE_WAIT_MS = 300;

/**
 * False until the browser has painted a frame with `shown` true, then true (and stays so): what a screen draws with
 * it comes one frame after what it draws without (docs/decisions/web-delivery.md, 'Dashboard'). For what is below
 * the first screenful of a page that would otherwise delay the first paint on a slow phone (the dashboard's charts
 * and tables: their render, and a chart's measuring of its width, which forces a layout before the paint).
 */
export function useAfterFirstPaint(shown = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted || !shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const done = () => {
      clearTimeout(timer);
      setPainted(true);
    };
    // A frame's callback runs before that frame's paint; what it queues runs after the paint: when the page is next
    // idle (the answers being asked again arrive meanwhile, input is not held up), at most IDLE_WAIT_MS later. Safari
    // has no requestIdleCallback: a task then.
    const frame = requestAnimationFrame(() => {
      clearTimeout(timer);
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(done, { timeout: IDLE_WAIT_MS });
      else timer = setTimeout(done, 0);
    });
    timer = setTimeout(done, FRAME_FALLBACK_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [painted, shown]);
  return painted;
}
