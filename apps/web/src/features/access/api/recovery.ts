import { api } from '../../../lib/api';

type Answer = { success: boolean; title: string; msg: string };

export const sendRecoveryMail = (mail: string) =>
  api<Answer>('/usuarios', { method: 'POST', anonymous: true, query: { forgotPassword: true }, body: { mail: mail.trim().toLowerCase() } });

export const changePassword = (hash: string, pass: string, checkPass: string) =>
  api<Answer>('/usuarios', { method: 'POST', anonymous: true, query: { changePassword: true }, body: { hash, pass, checkPass } });
