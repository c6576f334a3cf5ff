import { filesRoutes, fiscalRoutes, type VoucherKey, type ZipResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import type { FiscalSearch } from '../search-rules';
import { filterQuery } from './list-movements';

/**
 * GET /proxy/cgi/etenet_cabcbte?zip=true: a ZIP with the PDFs of the selected vouchers (comprobantes), or of
 * every printable voucher the filter matches when none is selected. Answer: success, url, directorio.
 */
export const requestZip = (selected: readonly VoucherKey[], search: FiscalSearch) =>
  api<ZipResponse>(fiscalRoutes.list.url, {
    query:
      selected.length > 0
        ? { zip: true, comprobantes: JSON.stringify(selected.map(({ codcom, codtal, numero }) => ({ codcom, codtal, numero }))) }
        : { zip: true, ...filterQuery(search) },
  });

/** GET /proxy/files?elimina=true: drops the generated ZIP once it is downloaded (leftovers expire anyway). */
export const deleteGeneratedFile = (url: string, directorio: string) =>
  api<{ success: boolean; msg: string }>(filesRoutes.files.url, { query: { elimina: true, url, directorio } });
