import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * Ant Design's Typography, Table (sortable columns), Segmented, FloatButton and Form.Item's label import Tooltip for
 * features drawn only on request: Typography's copy button, edit icon and ellipsis tooltip, a sorter's tooltip, an
 * option's or a floating button's `tooltip`, a label's `tooltip` — none of which the list screens draw. The build
 * puts this module in their place (`lazyAntdParts` in vite.config.ts), so Tooltip (with its trigger, placements and
 * colour presets) loads only when one of them is drawn; until then its child shows alone, as it does under a
 * tooltip that is not open. Screens that use Tooltip themselves import it as before.
 * (docs/decisions/web-delivery.md, 'Every route'.)
 */
const Tooltip = lazy(() => import('antd/es/tooltip'));

export default function LazyTooltip(props: ComponentProps<typeof Tooltip>) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
