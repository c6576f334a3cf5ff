import { z } from 'zod';
import { msg } from './messages.js';

/**
 * The login form's fields (access.md §5), apart from access.ts's other rules: the login screen loads these with zod on
 * its first check (apps/web login-form.tsx), and access.ts imports libphonenumber (≈25 kB compressed, 120 kB of
 * metadata to evaluate) and the CUIT check for the registration's fields. access.ts re-exports them.
 */
export const usernameField = z
  .string({ error: msg.usuarioObligatorio })
  .trim()
  .toLowerCase()
  .min(1, msg.usuarioObligatorio)
  .max(254, msg.usuarioObligatorio);
export const passwordField = z.string({ error: msg.passwordObligatoria }).min(1, msg.passwordObligatoria).max(200);
