import { DIAS, todayInArgentina, weekdayOf } from '@portal/contract';

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (field-warehouse.md §9). */
export function formatDay(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** 'YYYY-MM-DD' → 'Martes'. */
export function weekdayTitle(iso: string): string {
  const name = DIAS[weekdayOf(iso) - 1]!;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The date of a field screen's address ('YYYY-MM-DD'); today when it is missing or malformed. */
export function fieldDate(param: string | undefined): string {
  return param && /^\d{4}-\d{2}-\d{2}$/.test(param) ? param : todayInArgentina();
}
