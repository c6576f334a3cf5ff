import type { ReactNode } from 'react';
import { Empty, Spin, Typography } from 'antd';
import { msg } from '@portal/contract';
import { isOffline } from './api';
import { listPhase } from './list-phase';

type ListEmptyProps = {
  /**
   * The list's query: pending until its first answer, in error after a failed one (with what failed, when known);
   * `fetchStatus` 'paused' while TanStack Query waits for the network to come back.
   */
  query: { isPending: boolean; isError: boolean; error?: unknown; fetchStatus?: string };
  /** What the empty answer shows ('No hay más registros.', or the search's own text). */
  text: ReactNode;
  /** The small picture (lists inside a panel or a tab) instead of the default one. */
  simple?: boolean;
  /** Shown after a failure by a list with no error notice of its own on the screen (a passing notification only). */
  errorText?: ReactNode;
};

/**
 * What a list without rows shows (statements.md §8 and its 'Other texts'): 'Cargando....' until the first answer
 * comes, the empty text only once an answer says there is nothing, and after a failure nothing (the screen's error
 * notice says it) or `errorText`; a first load waiting for the network, or a failure because the device is offline,
 * says the device is offline instead. Tables take it as their empty text, card lists in place of the cards.
 */
export function ListEmpty({ query, text, simple = false, errorText }: ListEmptyProps) {
  const phase = listPhase(query, 0);
  const image = simple ? Empty.PRESENTED_IMAGE_SIMPLE : undefined;
  if (phase === 'loading') return query.fetchStatus === 'paused' ? <Empty image={image} description={msg.sinConexion} /> : <ListLoading />;
  if (phase === 'error') {
    if (isOffline(query.error)) return <Empty image={image} description={msg.sinConexion} />;
    return errorText ? <Empty image={image} description={errorText} /> : null;
  }
  return <Empty image={image} description={text} />;
}

/** The spec's loading text with a spinner, said to a screen reader as a status. */
export function ListLoading() {
  return (
    <div className="list-loading" role="status" data-testid="list-loading">
      <Spin size="small" />
      <Typography.Text type="secondary">{msg.cargando}</Typography.Text>
    </div>
  );
}
