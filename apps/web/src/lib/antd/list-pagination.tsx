import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * Ant Design's List imports Pagination for its `pagination` prop, which no list of the portal sets: the sessions
 * screen's lists are short, the others load the next batch as the user scrolls. The build puts this module in its
 * place (`lazyAntdParts` in vite.config.ts), so List, which the sessions screen brings into the shell's chunk, does not
 * bring Pagination to every screen with it; a list that shows pages loads it when it draws them.
 * (docs/decisions/web-delivery.md, 'Sessions screen'.)
 */
const Pagination = lazy(() => import('antd/es/pagination'));

export default function LazyListPagination(props: ComponentProps<typeof Pagination>) {
  return (
    <Suspense fallback={null}>
      <Pagination {...props} />
    </Suspense>
  );
}
