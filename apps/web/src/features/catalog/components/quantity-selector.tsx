import { useState } from 'react';
import { Button, InputNumber, Select, Space } from 'antd';

type QuantitySelectorProps = {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** Names the control for assistive technology and tests: 'Cantidad de {producto}'. */
  label?: string;
};

const QUICK = [1, 2, 3, 4];
const OTHER = -1;

/**
 * Quantity 1 to 4 from a list, or any amount typed and confirmed with 'Aplicar' (ordering.md §2, §9; minimum 1).
 * A typed amount stays in the list as the chosen value.
 */
export function QuantitySelector({ value, onChange, disabled, label = 'Cantidad' }: QuantitySelectorProps) {
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState<number | null>(value > 4 ? value : 5);

  if (typing) {
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
          onPressEnter={() => valid && (onChange(typed), setTyping(false))}
          style={{ width: 96 }}
        />
        <Button
          type="primary"
          disabled={!valid}
          onClick={() => {
            if (!valid) return;
            onChange(typed);
            setTyping(false);
          }}
        >
          Aplicar
        </Button>
      </Space.Compact>
    );
  }

  const options = [
    ...QUICK.map((q) => ({ value: q, label: `${q} ${q === 1 ? 'unidad' : 'unidades'}` })),
    ...(QUICK.includes(value) ? [] : [{ value, label: `${value} unidades` }]),
    { value: OTHER, label: 'Otra cantidad…' },
  ];
  return (
    <Select
      aria-label={label}
      className="quantity-select"
      value={value}
      disabled={disabled}
      options={options}
      onChange={(v: number) => (v === OTHER ? setTyping(true) : onChange(v))}
      popupMatchSelectWidth={false}
    />
  );
}
