import { Pagination, Spin, Typography } from 'antd';
import { auditText, type AuditEntryWire } from '@portal/contract';
import { PlainTable, type PlainColumn } from '../../../lib/plain-table';
import { ActionTag, Detail, whenText, type AuditListProps } from './audit-bits';

const COLUMNS: PlainColumn<AuditEntryWire>[] = [
  { key: 'fecha', title: 'Fecha', width: 170, render: (e) => <span className="audit-when">{whenText(e.fecha)}</span> },
  { key: 'usuario', title: 'Usuario', width: 160, render: (e) => e.usuario ?? <Typography.Text type="secondary">{auditText.sinUsuario}</Typography.Text> },
  { key: 'accion', title: 'Acción', width: 260, render: (e) => <ActionTag action={e.accion} /> },
  { key: 'ip', title: 'Desde', width: 140, render: (e) => e.ip ?? <Typography.Text type="secondary">{auditText.sinDireccion}</Typography.Text> },
  { key: 'detalle', title: 'Detalle', render: (e) => <Detail entry={e} /> },
];

/**
 * The audit trail on a desktop: a read-only table of 20 rows and its pager (a chunk of its own: the phone draws
 * cards). Drawn as Ant Design's middle Table (lib/plain-table.tsx) without its code: nothing here sorts, filters or
 * selects (docs/decisions/web-delivery.md).
 */
export function AuditTable({ rows, fetching, total, page, pageSize, onPage, empty }: AuditListProps) {
  return (
    <div className="audit-table" data-testid="audit-list">
      <Spin spinning={fetching}>
        <PlainTable label="Auditoría" columns={COLUMNS} rows={rows} rowKey={(e) => String(e.id)} rowTestId={(e) => `audit-${e.id}`} empty={empty} size="middle" />
      </Spin>
      <Pagination className="audit-table-pagination" current={page} pageSize={pageSize} total={total} onChange={onPage} showSizeChanger={false} hideOnSinglePage />
    </div>
  );
}
