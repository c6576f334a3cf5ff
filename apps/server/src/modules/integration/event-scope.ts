/**
 * The read scope that lets a key read the event feed (feed.ts) and have its webhook sent the events
 * (deliveries-queue.ts): one rule for both.
 */
export const EVENTS_READ_KIND = 'eventos' as const;

export const readsEvents = (readKinds: readonly string[]) => readKinds.includes(EVENTS_READ_KIND);
