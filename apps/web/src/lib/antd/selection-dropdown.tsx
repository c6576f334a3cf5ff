import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * Ant Design's Table selection imports Dropdown (and with it Menu, ≈20 kB brotli) for the selection column's
 * `selections` menu, which no table of the portal has. The build puts this module in its place (`lazyAntdParts` in
 * vite.config.ts), so Dropdown loads only when such a menu is drawn; until then its trigger shows alone.
 * (docs/decisions/web-delivery.md, 'Every route'.)
 */
const Dropdown = lazy(() => import('antd/es/dropdown'));

export default function LazySelectionDropdown(props: ComponentProps<typeof Dropdown>) {
  return (
    <Suspense fallback={props.children}>
      <Dropdown {...props} />
    </Suspense>
  );
}
