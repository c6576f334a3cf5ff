import { useState } from 'react';
import { Button, Checkbox, DatePicker, Input, Select, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { cuitFieldError, type Campo } from '@portal/contract';
import dayjs from '../../../lib/dayjs';
import { AmountEcho } from '../../../lib/amount-echo';

type CampoFieldProps = { n: number; campo: Campo; value: string | boolean | File | null; onChange: (v: string | boolean | File | null) => void };

/** One field of a payment method, drawn by its type (file, checkbox, select, date, CUIT or text). */
export function CampoField({ n, campo, value, onChange }: CampoFieldProps) {
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
