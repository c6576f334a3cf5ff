import { Tabs, Typography } from 'antd';
import { receiptsMsg } from '@portal/contract';
import { ApiError } from '../../lib/api';
import { useIsMobile } from '../../lib/device';
import { ErrorResult } from '../../lib/error-result';
import { ListLoading } from '../../lib/list-empty';
import { useFilterLists } from './api/get-filter-lists';
import { StaffReceiptsTab } from './components/staff-receipts-tab';
import { VouchersTab } from './components/vouchers-tab';

/**
 * /{profile}/autorizacion: 'AUTORIZACION DE COMPROBANTES' (stock vouchers) and the receipts staff approve. Only
 * administrators and the authorizer profile reach it (the API decides): anyone else gets the refusal, not the tabs.
 */
export function AuthorizationsPage() {
  const mobile = useIsMobile();
  const lists = useFilterLists();
  const refused = lists.error instanceof ApiError && lists.error.status === 403 ? lists.error : null;
  return (
    <div className="page authorizations-page">
      <div className="page-heading">
        <Typography.Title level={mobile ? 4 : 3} className="page-title">
          {receiptsMsg.tituloAutorizacion}
        </Typography.Title>
      </div>
      {lists.isLoading ? (
        <ListLoading />
      ) : refused ? (
        <ErrorResult status="403" title="Sin acceso" subTitle={refused.message} />
      ) : (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'comprobantes', label: 'Comprobantes', children: <VouchersTab /> },
            { key: 'recibos', label: 'Recibos', children: <StaffReceiptsTab /> },
          ]}
        />
      )}
    </div>
  );
}
