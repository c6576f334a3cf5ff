import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * Ant Design's Pagination imports Select for its page-size changer, which no list of the portal shows
 * (`showSizeChanger: false`, or fewer than 50 rows). The build puts this module in its place (`lazyAntdParts` in
 * vite.config.ts), so a list page without a select of its own does not download Select (with its option list,
 * virtual list and popup) for it; a size changer, where one is drawn, loads it then.
 * (docs/decisions/web-delivery.md, 'Every route'.)
 */
const Select = lazy(() => import('antd/es/select'));

export default function LazyPaginationSelect(props: ComponentProps<typeof Select>) {
  return (
    <Suspense fallback={null}>
      <Select {...props} />
    </Suspense>
  );
}
