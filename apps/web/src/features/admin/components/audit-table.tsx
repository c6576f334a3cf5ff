import type { HTMLAttributes } from 'react';
import { Table, Typography } from 'antd';
import { auditText, type AuditEntryWire } from '@portal/contract';
import { ActionTag, Detail, whenText, type AuditListProps } from './audit-bits';

/** The audit trail on a desktop: a table with its pager (a chunk of its own: the phone draws cards). */
export function AuditTable({ rows, fetching, total, page, pageSize, onPage, empty }: AuditListProps) {
  return (
    <Table<AuditEntryWire>
      className="audit-table"
      data-testid="audit-list"
      rowKey="id"
      size="middle"
      loading={fetching}
      dataSource={rows}
      locale={{ emptyText: empty }}
      onRow={(e) => ({ 'data-testid': `audit-${e.id}` }) as HTMLAttributes<HTMLTableRowElement>}
      pagination={{ current: page, pageSize, total, onChange: onPage, showSizeChanger: false, hideOnSinglePage: true }}
      columns={[
        { title: 'Fecha', dataIndex: 'fecha', key: 'fecha', width: 170, render: (v: string) => <span className="audit-when">{whenText(v)}</span> },
        { title: 'Usuario', dataIndex: 'usuario', key: 'usuario', width: 160, render: (v: string | null) => v ?? <Typography.Text type="secondary">{auditText.sinUsuario}</Typography.Text> },
        { title: 'Acción', dataIndex: 'accion', key: 'accion', width: 260, render: (v: string) => <ActionTag action={v} /> },
        { title: 'Desde', dataIndex: 'ip', key: 'ip', width: 140, render: (v: string | null) => v ?? <Typography.Text type="secondary">{auditText.sinDireccion}</Typography.Text> },
        { title: 'Detalle', key: 'detalle', render: (_, e) => <Detail entry={e} /> },
      ]}
    />
  );
}
