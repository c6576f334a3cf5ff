import { foldText } from '@portal/contract';

/** Whether `text` contains what was typed, ignoring case and accents ('perez' finds 'Pérez'). */
export function matchesSearch(text: string, typed: string): boolean {
  return foldText(text).includes(foldText(typed.trim()));
}

/** Ant Design Select's filterOption over the option's label, accent- and case-insensitive. */
export function filterByLabel(input: string, option?: { label?: unknown }): boolean {
  return matchesSearch(String(option?.label ?? ''), input);
}
