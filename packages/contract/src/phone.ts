import { parsePhoneNumberFromString } from 'libphonenumber-js';

// Apart from format.ts: libphonenumber-js's metadata is heavy, and a screen that only shows money or dates should not
// download it (docs/decisions/web-delivery.md).

/**
 * A 10-digit Argentine number (area code without 0, number without 15) as libphonenumber-js formats it: the area
 * code has 2, 3 or 4 digits ('1123456789' → '+54 11 2345 6789', '2954555010' → '+54 2954 55 5010'). Anything it
 * cannot parse is shown as given.
 */
export function formatPhone(nrotel: string): string {
  const d = nrotel.replace(/\D/g, '').replace(/^54/, '');
  if (d.length !== 10) return nrotel;
  const parsed = parsePhoneNumberFromString(`+54${d}`, 'AR');
  return parsed ? parsed.formatInternational() : nrotel;
}

/** Whether a 10-digit Argentine number has a real area code and length (libphonenumber-js's metadata). */
export function isArgentinePhone(nrotel: string): boolean {
  const d = nrotel.replace(/\D/g, '').replace(/^54/, '');
  return d.length === 10 && (parsePhoneNumberFromString(`+54${d}`, 'AR')?.isValid() ?? false);
}
