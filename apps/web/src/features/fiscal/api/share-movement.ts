import { filesRoutes, type ShareResponse, type VoucherKey } from '@portal/contract';
import { api } from '../../../lib/api';

/** GET /proxy/compartir: a public signed link to the voucher's PDF and the Spanish text that goes with it. */
export const fetchShareLink = (key: VoucherKey) => api<ShareResponse>(filesRoutes.share.url, { query: key });
