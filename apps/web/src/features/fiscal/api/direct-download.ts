import { filesRoutes, type DirectDownloadResponse, type VoucherKey } from '@portal/contract';
import { api } from '../../../lib/api';

/** GET /proxy/files?directa=true: the voucher's PDF as a temporary signed address (host + archivo). */
export const fetchDirectDownload = (key: VoucherKey) =>
  api<DirectDownloadResponse>(filesRoutes.files.url, { query: { ...key, directa: true } });
