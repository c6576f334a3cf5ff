import { Calendar, ConfigProvider, Modal } from 'antd';
import dayjs from '../../../lib/dayjs';
import { addDays } from '@portal/contract';

type DateDialogProps = {
  open: boolean;
  /** The planner's date and today ('YYYY-MM-DD'). */
  fecha: string;
  today: string;
  onClose: () => void;
  onPick: (iso: string) => void;
};

/**
 * 'Seleccionar fecha' of Visitas: a month calendar to go back in history. Its code (Ant Design's Calendar: the
 * picker's panels with their month and year selectors) loads when it first opens (visits-page.tsx, lazyOverlay):
 * the planner's first paint does not draw it (docs/decisions/web-delivery.md).
 */
/** Day cells a thumb can hit on a driver's phone: 44 px wide and tall (the mini calendar's 24 px by default). */
const thumbCells = { components: { DatePicker: { cellHeight: 36, cellWidth: 40 }, Calendar: { miniContentHeight: 6 * 44 + 32 } } };

export function DateDialog({ open, fecha, today, onClose, onPick }: DateDialogProps) {
  return (
    <Modal title="Seleccionar fecha" open={open} onCancel={onClose} footer={null} width={360} destroyOnHidden>
      <ConfigProvider theme={thumbCells}>
      <Calendar
        fullscreen={false}
        defaultValue={dayjs(fecha < today ? fecha : addDays(today, -1))}
        // field-warehouse.md: today and future dates are disabled in the picker (it goes back in history).
        disabledDate={(d) => d.format('YYYY-MM-DD') >= today}
        onSelect={(d, info) => {
          if (info.source !== 'date') return;
          onPick(d.format('YYYY-MM-DD'));
        }}
      />
      </ConfigProvider>
    </Modal>
  );
}
