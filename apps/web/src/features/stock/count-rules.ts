import { WAREHOUSE, warehouseMsg } from '@portal/contract';

/** The count as typed: whole units only ('7,5' is refused, never read as 75); null when it is not one. */
export function parseCount(text: string): number | null {
  const t = text.trim();
  return /^\d{1,6}$/.test(t) ? Number(t) : null;
}

/** The message under the count field: none while it is empty or a whole number. */
export function countProblem(text: string): string | null {
  return text.trim() !== '' && parseCount(text) === null ? warehouseMsg.cantidadEntera : null;
}

/**
 * The count takes 0 to 100 (field-warehouse.md §5, §9): a whole number outside is brought to the nearer end on
 * leaving the field. Answers the text to show, or null when the typed text stays as it is.
 */
export function clampCount(text: string): string | null {
  const t = text.trim();
  if (!/^-?\d{1,9}$/.test(t)) return null;
  return String(Math.min(WAREHOUSE.stockMax, Math.max(WAREHOUSE.stockMin, Number(t))));
}

/** Whether a count may be sent: a whole number within 0–100. */
export function countInRange(cantidad: number | null): cantidad is number {
  return cantidad !== null && Number.isFinite(cantidad) && cantidad >= WAREHOUSE.stockMin && cantidad <= WAREHOUSE.stockMax;
}
