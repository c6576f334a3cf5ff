/**
 * The code of the screens the user is on the way to, fetched at low priority (docs/decisions/web-delivery.md,
 * 'Low-priority prefetch'). The build lists each group's files in index.html (vite.config.ts, quietPrefetchList). Each
 * becomes a `<link rel=modulepreload fetchpriority=low>` (a stylesheet, `rel=preload as=style`): Chromium fetches and
 * compiles the module into the page's module map, where the screen's `import()` finds it, and sends the requests of
 * higher priority (the sign-in, the screens' answers, an import the user is waiting for) before those still queued. An
 * `import()` for a prefetch asked for every file at the priority of the sign-in's POST, and a host's requests of one
 * priority go in the order asked: 'Ingresar' waited for the whole sessions screen's code.
 *
 * In development there is no list: nothing is prefetched.
 */
export type QuietGroup = 'sessions' | 'landing';

let groups: Partial<Record<QuietGroup, string[]>> | null = null;

function listed(): Partial<Record<QuietGroup, string[]>> {
  if (groups) return groups;
  try {
    groups = JSON.parse(document.getElementById('portal-quiet-prefetch')?.textContent || '{}') as Partial<Record<QuietGroup, string[]>>;
  } catch {
    groups = {};
  }
  return groups;
}

/**
 * Starts the group's downloads that are not already linked (Vite's own preloads included); once per file. Resolves when
 * they are over, whatever the outcome: an `import()` of the group's modules then runs them without a request of its own.
 */
export function prefetchQuietly(group: QuietGroup): Promise<void> {
  const linked = new Map([...document.querySelectorAll<HTMLLinkElement>('link[href]')].map((l) => [l.getAttribute('href'), l]));
  const pending: Array<Promise<void>> = [];
  for (const href of listed()[group] ?? []) {
    const existing = linked.get(href);
    if (existing) {
      pending.push(settled(existing));
      continue;
    }
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    link.fetchPriority = 'low';
    link.href = href;
    pending.push(settled(link));
    document.head.appendChild(link);
  }
  return Promise.all(pending).then(() => undefined);
}

const done = new WeakSet<HTMLLinkElement>();
/** When a link's fetch is over (loaded or failed); a link of Vite's own preload counts as over. */
function settled(link: HTMLLinkElement): Promise<void> {
  if (done.has(link) || link.fetchPriority !== 'low') return Promise.resolve();
  return new Promise((resolve) => {
    const end = () => {
      done.add(link);
      resolve();
    };
    link.addEventListener('load', end, { once: true });
    link.addEventListener('error', end, { once: true });
  });
}
