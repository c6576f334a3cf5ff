import { describe, expect, it } from 'vitest';
import { WAREHOUSE, warehouseMsg } from '@portal/contract';
import { clampCount, countInRange, countProblem, parseCount } from './count-rules';

describe('the stock count as typed', () => {
  it('reads whole units only, around blanks, and refuses decimals, signs and letters', () => {
    expect(parseCount('7')).toBe(7);
    expect(parseCount(' 42 ')).toBe(42);
    expect(parseCount('0')).toBe(0);
    expect(parseCount('7,5')).toBeNull();
    expect(parseCount('7.5')).toBeNull();
    expect(parseCount('-3')).toBeNull();
    expect(parseCount('diez')).toBeNull();
    expect(parseCount('')).toBeNull();
    expect(parseCount('1234567')).toBeNull();
  });

  it('says what is wrong only once something that is not a whole number is typed', () => {
    expect(countProblem('')).toBeNull();
    expect(countProblem('   ')).toBeNull();
    expect(countProblem('12')).toBeNull();
    expect(countProblem('7,5')).toBe(warehouseMsg.cantidadEntera);
    expect(countProblem('-1')).toBe(warehouseMsg.cantidadEntera);
  });

  it('brings a whole number outside 0–100 to the nearer end and leaves the rest as typed', () => {
    expect(clampCount('250')).toBe(String(WAREHOUSE.stockMax));
    expect(clampCount('-4')).toBe(String(WAREHOUSE.stockMin));
    expect(clampCount(' 37 ')).toBe('37');
    expect(clampCount('7,5')).toBeNull();
    expect(clampCount('')).toBeNull();
  });

  it('sends only counts within 0–100', () => {
    expect(countInRange(0)).toBe(true);
    expect(countInRange(100)).toBe(true);
    expect(countInRange(101)).toBe(false);
    expect(countInRange(null)).toBe(false);
  });
});
