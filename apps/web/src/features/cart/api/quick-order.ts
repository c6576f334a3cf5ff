import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  quickOrderRoutes,
  type CartChangeResponse,
  type ParsedLine,
  type QuickResolveResponse,
} from '@portal/contract';
import { api, apiBlob } from '../../../lib/api';
import { downloadBlob } from '../../../lib/files';
import { useSession } from '../../../lib/session-store';
import type { CartKind } from '../cart-drawer-store';
import { cartPaths } from './cart-paths';
import { cartQuery, type CartAnswer } from './get-cart';

/** What the review is asked for: pasted text, lines (after a fix), a past order to repeat, or a sheet with its chosen columns. */
export type QuickSource =
  | { texto: string }
  | { lineas: ParsedLine[] }
  | { historial_id: number }
  | { archivo: File; columna_codigo?: number; columna_cantidad?: number };

/** POST /proxy/{pedidos|ordenescompra}/rapido (or /rapido/archivo): the review; nothing is written. */
export function resolveQuickOrder(kind: CartKind, source: QuickSource): Promise<QuickResolveResponse> {
  const r = quickOrderRoutes[kind];
  if ('archivo' in source) {
    const form = new FormData();
    if (source.columna_codigo !== undefined) form.set('columna_codigo', String(source.columna_codigo));
    if (source.columna_cantidad !== undefined) form.set('columna_cantidad', String(source.columna_cantidad));
    form.set('archivo', source.archivo);
    return api<QuickResolveResponse>(r.upload.url, { method: 'POST', form });
  }
  return api<QuickResolveResponse>(r.resolve.url, { method: 'POST', body: source });
}

export const useResolveQuickOrder = (kind: CartKind) => useMutation({ mutationFn: (source: QuickSource) => resolveQuickOrder(kind, source) });

/** GET …/rapido/plantilla, saved as the XLSX the upload reads. */
export async function downloadQuickOrderTemplate(kind: CartKind): Promise<void> {
  downloadBlob(await apiBlob(quickOrderRoutes[kind].template.url), 'plantilla-pedido-rapido.xlsx');
}

type AddInput = { lines: Array<{ producto_id: number; pedido_cantidad: number }>; historialId?: number };

/**
 * The reviewed lines to the cart in one call that adds all or none: PUT …?type=carrito&suma=true with the batch,
 * or, repeating a past order, PUT …?type=repetir&historial_id with the lines kept (its conditions come along).
 */
export function useAddReviewed(kind: CartKind) {
  const queryClient = useQueryClient();
  const { host, entity } = useSession();
  const query = cartQuery(kind, host?.cuit ?? null, entity?.codent ?? null);
  return useMutation({
    mutationFn: async ({ lines, historialId }: AddInput) => {
      const cart = await queryClient.fetchQuery({ ...query, staleTime: 0 });
      const url = cartPaths[kind].line(cart.carrito.id);
      const q = historialId !== undefined ? { type: 'repetir', historial_id: historialId } : { type: 'carrito', suma: true };
      return api<CartChangeResponse>(url, { method: 'PUT', query: q, body: { productos: lines } });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(query.queryKey, answer as unknown as CartAnswer[typeof kind]);
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: query.queryKey }),
  });
}
