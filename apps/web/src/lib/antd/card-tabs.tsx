import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * Ant Design's Card imports Tabs (and with it a menu and a dropdown, ≈10 kB brotli) for its `tabList`, which no card
 * of the portal has. The build puts this module in its place (`lazyAntdParts` in vite.config.ts), so Tabs loads only
 * when a card with a tab list is drawn. (docs/decisions/web-delivery.md, 'Every route'.)
 */
const Tabs = lazy(() => import('antd/es/tabs'));

export default function LazyCardTabs(props: ComponentProps<typeof Tabs>) {
  return (
    <Suspense fallback={null}>
      <Tabs {...props} />
    </Suspense>
  );
}
