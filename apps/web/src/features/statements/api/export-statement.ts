import { STATEMENT_VIEWS, type StatementView } from '@portal/contract';
import { openExport } from '../../../lib/files';
import { searchQuery, type StatementSearch } from '../search-rules';

/** GET /proxy/cgi/etenet_rencbte?files=true&type=pdf|excel: everything the search matches, with the balance. */
export const exportStatement = (view: StatementView, search: StatementSearch, moneda: string | null, type: 'pdf' | 'excel') =>
  openExport(STATEMENT_VIEWS[view].url, { ...searchQuery(search), moneda: moneda ?? undefined, type });
