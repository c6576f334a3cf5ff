import { describe, expect, it } from 'vitest';
import { canGoForward, HOY, nextDay, plannerCaption, plannerDate, plannerFor, plannerFromSearch, plannerSearch, previousDay, type Planner } from './planner';

// 2026-11-25 is a Wednesday: its week runs from Monday 23 to Sunday 29.
const TODAY = '2026-11-25';

describe('the visit planner', () => {
  it('places a date as today, days back, or a weekday of a later week', () => {
    expect(plannerFor(TODAY, TODAY)).toEqual(HOY);
    expect(plannerFor('2026-11-24', TODAY)).toEqual({ mode: 'historico', atras: 1 });
    expect(plannerFor('2026-10-26', TODAY)).toEqual({ mode: 'historico', atras: 30 });
    expect(plannerFor('2026-11-27', TODAY)).toEqual({ mode: 'futuro', dia: 4, semana: 0 });
    expect(plannerFor('2026-11-30', TODAY)).toEqual({ mode: 'futuro', dia: 0, semana: 1 });
    expect(plannerFor('2026-12-20', TODAY)).toEqual({ mode: 'futuro', dia: 6, semana: 3 });
  });

  it('gives back the date of every position it places (round trip over three months)', () => {
    for (let d = -45; d <= 45; d += 1) {
      const date = new Date(Date.UTC(2026, 10, 25 + d)).toISOString().slice(0, 10);
      expect(plannerDate(plannerFor(date, TODAY), TODAY)).toBe(date);
    }
  });

  it('reads its position from the address and writes it back', () => {
    const positions: Planner[] = [HOY, { mode: 'historico', atras: 3 }, { mode: 'futuro', dia: 3, semana: 2 }];
    for (const p of positions) expect(plannerFromSearch(new URLSearchParams(plannerSearch(p)), TODAY)).toEqual(p);
    expect(plannerSearch({ mode: 'futuro', dia: 2, semana: 1 })).toBe('?dia=mi%C3%A9rcoles&semana=1');
  });

  it('takes today for anything malformed, or a weekday that is not after today', () => {
    for (const q of ['atras=0', 'atras=-2', 'atras=abc', 'atras=99999', 'dia=feriado', 'dia=lunes&semana=x', 'dia=lunes&semana=53', 'dia=lunes&semana=0', 'dia=mi%C3%A9rcoles&semana=0']) {
      expect(plannerFromSearch(new URLSearchParams(q), TODAY), q).toEqual(HOY);
    }
    expect(plannerFromSearch(new URLSearchParams('dia=jueves&semana=0'), TODAY)).toEqual({ mode: 'futuro', dia: 3, semana: 0 });
  });

  it('steps one day at a time across today, weeks and history', () => {
    expect(previousDay(HOY, TODAY)).toEqual({ mode: 'historico', atras: 1 });
    expect(previousDay({ mode: 'historico', atras: 4 }, TODAY)).toEqual({ mode: 'historico', atras: 5 });
    expect(nextDay({ mode: 'historico', atras: 1 }, TODAY)).toEqual(HOY);
    expect(nextDay(HOY, TODAY)).toEqual({ mode: 'futuro', dia: 3, semana: 0 });
    expect(nextDay({ mode: 'futuro', dia: 6, semana: 0 }, TODAY)).toEqual({ mode: 'futuro', dia: 0, semana: 1 });
    expect(previousDay({ mode: 'futuro', dia: 0, semana: 1 }, TODAY)).toEqual({ mode: 'futuro', dia: 6, semana: 0 });
    expect(previousDay({ mode: 'futuro', dia: 3, semana: 0 }, TODAY)).toEqual(HOY);
    // Every step forward then back comes home, over two weeks either side.
    let p: Planner = { mode: 'historico', atras: 14 };
    const seen: string[] = [];
    for (let i = 0; i < 28; i += 1) {
      seen.push(plannerDate(p, TODAY));
      p = nextDay(p, TODAY);
    }
    expect(new Set(seen).size).toBe(28);
    expect(seen.every((d, i) => i === 0 || d > seen[i - 1]!)).toBe(true);
  });

  it('stops going forward at the last week the API answers', () => {
    expect(canGoForward({ mode: 'futuro', dia: 6, semana: 52 })).toBe(false);
    expect(canGoForward({ mode: 'futuro', dia: 5, semana: 52 })).toBe(true);
    expect(canGoForward(HOY)).toBe(true);
  });

  it('names the mode in Spanish', () => {
    expect(plannerCaption(HOY)).toBeNull();
    expect(plannerCaption({ mode: 'historico', atras: 1 })).toBe('Historial · ayer');
    expect(plannerCaption({ mode: 'historico', atras: 3 })).toBe('Historial · hace 3 días');
    expect(plannerCaption({ mode: 'futuro', dia: 0, semana: 0 })).toBe('Recorrido previsto · esta semana');
    expect(plannerCaption({ mode: 'futuro', dia: 0, semana: 1 })).toBe('Recorrido previsto · la semana próxima');
    expect(plannerCaption({ mode: 'futuro', dia: 0, semana: 4 })).toBe('Recorrido previsto · dentro de 4 semanas');
  });
});
