import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, DatePicker, Descriptions, Empty, Input, Radio, Select, Skeleton, Steps, Typography, Upload } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from '../../../lib/dayjs';
import Decimal from 'decimal.js';
import { cuitFieldError, formatMoney, RECEIPTS, receiptsMsg, type Campo, type FormaCobro, type PendienteItem } from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { AmountEcho } from '../../../lib/amount-echo';
import { useIsMobile } from '../../../lib/device';
import { useNotify } from '../../../lib/notify';
import { postRecibo, receiptsKey, useFormasCobro, usePendientes } from '../api/receipts-api';
import { applicationError, dec, esAr, lineAmount, lineError, selectionMode, type PaymentLine, type SelectionMode } from '../rules';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

const STEP_TITLES = ['Recibos', 'Documentos', 'Cobros', 'Observaciones', 'Confirmar'];
let lineCounter = 0;
const newLine = (): PaymentLine => ({ key: `l${++lineCounter}`, codcon: null, values: {} });

type ReceiptFlowProps = { onClose: () => void };

/** Steps 1–4 of §4: documents, payment methods, observations, summary and confirmation. */
export function ReceiptFlow({ onClose }: ReceiptFlowProps) {
  const mobile = useIsMobile();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const pendientes = usePendientes(true);
  const formas = useFormasCobro(true);
  const [step, setStep] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [lines, setLines] = useState<PaymentLine[]>([newLine()]);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [fecha, setFecha] = useState<string | null>(null);
  const [observacion, setObservacion] = useState('');
  const [posting, setPosting] = useState(false);
  // One key per attempt: made when the summary opens, kept for every retry of that attempt (a double click,
  // a lost answer), so the server never makes a second receipt.
  const attemptKey = useRef<string | null>(null);

  const docs = useMemo(() => pendientes.data?.items ?? [], [pendientes.data]);
  const params = pendientes.data?.parametros ?? { permite_anticipos: false, modifica_fecha: false };
  const hoy = pendientes.data?.hoy ?? dayjs().format('YYYY-MM-DD');
  const methods = formas.data?.items ?? [];

  // ── Step 1: documents ──
  const chosen = docs.filter((d) => selected.has(d.id));
  const docErrors = new Map(chosen.map((d) => [d.id, applicationError(d, amounts[d.id] ?? '')]));
  const totalSelected = chosen.reduce((s, d) => s.plus(dec(amounts[d.id]) ?? 0), new Decimal(0));
  const negative = totalSelected.lt(0);
  const step1Blocked = [...docErrors.values()].some(Boolean) || negative || (chosen.length === 0 && !params.permite_anticipos);

  function select(ids: number[]) {
    setSelected(new Set(ids));
    setAmounts((prev) => {
      const next = { ...prev };
      for (const d of docs) if (ids.includes(d.id) && next[d.id] === undefined) next[d.id] = esAr(d.importe_saldo);
      return next;
    });
  }
  function handleMode(mode: SelectionMode) {
    if (mode === 'todos') select(docs.map((d) => d.id));
    else if (mode === 'vencidos') select(docs.filter((d) => d.vencido).map((d) => d.id));
    else select([]);
  }

  // ── Step 2: payments ──
  const methodOf = (l: PaymentLine): FormaCobro | undefined => methods.find((m) => m.codcon === l.codcon);
  const lineAmounts = lines.map((l) => (methodOf(l) ? lineAmount(methodOf(l)!.campos, l) : null));
  const totalCollected = lineAmounts.reduce<Decimal>((s, a) => s.plus(a ?? 0), new Decimal(0));
  const collectedValid = lines.length > 0 && lineAmounts.every((a) => a !== null) && totalCollected.gt(0);
  const insufficient = collectedValid && totalCollected.lt(totalSelected);
  const surplus = collectedValid && totalCollected.gt(totalSelected) && chosen.length > 0 ? totalCollected.minus(totalSelected) : null;

  function setValue(key: string, id: string, value: string | boolean | File | null) {
    setPaymentError(null);
    setLines((prev) => prev.map((l) => (l.key === key ? { ...l, values: { ...l.values, [id]: value } } : l)));
  }
  function setMethod(key: string, codcon: number) {
    setPaymentError(null);
    const m = methods.find((x) => x.codcon === codcon);
    const values: PaymentLine['values'] = {};
    for (const c of m?.campos ?? []) {
      if (c.type === 'checkbox') values[c.id] = c.opc === 'S' || c.value === 'true';
      else if (c.type === 'select' && c.selected) values[c.id] = c.selected;
      else if (c.inputtype !== 'file' && c.value) values[c.id] = c.value;
    }
    setLines((prev) => prev.map((l) => (l.key === key ? { ...l, codcon, values } : l)));
  }
  function validatePayments(): string | null {
    const real = lines.filter((l) => l.codcon !== null);
    if (real.length === 0) return receiptsMsg.alMenosUnCobro;
    for (const [i, l] of lines.entries()) {
      const m = methodOf(l);
      if (!m) return receiptsMsg.alMenosUnCobro;
      const e = lineError(i + 1, m.campos, l);
      if (e) return e;
    }
    if (!collectedValid) return receiptsMsg.verifiqueImportes;
    if (insufficient) return receiptsMsg.cobroInsuficiente;
    return null;
  }

  // ── Navigation ──
  function next() {
    if (step === 2) {
      const e = validatePayments();
      setPaymentError(e);
      if (e) return;
    }
    if (step === 3 && fecha === null) setFecha(hoy);
    if (step === 3) attemptKey.current = newIdempotencyKey();
    setStep(step + 1);
  }
  function back() {
    if (step === 1) onClose();
    else setStep(step - 1);
  }

  async function handleConfirm() {
    if (posting) return;
    setPosting(true);
    attemptKey.current ??= newIdempotencyKey();
    const files: File[] = [];
    const formaPago = lines.map((l) => ({
      codcon: l.codcon,
      campos: methodOf(l)!.campos.flatMap((c): Array<{ id: string; value?: string | boolean; file?: number }> => {
        const v = l.values[c.id];
        if (c.inputtype === 'file') {
          if (!(v instanceof File)) return [];
          files.push(v);
          return [{ id: c.id, file: files.length - 1 }];
        }
        if (c.type === 'checkbox') return [{ id: c.id, value: v === true }];
        return typeof v === 'string' && v.trim() ? [{ id: c.id, value: c.suma ? (dec(v)?.toFixed(2) ?? v) : v.trim() }] : [];
      }),
    }));
    try {
      const res = await postRecibo(
        {
          formaPago,
          comprobantes: chosen.map((d) => ({ id: d.id, importe: dec(amounts[d.id])!.toFixed(2) })),
          observaciones: { fecha: fecha ?? hoy, observacion },
          totalSeleccionado: totalSelected.toFixed(2),
          totalAcobrar: totalCollected.toFixed(2),
          files,
        },
        attemptKey.current,
      );
      notify.success(res.title, res.msg);
      attemptKey.current = null;
      await queryClient.invalidateQueries({ queryKey: receiptsKey });
      onClose();
    } catch (e) {
      // §8: the server's message as a persistent error, or the generic one; the flow stays.
      notify.error(receiptsMsg.noSePudoGenerar, errorMessage(e, receiptsMsg.noSePudoGenerar), 0);
    } finally {
      setPosting(false);
    }
  }

  if (pendientes.isLoading || formas.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (pendientes.isError || formas.isError) return <Alert type="error" showIcon title={receiptsMsg.errorCargarDatos} description={errorMessage(pendientes.error ?? formas.error, '')} />;

  const mode = selectionMode(docs, selected);
  const nextDisabled = (step === 1 && step1Blocked) || (step === 2 && (insufficient || lines.length === 0));

  return (
    <Card className="receipt-flow" data-testid="receipt-flow">
      <Steps
        current={step}
        size="small"
        direction={mobile ? 'vertical' : 'horizontal'}
        className="receipt-steps"
        items={STEP_TITLES.map((t, i) => ({ title: mobile && i !== step ? '' : t }))}
      />
      {step === 1 && (
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
                  error={selected.has(d.id) ? (docErrors.get(d.id) ?? null) : null}
                  onCheck={(on) => select(on ? [...selected, d.id] : [...selected].filter((x) => x !== d.id))}
                  onAmount={(v) => setAmounts((p) => ({ ...p, [d.id]: v }))}
                />
              ))}
            </div>
          )}
          <div className="receipt-total">
            Importe a cobrar: <strong data-testid="total-seleccionado">{formatMoney(totalSelected.toFixed(2))}</strong>
          </div>
          {negative && <Alert type="error" showIcon title={receiptsMsg.importeNegativo} />}
          {chosen.length === 0 && <Alert type="warning" showIcon title={receiptsMsg.sinDocumentos} />}
        </section>
      )}
      {step === 2 && (
        <section aria-label="Cobros">
          {lines.map((l, i) => (
            <PaymentLineCard
              key={l.key}
              n={i + 1}
              line={l}
              methods={methods}
              amount={lineAmounts[i] ?? null}
              onMethod={(c) => setMethod(l.key, c)}
              onValue={(id, v) => setValue(l.key, id, v)}
              onRemove={lines.length > 1 ? () => setLines((p) => p.filter((x) => x.key !== l.key)) : undefined}
            />
          ))}
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => setLines((p) => [...p, newLine()])}>
            Agregar cobro
          </Button>
          <div className="receipt-total">
            Importe a cobrar: <strong>{formatMoney(totalSelected.toFixed(2))}</strong> · Total cobrado:{' '}
            <strong data-testid="total-cobrado">{formatMoney(totalCollected.toFixed(2))}</strong>
          </div>
          {insufficient && <Alert type="error" showIcon title={receiptsMsg.cobroInsuficiente} />}
          {surplus && <Alert type="warning" showIcon title={receiptsMsg.diferenciaACuenta(esAr(surplus))} />}
          {paymentError && <Alert type="error" showIcon title={paymentError} data-testid="payment-error" />}
        </section>
      )}
      {step === 3 && (
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
      )}
      {step === 4 && (
        <section aria-label="Resumen" data-testid="receipt-summary">
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Fecha">{dayjs(fecha ?? hoy).format('DD/MM/YYYY')}</Descriptions.Item>
            <Descriptions.Item label="Documentos">
              {chosen.length === 0 ? 'Pago a cuenta' : chosen.map((d) => `${d.descomp} ${d.norig}: ${formatMoney((dec(amounts[d.id]) ?? new Decimal(0)).toFixed(2))}`).join(' · ')}
            </Descriptions.Item>
            <Descriptions.Item label="Cobros">
              {lines.map((l, i) => `${methodOf(l)?.descon ?? ''} ${formatMoney((lineAmounts[i] ?? new Decimal(0)).toFixed(2))}`).join(' · ')}
            </Descriptions.Item>
            <Descriptions.Item label="Importe a cobrar">{formatMoney(totalSelected.toFixed(2))}</Descriptions.Item>
            <Descriptions.Item label="Total cobrado">{formatMoney(totalCollected.toFixed(2))}</Descriptions.Item>
            {observacion && <Descriptions.Item label="Observación">{observacion}</Descriptions.Item>}
          </Descriptions>
          {surplus && <Alert type="warning" showIcon title={receiptsMsg.diferenciaACuenta(esAr(surplus))} />}
        </section>
      )}
      <div className="receipt-nav">
        <Button onClick={back} disabled={posting}>
          {step === 1 ? 'Cancelar' : 'Anterior'}
        </Button>
        {step < 4 ? (
          <Button type="primary" onClick={next} disabled={nextDisabled}>
            Siguiente
          </Button>
        ) : (
          <Button type="primary" onClick={() => void handleConfirm()} loading={posting}>
            Confirmar
          </Button>
        )}
      </div>
    </Card>
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

