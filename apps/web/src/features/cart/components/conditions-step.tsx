import { useEffect, useRef, useState } from 'react';
import { DatePicker, Form, Input, Select, Switch, type FormItemProps } from 'antd';
import dayjs, { type Dayjs } from '../../../lib/dayjs';
import { orderingMsg, type PurchaseCartResponse, type SalesCartResponse } from '@portal/contract';
import { useIsMobile } from '../../../lib/device';
import { useLookup } from '../api/get-lookups';
import type { ConditionBody } from '../api/set-condition';

type ConditionsStepProps =
  | { kind: 'sales'; answer: SalesCartResponse; busy: boolean; onChange: (body: ConditionBody) => void; showPaymentError?: boolean }
  | { kind: 'purchase'; answer: PurchaseCartResponse; busy: boolean; onChange: (body: ConditionBody) => void; showPaymentError?: boolean };

// The portal's date format everywhere (es-AR): DD/MM/YYYY.
const DATE_FORMAT = 'DD/MM/YYYY';

/** Dates before today + diasentrega (the server's fecha_minima_entrega) cannot be chosen (ordering.md §5). */
const disabledBefore = (min: string) => (d: Dayjs) => d.isBefore(dayjs(min), 'day');

/**
 * Step 2, 'Condiciones de compra'. Each change is one PUT ?type=condiciones and the drawer shows the cart the server
 * answers. A single destination or origin is chosen by itself.
 */
export function ConditionsStep(props: ConditionsStepProps) {
  return props.kind === 'sales' ? <SalesConditions {...props} /> : <PurchaseConditions {...props} />;
}

type LookupSelectProps<I> = {
  label: string;
  placeholder: string;
  value: number | null;
  /** The condition list's query (useLookup). */
  list: { data?: I[]; isLoading: boolean };
  option: (item: I) => { value: number; label: string };
  disabled: boolean;
  onSelect: (value: number) => void;
  item?: Pick<FormItemProps, 'required' | 'validateStatus' | 'help'>;
};

/** One condition chosen from a server list (destination, origin, operation, payment condition), labelled alike. */
function LookupSelect<I>({ label, placeholder, value, list, option, disabled, onSelect, item }: LookupSelectProps<I>) {
  return (
    <Form.Item label={label} {...item}>
      <Select
        aria-label={label}
        placeholder={placeholder}
        value={value ?? undefined}
        loading={list.isLoading}
        disabled={disabled}
        options={(list.data ?? []).map(option)}
        onChange={(v: number) => onSelect(v)}
      />
    </Form.Item>
  );
}

function DetailField({ value, disabled, onSave }: { value: string; disabled: boolean; onSave: (v: string | null) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Form.Item label="Detalle" style={{ marginBottom: 0 }}>
      <Input.TextArea
        aria-label="Detalle"
        rows={3}
        maxLength={500}
        showCount
        value={text}
        disabled={disabled}
        placeholder="Indicaciones para la entrega, observaciones…"
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          const v = text.trim();
          if (v !== value) onSave(v === '' ? null : v);
        }}
      />
    </Form.Item>
  );
}

