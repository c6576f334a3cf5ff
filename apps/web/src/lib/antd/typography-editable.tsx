import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * Ant Design's Typography imports its in-place editor (Editable, with TextArea) for `editable` texts, which the portal
 * never has: every screen with a Typography text downloaded a TextArea. The build puts this module in its place
 * (`lazyAntdParts` in vite.config.ts), so the editor loads only when a text is being edited.
 * (docs/decisions/web-delivery.md, 'Every route'.)
 */
const Editable = lazy(() => import('antd/es/typography/Editable'));

export default function LazyEditable(props: ComponentProps<typeof Editable>) {
  return (
    <Suspense fallback={null}>
      <Editable {...props} />
    </Suspense>
  );
}
