import { addDays, DIAS, SEMANAS_MAX, weekdayOf, type Dia } from '@portal/contract';

/**
 * The visit planner's position (field-warehouse.md §4): today; historical, counted in days back from today; or
 * future, a weekday (lunes … domingo) with a week offset from the current week. It lives in the URL of
 * /{profile}/repartos (?atras=N, or ?dia=jueves&semana=W), so a reload, the back button or a return from the
 * customer's detail keep it. Days back are counted from today: a planner left open past midnight moves with it.
 */
export type Planner =
  | { mode: 'hoy' }
  | { mode: 'historico'; atras: number }
  | { mode: 'futuro'; dia: number; semana: number };

export const HOY: Planner = { mode: 'hoy' };

/** Whole days from `a` to `b` ('YYYY-MM-DD'). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T12:00:00Z`) - Date.parse(`${a}T12:00:00Z`)) / 86_400_000);
}
const mondayOf = (iso: string) => addDays(iso, 1 - weekdayOf(iso));
/** 0 (lunes) … 6 (domingo). */
const indexOf = (iso: string) => weekdayOf(iso) - 1;

/** The planner position of a date: today, N days back, or its weekday in a later week. */
export function plannerFor(date: string, today: string): Planner {
  if (date === today) return HOY;
  if (date < today) return { mode: 'historico', atras: daysBetween(date, today) };
  return { mode: 'futuro', dia: indexOf(date), semana: daysBetween(mondayOf(today), mondayOf(date)) / 7 };
}

/** The date the planner shows. */
export function plannerDate(p: Planner, today: string): string {
  if (p.mode === 'hoy') return today;
  if (p.mode === 'historico') return addDays(today, -p.atras);
  return addDays(mondayOf(today), 7 * p.semana + p.dia);
}

/** Reads ?atras= / ?dia=&semana= (anything else, or a position that is today or on the wrong side of it: today). */
export function plannerFromSearch(params: URLSearchParams, today: string): Planner {
  const atras = params.get('atras');
  if (atras !== null && /^\d{1,4}$/.test(atras) && Number(atras) > 0) return { mode: 'historico', atras: Number(atras) };
  const dia = DIAS.indexOf((params.get('dia') ?? '') as Dia);
  const semana = Number(params.get('semana') ?? '0');
  if (dia >= 0 && Number.isInteger(semana) && Math.abs(semana) <= SEMANAS_MAX) {
    const p: Planner = { mode: 'futuro', dia, semana };
    if (plannerDate(p, today) > today) return p;
  }
  return HOY;
}

/** The query string of a position ('' for today). */
export function plannerSearch(p: Planner): string {
  if (p.mode === 'historico') return `?atras=${p.atras}`;
  if (p.mode === 'futuro') return `?dia=${encodeURIComponent(DIAS[p.dia]!)}&semana=${p.semana}`;
  return '';
}

/**
 * One day back: from today into history (1 day back), deeper into history, or back along the future weekdays
 * (Sunday to the previous week's … until today's weekday of this week, which is today again).
 */
export function previousDay(p: Planner, today: string): Planner {
  if (p.mode === 'hoy') return { mode: 'historico', atras: 1 };
  if (p.mode === 'historico') return { mode: 'historico', atras: p.atras + 1 };
  const back: Planner = p.dia === 0 ? { mode: 'futuro', dia: 6, semana: p.semana - 1 } : { mode: 'futuro', dia: p.dia - 1, semana: p.semana };
  return plannerDate(back, today) <= today ? HOY : back;
}

/** One day forward: from 1 day back to today, from today into the future weekdays (Sunday wraps to next week). */
export function nextDay(p: Planner, today: string): Planner {
  if (p.mode === 'historico') return p.atras <= 1 ? HOY : { mode: 'historico', atras: p.atras - 1 };
  const from = p.mode === 'hoy' ? { dia: indexOf(today), semana: 0 } : p;
  return from.dia === 6 ? { mode: 'futuro', dia: 0, semana: from.semana + 1 } : { mode: 'futuro', dia: from.dia + 1, semana: from.semana };
}

/** The future reaches SEMANAS_MAX weeks ahead (what the API answers). */
export const canGoForward = (p: Planner) => p.mode !== 'futuro' || p.semana < SEMANAS_MAX || p.dia < 6;

/** A caption for the mode: 'Ayer', 'Hace 3 días', 'Esta semana', 'La semana próxima', 'Dentro de 3 semanas'. */
export function plannerCaption(p: Planner): string | null {
  if (p.mode === 'historico') return p.atras === 1 ? 'Historial · ayer' : `Historial · hace ${p.atras} días`;
  if (p.mode === 'futuro') {
    const when = p.semana === 0 ? 'esta semana' : p.semana === 1 ? 'la semana próxima' : `dentro de ${p.semana} semanas`;
    return `Recorrido previsto · ${when}`;
  }
  return null;
}
