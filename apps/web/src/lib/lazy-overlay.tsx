import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A drawer or dialog whose code loads the first time it opens (docs/decisions/web-delivery.md, 'Every
 * route'): a screen's search drawer, movement drawer or edit dialog brings date pickers, trees and forms that the
 * screen's first paint does not need. Until it first opens it renders nothing; from then on it stays mounted, so
 * that closing animates and the form keeps its state as before. `useOpen` tells from the props (or a store) whether
 * it is open; `preload` fetches the code ahead (e.g. when the button that opens it is hovered or focused).
 */
export function lazyOverlay<P extends object>(load: () => Promise<ComponentType<P>>, useOpen: (props: P) => boolean) {
  const Loaded = lazy(() => load().then((Component) => ({ default: Component })));
  function LazyOverlay(props: P) {
    const open = useOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!open && !opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyOverlay, { preload: () => void load() });
}
