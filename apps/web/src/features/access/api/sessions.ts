import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanySession, Entidad } from '@portal/contract';
import { api } from '../../../lib/api';

/**
 * The sessions list and a company's entities are fresh for 30 s: the sessions screen's two steps and the shell's entity
 * selector read them one after another on the way to the dashboard (they were asked for four and three times in one
 * 'Ingresar' → dashboard); adding or deleting a session invalidates the list.
 */
const LIST_FRESH_MS = 30_000;

export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['sessions'],
    queryFn: () => api<{ success: boolean; sessions: CompanySession[] }>('/sessions/sessions').then((r) => r.sessions),
    staleTime: LIST_FRESH_MS,
  });
export const useSessions = () => useQuery(sessionsQuery());

export const entitiesQuery = (cuit: string | null) =>
  queryOptions({
    queryKey: ['entities', cuit],
    queryFn: () => api<{ success: boolean; entidades: Entidad[]; msg: string }>('/sessions/buscoentidad', { query: { cuit: cuit! } }).then((r) => r.entidades),
    enabled: Boolean(cuit),
    staleTime: LIST_FRESH_MS,
  });
export const useEntities = (cuit: string | null) => useQuery(entitiesQuery(cuit));

export const newSession = (cuit: string) =>
  api<{ success: boolean; entidades: Entidad[]; empresacuit: string; host: string; msg: string }>('/sessions/newsession', {
    method: 'POST',
    body: { cuit },
  });

export const deleteSession = (cuit: string) =>
  api<{ success: boolean; msg: string }>('/sessions/deletesession', { method: 'DELETE', query: { cuit } });

/** The label of an entity: descripcion, else descri_entidad, else razsoc (access.md §3). */
export function entityLabel(e: Entidad & { descripcion?: string }): string {
  return e.descripcion || e.descri_entidad || e.razsoc;
}
