import { lazy, Suspense, type ComponentType } from 'react';

/**
 * @rc-component/picker's date picker imports its popup (the panels of days, months, years and decades, the footer and
 * the presets) for when it opens; a closed picker never draws it, yet the audit's date filters and every screen with a
 * date field downloaded it for their first paint. The build puts this module in its place (`lazyAntdParts` in
 * vite.config.ts), so the panels load the first time a picker opens: the popup is there at once and fills a moment
 * later. (docs/decisions/web-delivery.md, 'Every route'.)
 */
type Props = Record<string, unknown>;
const Popup = lazy(() => import('portal:original') as Promise<{ default: ComponentType<Props> }>);

export default function LazyPickerPopup(props: Props) {
  return (
    <Suspense fallback={null}>
      <Popup {...props} />
    </Suspense>
  );
}
