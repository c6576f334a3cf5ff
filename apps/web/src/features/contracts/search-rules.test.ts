import { describe, expect, it } from 'vitest';
import { hasSearchFilters, searchFromParams, searchQuery, searchToParams } from './search-rules';

describe('the contracts search', () => {
  it('reads the grain from the path and the rest from the query, dropping what is malformed', () => {
    const s = searchFromParams('SOJA', new URLSearchParams('codres=PEN&desde=2026-01-01&hasta=2026-02-30&cosecha=2025/26, 2024/25,2025/26,25/26'));
    expect(s).toEqual({ grano: 'SOJA', codres: 'PEN', fechadesde: '2026-01-01', fechahasta: null, cosechas: ['2025/26', '2024/25'] });
    expect(searchFromParams(undefined, new URLSearchParams('codres=XXX')).codres).toBe('TOD');
  });

  it('writes back only what differs from the default, and reads it again the same', () => {
    const s = searchFromParams('MAIZ', new URLSearchParams('codres=CUM&desde=2026-03-01&cosecha=2025/26'));
    expect(searchToParams(s).toString()).toBe('codres=CUM&desde=2026-03-01&cosecha=2025%2F26');
    expect(searchFromParams('MAIZ', searchToParams(s))).toEqual(s);
    expect(searchToParams(searchFromParams(undefined, new URLSearchParams())).toString()).toBe('');
  });

  it('sends the harvests as a JSON array in text (statements.md §7)', () => {
    const s = searchFromParams(undefined, new URLSearchParams('cosecha=2025/26,2024/25'));
    expect(searchQuery(s)).toEqual({ grano: undefined, codres: 'TOD', fechadesde: undefined, fechahasta: undefined, cosecha: '["2025/26","2024/25"]' });
    expect(hasSearchFilters(s)).toBe(true);
    expect(hasSearchFilters(searchFromParams(undefined, new URLSearchParams('codres=FIJ')))).toBe(false);
  });
});
