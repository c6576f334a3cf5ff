import { useState } from 'react';
import { fiscalMsg, msg, type FiscalDocument, type ShareResponse, type VoucherKey } from '@portal/contract';
import { ApiError, errorMessage } from '../../lib/api';
import { downloadBlob, downloadUrl, fetchFile, printBase64Pdf, shareByWhatsApp } from '../../lib/files';
import { useNotify } from '../../lib/notify';
import { fetchPrint } from './api/print-movement';
import { fetchDirectDownload } from './api/direct-download';
import { fetchShareLink } from './api/share-movement';
import { deleteGeneratedFile, requestZip } from './api/bulk-download';
import { exportMovements } from './api/export-movements';
import { voucherNumber, voucherTitle } from './format';
import type { FiscalSearch } from './search-rules';
import { useFeedback } from '../../lib/feedback';

export const keyOf = (d: Pick<FiscalDocument, 'codcom' | 'codtal' | 'numero'>): VoucherKey => ({ codcom: d.codcom, codtal: d.codtal, numero: d.numero });

/** What is running now, so its button shows a spinner and is not pressed twice. */
export type Busy = { kind: 'print' | 'download' | 'share'; id: string } | { kind: 'zip' | 'pdf' | 'excel' } | null;

/**
 * The files, printing and sharing of the fiscal screen (access.md §7–§8), with the spec's messages: printing
 * a movement without print → bottom-right notice; a failed direct download → the server's msg, persistent;
 * bulk → 'Error al descargar los archivos'; single → 'Error al descargar el archivo'.
 */
export function useMovementActions() {
  const notify = useNotify();
  const { notification } = useFeedback();
  const [busy, setBusy] = useState<Busy>(null);

  async function run(next: NonNullable<Busy>, fn: () => Promise<void>) {
    if (busy) return;
    setBusy(next);
    try {
      await fn();
    } finally {
      setBusy(null);
    }
  }

  const noPrint = (description?: string) =>
    notification.warning({ title: fiscalMsg.sinImpresion, description, placement: 'bottomRight', duration: 9 });

  function handlePrint(d: FiscalDocument) {
    if (!d.imprime) {
      noPrint();
      return;
    }
    void run({ kind: 'print', id: d.id }, async () => {
      try {
        const answer = await fetchPrint(keyOf(d));
        if (!answer.success) noPrint(answer.msg);
        else printBase64Pdf(answer.archivos.archivo);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) noPrint(e.message);
        else notify.error('Error', errorMessage(e, fiscalMsg.errorDescargaArchivo));
      }
    });
  }

  function handleDownload(d: FiscalDocument) {
    void run({ kind: 'download', id: d.id }, async () => {
      try {
        const answer = await fetchDirectDownload(keyOf(d));
        if (!answer.success) {
          notify.error('Error', answer.msg || fiscalMsg.errorDescargaArchivo, 0);
          return;
        }
        downloadUrl(`${answer.host.replace(/\/$/, '')}${answer.archivo}`, `${voucherTitle(d)} ${voucherNumber(d)}.pdf`);
      } catch (e) {
        // The server's refusal stays until it is read (persistent); anything else is the spec's single message.
        if (e instanceof ApiError && e.status < 500) notify.error('Error', e.message, 0);
        else notify.error(fiscalMsg.errorDescargaArchivo, undefined, 0);
      }
    });
  }

  function handleShare(d: FiscalDocument) {
    void run({ kind: 'share', id: d.id }, async () => {
      // A document without print has no file to link to: the server answers success false with its msg.
      const text = fetchShareLink(keyOf(d)).then((a: ShareResponse | { success: false; msg?: string }) => {
        if (!a.success) throw new ApiError(200, a.msg ?? fiscalMsg.errorDescargaArchivo, a);
        return a.texto.includes(a.url) ? a.texto : `${a.texto} ${a.url}`;
      });
      try {
        await shareByWhatsApp(text);
      } catch (e) {
        notify.error(fiscalMsg.errorDescargaArchivo, errorMessage(e, msg.errorInterno));
      }
    });
  }

  function handleBulk(selected: readonly FiscalDocument[], search: FiscalSearch, onDone: () => void) {
    void run({ kind: 'zip' }, async () => {
      try {
        const answer = await requestZip(selected.map(keyOf), search);
        if (!answer.success || !answer.url || !answer.directorio) {
          notify.error(fiscalMsg.errorDescargaArchivos, answer.msg);
          return;
        }
        const { blob, fileName } = await fetchFile(answer.url, 'comprobantes.zip');
        downloadBlob(blob, fileName);
        onDone();
        // The file is in the browser's hands: the server may drop it now.
        await deleteGeneratedFile(answer.url, answer.directorio).catch(() => undefined);
      } catch (e) {
        notify.error(fiscalMsg.errorDescargaArchivos, e instanceof ApiError ? e.message : undefined);
      }
    });
  }

  function handleExport(search: FiscalSearch, type: 'pdf' | 'excel') {
    void run({ kind: type }, async () => {
      try {
        await exportMovements(search, type);
      } catch (e) {
        notify.error(fiscalMsg.errorDescargaArchivo, errorMessage(e, msg.errorInterno));
      }
    });
  }

  return { busy, handlePrint, handleDownload, handleShare, handleBulk, handleExport };
}
