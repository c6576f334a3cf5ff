import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';

/**
 * Ant Design's Table imports its column filter menu (FilterDropdown: Tree, Menu, Dropdown, Checkbox, Radio, its search
 * box) even when no column has filters, which no screen of the portal uses: ≈25 kB brotli on every list page. The build
 * puts this module in its place (`lazyAntdParts` in vite.config.ts), so the menu's code loads only when a column with
 * `filters` or `filterDropdown` is drawn; until then the column shows its title, as it does without filters.
 * (docs/decisions/web-delivery.md, 'Every route'.)
 */
const FilterDropdown = lazy(() => import('antd/es/table/hooks/useFilter/FilterDropdown'));

export default function LazyFilterDropdown(props: ComponentProps<typeof FilterDropdown> & { children?: ReactNode }) {
  return (
    <Suspense fallback={props.children}>
      <FilterDropdown {...props} />
    </Suspense>
  );
}

type FilterItem = { value: unknown; children?: FilterItem[] };

/** The same as antd's own (table/hooks/useFilter/FilterDropdown.js), which its filter hook reads without drawing a menu. */
export function flattenKeys(filters: FilterItem[] | undefined): unknown[] {
  return (filters ?? []).flatMap(({ value, children }) => [value, ...(children ? flattenKeys(children) : [])]);
}
