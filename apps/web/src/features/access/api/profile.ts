import { api } from '../../../lib/api';

type ProfileAnswer = { success: boolean; msg: string; first_name: string; last_name: string };
export type ProfileForm = { first_name: string; last_name: string; pass?: string; checkPass?: string; actPass?: string };

export const saveProfile = (body: ProfileForm) => api<ProfileAnswer>('/data', { method: 'POST', body });

/** The forced change hides the current password; the spec sends a fixed placeholder in its place. */
export const FORCED_CHANGE_PLACEHOLDER = 'cambio-obligatorio';
export const forcedChange = (body: { first_name?: string; last_name?: string; pass: string; checkPass: string }) =>
  api<ProfileAnswer>('/proxy/data', { method: 'POST', body: { ...body, actPass: FORCED_CHANGE_PLACEHOLDER } });
