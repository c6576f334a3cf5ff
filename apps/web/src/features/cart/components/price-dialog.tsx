import { useEffect, useState } from 'react';
import { Alert, Descriptions, Input, Modal } from 'antd';
import { formatMoney, formatNumber, parseAmountText } from '@portal/contract';

export type PriceTarget = {
  productoId: number;
  nombre: string;
  cantidad: number;
  unimed: string;
  precio: number;
  /** The sales line's band; purchase lines have none. */
  band?: { min: number; max: number; minTxt: string; maxTxt: string };
};

type PriceDialogProps = {
  target: PriceTarget | null;
  busy: boolean;
  onCancel: () => void;
  /** The decimal string of the typed price ('12345.50'). */
  onAccept: (precio: string) => void;
};

/**
 * Typing as an es-AR amount: digits, thousands dots put in by the field, one decimal comma, at most 2 decimals
 * (ordering.md §5 price entry). '12345,678' → '12.345,67'.
 */
export function maskEsAr(raw: string): string {
  const cleaned = raw.replace(/[^\d,]/g, '');
  const comma = cleaned.indexOf(',');
  const intDigits = (comma === -1 ? cleaned : cleaned.slice(0, comma)).replace(/^0+(?=\d)/, '');
  const decimals = comma === -1 ? null : cleaned.slice(comma + 1).replace(/,/g, '').slice(0, 2);
  const grouped = intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return decimals === null ? grouped : `${grouped || '0'},${decimals}`;
}

/** The price dialog of the cart line: the new unit price, its subtotal, and where it stands against the band. */
export function PriceDialog({ target, busy, onCancel, onAccept }: PriceDialogProps) {
  const [text, setText] = useState('');
  useEffect(() => {
    if (target) setText(formatNumber(target.precio));
  }, [target]);

  const parsed = parseAmountText(text);
  const price = parsed === null ? NaN : Number(parsed);
  // Display only: the server recomputes the subtotal in decimal arithmetic.
  const subtotal = target && Number.isFinite(price) ? price * target.cantidad : NaN;
  const valid = Number.isFinite(subtotal) && price > 0;
  const outside = valid && target?.band ? price < target.band.min || price > target.band.max : false;

  return (
    <Modal
      open={Boolean(target)}
      title="Modificar precio"
      okText="Aceptar"
      cancelText="Cancelar"
      onCancel={onCancel}
      onOk={() => parsed !== null && valid && onAccept(parsed)}
      okButtonProps={{ disabled: !valid, loading: busy }}
      destroyOnHidden
      width={420}
    >
      {target && (
        <>
          <p style={{ fontWeight: 600, marginTop: 0 }}>{target.nombre}</p>
          <Input
            aria-label="Precio unitario"
            prefix="$"
            inputMode="decimal"
            value={text}
            autoFocus
            onChange={(e) => setText(maskEsAr(e.target.value))}
            onPressEnter={() => parsed !== null && valid && onAccept(parsed)}
            status={valid ? undefined : 'error'}
          />
          <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
            <Descriptions.Item label="Cantidad">
              {formatNumber(target.cantidad)} {target.unimed}
            </Descriptions.Item>
            <Descriptions.Item label="Subtotal">
              <span data-testid="price-subtotal">{valid ? formatMoney(subtotal) : '—'}</span>
            </Descriptions.Item>
            {target.band && (
              <Descriptions.Item label="Rango permitido">
                $ {target.band.minTxt} – $ {target.band.maxTxt}
              </Descriptions.Item>
            )}
          </Descriptions>
          {outside && (
            <Alert
              type="warning"
              showIcon
              title="El precio está fuera del rango permitido: el pedido quedará con una alerta de precio para su revisión."
            />
          )}
        </>
      )}
    </Modal>
  );
}
