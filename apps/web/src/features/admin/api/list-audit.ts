import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminRoutes, type AuditListResponse } from '@portal/contract';
import { api } from '../../../lib/api';

/** The screen's filters ('' = none) and page. */
export type AuditFilter = { desde: string; hasta: string; usuario: string; accion: string; start: number; limit: number };

/** GET /proxy/auditoria?desde&hasta&usuario&accion&start&limit: the company's audit trail, newest first. */
export const listAudit = (q: AuditFilter) =>
  api<AuditListResponse>(adminRoutes.audit.url, {
    query: { desde: q.desde || undefined, hasta: q.hasta || undefined, usuario: q.usuario || undefined, accion: q.accion || undefined, start: q.start, limit: q.limit },
  });

export const auditQueryOptions = (cuit: string | null, q: AuditFilter) =>
  queryOptions({
    queryKey: ['admin-audit', cuit, q],
    queryFn: () => listAudit(q),
    enabled: Boolean(cuit),
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useAudit = (cuit: string | null, q: AuditFilter) => useQuery(auditQueryOptions(cuit, q));
