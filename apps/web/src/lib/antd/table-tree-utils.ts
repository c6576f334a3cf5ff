/**
 * What Ant Design's Table selection (table/hooks/useSelection.js) reads from @rc-component/tree: four helpers. The
 * package has no `sideEffects` flag, so importing them from its index brings the whole Tree component (≈10 kB brotli)
 * into every list page. The build points that one import here (`lazyAntdParts` in vite.config.ts): the same helpers,
 * from the files that define them. (docs/decisions/web-delivery.md, 'Every route'.)
 */
export { conductCheck } from '@rc-component/tree/es/utils/conductUtil';
export { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';

// rc-tree's es/util.js, which also imports TreeNode: the two list helpers as they are there.
export function arrDel<T>(list: T[] | undefined, value: T): T[] {
  if (!list) return [];
  const clone = list.slice();
  const index = clone.indexOf(value);
  if (index >= 0) clone.splice(index, 1);
  return clone;
}
export function arrAdd<T>(list: T[] | undefined, value: T): T[] {
  const clone = (list ?? []).slice();
  if (clone.indexOf(value) === -1) clone.push(value);
  return clone;
}
