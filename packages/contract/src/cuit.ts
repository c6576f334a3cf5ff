const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The verification digit of the first 10 digits of a CUIT/CUIL (modulo 11). Returns null where none exists. */
export function cuitCheckDigit(first10: string): number | null {
  if (!/^\d{10}$/.test(first10)) return null;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(first10[i]), 0);
  const rest = 11 - (sum % 11);
  if (rest === 11) return 0;
  if (rest === 10) return null; // AFIP changes the prefix (20→23) instead of issuing 10
  return rest;
}

/** True when the value is 11 digits whose last one is the right verification digit. */
export function isValidCuit(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  return cuitCheckDigit(value.slice(0, 10)) === Number(value[10]);
}

/** 30712345671 → 30-71234567-1 */
export function formatCuit(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 11) return value;
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}

/** Builds a valid CUIT from a prefix (20, 23, 27, 30, 33…) and an 8-digit number. */
export function buildCuit(prefix: string, dni: number): string {
  for (const p of [prefix, prefix === '20' || prefix === '27' ? '23' : '33']) {
    const first10 = `${p}${String(dni).padStart(8, '0')}`;
    const digit = cuitCheckDigit(first10);
    if (digit !== null) return `${first10}${digit}`;
  }
  throw new Error(`No CUIT can be built for ${prefix}-${dni}`);
}
