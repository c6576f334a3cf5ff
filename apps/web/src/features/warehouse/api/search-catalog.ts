import { warehouseRoutes, type CatalogItem, type CatalogoResponse } from '@portal/contract';
import { api } from '../../../lib/api';

/** POST /proxy/cgi/catalogo: products to add to an order (the fixed codemp/iduser of the old client are ignored by the server). */
export const searchCatalog = async (descri: string, signal: AbortSignal): Promise<CatalogItem[]> =>
  (await api<CatalogoResponse>(warehouseRoutes.catalogo.url, { method: 'POST', body: { codemp: 1, iduser: 8888, descri }, signal })).items;
