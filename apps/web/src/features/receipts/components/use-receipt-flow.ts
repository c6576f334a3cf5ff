import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { receiptsMsg } from '@portal/contract';
import dayjs from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useNotify } from '../../../lib/notify';
import { postRecibo, receiptsKey, useFormasCobro, usePendientes } from '../api/receipts-api';
import {
  collection,
  dec,
  documentsStep,
  idsForMode,
  initialValues,
  paymentPayload,
  paymentsError,
  selectionMode,
  withDefaultAmounts,
  type PaymentLine,
  type SelectionMode,
} from '../rules';

let lineCounter = 0;
const newLine = (): PaymentLine => ({ key: `l${++lineCounter}`, codcon: null, values: {} });

/**
 * The state of the receipt flow (statements.md §4): the step, the documents chosen and their amounts, the payment
 * lines, the date and observation, and posting the receipt once per attempt.
 */
export function useReceiptFlow(onClose: () => void) {
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

  const documents = documentsStep(docs, selected, amounts, params.permite_anticipos);
  const payments = collection(lines, methods, documents.total, documents.chosen.length);

  function select(ids: number[]) {
    setSelected(new Set(ids));
    setAmounts((prev) => withDefaultAmounts(docs, ids, prev));
  }
  const handleMode = (mode: SelectionMode) => select(idsForMode(docs, mode));
  const handleCheck = (id: number, on: boolean) => select(on ? [...selected, id] : [...selected].filter((x) => x !== id));
  const handleAmount = (id: number, value: string) => setAmounts((p) => ({ ...p, [id]: value }));

  function handleValue(key: string, id: string, value: string | boolean | File | null) {
    setPaymentError(null);
    setLines((prev) => prev.map((l) => (l.key === key ? { ...l, values: { ...l.values, [id]: value } } : l)));
  }
  function handleMethod(key: string, codcon: number) {
    setPaymentError(null);
    const values = initialValues(methods.find((x) => x.codcon === codcon)?.campos ?? []);
    setLines((prev) => prev.map((l) => (l.key === key ? { ...l, codcon, values } : l)));
  }
  const addLine = () => setLines((p) => [...p, newLine()]);
  const removeLine = (key: string) => setLines((p) => p.filter((x) => x.key !== key));

  function next() {
    if (step === 2) {
      const e = paymentsError(lines, methods, payments);
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
    const { formaPago, files } = paymentPayload(lines, methods);
    try {
      const res = await postRecibo(
        {
          formaPago,
          comprobantes: documents.chosen.map((d) => ({ id: d.id, importe: dec(amounts[d.id])!.toFixed(2) })),
          observaciones: { fecha: fecha ?? hoy, observacion },
          totalSeleccionado: documents.total.toFixed(2),
          totalAcobrar: payments.total.toFixed(2),
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

  const nextDisabled = (step === 1 && documents.blocked) || (step === 2 && (payments.insufficient || lines.length === 0));

  return {
    loading: pendientes.isLoading || formas.isLoading,
    failed: pendientes.isError || formas.isError,
    error: pendientes.error ?? formas.error,
    step,
    docs,
    params,
    hoy,
    methods,
    selected,
    amounts,
    mode: selectionMode(docs, selected),
    documents,
    lines,
    payments,
    paymentError,
    fecha,
    setFecha,
    observacion,
    setObservacion,
    posting,
    nextDisabled,
    handleMode,
    handleCheck,
    handleAmount,
    handleMethod,
    handleValue,
    addLine,
    removeLine,
    next,
    back,
    handleConfirm,
  };
}

export type ReceiptFlowState = ReturnType<typeof useReceiptFlow>;
