import { Form, Select } from 'antd';
import dayjs from '../../../lib/dayjs';
import { checkFiscalRange, fiscalMsg, todayInArgentina } from '@portal/contract';
import { DateRangeSearchDrawer, isoDay, type DateRangeRules, type DateRangeValues } from '../../../lib/date-range-search';
import { isDefaultRange, rangeTooLong, startTooOld, type FiscalSearch } from '../search-rules';
import { filterByLabel } from '../../../lib/search';

type SearchValues = DateRangeValues & { comprobantes: string[] };

type SearchDrawerProps = {
  open: boolean;
  mobile: boolean;
  search: FiscalSearch;
  /** The document descriptions of the entity (the list's tipodecomprobantes). */
  tipos: readonly string[];
  onClose: () => void;
  onSearch: (search: FiscalSearch) => void;
};

/**
 * Both dates required; the range rules apply to what the user picks, as soon as it is picked: a start older than a
 * year is warned about and cleared; a range over 30 days is warned about and both dates are cleared. The opening
 * range (six months) stays valid untouched.
 */
const RULES: DateRangeRules = {
  fechasInvertidas: fiscalMsg.fechasInvertidas,
  desdeRequired: { message: fiscalMsg.fechaDesdeObligatoria, when: 'always' },
  hastaRequired: { message: fiscalMsg.fechaHastaObligatoria, when: 'always' },
  picked: {
    startTooOld,
    rangeTooLong,
    exempt: (fechadesde, fechahasta) => isDefaultRange({ fechadesde, fechahasta }),
    desdeUltimoAnio: fiscalMsg.desdeUltimoAnio,
    rangoMaximo: fiscalMsg.rangoMaximo,
    revalidate: 'start-once-both-picked',
  },
  noClear: true,
};

/** 'Buscar comprobantes' (ordering.md §2, §5): a date range and the document types. */
export function SearchDrawer({ open, mobile, search, tipos, onClose, onSearch }: SearchDrawerProps) {
  const [form] = Form.useForm<SearchValues>();
  return (
    <DateRangeSearchDrawer
      title="Buscar comprobantes"
      className="fiscal-search-drawer"
      open={open}
      mobile={mobile}
      rules={RULES}
      help="Elija un rango de hasta 30 días dentro del último año."
      form={form}
      initialValues={() => ({ desde: dayjs(search.fechadesde), hasta: dayjs(search.fechahasta), comprobantes: search.descom })}
      searchKey={`${search.fechadesde}|${search.fechahasta}|${search.descom.join(',')}`}
      clearedValues={{ comprobantes: [] }}
      onClose={onClose}
      onSubmit={(values, { checkPickedRange, fieldError }) => {
        const desde = isoDay(values.desde)!;
        const hasta = isoDay(values.hasta)!;
        // A typed range that slipped past the pickers gets the same treatment as a picked one.
        if (!checkPickedRange(desde, hasta)) return;
        const problem = checkFiscalRange({ fechadesde: desde, fechahasta: hasta }, todayInArgentina());
        if (problem) fieldError('desde', problem);
        else onSearch({ fechadesde: desde, fechahasta: hasta, descom: values.comprobantes ?? [] });
      }}
    >
      <Form.Item name="comprobantes" label="Comprobantes">
        <Select
          mode="multiple"
          allowClear
          placeholder="Todos los comprobantes"
          options={tipos.map((t) => ({ value: t, label: t }))}
          showSearch={{ filterOption: filterByLabel }}
        />
      </Form.Item>
    </DateRangeSearchDrawer>
  );
}
