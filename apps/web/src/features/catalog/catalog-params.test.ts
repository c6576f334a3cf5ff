import { describe, expect, it } from 'vitest';
import { activeFilterCount, FACET_FIELD, FACETS, searchState } from './catalog-params';

describe('catalogue search and filters', () => {
  it('browses on a blank text, does not search on one or two characters', () => {
    expect(searchState('')).toBe('all');
    expect(searchState('   ')).toBe('all');
    expect(searchState(' ur ')).toBe('short');
    expect(searchState('ure')).toBe('search');
  });

  it('counts the chosen facets and the two flags', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ marca: 3, familia: 1, nuevo: true })).toBe(3);
    expect(activeFilterCount({ promo: true, nuevo: false })).toBe(1);
  });

  it('names a query field for each of the eight facets', () => {
    expect(FACETS).toHaveLength(8);
    for (const { key } of FACETS) expect(FACET_FIELD[key]).toMatch(/_id$/);
  });
});
