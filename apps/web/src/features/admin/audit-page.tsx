import { lazy, Suspense } from 'react';
import { Button, DatePicker, Empty, Input, Select, Spin, Typography } from 'antd';
import { ErrorResult } from '../../lib/error-result';
import { ClearOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from '../../lib/dayjs';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTION_GROUPS, AUDIT_PAGE_SIZE, auditText, msg, todayInArgentina } from '@portal/contract';
import { ApiError, errorMessage } from '../../lib/api';
import { useIsMobile } from '../../lib/device';
import { filterByLabel } from '../../lib/search';
import { useSession } from '../../lib/session-store';
import { useAudit } from './api/list-audit';
import './audit.css';
import { liveSearchParams } from '../../lib/url-params';

// The phone's cards (Card, Pagination) and the desktop's table (Table) are a chunk each: a screen draws one of them.
const AuditCards = lazy(() => import('./components/audit-cards').then((m) => ({ default: m.AuditCards })));
const AuditTable = lazy(() => import('./components/audit-table').then((m) => ({ default: m.AuditTable })));

const FORMAT = 'DD/MM/YYYY';
const ISO = /^\d{4}-\d{2}-\d{2}$/;
const isoOrEmpty = (v: string | null) => (v && ISO.test(v) && dayjs(v).isValid() ? v : '');

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
    const q = liveSearchParams();
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
  const list = {
    rows,
    loading: audit.isLoading,
    fetching: audit.isFetching,
    total,
    page,
    pageSize: AUDIT_PAGE_SIZE,
    onPage: (p: number) => setFilter({ page: p }),
    empty,
  };

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
      {!audit.isError && (
        <Suspense
          fallback={
            <div className="center-pad">
              <Spin />
            </div>
          }
        >
          {mobile ? <AuditCards {...list} /> : <AuditTable {...list} />}
        </Suspense>
      )}
    </div>
  );
}
