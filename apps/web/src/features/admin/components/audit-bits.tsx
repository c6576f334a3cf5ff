import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import { AUDIT_ACTIONS, AUDIT_DETAIL_LABELS, auditText, TIME_ZONE, type AuditEntryWire } from '@portal/contract';

/** What the phone's cards and the desktop's table of the audit trail both draw. */
export type AuditListProps = {
  rows: AuditEntryWire[];
  loading: boolean;
  fetching: boolean;
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  empty: ReactNode;
};

const when = new Intl.DateTimeFormat('es-AR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
export const whenText = (iso: string) => when.format(new Date(iso)).replace(',', '');

/** Refusals and failures stand out; administrators' changes are marked as such. */
function actionColor(action: string): string | undefined {
  if (action === 'access.denied' || action === 'login.failed' || action === 'token.reuse' || action === 'register.bad-code') return 'red';
  if (action === 'login.throttled') return 'orange';
  if (action.startsWith('admin.')) return 'gold';
  if (action === 'login') return 'green';
  return undefined;
}

function valueText(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'boolean') return v ? auditText.si : auditText.no;
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** The detail as 'Label: value' pairs, each value cut to a readable length (the whole row stays in the database). */
function detailPairs(detail: Record<string, unknown>): Array<{ key: string; label: string; value: string }> {
  return Object.entries(detail).map(([key, v]) => {
    const text = valueText(v);
    return { key, label: AUDIT_DETAIL_LABELS[key] ?? key, value: text.length > 140 ? `${text.slice(0, 139)}…` : text };
  });
}

export function Detail({ entry }: { entry: AuditEntryWire }) {
  const pairs = detailPairs(entry.detalle);
  if (pairs.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <dl className="audit-detail">
      {pairs.map((p) => (
        <div key={p.key} className="audit-detail-pair">
          <dt>{p.label}</dt>
          <dd>{p.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ActionTag({ action }: { action: string }) {
  return (
    <span className="audit-action">
      <Tag color={actionColor(action)} className="audit-action-tag">
        {AUDIT_ACTIONS[action] ?? action}
      </Tag>
      <Typography.Text type="secondary" className="audit-action-code">
        {action}
      </Typography.Text>
    </span>
  );
}

