import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { Button, DatePicker, Drawer, Form, Space, Typography, type FormInstance, type FormRule } from 'antd';
import dayjs, { type Dayjs } from './dayjs';
import { todayInArgentina } from '@portal/contract';
import { useNotify } from './notify';
import './date-range-search.css';

export type DateRangeValues = { desde: Dayjs | null; hasta: Dayjs | null };
type DateField = 'desde' | 'hasta';

/**
 * What a screen's date range asks, each rule with that screen's words (statements.md §5, ordering.md §5). Left out,
 * a rule does not apply.
 */
export type DateRangeRules = {
  /** The start after the end: said on 'Fecha desde'. Every screen has it. */
  fechasInvertidas: string;
  /** The end before the start: also said on 'Fecha hasta' (contracts, statements). */
  fechaHastaAnterior?: string;
  /** 'Fecha desde' is required: always, or on a phone only. */
  desdeRequired?: { message: string; when: 'always' | 'phone' };
  /** 'Fecha hasta' is required: always, on a phone only, or on a phone and as soon as a start is given (grain). */
  hastaRequired?: { message: string; when: 'always' | 'phone' | 'phone-or-start' };
  /**
   * The rules on a range the user picks, applied as soon as it is picked: a start older than a year is warned about
   * and cleared; a range too long (once both ends are the user's) is warned about and both are cleared. `exempt`
   * spares a range (fiscal: the opening six months). `revalidate` is what is checked again after a pick that passed.
   */
  picked?: {
    startTooOld: (desde: string) => boolean;
    rangeTooLong: (desde: string, hasta: string) => boolean;
    exempt?: (desde: string, hasta: string) => boolean;
    desdeUltimoAnio: string;
    rangoMaximo: string;
    revalidate: 'both' | 'start-once-both-picked';
  };
  /** The dates cannot be emptied with the picker's clear button (fiscal: both are always required). */
  noClear?: boolean;
};

/** YYYY-MM-DD of a picked day, or null. */
export const isoDay = (d: Dayjs | null | undefined): string | null => (d ? d.format('YYYY-MM-DD') : null);

/** What the screen's submit may use: the picked-range rules again (for a typed range) and a field's error. */
export type SubmitTools = {
  /** The picked-range rules on the whole range; false (after warning and clearing) when it did not pass. */
  checkPickedRange: (desde: string | null, hasta: string | null) => boolean;
  fieldError: (name: string, message: string) => void;
};

type DateRangeSearchDrawerProps<V extends DateRangeValues> = {
  title: string;
  /** The drawer's class, for the screen's own styles. */
  className: string;
  open: boolean;
  mobile: boolean;
  rules: DateRangeRules;
  /** A line above the dates (the range the screen accepts). */
  help?: string;
  form: FormInstance<V>;
  /** The form's values at each opening (from the search on screen; Cancelar drops what was changed). */
  initialValues: () => V;
  /** A key of the search on screen: a new search object with the same key does not reset the user's edits. */
  searchKey?: string;
  /** The values Limpiar leaves (the dates are emptied in any case). */
  clearedValues: Omit<V, 'desde' | 'hasta'>;
  onClose: () => void;
  /** Called with the validated values; the screen turns them into its search. */
  onSubmit: (values: V, tools: SubmitTools) => void;
  /** The screen's other fields, below the dates. */
  children?: ReactNode;
};

const FORMAT = 'DD/MM/YYYY';
const disabledFuture = (d: Dayjs) => d.isAfter(dayjs(todayInArgentina()), 'day');

/**
 * The date-range search drawer of the contracts, grain, statement and fiscal screens: 'Fecha desde' and 'Fecha
 * hasta' (DD/MM/AAAA, no future days) with each screen's rules and words, the screen's own fields below, and
 * Cancelar / Limpiar / Buscar.
 */
