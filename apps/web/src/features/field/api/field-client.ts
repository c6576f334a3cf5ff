import { FIELD_API_PREFIX } from '@portal/contract';
import { api } from '../../../lib/api';

/**
 * The field API has its own base (field-warehouse.md §7). It comes from the build's configuration
 * (VITE_FIELD_API_BASE, e.g. https://campo.cooperativa.com.ar/api/field); this server's /api/field otherwise.
 */
export const FIELD_BASE: string = (import.meta.env.VITE_FIELD_API_BASE as string | undefined) || FIELD_API_PREFIX;

export type FieldRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export const fieldApi = <T>(path: string, options: FieldRequest = {}) => api<T>(path, { ...options, base: FIELD_BASE });

export { cachedFetch, currentUserTag, isNetworkFailure, readCache, writeCache } from '../../../lib/offline-cache';
