import { useEffect, useState } from 'react';
import { Button, Card, Radio, Select, Tabs, Tag, Typography } from 'antd';
import { ErrorResult } from '../../lib/error-result';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatMoney,
  msg,
  RECEIPTS,
  receiptsMsg,
  receiptsRoutes as r,
  type AutorizacionDecisionResponse,
  type AutorizacionFiltrosResponse,
  type AutorizacionListResponse,
  type ReciboItem,
  type RecibosListResponse,
  type VoucherItem,
} from '@portal/contract';
import { api, ApiError, errorMessage } from '../../lib/api';
import { useIsMobile } from '../../lib/device';
import { ListEmpty, ListLoading } from '../../lib/list-empty';
import { useNotify } from '../../lib/notify';
import { useSession } from '../../lib/session-store';
import { ReceiptCard, statusQuery, type ReceiptStatus } from '../receipts';
import { filterByLabel } from '../../lib/search';
import { useFeedback } from '../../lib/feedback';
import { lazyOverlay } from '../../lib/lazy-overlay';
import { useAttemptKeys } from '../../lib/idempotency-key';

// The decision's prompt (a dialog with a text area) loads when first opened: the list's first paint does not draw it.
const ReasonPrompt = lazyOverlay(() => import('./components/reason-prompt').then((m) => m.ReasonPrompt), (p) => p.open);

const key = ['authorizations'] as const;
type Filters = { entidad?: number; vendedor?: number; zona?: number; estado: 'pendientes' | 'decididos' };

/** The filter lists (entidad, vendedor, zona): also the page's first call, which tells whether the user may be here. */
function useFilterLists() {
  const { host } = useSession();
  return useQuery({
    queryKey: [...key, 'filtros', host?.cuit ?? null],
    queryFn: ({ signal }) => api<AutorizacionFiltrosResponse>(r.authorizationFilters.url, { signal }),
    retry: false,
  });
}

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
            { key: 'comprobantes', label: 'Comprobantes', children: <Vouchers /> },
            { key: 'recibos', label: 'Recibos', children: <StaffReceipts /> },
          ]}
        />
      )}
    </div>
  );
}

