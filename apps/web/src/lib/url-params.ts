/**
 * The query of the address as it is now (hash routing: after the `?` of the hash). A page that changes one filter
 * starts from this, not from the `useSearchParams()` of its last render: the router changes the address at once and
 * renders the page later (in a transition), so a control pressed in between (Enter in a search box right after
 * 'Limpiar filtros') would otherwise put back a filter just cleared.
 */
export function liveSearchParams(hash: string = window.location.hash): URLSearchParams {
  const i = hash.indexOf('?');
  return new URLSearchParams(i < 0 ? '' : hash.slice(i + 1));
}