export function DateRangeSearchDrawer<V extends DateRangeValues>({
  title,
  className,
  open,
  mobile,
  rules,
  help,
  form,
  initialValues,
  searchKey,
  clearedValues,
  onClose,
  onSubmit,
  children,
}: DateRangeSearchDrawerProps<V>) {
  const notify = useNotify();
  // The dates the user has picked since the drawer opened (or since Limpiar). The range rule judges a range once
  // both ends are the user's: changing only the start of the opening range must not trip it at once.
  const picked = useRef(new Set<DateField>());
  // The fields are typed by V, which always holds the two dates.
  const dates = form as unknown as FormInstance<DateRangeValues>;

  // Each opening (and a new search while open) starts from the search on screen.
  const startFromSearch = useEffectEvent(() => {
    picked.current.clear();
    form.resetFields();
    form.setFieldsValue(initialValues() as Parameters<typeof form.setFieldsValue>[0]);
  });
  useEffect(() => {
    if (open) startFromSearch();
  }, [open, searchKey]);

  /** The picked-range rules; true when the range passed. */
  function checkPicked(desde: string | null, hasta: string | null, checkStart: boolean, checkLength: boolean): boolean {
    const p = rules.picked;
    if (!p) return true;
    if (checkStart && desde && p.startTooOld(desde)) {
      notify.warning(p.desdeUltimoAnio);
      dates.setFieldsValue({ desde: null });
      return false;
    }
    if (checkLength && desde && hasta && desde <= hasta && p.rangeTooLong(desde, hasta) && !p.exempt?.(desde, hasta)) {
      notify.warning(p.rangoMaximo);
      dates.setFieldsValue({ desde: null, hasta: null });
      return false;
    }
    return true;
  }

  function handleValuesChange(changed: Partial<DateRangeValues>, all: DateRangeValues) {
    if (!rules.picked || (!('desde' in changed) && !('hasta' in changed))) return;
    if ('desde' in changed) picked.current.add('desde');
    if ('hasta' in changed) picked.current.add('hasta');
    const both = picked.current.size === 2;
    if (!checkPicked(isoDay(all.desde), isoDay(all.hasta), 'desde' in changed, both)) return;
    if (rules.picked.revalidate === 'both') void dates.validateFields(['desde', 'hasta']).catch(() => undefined);
    // A start after the end shows its message at once; the other field's error goes once it is fixed.
    else if (all.desde && all.hasta && both) void dates.validateFields(['desde']).catch(() => undefined);
  }

  async function handleSubmit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    onSubmit(values, {
      checkPickedRange: (desde, hasta) => checkPicked(desde, hasta, true, true),
      fieldError: (name, message) => dates.setFields([{ name: name as DateField, errors: [message] }]),
    });
  }

  function handleClear() {
    picked.current.clear();
    form.setFieldsValue({ ...clearedValues, desde: null, hasta: null } as unknown as Parameters<typeof form.setFieldsValue>[0]);
    const names = ['desde', 'hasta', ...Object.keys(clearedValues)];
    dates.setFields(names.map((name) => ({ name: name as DateField, errors: [] })));
  }

  const required = (when: 'always' | 'phone' | undefined) => when === 'always' || (when === 'phone' && mobile);
  const desdeRules: FormRule[] = [
    ...(rules.desdeRequired ? [{ required: required(rules.desdeRequired.when), message: rules.desdeRequired.message }] : []),
    ({ getFieldValue }) => ({
      validator: async (_r, value: Dayjs | null) => {
        const hasta = getFieldValue('hasta') as Dayjs | null;
        if (value && hasta && value.isAfter(hasta, 'day')) throw new Error(rules.fechasInvertidas);
      },
    }),
  ];
  const hastaRules: FormRule[] = [];
  const hr = rules.hastaRequired;
  if (hr?.when === 'phone-or-start') {
    hastaRules.push(({ getFieldValue }) => ({
      validator: async (_r, value: Dayjs | null) => {
        if (!value && (mobile || getFieldValue('desde'))) throw new Error(hr.message);
      },
    }));
  } else if (hr) {
    hastaRules.push({ required: required(hr.when), message: hr.message });
  }
  if (rules.fechaHastaAnterior) {
    const message = rules.fechaHastaAnterior;
    hastaRules.push(({ getFieldValue }) => ({
      validator: async (_r, value: Dayjs | null) => {
        const desde = getFieldValue('desde') as Dayjs | null;
        if (value && desde && value.isBefore(desde, 'day')) throw new Error(message);
      },
    }));
  }
  const picker = (
    <DatePicker format={FORMAT} placeholder="DD/MM/AAAA" disabledDate={disabledFuture} allowClear={!rules.noClear} style={{ width: '100%' }} />
  );

  return (
    <Drawer
      title={title}
      placement="right"
      open={open}
      onClose={onClose}
      size={mobile ? '100%' : 420}
      forceRender
      className={className}
      footer={
        <Space className="date-range-footer">
          <Button onClick={onClose}>Cancelar</Button>
          <Button onClick={handleClear}>Limpiar</Button>
          <Button type="primary" onClick={() => void handleSubmit()}>
            Buscar
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onValuesChange={handleValuesChange} requiredMark={false}>
        {help && (
          <Typography.Paragraph type="secondary" className="date-range-help">
            {help}
          </Typography.Paragraph>
        )}
        <div className="date-range-pair">
          <Form.Item name="desde" label="Fecha desde" dependencies={['hasta']} rules={desdeRules}>
            {picker}
          </Form.Item>
          <Form.Item name="hasta" label="Fecha hasta" dependencies={rules.fechaHastaAnterior || hr?.when === 'phone-or-start' ? ['desde'] : undefined} rules={hastaRules}>
            {picker}
          </Form.Item>
        </div>
        {children}
      </Form>
    </Drawer>
  );
}
