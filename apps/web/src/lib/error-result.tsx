import { lazy, Suspense } from 'react';
import type { ResultProps } from 'antd';

// Ant Design's Result carries its 403/404/500 illustrations: loaded only when a screen has something to refuse.
const Result = lazy(() => import('antd/es/result'));

/** A screen's refusal or failure (Ant Design's Result), loaded when shown. */
export function ErrorResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  );
}
