import { forwardRef, lazy, Suspense, type ComponentType } from 'react';

/**
 * Ant Design's Table imports its virtual-scrolling body (@rc-component/table's VirtualTable with its grid, cells and
 * virtual list) for the `virtual` prop, which no table of the portal sets. The build puts this module in its place
 * (`lazyAntdParts` in vite.config.ts), so that code loads only when a `virtual` table is drawn.
 * (docs/decisions/web-delivery.md, 'Every route'.)
 */
type Props = Record<string, unknown>;
const VirtualTable = lazy(() => import('antd/es/table/RcTable/VirtualTable') as unknown as Promise<{ default: ComponentType<Props> }>);

const LazyVirtualTable = forwardRef<unknown, Props>(function LazyVirtualTable(props, ref) {
  const all: Props = { ...props, ref };
  return (
    <Suspense fallback={null}>
      <VirtualTable {...all} />
    </Suspense>
  );
});

export default LazyVirtualTable;
