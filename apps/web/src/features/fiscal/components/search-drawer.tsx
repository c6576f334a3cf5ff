import { useEffect, useRef } from 'react';
import { Button, DatePicker, Drawer, Form, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { checkFiscalRange, fiscalMsg, todayInArgentina } from '@portal/contract';
import { useNotify } from '../../../lib/notify';
import { isDefaultRange, rangeTooLong, startTooOld, type FiscalSearch } from '../search-rules';

type SearchValues = { desde: Dayjs | null; hasta: Dayjs | null; comprobantes: string[] };

type SearchDrawerProps = {
  open: boolean;
  mobile: boolean;
  search: FiscalSearch;
  /** The document descriptions of the entity (the list's tipodecomprobantes). */
  tipos: readonly string[];
  onClose: () => void;
  onSearch: (search: FiscalSearch) => void;
};

const FORMAT = 'DD/MM/YYYY';
const iso = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
const toValues = (s: FiscalSearch): SearchValues => ({ desde: dayjs(s.fechadesde), hasta: dayjs(s.fechahasta), comprobantes: s.descom });

/**
 * 'Buscar comprobantes' (ordering.md §2, §5): a date range and the document types. The range rules apply to what
 * the user picks, as soon as it is picked: a start older than a year is warned about and cleared; a range over
 * 30 days is warned about and both dates are cleared. The opening range (six months) stays valid untouched.
 */
export function SearchDrawer({ open, mobile, search, tipos, onClose, onSearch }: SearchDrawerProps) {
  const [form] = Form.useForm<SearchValues>();
  const notify = useNotify();
  // The dates the user has picked since the drawer opened (or since Limpiar). The range rule judges a range
  // once both ends are the user's: changing only the start of the opening range must not trip it at once.
  const picked = useRef(new Set<'desde' | 'hasta'>());

  // Each opening starts from the search on screen; Cancelar drops what was changed.
  const searchKey = `${search.fechadesde}|${search.fechahasta}|${search.descom.join(',')}`;
  useEffect(() => {
    if (open) {
      picked.current.clear();
      form.resetFields();
      form.setFieldsValue(toValues(search));
    }
    // search is read through its key: a new object with the same search must not reset the user's edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, searchKey, form]);

  /** The rules of §5 on a range; true when it passed. */
  function applyRangeRules(desde: string | null, hasta: string | null, checkStart: boolean, checkLength: boolean): boolean {
    if (checkStart && desde && startTooOld(desde)) {
      notify.warning(fiscalMsg.desdeUltimoAnio);
      form.setFieldsValue({ desde: null });
      return false;
    }
    if (checkLength && desde && hasta && desde <= hasta && rangeTooLong(desde, hasta) && !isDefaultRange({ fechadesde: desde, fechahasta: hasta })) {
      notify.warning(fiscalMsg.rangoMaximo);
      form.setFieldsValue({ desde: null, hasta: null });
      return false;
    }
    return true;
  }

  function handleValuesChange(changed: Partial<SearchValues>, all: SearchValues) {
    if (!('desde' in changed) && !('hasta' in changed)) return;
    if ('desde' in changed) picked.current.add('desde');
    if ('hasta' in changed) picked.current.add('hasta');
    const both = picked.current.size === 2;
    if (applyRangeRules(iso(all.desde), iso(all.hasta), 'desde' in changed, both) && all.desde && all.hasta && both) {
      // A start after the end shows its message at once; the other field's error goes once it is fixed.
      void form.validateFields(['desde']).catch(() => undefined);
    }
  }

  async function handleSubmit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const desde = iso(values.desde)!;
    const hasta = iso(values.hasta)!;
    // A typed range that slipped past the pickers gets the same treatment as a picked one.
    if (!applyRangeRules(desde, hasta, true, true)) return;
    const problem = checkFiscalRange({ fechadesde: desde, fechahasta: hasta }, todayInArgentina());
    if (problem) {
      form.setFields([{ name: 'desde', errors: [problem] }]);
      return;
    }
    onSearch({ fechadesde: desde, fechahasta: hasta, descom: values.comprobantes ?? [] });
  }

  function handleClear() {
    picked.current.clear();
    form.setFieldsValue({ desde: null, hasta: null, comprobantes: [] });
    form.setFields([
      { name: 'desde', errors: [] },
      { name: 'hasta', errors: [] },
    ]);
  }

  const disabledFuture = (d: Dayjs) => d.isAfter(dayjs(todayInArgentina()), 'day');

  return (
    <Drawer
      title="Buscar comprobantes"
      placement="right"
      open={open}
      onClose={onClose}
      size={mobile ? '100%' : 420}
      forceRender
      className="fiscal-search-drawer"
      footer={
        <Space className="fiscal-drawer-footer">
          <Button onClick={onClose}>Cancelar</Button>
          <Button onClick={handleClear}>Limpiar</Button>
          <Button type="primary" onClick={() => void handleSubmit()}>
            Buscar
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onValuesChange={handleValuesChange} requiredMark={false}>
        <Typography.Paragraph type="secondary" className="fiscal-search-help">
          Elija un rango de hasta 30 días dentro del último año.
        </Typography.Paragraph>
        <div className="fiscal-search-dates">
          <Form.Item
            name="desde"
            label="Fecha desde"
            dependencies={['hasta']}
            rules={[
              { required: true, message: fiscalMsg.fechaDesdeObligatoria },
              ({ getFieldValue }) => ({
                validator: async (_r, value: Dayjs | null) => {
                  const hasta = getFieldValue('hasta') as Dayjs | null;
                  if (value && hasta && value.isAfter(hasta, 'day')) throw new Error(fiscalMsg.fechasInvertidas);
                },
              }),
            ]}
          >
            <DatePicker format={FORMAT} placeholder="DD/MM/AAAA" disabledDate={disabledFuture} allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="hasta" label="Fecha hasta" rules={[{ required: true, message: fiscalMsg.fechaHastaObligatoria }]}>
            <DatePicker format={FORMAT} placeholder="DD/MM/AAAA" disabledDate={disabledFuture} allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item name="comprobantes" label="Comprobantes">
          <Select
            mode="multiple"
            allowClear
            placeholder="Todos los comprobantes"
            options={tipos.map((t) => ({ value: t, label: t }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
