import { lazy, Suspense, useState } from 'react';
import { Select } from 'antd';

// The typed amount (InputNumber) loads when 'Otra cantidad…' is chosen.
const QuantityTyped = lazy(() => import('./quantity-typed').then((m) => ({ default: m.QuantityTyped })));

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
    return (
      <Suspense fallback={null}>
        <QuantityTyped
          label={label}
          initial={typed}
          onApply={(v) => {
            setTyped(v);
            onChange(v);
            setTyping(false);
          }}
        />
      </Suspense>
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
