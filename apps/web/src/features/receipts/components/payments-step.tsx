import { Alert, Button, Card, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type Decimal from 'decimal.js';
import { formatMoney, receiptsMsg, type FormaCobro } from '@portal/contract';
import { esAr, type PaymentLine } from '../rules';
import { CampoField } from './campo-field';
import type { ReceiptFlowState } from './use-receipt-flow';

/** Step 2 (§4): the payment lines, their total against the documents', and what is wrong with them. */
export function PaymentsStep({ flow }: { flow: ReceiptFlowState }) {
  const { lines, methods, payments, documents, paymentError, handleMethod, handleValue, addLine, removeLine } = flow;
  return (
    <section aria-label="Cobros">
      {lines.map((l, i) => (
        <PaymentLineCard
          key={l.key}
          n={i + 1}
          line={l}
          methods={methods}
          amount={payments.amounts[i] ?? null}
          onMethod={(c) => handleMethod(l.key, c)}
          onValue={(id, v) => handleValue(l.key, id, v)}
          onRemove={lines.length > 1 ? () => removeLine(l.key) : undefined}
        />
      ))}
      <Button icon={<PlusOutlined aria-hidden />} onClick={addLine}>
        Agregar cobro
      </Button>
      <div className="receipt-total">
        Importe a cobrar: <strong>{formatMoney(documents.total.toFixed(2))}</strong> · Total cobrado:{' '}
        <strong data-testid="total-cobrado">{formatMoney(payments.total.toFixed(2))}</strong>
      </div>
      {payments.insufficient && <Alert type="error" showIcon title={receiptsMsg.cobroInsuficiente} />}
      {payments.surplus && <Alert type="warning" showIcon title={receiptsMsg.diferenciaACuenta(esAr(payments.surplus))} />}
      {paymentError && <Alert type="error" showIcon title={paymentError} data-testid="payment-error" />}
    </section>
  );
}

type PaymentLineCardProps = {
  n: number;
  line: PaymentLine;
  methods: FormaCobro[];
  amount: Decimal | null;
  onMethod: (codcon: number) => void;
  onValue: (id: string, v: string | boolean | File | null) => void;
  onRemove?: () => void;
};

function PaymentLineCard({ n, line, methods, amount, onMethod, onValue, onRemove }: PaymentLineCardProps) {
  const method = methods.find((m) => m.codcon === line.codcon);
  return (
    <Card
      size="small"
      className="receipt-payment"
      data-testid={`cobro-${n}`}
      title={`Método cobro ${n}`}
      extra={onRemove && <Button size="small" type="text" icon={<DeleteOutlined aria-hidden />} onClick={onRemove} aria-label={`Quitar cobro ${n}`} />}
    >
      <label className="receipt-field">
        <span>Forma de cobro</span>
        <Select
          value={line.codcon ?? undefined}
          placeholder="Seleccione una forma de cobro"
          options={methods.map((m) => ({ value: m.codcon, label: m.descon }))}
          onChange={(v: number) => onMethod(v)}
          aria-label={`Forma de cobro ${n}`}
        />
      </label>
      {method?.campos.map((c) => <CampoField key={c.id} n={n} campo={c} value={line.values[c.id] ?? null} onChange={(v) => onValue(c.id, v)} />)}
      {method && amount && <div className="receipt-line-amount">Importe del cobro: {formatMoney(amount.toFixed(2))}</div>}
    </Card>
  );
}
