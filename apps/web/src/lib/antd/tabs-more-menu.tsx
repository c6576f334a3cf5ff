import { lazy, Suspense, type ComponentProps } from 'react';
import type * as RcMenu from '@rc-component/menu';

/**
 * The menu of Tabs' '…' dropdown (see tabs-more-dropdown.tsx), loaded with that dropdown: @rc-component/tabs'
 * OperationNode builds it on every render, but it is drawn only inside the dropdown's popup.
 */
type MenuModule = typeof RcMenu;
let loaded: MenuModule | undefined;
let loading: Promise<MenuModule> | undefined;
export const loadTabsMoreMenu = () =>
  (loading ??= import('@rc-component/menu').then((m) => {
    loaded = m;
    return m;
  }));

const RealMenu = lazy(() => loadTabsMoreMenu().then((m) => ({ default: m.default })));

export default function LazyTabsMoreMenu(props: ComponentProps<MenuModule['default']>) {
  return (
    <Suspense fallback={null}>
      <RealMenu {...props} />
    </Suspense>
  );
}

/** Drawn only inside the real menu, which has loaded the module by then. */
export function MenuItem(props: ComponentProps<MenuModule['MenuItem']>) {
  const Item = loaded!.MenuItem;
  return <Item {...props} />;
}
