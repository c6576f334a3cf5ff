/**
 * Where a paged list stands, from its query and how many rows it shows: 'rows' while it shows any, else 'loading'
 * until the first answer comes (a query waiting for its company and entity counts as loading), 'error' after a
 * failed answer, 'empty' only once an answer says there is nothing.
 */
export type ListPhase = 'loading' | 'error' | 'empty' | 'rows';

export function listPhase(query: { isPending: boolean; isError: boolean }, rows: number): ListPhase {
  if (rows > 0) return 'rows';
  if (query.isError) return 'error';
  if (query.isPending) return 'loading';
  return 'empty';
}
