import { filesRoutes, type ImprimeResponse, type VoucherKey } from '@portal/contract';
import { api } from '../../../lib/api';

/** GET /proxy/imprime: the voucher's PDF as base64 (archivos.archivo), or success false when it has no print. */
export const fetchPrint = (key: VoucherKey) => api<ImprimeResponse>(filesRoutes.imprime.url, { query: key });
