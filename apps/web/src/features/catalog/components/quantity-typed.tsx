import { useState } from 'react';
import { Button, InputNumber, Space } from 'antd';

type QuantityTypedProps = {
  label: string;
  initial: number | null;
  onApply: (value: number) => void;
};

/**
 * Any amount, typed and confirmed with 'Aplicar' (minimum 1): what 'Otra cantidad…' of the quantity selector opens.
 * A chunk of its own (InputNumber): the catalogue's cards draw only the list of quantities.
 */
export function QuantityTyped({ label, initial, onApply }: QuantityTypedProps) {
  const [typed, setTyped] = useState<number | null>(initial);
  const valid = typed !== null && Number.isInteger(typed) && typed >= 1;
  return (
    <Space.Compact className="quantity-typed">
      <InputNumber
        aria-label={`${label}: otra cantidad`}
        min={1}
        precision={0}
        value={typed}
        autoFocus
        onChange={(v) => setTyped(typeof v === 'number' ? v : null)}
        onPressEnter={() => valid && onApply(typed)}
        style={{ width: 96 }}
      />
      <Button type="primary" disabled={!valid} onClick={() => valid && onApply(typed)}>
        Aplicar
      </Button>
    </Space.Compact>
  );
}
