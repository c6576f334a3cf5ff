import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * Ant Design's Table imports Checkbox and Radio for its selection column (table/hooks/useSelection.js) whether or not
 * the table has `rowSelection`; only the fiscal movements' table has one (check boxes), and no table selects with
 * radios. The build puts these two in their place (`lazyAntdParts` in vite.config.ts): a table with a selection
 * column loads them when it draws it, and the other list pages do not download them (with Radio.Group's styles).
 * Until the code is there a selection cell keeps its room (a box of the check box's size).
 * (docs/decisions/web-delivery.md, 'Every route'.)
 */
const Checkbox = lazy(() => import('antd/es/checkbox'));
const Radio = lazy(() => import('antd/es/radio'));

const room = <span style={{ display: 'inline-block', width: 16, height: 16, verticalAlign: 'middle' }} />;

export function SelectionCheckbox(props: ComponentProps<typeof Checkbox>) {
  return (
    <Suspense fallback={room}>
      <Checkbox {...props} />
    </Suspense>
  );
}

export function SelectionRadio(props: ComponentProps<typeof Radio>) {
  return (
    <Suspense fallback={room}>
      <Radio {...props} />
    </Suspense>
  );
}
