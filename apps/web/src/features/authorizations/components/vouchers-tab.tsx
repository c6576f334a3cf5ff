import { Button, Radio, Select, Typography } from 'antd';
import { receiptsMsg } from '@portal/contract';
import { ListEmpty } from '../../../lib/list-empty';
import { filterByLabel } from '../../../lib/search';
import type { VoucherFilters } from '../api/get-vouchers';
import { useVouchers } from '../use-vouchers';
import { LazyReasonPrompt } from './lazy-reason-prompt';
import { VoucherCard } from './voucher-card';

/** 'Comprobantes': the filters, the vouchers, and the prompt of a decision. */
export function VouchersTab() {
  const { filters, setFilter, setEstado, lists, list, rows, failed, prompt, deciding, open, handleCancel, handleOk } = useVouchers();

  const select = (name: 'entidad' | 'vendedor' | 'zona', placeholder: string) => (
    <Select
      allowClear
      showSearch={{ filterOption: filterByLabel }}
      placeholder={placeholder}
      value={filters[name]}
      onChange={(v?: number) => setFilter(name, v)}
      options={(lists.data?.[name] ?? []).map((i) => ({ value: i.id, label: i.descripcion }))}
      aria-label={placeholder}
    />
  );

  return (
    <div>
      <div className="authorization-filters">
        {select('entidad', 'Entidad')}
        {select('vendedor', 'Vendedor')}
        {select('zona', 'Zona')}
        <Radio.Group value={filters.estado} onChange={(e) => setEstado(e.target.value as VoucherFilters['estado'])} optionType="button">
          <Radio value="pendientes">Pendientes</Radio>
          <Radio value="decididos">Decididos</Radio>
        </Radio.Group>
      </div>
      {rows.length === 0 ? (
        <ListEmpty query={{ isPending: list.isPending, isError: list.isError || failed !== undefined }} text={receiptsMsg.noHayMas} errorText={receiptsMsg.errorCargarDatos} simple />
      ) : (
        rows.map((v) => <VoucherCard key={`${v.codcom}-${v.codtal}-${v.numero}`} voucher={v} onDecide={(autoriza) => open(v, autoriza)} />)
      )}
      {list.hasNextPage && (
        <div className="receipts-more">
          <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Mostrar más comprobantes
          </Button>
        </div>
      )}
      {!list.hasNextPage && rows.length > 0 && <Typography.Text type="secondary" className="receipts-more">{receiptsMsg.noHayMas}</Typography.Text>}
      <LazyReasonPrompt
        open={prompt !== null}
        title={prompt ? `${prompt.autoriza ? 'Autorizar' : 'Rechazar'} ${prompt.voucher.descom} ${prompt.voucher.norig}` : ''}
        question={prompt?.autoriza ? 'Ingrese el detalle de la autorización:' : 'Ingrese el motivo del rechazo:'}
        okText={prompt?.autoriza ? 'Autorizar' : 'Rechazar'}
        danger={prompt ? !prompt.autoriza : false}
        busy={deciding}
        onOk={(m) => void handleOk(m)}
        onCancel={handleCancel}
      />
    </div>
  );
}
