import type { HTMLAttributes } from 'react';
import { Button, Card, DatePicker, Empty, Input, Pagination, Select, Table, Tag, Typography } from 'antd';
import { ErrorResult } from '../../lib/error-result';
import { ClearOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from '../../lib/dayjs';
import { useSearchParams } from 'react-router';
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTIONS,
  AUDIT_DETAIL_LABELS,
  AUDIT_PAGE_SIZE,
  auditText,
  msg,
  TIME_ZONE,
  todayInArgentina,
  type AuditEntryWire,
} from '@portal/contract';
import { ApiError, errorMessage } from '../../lib/api';
import { useIsMobile } from '../../lib/device';
import { filterByLabel } from '../../lib/search';
import { useSession } from '../../lib/session-store';
import { useAudit } from './api/list-audit';
import './audit.css';

const FORMAT = 'DD/MM/YYYY';
const ISO = /^\d{4}-\d{2}-\d{2}$/;
const isoOrEmpty = (v: string | null) => (v && ISO.test(v) && dayjs(v).isValid() ? v : '');

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
const whenText = (iso: string) => when.format(new Date(iso)).replace(',', '');

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

function Detail({ entry }: { entry: AuditEntryWire }) {
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

function ActionTag({ action }: { action: string }) {
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

/**
 * /{profile}/auditoria (administrators): the company's audit trail, read-only. Filters (desde, hasta, usuario,
 * accion) and the page live in the URL; 20 rows a page, newest first.
 */
export function AuditPage() {
  const { host } = useSession();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const desde = isoOrEmpty(params.get('desde'));
  const hasta = isoOrEmpty(params.get('hasta'));
  const usuario = params.get('usuario') ?? '';
  const accion = params.get('accion') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const audit = useAudit(host?.cuit ?? null, { desde, hasta, usuario, accion, start: (page - 1) * AUDIT_PAGE_SIZE, limit: AUDIT_PAGE_SIZE });
  const rows = audit.isError ? [] : (audit.data?.items ?? []);
  const total = audit.isError ? 0 : (audit.data?.total ?? 0);
  const today = todayInArgentina();
  const filtered = Boolean(desde || hasta || usuario || accion);

  function setFilter(next: Partial<Record<'desde' | 'hasta' | 'usuario' | 'accion', string>> & { page?: number }) {
    const q = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (k === 'page') continue;
      if (typeof v === 'string' && v.trim()) q.set(k, v.trim());
      else q.delete(k);
    }
    if (next.page) q.set('page', String(next.page));
    else q.delete('page');
    setParams(q);
  }

  const pickDate = (key: 'desde' | 'hasta') => (d: Dayjs | null) => setFilter({ [key]: d ? d.format('YYYY-MM-DD') : '' });

  if (audit.error instanceof ApiError && audit.error.status === 403) {
    return <ErrorResult status="403" title={auditText.titulo} subTitle={audit.error.message} />;
  }

  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={auditText.vacio} />;

  return (
    <div className="page audit-page">
      <div className="page-header">
        <Typography.Title level={3} className="page-title">
          {auditText.titulo}
        </Typography.Title>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void audit.refetch()} loading={audit.isFetching && !audit.isLoading}>
          Actualizar
        </Button>
      </div>
      <Typography.Paragraph type="secondary" className="audit-note">
        {auditText.soloLectura}
      </Typography.Paragraph>
      <div className="audit-filters" role="search" aria-label="Filtros de auditoría">
        <DatePicker
          aria-label={auditText.desde}
          placeholder={auditText.desde}
          format={FORMAT}
          value={desde ? dayjs(desde) : null}
          onChange={pickDate('desde')}
          disabledDate={(d) => d.format('YYYY-MM-DD') > (hasta || today)}
          inputReadOnly={mobile}
          className="audit-date"
        />
        <DatePicker
          aria-label={auditText.hasta}
          placeholder={auditText.hasta}
          format={FORMAT}
          value={hasta ? dayjs(hasta) : null}
          onChange={pickDate('hasta')}
          disabledDate={(d) => d.format('YYYY-MM-DD') > today || (desde !== '' && d.format('YYYY-MM-DD') < desde)}
          inputReadOnly={mobile}
          className="audit-date"
        />
        <Select
          aria-label={auditText.accion}
          placeholder={auditText.todas}
          value={accion || undefined}
          onChange={(v?: string) => setFilter({ accion: v ?? '' })}
          allowClear
          showSearch={{ filterOption: filterByLabel }}
          options={AUDIT_ACTION_GROUPS.map((g) => ({ label: g.label, options: g.options.map((o) => ({ value: o.value, label: o.label })) }))}
          className="audit-action-select"
          popupMatchSelectWidth={mobile ? true : 300}
        />
        <Input.Search
          key={usuario}
          aria-label={auditText.usuario}
          placeholder={auditText.usuario}
          defaultValue={usuario}
          allowClear
          maxLength={254}
          onSearch={(v) => setFilter({ usuario: v })}
          className="audit-user-search"
          enterButton
        />
        {filtered && (
          <Button icon={<ClearOutlined aria-hidden />} onClick={() => setParams(new URLSearchParams())}>
            {auditText.limpiar}
          </Button>
        )}
      </div>
      {!audit.isError && audit.data && (
        <Typography.Text type="secondary" className="audit-total" data-testid="audit-total">
          {auditText.registros(total)}
        </Typography.Text>
      )}
      {audit.isError && <ErrorResult status="warning" title={msg.errorCargarDatos} subTitle={errorMessage(audit.error, msg.errorObtenerDatos)} />}
      {!audit.isError &&
        (mobile ? (
          <div data-testid="audit-list">
            {audit.isLoading ? (
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
            {total > AUDIT_PAGE_SIZE && (
              <Pagination simple className="audit-pagination" current={page} pageSize={AUDIT_PAGE_SIZE} total={total} onChange={(p) => setFilter({ page: p })} />
            )}
          </div>
        ) : (
          <Table<AuditEntryWire>
            className="audit-table"
            data-testid="audit-list"
            rowKey="id"
            size="middle"
            loading={audit.isFetching}
            dataSource={rows}
            locale={{ emptyText: empty }}
            onRow={(e) => ({ 'data-testid': `audit-${e.id}` }) as HTMLAttributes<HTMLTableRowElement>}
            pagination={{ current: page, pageSize: AUDIT_PAGE_SIZE, total, onChange: (p) => setFilter({ page: p }), showSizeChanger: false, hideOnSinglePage: true }}
            columns={[
              { title: 'Fecha', dataIndex: 'fecha', key: 'fecha', width: 170, render: (v: string) => <span className="audit-when">{whenText(v)}</span> },
              { title: 'Usuario', dataIndex: 'usuario', key: 'usuario', width: 160, render: (v: string | null) => v ?? <Typography.Text type="secondary">{auditText.sinUsuario}</Typography.Text> },
              { title: 'Acción', dataIndex: 'accion', key: 'accion', width: 260, render: (v: string) => <ActionTag action={v} /> },
              { title: 'Desde', dataIndex: 'ip', key: 'ip', width: 140, render: (v: string | null) => v ?? <Typography.Text type="secondary">{auditText.sinDireccion}</Typography.Text> },
              { title: 'Detalle', key: 'detalle', render: (_, e) => <Detail entry={e} /> },
            ]}
          />
        ))}
    </div>
  );
}
