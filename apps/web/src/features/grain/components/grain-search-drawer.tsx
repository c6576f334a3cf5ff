import { Form, Select } from 'antd';
import dayjs from '../../../lib/dayjs';
import { grainMsg } from '@portal/contract';
import { DateRangeSearchDrawer, isoDay, type DateRangeRules, type DateRangeValues } from '../../../lib/date-range-search';

type Values = DateRangeValues & { codcom: string | null };
export type GrainDates = { fechaDesde: string | null; fechaHasta: string | null; codcom: string | null };

type GrainSearchDrawerProps = {
  open: boolean;
  mobile: boolean;
  value: GrainDates;
  tipos: ReadonlyArray<{ id: string; descom: string }>;
  onClose: () => void;
  onSearch: (next: GrainDates) => void;
};

/** statements.md §5 'Grain search requires the end date': as soon as a start is given (on a phone, always). */
const RULES: DateRangeRules = {
  fechasInvertidas: grainMsg.fechasInvertidas,
  hastaRequired: { message: grainMsg.fechaHastaObligatoria, when: 'phone-or-start' },
};

/** The grain ledger's search: a date range and a voucher type. From cannot be after to. */
export function GrainSearchDrawer({ open, mobile, value, tipos, onClose, onSearch }: GrainSearchDrawerProps) {
  const [form] = Form.useForm<Values>();
  return (
    <DateRangeSearchDrawer
      title="Buscar movimientos"
      className="grain-search-drawer"
      open={open}
      mobile={mobile}
      rules={RULES}
      help="La búsqueda por fechas necesita la fecha hasta."
      form={form}
      initialValues={() => ({
        desde: value.fechaDesde ? dayjs(value.fechaDesde) : null,
        hasta: value.fechaHasta ? dayjs(value.fechaHasta) : null,
        codcom: value.codcom,
      })}
      clearedValues={{ codcom: null }}
      onClose={onClose}
      onSubmit={(v) => onSearch({ fechaDesde: isoDay(v.desde), fechaHasta: isoDay(v.hasta), codcom: v.codcom ?? null })}
    >
      <Form.Item name="codcom" label="Comprobante">
        <Select allowClear placeholder="Todos los comprobantes" options={tipos.map((t) => ({ value: t.id, label: t.descom }))} />
      </Form.Item>
    </DateRangeSearchDrawer>
  );
}