function CampoField({ n, campo, value, onChange }: { n: number; campo: Campo; value: string | boolean | File | null; onChange: (v: string | boolean | File | null) => void }) {
  const label = `${campo.label}${campo.required || campo.requiredFile ? ' *' : ''}`;
  const aria = `${campo.label} (cobro ${n})`;
  if (campo.inputtype === 'file') {
    return (
      <div className="receipt-field">
        <span>{label}</span>
        <Upload
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          maxCount={1}
          beforeUpload={(file) => {
            onChange(file);
            return false;
          }}
          onRemove={() => onChange(null)}
          fileList={value instanceof File ? [{ uid: '1', name: value.name, status: 'done' }] : []}
        >
          <Button icon={<UploadOutlined aria-hidden />} aria-label={aria}>
            Adjuntar archivo
          </Button>
        </Upload>
        <Typography.Text type="secondary" className="receipt-hint">
          PDF, JPG o PNG, hasta 5 MB.
        </Typography.Text>
      </div>
    );
  }
  if (campo.type === 'checkbox') {
    return (
      <div className="receipt-field">
        <Checkbox checked={value === true} onChange={(e) => onChange(e.target.checked)} aria-label={aria}>
          {label}
        </Checkbox>
      </div>
    );
  }
  if (campo.type === 'select') {
    return (
      <label className="receipt-field">
        <span>{label}</span>
        <Select
          value={typeof value === 'string' && value ? value : undefined}
          placeholder={campo.placeholder || 'Seleccione'}
          options={campo.options.map((o) => ({ value: o.id, label: o.descripcion }))}
          onChange={(v: string) => onChange(v)}
          aria-label={aria}
        />
      </label>
    );
  }
  if (campo.type === 'date') {
    return (
      <label className="receipt-field">
        <span>{label}</span>
        <DatePicker
          value={typeof value === 'string' && value ? dayjs(value) : null}
          format="DD/MM/YYYY"
          onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : null)}
          aria-label={aria}
        />
      </label>
    );
  }
  if (campo.inputtype === 'cuit') return <CuitField n={n} campo={campo} label={label} aria={aria} value={typeof value === 'string' ? value : ''} onChange={onChange} />;
  return (
    <label className="receipt-field">
      <span>{label}</span>
      <Input
        value={typeof value === 'string' ? value : ''}
        placeholder={campo.placeholder}
        prefix={campo.suma ? '$' : undefined}
        inputMode={campo.suma || campo.inputtype === 'number' ? 'decimal' : undefined}
        onChange={(e) => onChange(e.target.value)}
        aria-label={aria}
      />
      {campo.suma && <AmountEcho text={typeof value === 'string' ? value : ''} />}
    </label>
  );
}


type CuitFieldProps = { n: number; campo: Campo; label: string; aria: string; value: string; onChange: (v: string) => void };

/** A CUIT (inputtype 'cuit'): digits, dashes allowed; what is wrong with it shows once the field is left. */
function CuitField({ n, campo, label, aria, value, onChange }: CuitFieldProps) {
  const [left, setLeft] = useState(false);
  const error = left ? cuitFieldError(n, campo.label, value) : null;
  return (
    <label className="receipt-field">
      <span>{label}</span>
      <Input
        value={value}
        placeholder={campo.placeholder}
        inputMode="numeric"
        maxLength={15}
        status={error ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => setLeft(true)}
        aria-label={aria}
        aria-invalid={error ? true : undefined}
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </label>
  );
}
