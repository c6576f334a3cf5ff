import { describe, expect, it } from 'vitest';
import { searchFromParams } from './search-rules';

describe('the fiscal search from the URL', () => {
  it('takes both dates when both are valid, and the document kinds once each', () => {
    const s = searchFromParams(new URLSearchParams('desde=2026-10-01&hasta=2026-10-20&descom=Factura&descom=Factura&descom=&descom=Recibo'), '2026-11-29');
    expect(s).toEqual({ fechadesde: '2026-10-01', fechahasta: '2026-10-20', descom: ['Factura', 'Recibo'] });
  });

  it('falls back to the given day\'s default range (six months back to that day) when a date is missing or malformed', () => {
    expect(searchFromParams(new URLSearchParams(''), '2026-11-29')).toEqual({ fechadesde: '2026-05-01', fechahasta: '2026-11-29', descom: [] });
    expect(searchFromParams(new URLSearchParams('desde=2026-10-01'), '2026-11-29').fechadesde).toBe('2026-05-01');
    expect(searchFromParams(new URLSearchParams('desde=2026-10-01&hasta=2026-02-30'), '2026-11-29').fechahasta).toBe('2026-11-29');
  });

  it('moves the default range on with the day, so a screen left open past midnight asks for the new one', () => {
    expect(searchFromParams(new URLSearchParams(''), '2026-12-01')).toEqual({ fechadesde: '2026-06-01', fechahasta: '2026-12-01', descom: [] });
  });
});
