import { forwardRef, lazy, Suspense, type ComponentType } from 'react';

/**
 * @rc-component/select imports its option list (with @rc-component/virtual-list) for the open popup, which a closed
 * select never draws: every screen with a select (the catalogue's quantities, the audit's action filter, the
 * administrator's entity search, the dashboard's filters) downloaded it for its first paint. The build puts this
 * module in its place (`lazyAntdParts` in vite.config.ts), so the list loads the first time a select opens; the
 * popup is there at once and fills a moment later. Keys pressed before it has loaded move nothing.
 * (docs/decisions/web-delivery.md, 'Every route'.)
 */
type Props = Record<string, unknown>;
const OptionList = lazy(() => import('@rc-component/select/es/OptionList') as unknown as Promise<{ default: ComponentType<Props> }>);

const LazyOptionList = forwardRef<unknown, Props>(function LazyOptionList(props, ref) {
  const all: Props = { ...props, ref };
  return (
    <Suspense fallback={null}>
      <OptionList {...all} />
    </Suspense>
  );
});

export default LazyOptionList;
