import { Alert, Descriptions } from 'antd';
import Decimal from 'decimal.js';
import { formatMoney, receiptsMsg } from '@portal/contract';
import dayjs from '../../../lib/dayjs';
import { dec, esAr } from '../rules';
import type { ReceiptFlowState } from './use-receipt-flow';

/** Step 4 (§4): what the receipt will say, before Confirmar. */
export function SummaryStep({ flow }: { flow: ReceiptFlowState }) {
  const { fecha, hoy, documents, amounts, lines, methods, payments, observacion } = flow;
  return (
    <section aria-label="Resumen" data-testid="receipt-summary">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="Fecha">{dayjs(fecha ?? hoy).format('DD/MM/YYYY')}</Descriptions.Item>
        <Descriptions.Item label="Documentos">
          {documents.chosen.length === 0
            ? 'Pago a cuenta'
            : documents.chosen.map((d) => `${d.descomp} ${d.norig}: ${formatMoney((dec(amounts[d.id]) ?? new Decimal(0)).toFixed(2))}`).join(' · ')}
        </Descriptions.Item>
        <Descriptions.Item label="Cobros">
          {lines.map((l, i) => `${methods.find((m) => m.codcon === l.codcon)?.descon ?? ''} ${formatMoney((payments.amounts[i] ?? new Decimal(0)).toFixed(2))}`).join(' · ')}
        </Descriptions.Item>
        <Descriptions.Item label="Importe a cobrar">{formatMoney(documents.total.toFixed(2))}</Descriptions.Item>
        <Descriptions.Item label="Total cobrado">{formatMoney(payments.total.toFixed(2))}</Descriptions.Item>
        {observacion && <Descriptions.Item label="Observación">{observacion}</Descriptions.Item>}
      </Descriptions>
      {payments.surplus && <Alert type="warning" showIcon title={receiptsMsg.diferenciaACuenta(esAr(payments.surplus))} />}
    </section>
  );
}
