import { fiscalRoutes } from '@portal/contract';
import { openExport } from '../../../lib/files';
import type { FiscalSearch } from '../search-rules';
import { filterQuery } from './list-movements';

/** GET /proxy/cgi/etenet_cabcbte?files=true&type=pdf|excel: everything the filter matches, opened by the browser. */
export const exportMovements = (search: FiscalSearch, type: 'pdf' | 'excel') => openExport(fiscalRoutes.list.url, { ...filterQuery(search), type });
