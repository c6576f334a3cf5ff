import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Tag, Tooltip, Typography } from 'antd';
import { FilePdfOutlined, PaperClipOutlined, PrinterOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { erpAnswerText, msg, orderingMsg, receiptsMsg, type ReciboItem } from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { shareByWhatsApp } from '../../../lib/files';
import { ListEmpty } from '../../../lib/list-empty';
import { useNotify } from '../../../lib/notify';
import { downloadAttachment, downloadReceiptPdf, printReceipt, receiptShareText, useRecibos, type ReceiptStatus } from '../api/receipts-api';

/**
 * The actions of a receipt row: WhatsApp share (signed public link to the PDF), the print of §7 (GET /proxy/recibo
 * … type=rdiprovisorio) and the PDF itself. Staff, and a rejected receipt, get the PDF only.
 */
export function ReceiptActions({ row, staff = false }: { row: ReciboItem; staff?: boolean }) {
  const notify = useNotify();
  const [busy, setBusy] = useState<'wa' | 'pdf' | 'print' | null>(null);
  const label = `${row.descom} ${row.norig}`;

  async function handleShare() {
    setBusy('wa');
    try {
      await shareByWhatsApp(receiptShareText(row.id));
    } catch (e) {
      notify.error('Error', errorMessage(e, msg.errorInterno));
    } finally {
      setBusy(null);
    }
  }
  async function handlePdf() {
    setBusy('pdf');
    try {
      await downloadReceiptPdf(row.id, row.norig, staff);
    } catch (e) {
      notify.error(orderingMsg.errorDescargarArchivo, errorMessage(e, ''));
    } finally {
      setBusy(null);
    }
  }
  async function handlePrint() {
    setBusy('print');
    try {
      await printReceipt(row);
    } catch (e) {
      notify.error(orderingMsg.errorDescargarArchivo, errorMessage(e, ''));
    } finally {
      setBusy(null);
    }
  }
  // A rejected receipt is shown for its reason: it is not shared or printed, its PDF says it was rejected.
  const customer = !staff && row.estado !== 'rechazado';
  return (
    <span className="receipt-actions">
      {customer && (
        <Tooltip title="Compartir por WhatsApp">
          <Button size="small" icon={<WhatsAppOutlined aria-hidden />} loading={busy === 'wa'} onClick={handleShare} aria-label={`WA ${label}`}>
            WA
          </Button>
        </Tooltip>
      )}
      {customer && (
        <Tooltip title="Imprimir el recibo">
          <Button size="small" icon={<PrinterOutlined aria-hidden />} loading={busy === 'print'} onClick={handlePrint} aria-label={`Imprimir ${label}`}>
            Imprimir
          </Button>
        </Tooltip>
      )}
      <Tooltip title="Descargar PDF">
        <Button size="small" danger icon={<FilePdfOutlined aria-hidden />} loading={busy === 'pdf'} onClick={handlePdf} aria-label={`PDF ${label}`}>
          PDF
        </Button>
      </Tooltip>
    </span>
  );
}

const STATUS_TAG = {
  pendiente: { color: 'gold', text: 'Pendiente de aprobación' },
  aprobado: { color: 'green', text: 'Aprobado' },
  rechazado: { color: 'red', text: 'Rechazado' },
} as const;

/** One receipt as a card: number, date, amount, payments, documents and attachments. */
export function ReceiptCard({ row, staff = false, extra }: { row: ReciboItem; staff?: boolean; extra?: ReactNode }) {
  const notify = useNotify();
  async function handleAttachment(id: number, name: string) {
    try {
      await downloadAttachment(row.id, id, name, staff);
    } catch (e) {
      notify.error(orderingMsg.errorDescargarArchivo, errorMessage(e, ''));
    }
  }
  return (
    <Card size="small" className="receipt-card" data-testid={`recibo-${row.norig}`}>
      <div className="receipt-card-head">
        <span className="receipt-card-title">
          {row.descom} {row.torig} {row.norig}
        </span>
        <span className="receipt-card-amount">{row.importe_con_formato}</span>
      </div>
      <div className="receipt-card-meta">
        <span>{row.forig_id}</span>
        {staff && <span>{row.entidad}</span>}
        <Tag color={STATUS_TAG[row.estado].color}>{STATUS_TAG[row.estado].text}</Tag>
        {row.erp && (
          <Tag color={row.erp.estado === 'rechazado' ? 'red' : 'blue'} title={row.erp.motivo ?? undefined}>
            {erpAnswerText(row.erp)}
          </Tag>
        )}
      </div>
      {row.pagos.map((p, i) => (
        <div key={i} className="receipt-line">
          <span>
            <strong>{p.descripcion}</strong> {p.detalle && <Typography.Text type="secondary">— {p.detalle}</Typography.Text>}
          </span>
          <span>{p.importe_con_formato}</span>
        </div>
      ))}
      {row.comprobantes.length > 0 && (
        <div className="receipt-docs">
          Cancela: {row.comprobantes.map((c) => `${c.descripcion} (${c.importe_con_formato})`).join(', ')}
        </div>
      )}
      {row.observacion && <div className="receipt-docs">Observaciones: {row.observacion}</div>}
      {row.aprobado_por && (
        <div className="receipt-docs">
          Aprobado por {row.aprobado_por} el {row.aprobado_el}
        </div>
      )}
      {row.rechazado_por && (
        <div className="receipt-docs receipt-rejection">
          Rechazado por {row.rechazado_por} el {row.rechazado_el}: {row.motivo_rechazo}
        </div>
      )}
      <div className="receipt-card-foot">
        <span className="receipt-attachments">
          {row.adjuntos.map((a) => (
            <Button key={a.id} size="small" type="link" icon={<PaperClipOutlined aria-hidden />} onClick={() => void handleAttachment(a.id, a.nombre)}>
              {a.nombre}
            </Button>
          ))}
        </span>
        <span className="receipt-card-buttons">
          {extra}
          <ReceiptActions row={row} staff={staff} />
        </span>
      </div>
    </Card>
  );
}

/** A status of the accordion: 5 at a time, 'Mostrar más recibos' while a page comes back full. */
export function ReceiptList({ status }: { status: ReceiptStatus }) {
  const notify = useNotify();
  const list = useRecibos(status);
  const rows = list.isError ? [] : (list.data?.pages.flatMap((p) => p.items) ?? []);

  useEffect(() => {
    if (list.isError) notify.error(receiptsMsg.errorCargarDatos, errorMessage(list.error, msg.errorObtenerDatos));
    // one notice per failure: each failed load is a new error
  }, [list.isError, list.error, notify]);

  return (
    <div data-testid={`recibos-${status}`}>
      {rows.length === 0 ? (
        <ListEmpty query={list} text={receiptsMsg.noHayMas} errorText={receiptsMsg.errorCargarDatos} simple />
      ) : (
        rows.map((r) => <ReceiptCard key={r.id} row={r} />)
      )}
      {list.hasNextPage && !list.isError ? (
        <div className="receipts-more">
          <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {orderingMsg.mostrarMasRecibos}
          </Button>
        </div>
      ) : (
        rows.length > 0 && <Typography.Text type="secondary" className="receipts-more">{receiptsMsg.noHayMas}</Typography.Text>
      )}
    </div>
  );
}
