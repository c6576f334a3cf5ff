import { Card, Pagination } from 'antd';
import { auditText } from '@portal/contract';
import { ActionTag, Detail, whenText, type AuditListProps } from './audit-bits';

/** The audit trail on a phone: a card per entry and the simple pager (a chunk of its own: the desktop draws a table). */
export function AuditCards({ rows, loading, total, page, pageSize, onPage, empty }: AuditListProps) {
  return (
    <div data-testid="audit-list">
      {loading ? (
        <Card loading size="small" />
      ) : rows.length === 0 ? (
        empty
      ) : (
        rows.map((e) => (
          <Card key={e.id} size="small" className="audit-card" data-testid={`audit-${e.id}`}>
            <div className="audit-card-head">
              <ActionTag action={e.accion} />
            </div>
            <dl className="audit-card-fields">
              <dt>Fecha</dt>
              <dd>{whenText(e.fecha)}</dd>
              <dt>Usuario</dt>
              <dd>{e.usuario ?? auditText.sinUsuario}</dd>
              <dt>Desde</dt>
              <dd>{e.ip ?? auditText.sinDireccion}</dd>
            </dl>
            <Detail entry={e} />
          </Card>
        ))
      )}
      {total > pageSize && <Pagination simple className="audit-pagination" current={page} pageSize={pageSize} total={total} onChange={onPage} />}
    </div>
  );
}
