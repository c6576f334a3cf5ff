import { DIAS, weekdayOf } from '@portal/contract';

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
