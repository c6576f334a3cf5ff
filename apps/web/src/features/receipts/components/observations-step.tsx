import { DatePicker, Input } from 'antd';
import { RECEIPTS } from '@portal/contract';
import dayjs from '../../../lib/dayjs';
import type { ReceiptFlowState } from './use-receipt-flow';

/** Step 3 (§4): the receipt's date (today unless the company lets it change, never later) and its observation. */
export function ObservationsStep({ flow }: { flow: ReceiptFlowState }) {
  const { fecha, hoy, params, observacion, setFecha, setObservacion } = flow;
  return (
    <section aria-label="Observaciones" className="receipt-obs">
      <label className="receipt-field">
        <span>Fecha</span>
        <DatePicker
          value={dayjs(fecha ?? hoy)}
          format="DD/MM/YYYY"
          allowClear={false}
          disabled={!params.modifica_fecha}
          disabledDate={(d) => d.format('YYYY-MM-DD') > hoy}
          onChange={(d) => setFecha(d ? d.format('YYYY-MM-DD') : hoy)}
          aria-label="Fecha del recibo"
        />
      </label>
      <label className="receipt-field">
        <span>Observación</span>
        <Input.TextArea value={observacion} maxLength={RECEIPTS.maxObservation} showCount rows={3} onChange={(e) => setObservacion(e.target.value)} aria-label="Observación" />
      </label>
    </section>
  );
}
