import { Checkbox, Form, Input, Select, Space } from 'antd';
import dayjs from '../../../lib/dayjs';
import { defaultFiscalRange, formatNumber, statementFilterProblem, statementMsg } from '@portal/contract';
import { DateRangeSearchDrawer, isoDay, type DateRangeRules, type DateRangeValues } from '../../../lib/date-range-search';
import { amountOf, rangeTooLong, startTooOld, type StatementSearch } from '../search-rules';
import { filterByLabel } from '../../../lib/search';
import { AmountEcho } from '../../../lib/amount-echo';

type Values = DateRangeValues & { importedsd: string; importehst: string; comprobantes: string[]; credito: boolean; debito: boolean };

type SearchDrawerProps = {
  open: boolean;
  mobile: boolean;
  search: StatementSearch;
  tipos: readonly string[];
  onClose: () => void;
  onSearch: (next: Pick<StatementSearch, 'fechadesde' | 'fechahasta' | 'importedsd' | 'importehst' | 'descom' | 'credito' | 'debito'>) => void;
};

/** Amounts go to the server as plain decimals ('1234.50'). */
const plain = (t: string) => {
  const v = t.trim();
  if (!v) return null;
  return amountOf(v) ?? v;
};

/** Dates required on a phone; a picked start older than a year, or a picked range over 30 days, is warned about and cleared. */
const RULES: DateRangeRules = {
  fechasInvertidas: statementMsg.fechasInvertidas,
  fechaHastaAnterior: statementMsg.fechaHastaAnterior,
  desdeRequired: { message: statementMsg.fechaDesdeObligatoria, when: 'phone' },
  hastaRequired: { message: statementMsg.fechaHastaObligatoria, when: 'phone' },
  picked: { startTooOld, rangeTooLong, desdeUltimoAnio: statementMsg.desdeUltimoAnio, rangoMaximo: statementMsg.rangoMaximo, revalidate: 'both' },
};

const amountRule = (message: string) => ({
  validator: async (_r: unknown, value: string | undefined) => {
    if (value && value.trim() && amountOf(value) === null) throw new Error(message);
  },
});

/**
 * The statement search (statements.md §2, §5): dates (on desktop they open on the first day of the month six months
 * back → today), amounts from/to (numeric), voucher types, credits and debits.
 */
export function SearchDrawer({ open, mobile, search, tipos, onClose, onSearch }: SearchDrawerProps) {
  const [form] = Form.useForm<Values>();
  const desdeText = Form.useWatch('importedsd', form);
  const hastaText = Form.useWatch('importehst', form);

  function initialValues(): Values {
    const def = defaultFiscalRange();
    const desde = search.fechadesde ?? (mobile ? null : def.fechadesde);
    const hasta = search.fechahasta ?? (mobile ? null : def.fechahasta);
    return {
      desde: desde ? dayjs(desde) : null,
      hasta: hasta ? dayjs(hasta) : null,
      importedsd: search.importedsd ? formatNumber(search.importedsd) : '',
      importehst: search.importehst ? formatNumber(search.importehst) : '',
      comprobantes: search.descom,
      credito: search.credito,
      debito: search.debito,
    };
  }

  return (
    <DateRangeSearchDrawer
      title="Buscar movimientos"
      className="statement-search-drawer"
      open={open}
      mobile={mobile}
      rules={RULES}
      help="Elija un rango de hasta 30 días dentro del último año."
      form={form}
      initialValues={initialValues}
      clearedValues={{ importedsd: '', importehst: '', comprobantes: [], credito: false, debito: false }}
      onClose={onClose}
      onSubmit={(v, { fieldError }) => {
        const next = {
          fechadesde: isoDay(v.desde),
          fechahasta: isoDay(v.hasta),
          importedsd: plain(v.importedsd ?? ''),
          importehst: plain(v.importehst ?? ''),
          descom: v.comprobantes ?? [],
          credito: Boolean(v.credito),
          debito: Boolean(v.debito),
        };
        const problem = statementFilterProblem({
          ...next,
          fechadesde: next.fechadesde ?? undefined,
          fechahasta: next.fechahasta ?? undefined,
          importedsd: next.importedsd ?? undefined,
          importehst: next.importehst ?? undefined,
        });
        if (problem) fieldError(problem.path === 'importedsd' ? 'importedsd' : 'desde', problem.message);
        else onSearch(next);
      }}
    >
      <div className="date-range-pair">
        <Form.Item name="importedsd" label="Importe desde" rules={[amountRule(statementMsg.importeDesdeNumerico)]} extra={<AmountEcho text={desdeText} />}>
          <Input inputMode="decimal" placeholder="0,00" />
        </Form.Item>
        <Form.Item name="importehst" label="Importe hasta" rules={[amountRule(statementMsg.importeHastaNumerico)]} extra={<AmountEcho text={hastaText} />}>
          <Input inputMode="decimal" placeholder="0,00" />
        </Form.Item>
      </div>
      <Form.Item name="comprobantes" label="Comprobantes">
        <Select mode="multiple" allowClear placeholder="Todos los comprobantes" options={tipos.map((t) => ({ value: t, label: t }))} showSearch={{ filterOption: filterByLabel }} />
      </Form.Item>
      <Space size="large">
        <Form.Item name="credito" valuePropName="checked" noStyle>
          <Checkbox>Créditos</Checkbox>
        </Form.Item>
        <Form.Item name="debito" valuePropName="checked" noStyle>
          <Checkbox>Débitos</Checkbox>
        </Form.Item>
      </Space>
    </DateRangeSearchDrawer>
  );
}
