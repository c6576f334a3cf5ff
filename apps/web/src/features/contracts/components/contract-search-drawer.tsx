import { Form, Select } from 'antd';
import dayjs from '../../../lib/dayjs';
import { contractMsg } from '@portal/contract';
import { DateRangeSearchDrawer, isoDay, type DateRangeRules, type DateRangeValues } from '../../../lib/date-range-search';
import type { ContractSearch } from '../search-rules';

type Values = DateRangeValues & { cosechas: string[] };

type ContractSearchDrawerProps = {
  open: boolean;
  mobile: boolean;
  search: ContractSearch;
  harvests: ReadonlyArray<{ cosecha: string; descripcion: string }>;
  onClose: () => void;
  onSearch: (next: Pick<ContractSearch, 'fechadesde' | 'fechahasta' | 'cosechas'>) => void;
};

/** On a phone the end date is required; the start cannot be after the end, nor the end before the start. */
const RULES: DateRangeRules = {
  fechasInvertidas: contractMsg.fechasInvertidas,
  fechaHastaAnterior: contractMsg.fechaHastaAnterior,
  hastaRequired: { message: contractMsg.fechaHastaObligatoria, when: 'phone' },
};

/** The contracts search (statements.md §2, §5): a date range and the harvests. */
export function ContractSearchDrawer({ open, mobile, search, harvests, onClose, onSearch }: ContractSearchDrawerProps) {
  const [form] = Form.useForm<Values>();
  return (
    <DateRangeSearchDrawer
      title="Buscar contratos"
      className="contract-search-drawer"
      open={open}
      mobile={mobile}
      rules={RULES}
      form={form}
      initialValues={() => ({
        desde: search.fechadesde ? dayjs(search.fechadesde) : null,
        hasta: search.fechahasta ? dayjs(search.fechahasta) : null,
        cosechas: search.cosechas,
      })}
      clearedValues={{ cosechas: [] }}
      onClose={onClose}
      onSubmit={(v) => onSearch({ fechadesde: isoDay(v.desde), fechahasta: isoDay(v.hasta), cosechas: v.cosechas ?? [] })}
    >
      <Form.Item name="cosechas" label="Cosechas">
        <Select mode="multiple" allowClear placeholder="Todas las cosechas" options={harvests.map((h) => ({ value: h.cosecha, label: h.descripcion }))} />
      </Form.Item>
    </DateRangeSearchDrawer>
  );
}
