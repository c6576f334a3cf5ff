import { forwardRef, lazy, Suspense, type ComponentType } from 'react';

/**
 * Ant Design's DatePicker builds its RangePicker (with @rc-component/picker's range input and its hooks) with it, for
 * `DatePicker.RangePicker`, which the portal never draws: its date ranges are two single pickers. The build puts this
 * module in place of that builder (`lazyAntdParts` in vite.config.ts), so a range picker's code loads only when one is
 * drawn. (docs/decisions/web-delivery.md, 'Every route'.)
 */
type Props = Record<string, unknown>;
type Generate = (generateConfig: unknown) => ComponentType<Props>;

export default function generateLazyRangePicker(generateConfig: unknown) {
  const RangePicker = lazy(() => (import('portal:original') as Promise<{ default: Generate }>).then((m) => ({ default: m.default(generateConfig) })));
  return forwardRef<unknown, Props>(function LazyRangePicker(props, ref) {
    const all: Props = { ...props, ref };
    return (
      <Suspense fallback={null}>
        <RangePicker {...all} />
      </Suspense>
    );
  });
}
