import { Button, Radio } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { receiptsMsg } from '@portal/contract';
import { ListEmpty } from '../../../lib/list-empty';
import { ReceiptCard, type ReceiptStatus } from '../../receipts';
import { useStaffReceipts } from '../use-staff-receipts';
import { LazyReasonPrompt } from './lazy-reason-prompt';

/**
 * 'Recibos': the receipts customers generated, for staff: Pendientes (approve or reject with a reason), Aprobados
 * and Rechazados (docs/decisions/receipts.md).
 */
export function StaffReceiptsTab() {
  const { status, setStatus, list, rows, busy, rejecting, setRejecting, handleApprove, handleReject, handleRejectCancel } = useStaffReceipts();
  return (
    <div>
      <div className="authorization-filters">
        <Radio.Group value={status} onChange={(e) => setStatus(e.target.value as ReceiptStatus)} optionType="button">
          <Radio value="pendientes">Pendientes</Radio>
          <Radio value="aprobados">Aprobados</Radio>
          <Radio value="rechazados">Rechazados</Radio>
        </Radio.Group>
      </div>
      {rows.length === 0 ? (
        <ListEmpty query={list} text={receiptsMsg.noHayMas} errorText={receiptsMsg.errorCargarDatos} simple />
      ) : (
        rows.map((row) => (
          <ReceiptCard
            key={row.id}
            row={row}
            staff
            extra={
              row.estado === 'pendiente' && (
                <>
                  <Button type="primary" size="small" icon={<CheckOutlined aria-hidden />} loading={busy === row.id} onClick={() => handleApprove(row)} aria-label={`Aprobar ${row.norig}`}>
                    Aprobar
                  </Button>
                  <Button danger size="small" icon={<CloseOutlined aria-hidden />} disabled={busy === row.id} onClick={() => setRejecting(row)} aria-label={`Rechazar ${row.norig}`}>
                    Rechazar
                  </Button>
                </>
              )
            }
          />
        ))
      )}
      {list.hasNextPage && (
        <div className="receipts-more">
          <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Mostrar más recibos
          </Button>
        </div>
      )}
      <LazyReasonPrompt
        open={rejecting !== null}
        title={rejecting ? `Rechazar ${rejecting.descom} ${rejecting.norig}` : ''}
        question="Ingrese el motivo del rechazo:"
        okText="Rechazar"
        danger
        busy={busy !== null}
        onOk={handleReject}
        onCancel={handleRejectCancel}
      />
    </div>
  );
}
