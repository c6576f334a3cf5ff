import { describe, expect, it } from 'vitest';
import { fieldDate, formatDay, weekdayTitle } from './dates';

describe('field screen dates', () => {
  it('shows a day as DD/MM/YYYY and its weekday capitalised', () => {
    expect(formatDay('2026-03-09')).toBe('09/03/2026');
    expect(weekdayTitle('2026-11-25')).toBe('Miércoles');
    expect(weekdayTitle('2026-11-29')).toBe('Domingo');
  });

  it('takes the address date only when it is well formed', () => {
    expect(fieldDate('2026-11-25')).toBe('2026-11-25');
    for (const bad of [undefined, '', '25/11/2026', '2026-11-25x', '2026-1-5']) expect(fieldDate(bad)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fieldDate('25/11/2026')).not.toBe('25/11/2026');
  });
});
