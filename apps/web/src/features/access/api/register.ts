import type { RegisterRequest } from '@portal/contract';
import { api } from '../../../lib/api';

type RegisterAnswer = { success: boolean; serviceid: string; title: string; msg: string };
type Answer = { success: boolean; title: string; msg: string };

/** The e-mail travels lower-cased and trimmed, the mobile with its +54 prefix (access.md §5). */
const withPrefix = (r: RegisterRequest) => ({ ...r, email: r.email.trim().toLowerCase(), nrotel: `+54${r.nrotel.replace(/^\+54/, '')}` });

export const register = (r: RegisterRequest) => api<RegisterAnswer>('/usuarios', { method: 'POST', anonymous: true, body: withPrefix(r) });

export const checkCode = (r: RegisterRequest, codigo: string, serviceid: string) =>
  api<Answer>('/usuarios', { method: 'POST', anonymous: true, query: { check: true }, body: { ...withPrefix(r), codigo, serviceid } });

export const resendCode = (nrotel: string, serviceid: string) =>
  api<RegisterAnswer>('/usuarios', {
    method: 'POST',
    anonymous: true,
    query: { verificationSMS: true },
    body: { nrotel: `+54${nrotel.replace(/^\+54/, '')}`, serviceid },
  });
