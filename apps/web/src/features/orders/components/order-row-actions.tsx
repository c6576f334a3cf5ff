import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { FilePdfOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { msg, orderingMsg, type OrderRow } from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { shareByWhatsApp } from '../../../lib/files';
import { useNotify } from '../../../lib/notify';
import { downloadOrderPdf } from '../api/order-pdf';
import { orderShareText } from '../api/share-order';
import { orderPaths, type OrderKind } from '../api/order-paths';

type OrderRowActionsProps = { kind: OrderKind; row: OrderRow };

/**
 * 'WA' opens WhatsApp with a prefilled text and the server's signed public link to the PDF (it opens without a
 * session); 'PDF' downloads the PDF the server generates for the order.
 */
export function OrderRowActions({ kind, row }: OrderRowActionsProps) {
  const notify = useNotify();
  const [busy, setBusy] = useState<'wa' | 'pdf' | null>(null);
  const label = `${row.descom} ${row.numero}`;
  if (!orderPaths[kind].pdf) return null;

  async function handleShare() {
    setBusy('wa');
    try {
      await shareByWhatsApp(orderShareText(kind, row.id));
    } catch (e) {
      notify.error('Error', errorMessage(e, msg.errorInterno));
    } finally {
      setBusy(null);
    }
  }

  async function handlePdf() {
    setBusy('pdf');
    try {
      await downloadOrderPdf(kind, row.id, row.numero);
    } catch (e) {
      notify.error(orderingMsg.errorDescargarArchivo, errorMessage(e, ''));
    } finally {
      setBusy(null);
    }
  }

  return (
    <span className="order-actions">
      <Tooltip title="Compartir por WhatsApp">
        <Button size="small" className="wa-button" icon={<WhatsAppOutlined aria-hidden />} loading={busy === 'wa'} onClick={handleShare} aria-label={`WA ${label}`}>
          WA
        </Button>
      </Tooltip>
      <Tooltip title="Descargar PDF">
        <Button size="small" danger icon={<FilePdfOutlined aria-hidden />} loading={busy === 'pdf'} onClick={handlePdf} aria-label={`PDF ${label}`}>
          PDF
        </Button>
      </Tooltip>
    </span>
  );
}
