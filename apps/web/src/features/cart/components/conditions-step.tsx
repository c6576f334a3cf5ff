import { useEffect, useRef, useState } from 'react';
import { DatePicker, Form, Input, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { orderingMsg, type PurchaseCartResponse, type SalesCartResponse } from '@portal/contract';
import { useLookup } from '../api/get-lookups';
import type { ConditionBody } from '../api/set-condition';

type ConditionsStepProps =
  | { kind: 'sales'; answer: SalesCartResponse; busy: boolean; onChange: (body: ConditionBody) => void; showPaymentError?: boolean }
  | { kind: 'purchase'; answer: PurchaseCartResponse; busy: boolean; onChange: (body: ConditionBody) => void; showPaymentError?: boolean };

const DATE_FORMAT = 'DD-MM-YYYY';

/** Dates before today + diasentrega (the server's fecha_minima_entrega) cannot be chosen (ordering.md §5). */
const disabledBefore = (min: string) => (d: Dayjs) => d.isBefore(dayjs(min), 'day');

/**
 * Step 2, 'Condiciones de compra'. Each change is one PUT ?type=condiciones and the drawer shows the cart the server
 * answers. A single destination or origin is chosen by itself.
 */
export function ConditionsStep(props: ConditionsStepProps) {
  return props.kind === 'sales' ? <SalesConditions {...props} /> : <PurchaseConditions {...props} />;
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
      <Form.Item
        label="Entrega"
        validateStatus={cart.destino_id === null ? 'warning' : undefined}
        help={cart.destino_id === null ? orderingMsg.ingresarDomicilio : undefined}
      >
        <Select
          aria-label="Entrega"
          placeholder="Seleccione el domicilio de entrega"
          value={cart.destino_id ?? undefined}
          loading={destinations.isLoading}
          disabled={busy}
          options={(destinations.data ?? []).map((d) => ({ value: d.destino_id, label: `${d.descripcion} (${d.localidad})` }))}
          onChange={(v: number) => onChange({ dentrega: v })}
        />
      </Form.Item>
      <Form.Item label="Origen">
        <Select
          aria-label="Origen"
          placeholder="Seleccione el origen"
          value={cart.origen_id ?? undefined}
          loading={origins.isLoading}
          disabled={busy}
          options={(origins.data ?? []).map((o) => ({ value: o.origen_id, label: `${o.descripcion} (${o.localidad})` }))}
          onChange={(v: number) => onChange({ origen: v })}
        />
      </Form.Item>
      {answer.muestra_tipooperacion && (
        <Form.Item label="Operación">
          <Select
            aria-label="Operación"
            placeholder="Seleccione el tipo de operación"
            value={cart.tipo_operacion_id ?? undefined}
            loading={operations.isLoading}
            disabled={busy}
            options={(operations.data ?? []).map((o) => ({ value: o.id, label: o.descripcion }))}
            onChange={(v: number) => onChange({ operacion: v })}
          />
        </Form.Item>
      )}
      <DeliveryDateField
        value={cart.fecha_entrega}
        min={answer.fecha_minima_entrega}
        disabled={busy}
        onChange={(fecha_entrega) => onChange({ fecha_entrega })}
      />
      <DetailField value={cart.detalle} disabled={busy} onSave={(detalle) => onChange({ detalle })} />
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
      <Form.Item label="Condición de pago" required validateStatus={missing ? 'error' : undefined} help={missing ? orderingMsg.ingresarCondicionPago : undefined}>
        <Select
          aria-label="Condición de pago"
          placeholder="Seleccione la condición de pago"
          value={cart.cpago ?? undefined}
          loading={conditions.isLoading}
          disabled={busy}
          options={(conditions.data ?? []).map((c) => ({ value: c.id, label: c.despago }))}
          onChange={(v: number) => onChange({ cpago: v })}
        />
      </Form.Item>
      <Form.Item label="Con impuestos">
        <Switch aria-label="Con impuestos" checked={cart.conimpuesto} disabled={busy} onChange={(v) => onChange({ conimpuesto: v })} />
      </Form.Item>
      <DeliveryDateField
        value={cart.fecha_entrega}
        min={answer.fecha_minima_entrega}
        disabled={busy}
        onChange={(fecha_entrega) => onChange({ fecha_entrega })}
      />
      <DetailField value={cart.detalle} disabled={busy} onSave={(detalle) => onChange({ detalle })} />
    </Form>
  );
}

/** The delivery date (DD-MM-YYYY), days before the server's fecha_minima_entrega disabled; both carts share it. */
function DeliveryDateField({ value, min, disabled, onChange }: {
  value: string | null;
  min: string;
  disabled: boolean;
  onChange: (fecha: string | null) => void;
}) {
  return (
    <Form.Item label="Fecha de entrega" extra={`Desde el ${dayjs(min).format(DATE_FORMAT)}`}>
      <DatePicker
        aria-label="Fecha de entrega"
        format={DATE_FORMAT}
        style={{ width: '100%' }}
        value={value ? dayjs(value) : null}
        disabledDate={disabledBefore(min)}
        disabled={disabled}
        inputReadOnly
        onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : null)}
      />
    </Form.Item>
  );
}
