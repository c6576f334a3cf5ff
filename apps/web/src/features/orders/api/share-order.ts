import type { ShareResponse } from '@portal/contract';
import { api } from '../../../lib/api';
import { orderPaths, type OrderKind } from './order-paths';

/** GET /proxy/pedidos/{id}/compartir or /proxy/ordenescompra/{id}/compartir: a signed public link to the order's PDF (it opens without a session). */
export const getOrderShare = (kind: OrderKind, id: number) => {
  const share = orderPaths[kind].share;
  if (!share) throw new Error(`no share link for ${kind} orders`);
  return api<ShareResponse>(share(id));
};

/** The prefilled text of the WhatsApp message: the server's text and, when it does not carry it, the link. */
export async function orderShareText(kind: OrderKind, id: number): Promise<string> {
  const share = await getOrderShare(kind, id);
  return share.texto.includes(share.url) ? share.texto : `${share.texto} ${share.url}`;
}
