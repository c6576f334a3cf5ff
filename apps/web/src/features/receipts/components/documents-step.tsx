import { Alert, Checkbox, Empty, Input, Radio, Typography } from 'antd';
import Decimal from 'decimal.js';
import { formatMoney, receiptsMsg, type PendienteItem } from '@portal/contract';
import { AmountEcho } from '../../../lib/amount-echo';
import type { SelectionMode } from '../rules';
import type { ReceiptFlowState } from './use-receipt-flow';

/** Step 1 (§4): which documents the receipt pays, and how much of each. */
export function DocumentsStep({ flow }: { flow: ReceiptFlowState }) {
  const { docs, selected, amounts, mode, documents, handleMode, handleCheck, handleAmount } = flow;
  return (
    <section aria-label="Documentos">
      <Radio.Group value={mode} onChange={(e) => handleMode(e.target.value as SelectionMode)} className="receipt-mode" aria-label="Selección de documentos">
        <Radio value="vencidos">Solo vencidos</Radio>
        <Radio value="todos">Todos</Radio>
        <Radio value="ninguno">Ninguno</Radio>
      </Radio.Group>
      {docs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No tiene documentos pendientes." />
      ) : (
        <div className="receipt-docs-list">
          {docs.map((d) => (
            <DocumentRow
              key={d.id}
              doc={d}
              checked={selected.has(d.id)}
              amount={amounts[d.id] ?? ''}
              error={selected.has(d.id) ? (documents.errors.get(d.id) ?? null) : null}
              onCheck={(on) => handleCheck(d.id, on)}
              onAmount={(v) => handleAmount(d.id, v)}
            />
          ))}
        </div>
      )}
      <div className="receipt-total">
        Importe a cobrar: <strong data-testid="total-seleccionado">{formatMoney(documents.total.toFixed(2))}</strong>
      </div>
      {documents.negative && <Alert type="error" showIcon title={receiptsMsg.importeNegativo} />}
      {documents.chosen.length === 0 && <Alert type="warning" showIcon title={receiptsMsg.sinDocumentos} />}
    </section>
  );
}

type DocumentRowProps = {
  doc: PendienteItem;
  checked: boolean;
  amount: string;
  error: string | null;
  onCheck: (on: boolean) => void;
  onAmount: (v: string) => void;
};

function DocumentRow({ doc, checked, amount, error, onCheck, onAmount }: DocumentRowProps) {
  const label = `${doc.descomp} ${doc.norig}`;
  return (
    <div className={`receipt-doc${doc.vencido ? ' receipt-doc-overdue' : ''}`} data-testid={`doc-${doc.norig}`}>
      <Checkbox checked={checked} onChange={(e) => onCheck(e.target.checked)} aria-label={label}>
        <span className="receipt-doc-title">{label}</span>
      </Checkbox>
      <div className="receipt-doc-meta">
        <span>Vence: {doc.fecha_venc_id || '—'}</span>
        {doc.vencido && <Typography.Text type="danger">Vencido</Typography.Text>}
        <span>Total {formatMoney(doc.importe_total)}</span>
        <span>Aplicado {formatMoney(doc.importe_aplicado)}</span>
        {!new Decimal(doc.importe_en_aprobacion).isZero() && <span>(en recibos a aprobar {formatMoney(doc.importe_en_aprobacion)})</span>}
        <strong>Saldo {doc.importe_saldo_con_formato}</strong>
      </div>
      {checked && (
        <div className="receipt-doc-amount">
          <Input prefix="$" value={amount} onChange={(e) => onAmount(e.target.value)} status={error ? 'error' : undefined} inputMode="decimal" aria-label={`Importe a aplicar ${label}`} />
          {error ? <Typography.Text type="danger">{error}</Typography.Text> : <AmountEcho text={amount} />}
        </div>
      )}
    </div>
  );
}