function SalesConditions({ answer, busy, onChange }: { answer: SalesCartResponse; busy: boolean; onChange: (body: ConditionBody) => void }) {
  const cart = answer.carrito;
  const destinations = useLookup('dentregas');
  const origins = useLookup('torigen');
  const operations = useLookup('toperacion', answer.muestra_tipooperacion);
  const autoPicked = useRef({ destino: false, origen: false });

  // A single destination or origin is chosen by itself (ordering.md §4).
  useEffect(() => {
    if (busy) return;
    if (cart.destino_id === null && destinations.data?.length === 1 && !autoPicked.current.destino) {
      autoPicked.current.destino = true;
      onChange({ dentrega: destinations.data[0]!.destino_id });
    } else if (cart.origen_id === null && origins.data?.length === 1 && !autoPicked.current.origen) {
      autoPicked.current.origen = true;
      onChange({ origen: origins.data[0]!.origen_id });
    }
  }, [busy, cart.destino_id, cart.origen_id, destinations.data, origins.data, onChange]);

  return (
    <Form layout="vertical" data-testid="cart-conditions">
      <LookupSelect
        label="Entrega"
        placeholder="Seleccione el domicilio de entrega"
        value={cart.destino_id}
        list={destinations}
        option={(d) => ({ value: d.destino_id, label: `${d.descripcion} (${d.localidad})` })}
        disabled={busy}
        onSelect={(v) => onChange({ dentrega: v })}
        item={{ validateStatus: cart.destino_id === null ? 'warning' : undefined, help: cart.destino_id === null ? orderingMsg.ingresarDomicilio : undefined }}
      />
      <LookupSelect
        label="Origen"
        placeholder="Seleccione el origen"
        value={cart.origen_id}
        list={origins}
        option={(o) => ({ value: o.origen_id, label: `${o.descripcion} (${o.localidad})` })}
        disabled={busy}
        onSelect={(v) => onChange({ origen: v })}
      />
      {answer.muestra_tipooperacion && (
        <LookupSelect
          label="Operación"
          placeholder="Seleccione el tipo de operación"
          value={cart.tipo_operacion_id}
          list={operations}
          option={(o) => ({ value: o.id, label: o.descripcion })}
          disabled={busy}
          onSelect={(v) => onChange({ operacion: v })}
        />
      )}
      <DateAndDetail answer={answer} busy={busy} onChange={onChange} />
    </Form>
  );
}

function PurchaseConditions({
  answer,
  busy,
  onChange,
  showPaymentError,
}: {
  answer: PurchaseCartResponse;
  busy: boolean;
  onChange: (body: ConditionBody) => void;
  showPaymentError?: boolean;
}) {
  const cart = answer.carrito;
  const conditions = useLookup('cpagos');
  const missing = cart.cpago === null && showPaymentError;
  return (
    <Form layout="vertical" data-testid="cart-conditions">
      <LookupSelect
        label="Condición de pago"
        placeholder="Seleccione la condición de pago"
        value={cart.cpago}
        list={conditions}
        option={(c) => ({ value: c.id, label: c.despago })}
        disabled={busy}
        onSelect={(v) => onChange({ cpago: v })}
        item={{ required: true, validateStatus: missing ? 'error' : undefined, help: missing ? orderingMsg.ingresarCondicionPago : undefined }}
      />
      <Form.Item label="Con impuestos">
        <Switch aria-label="Con impuestos" checked={cart.conimpuesto} disabled={busy} onChange={(v) => onChange({ conimpuesto: v })} />
      </Form.Item>
      <DateAndDetail answer={answer} busy={busy} onChange={onChange} />
    </Form>
  );
}

/** The delivery date and the detail, the last two conditions of both carts. */
function DateAndDetail({ answer, busy, onChange }: { answer: SalesCartResponse | PurchaseCartResponse; busy: boolean; onChange: (body: ConditionBody) => void }) {
  return (
    <>
      <DeliveryDateField
        value={answer.carrito.fecha_entrega}
        min={answer.fecha_minima_entrega}
        disabled={busy}
        onChange={(fecha_entrega) => onChange({ fecha_entrega })}
      />
      <DetailField value={answer.carrito.detalle} disabled={busy} onSave={(detalle) => onChange({ detalle })} />
    </>
  );
}

/**
 * The delivery date (DD/MM/YYYY), days before the server's fecha_minima_entrega disabled; both carts share it. With no
 * date chosen the calendar opens on the first allowed day's month, not on today's (whose days may all be disabled).
 */
function DeliveryDateField({ value, min, disabled, onChange }: {
  value: string | null;
  min: string;
  disabled: boolean;
  onChange: (fecha: string | null) => void;
}) {
  // A keyboard types the date (DD/MM/YYYY, Enter); a phone picks it in the calendar without its keyboard covering it.
  const mobile = useIsMobile();
  return (
    <Form.Item label="Fecha de entrega" extra={`Desde el ${dayjs(min).format(DATE_FORMAT)}`}>
      <DatePicker
        aria-label="Fecha de entrega"
        format={DATE_FORMAT}
        style={{ width: '100%' }}
        value={value ? dayjs(value) : null}
        disabledDate={disabledBefore(min)}
        defaultPickerValue={dayjs(min)}
        disabled={disabled}
        inputReadOnly={mobile}
        onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : null)}
      />
    </Form.Item>
  );
}