function Vouchers() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { host } = useSession();
  const [filters, setFilters] = useState<Filters>({ estado: 'pendientes' });
  const [prompt, setPrompt] = useState<{ voucher: VoucherItem; autoriza: boolean } | null>(null);
  const [deciding, setDeciding] = useState(false);
  const attempts = useAttemptKeys();

  const lists = useFilterLists();
  const list = useInfiniteQuery({
    queryKey: [...key, 'list', host?.cuit ?? null, filters],
    queryFn: ({ pageParam, signal }) =>
      api<AutorizacionListResponse>(r.authorizationList.url, { signal, query: { start: pageParam, limit: RECEIPTS.authorizationPageSize, ...filters } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.items.length === RECEIPTS.authorizationPageSize ? pages.length * RECEIPTS.authorizationPageSize : undefined),
    retry: false,
  });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const failed = list.data?.pages.find((p) => !p.success);

  useEffect(() => {
    if (failed) notify.error(`Error - ${failed.msg}`);
    else if (list.isError) notify.error(receiptsMsg.errorCargarDatos, errorMessage(list.error, msg.errorObtenerDatos));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed, list.isError, list.errorUpdatedAt]);

  function open(voucher: VoucherItem, autoriza: boolean) {
    setPrompt({ voucher, autoriza });
  }
  function handleCancel() {
    setPrompt(null);
    notify.info(receiptsMsg.operacionCancelada);
  }
  async function handleOk(motivo: string) {
    if (!prompt || deciding) return;
    setDeciding(true);
    const v = prompt.voucher;
    const what = `${prompt.autoriza ? 'autorizar' : 'rechazar'}:${v.codcom}:${v.codtal}:${v.numero}`;
    try {
      const res = await api<AutorizacionDecisionResponse>(r.authorizationDecide.url, {
        query: { codcom: v.codcom, codtal: v.codtal, numero: v.numero, autoriza: prompt.autoriza, motivo },
        headers: { 'Idempotency-Key': attempts.keyFor(what) },
      });
      attempts.answered(what);
      if (res.data.success) notify.success(res.data.msg);
      else notify.error(receiptsMsg.noSePudoOperar, res.data.msg);
      setPrompt(null);
    } catch (e) {
      if (e instanceof ApiError) attempts.answered(what);
      notify.error(receiptsMsg.noSePudoOperar, errorMessage(e, ''));
    } finally {
      setDeciding(false);
      await queryClient.invalidateQueries({ queryKey: [...key, 'list'] });
    }
  }

  const select = (name: 'entidad' | 'vendedor' | 'zona', placeholder: string) => (
    <Select
      allowClear
      showSearch={{ filterOption: filterByLabel }}
      placeholder={placeholder}
      value={filters[name]}
      onChange={(v?: number) => setFilters((f) => ({ ...f, [name]: v }))}
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
        <Radio.Group value={filters.estado} onChange={(e) => setFilters((f) => ({ ...f, estado: e.target.value as Filters['estado'] }))} optionType="button">
          <Radio value="pendientes">Pendientes</Radio>
          <Radio value="decididos">Decididos</Radio>
        </Radio.Group>
      </div>
      {rows.length === 0 ? (
        <ListEmpty query={{ isPending: list.isPending, isError: list.isError || failed !== undefined }} text={receiptsMsg.noHayMas} errorText={receiptsMsg.errorCargarDatos} simple />
      ) : (
        rows.map((v) => (
          <Card key={`${v.codcom}-${v.codtal}-${v.numero}`} size="small" className="receipt-card" data-testid={`voucher-${v.codcom}-${v.numero}`}>
            <div className="receipt-card-head">
              <span className="receipt-card-title">
                {v.descom} {v.torig} {v.norig}
              </span>
              <span className="receipt-card-amount">{v.importe_con_formato}</span>
            </div>
            <div className="receipt-card-meta">
              <span>{v.fecha}</span>
              <span>{v.razsoc}</span>
              <Tag color={v.desest === 'Pendiente' ? 'gold' : v.desest === 'Autorizado' ? 'green' : 'red'}>{v.desest}</Tag>
            </div>
            <div className="receipt-docs">
              {v.deslar2}
              {v.numpre ? ` · Pedido ${v.numpre}` : ''} · Cargado por {v.desusr}
            </div>
            <ul className="authorization-products" aria-label={`Productos de ${v.descom} ${v.norig}`}>
              {v.productos.map((p, i) => (
                <li key={i} className="authorization-product" data-testid="authorization-product">
                  <span>
                    {p.cantidad} × {p.descripcion}
                  </span>
                  <span className="authorization-product-amount">{formatMoney(p.importe)}</span>
                </li>
              ))}
            </ul>
            {v.decidido_por && (
              <div className="receipt-docs">
                {v.desest} por {v.decidido_por} el {v.decidido_el}: {v.motivo}
              </div>
            )}
            {v.desest === 'Pendiente' && (
              <div className="receipt-card-foot">
                <span />
                <span className="receipt-card-buttons">
                  <Button type="primary" icon={<CheckOutlined aria-hidden />} onClick={() => open(v, true)} aria-label={`Autorizar ${v.norig}`}>
                    Autorizar
                  </Button>
                  <Button danger icon={<CloseOutlined aria-hidden />} onClick={() => open(v, false)} aria-label={`Rechazar ${v.norig}`}>
                    Rechazar
                  </Button>
                </span>
              </div>
            )}
          </Card>
        ))
      )}
      {list.hasNextPage && (
        <div className="receipts-more">
          <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Mostrar más comprobantes
          </Button>
        </div>
      )}
      {!list.hasNextPage && rows.length > 0 && <Typography.Text type="secondary" className="receipts-more">{receiptsMsg.noHayMas}</Typography.Text>}
      <ReasonPrompt
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

/**
 * The receipts customers generated, for staff: Pendientes (approve — after a confirmation, as it applies the money —
 * or reject with a reason), Aprobados and Rechazados (docs/decisions/receipts.md).
 */
function StaffReceipts() {
  const notify = useNotify();
  const { modal } = useFeedback();
  const queryClient = useQueryClient();
  const { host } = useSession();
  const [status, setStatus] = useState<ReceiptStatus>('pendientes');
  const [busy, setBusy] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<ReciboItem | null>(null);
  const attempts = useAttemptKeys();
  const list = useInfiniteQuery({
    queryKey: [...key, 'recibos', host?.cuit ?? null, status],
    queryFn: ({ pageParam, signal }) => api<RecibosListResponse>(r.staffList.url, { signal, query: { start: pageParam, limit: RECEIPTS.pageSize, ...statusQuery(status) } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.items.length === RECEIPTS.pageSize ? pages.length * RECEIPTS.pageSize : undefined),
    retry: false,
  });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];

  useEffect(() => {
    if (list.isError) notify.error(receiptsMsg.errorCargarDatos, errorMessage(list.error, msg.errorObtenerDatos));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.isError, list.errorUpdatedAt]);

  async function decide(row: ReciboItem, action: 'aprobar' | 'rechazar', motivo?: string) {
    if (busy !== null) return;
    setBusy(row.id);
    const what = `${action}:${row.id}`;
    try {
      const url = (action === 'aprobar' ? r.staffApprove.url : r.staffReject.url).replace(':id', String(row.id));
      const res = await api<{ msg: string }>(url, { method: 'POST', body: motivo === undefined ? undefined : { motivo }, headers: { 'Idempotency-Key': attempts.keyFor(what) } });
      attempts.answered(what);
      notify.success(res.msg);
      setRejecting(null);
    } catch (e) {
      if (e instanceof ApiError) attempts.answered(what);
      notify.error(receiptsMsg.noSePudoOperar, errorMessage(e, ''));
      setRejecting(null);
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: [...key, 'recibos'] });
    }
  }
  function handleApprove(row: ReciboItem) {
    modal.confirm({
      title: `Aprobar ${row.descom} ${row.norig}`,
      content: `Se aplicará el recibo de ${row.entidad} por ${formatMoney(row.importe)} a sus documentos y a la cuenta corriente. ¿Desea continuar?`,
      okText: 'Aprobar',
      cancelText: 'Cancelar',
      onOk: () => decide(row, 'aprobar'),
      onCancel: () => notify.info(receiptsMsg.operacionCancelada),
    });
  }

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
      <ReasonPrompt
        open={rejecting !== null}
        title={rejecting ? `Rechazar ${rejecting.descom} ${rejecting.norig}` : ''}
        question="Ingrese el motivo del rechazo:"
        okText="Rechazar"
        danger
        busy={busy !== null}
        onOk={(m) => rejecting && void decide(rejecting, 'rechazar', m)}
        onCancel={() => {
          setRejecting(null);
          notify.info(receiptsMsg.operacionCancelada);
        }}
      />
    </div>
  );
}
