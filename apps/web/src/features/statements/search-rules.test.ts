import { describe, expect, it } from 'vitest';
import { oneYearBefore, todayInArgentina } from '@portal/contract';
import { amountOf, emptySearch, hasSearchFilters, rangeTooLong, searchFromParams, searchQuery, searchToParams, startTooOld } from './search-rules';

describe('the statements search', () => {
  it('reads every filter from the address, dropping what is malformed', () => {
    const s = searchFromParams(
      new URLSearchParams('moneda=USD&tipocc=3&codres=VEN&desde=01/11/2026&hasta=2026-11-30&idesde=1.000&ihasta=5000&descom=Factura&descom=Recibo&descom=Factura&descom=&credito=1&debito=0'),
    );
    expect(s).toEqual({
      moneda: 'USD', tipocc: '3', codres: 'VEN', fechadesde: '2026-11-01', fechahasta: '2026-11-30', importedsd: '1.000', importehst: '5000',
      descom: ['Factura', 'Recibo'], credito: true, debito: false,
    });
    const bad = searchFromParams(new URLSearchParams('moneda=EUR&codres=XXX&desde=2026-02-30&hasta=ayer'));
    expect(bad).toEqual(emptySearch());
  });

  it('writes back only what differs from the default, and reads it again the same', () => {
    expect(searchToParams(emptySearch()).toString()).toBe('');
    const s = { ...emptySearch(), moneda: 'ARS' as const, codres: 'PEN' as const, fechadesde: '2026-11-01', descom: ['Factura', 'Nota de crédito'], debito: true };
    expect(searchToParams(s).toString()).toBe('moneda=ARS&codres=PEN&desde=2026-11-01&descom=Factura&descom=Nota+de+cr%C3%A9dito&debito=1');
    expect(searchFromParams(searchToParams(s))).toEqual(s);
  });

  it('sends the voucher kinds joined by commas and the flags as "true", leaving out what is unset', () => {
    const s = { ...emptySearch(), descom: ['Factura', 'Recibo'], credito: true, importedsd: '100' };
    expect(searchQuery(s)).toEqual({
      moneda: undefined, tipocc: undefined, codres: 'TOD', fechadesde: undefined, fechahasta: undefined, importedsd: '100', importehst: undefined,
      descom: 'Factura,Recibo', credito: 'true', debito: undefined,
    });
  });

  it('counts only the drawer\'s filters as a search in use (not the tabs, the radio or the account)', () => {
    expect(hasSearchFilters({ ...emptySearch(), moneda: 'USD', tipocc: '2', codres: 'PEN' })).toBe(false);
    expect(hasSearchFilters({ ...emptySearch(), fechahasta: '2026-11-30' })).toBe(true);
    expect(hasSearchFilters({ ...emptySearch(), descom: ['Recibo'] })).toBe(true);
    expect(hasSearchFilters({ ...emptySearch(), debito: true })).toBe(true);
  });

  it('reads "Importe desde" with the contract\'s parser, refusing negatives and words', () => {
    expect(amountOf('50.000')).toBe('50000.00');
    expect(amountOf('1.234,5')).toBe('1234.50');
    expect(amountOf('-10')).toBeNull();
    expect(amountOf('diez')).toBeNull();
  });

  it('refuses a start older than one year and a range over 30 days', () => {
    const today = todayInArgentina();
    const yearAgo = oneYearBefore(today);
    expect(startTooOld(yearAgo)).toBe(false);
    expect(startTooOld(new Date(Date.parse(`${yearAgo}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10))).toBe(true);
    expect(rangeTooLong('2026-11-01', '2026-12-01')).toBe(false);
    expect(rangeTooLong('2026-11-01', '2026-12-02')).toBe(true);
  });
});
