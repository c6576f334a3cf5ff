import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  API_PREFIX,
  RECEIPTS,
  receiptsRoutes as r,
  type FormasCobroResponse,
  type PendientesResponse,
  type ReciboItem,
  type ReciboPostResponse,
  type ReciboShareResponse,
  type RecibosListResponse,
} from '@portal/contract';
import { api, apiBlob } from '../../../lib/api';
import { downloadBlob, printBase64Pdf } from '../../../lib/files';
import { sessionStore, useSession } from '../../../lib/session-store';

/** Every receipts query of this session: what a posted receipt reloads. */
export const receiptsKey = ['receipts'] as const;
const path = (url: string) => url.replace(API_PREFIX, '');

/** The panels of the receipts accordion: §4's Pendientes and Aprobados, and the receipts staff rejected. */
export type ReceiptStatus = 'pendientes' | 'aprobados' | 'rechazados';

/** The list query of a status: pendientes=1|0 as §4 has it, rechazados=1 for the rejected ones. */
export const statusQuery = (status: ReceiptStatus) => ({ pendientes: status === 'pendientes' ? 1 : 0, rechazados: status === 'rechazados' ? 1 : undefined });

/** GET /proxy/recibos/getAllRecibos?start&limit=5&pendientes=0|1 (§4: 5 at a time). */
export function useRecibos(status: ReceiptStatus) {
  const { host, entity } = useSession();
  return useInfiniteQuery({
    queryKey: [...receiptsKey, 'list', status, host?.cuit ?? null, entity?.codent ?? null],
    queryFn: ({ pageParam, signal }) =>
      api<RecibosListResponse>(r.list.url, { signal, query: { start: pageParam, limit: RECEIPTS.pageSize, ...statusQuery(status) } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.items.length === RECEIPTS.pageSize ? pages.length * RECEIPTS.pageSize : undefined),
    enabled: Boolean(host && entity),
    retry: false,
  });
}

/** GET /proxy/recibos/getAllPendientes: the entity's documents with an outstanding amount, and the two parameters. */
export function usePendientes(enabled: boolean) {
  const { host, entity } = useSession();
  return useQuery({
    queryKey: [...receiptsKey, 'pendientes', host?.cuit ?? null, entity?.codent ?? null],
    queryFn: ({ signal }) => api<PendientesResponse>(r.pending.url, { signal }),
    enabled: enabled && Boolean(host && entity),
    retry: false,
  });
}

/** GET /proxy/recibos/getAllFormasCobro: payment methods and their dynamic fields. */
export function useFormasCobro(enabled: boolean) {
  const { host, entity } = useSession();
  return useQuery({
    queryKey: [...receiptsKey, 'formas', host?.cuit ?? null, entity?.codent ?? null],
    queryFn: ({ signal }) => api<FormasCobroResponse>(r.methods.url, { signal }),
    enabled: enabled && Boolean(host && entity),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export type ReceiptForm = {
  formaPago: unknown;
  comprobantes: Array<{ id: number; importe: string }>;
  observaciones: { fecha: string; observacion: string };
  totalSeleccionado: string;
  totalAcobrar: string;
  files: File[];
};

/** POST /proxy/recibos (multipart) with the attempt's Idempotency-Key: a repeated send answers the same receipt. */
export function postRecibo(form: ReceiptForm, idempotencyKey: string) {
  const data = new FormData();
  data.set('formaPago', JSON.stringify(form.formaPago));
  data.set('comprobantes', JSON.stringify(form.comprobantes));
  data.set('observaciones', JSON.stringify(form.observaciones));
  data.set('totalSeleccionado', form.totalSeleccionado);
  data.set('totalAcobrar', form.totalAcobrar);
  for (const f of form.files) data.append('files[]', f, f.name);
  return api<ReciboPostResponse>(r.post.url, { method: 'POST', form: data, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Saves the receipt's PDF among the downloads. */
export async function downloadReceiptPdf(id: number, norig: string, staff = false) {
  const url = (staff ? r.staffPdf.url : r.pdf.url).replace(':id', String(id));
  downloadBlob(await apiBlob(path(url)), `recibo-${norig}.pdf`);
}

/** Downloads one attachment of a receipt. */
export async function downloadAttachment(id: number, adjunto: number, name: string, staff = false) {
  const url = (staff ? r.staffAttachment.url : r.attachment.url).replace(':id', String(id)).replace(':adjunto', String(adjunto));
  downloadBlob(await apiBlob(path(url)), name);
}

/** The WhatsApp text with the signed public link to the receipt's PDF. */
export async function receiptShareText(id: number): Promise<string> {
  const share = await api<ReciboShareResponse>(r.share.url.replace(':id', String(id)));
  return share.texto.includes(share.url) ? share.texto : `${share.texto} ${share.url}`;
}

/** §7's receipt print (GET /proxy/recibo … type=rdiprovisorio&imprime=true): the base64 PDF into the print flow. */
export async function printReceipt(row: Pick<ReciboItem, 'codcom' | 'codtal' | 'numero'>) {
  const answer = await api<{ archivos: { archivo: string } }>(r.print.url, {
    query: { codcom: row.codcom, codtal: row.codtal, numero: row.numero, cooperativa: sessionStore.get().host?.cuit, type: 'rdiprovisorio', imprime: true },
  });
  printBase64Pdf(answer.archivos.archivo);
}
