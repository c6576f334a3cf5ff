import { useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { Alert, AutoComplete, Button, Card, Input, Radio, Spin, Table, Typography } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { columnText, fiscalMsg, foldText, msg, orderingMsg, stockPositionMsg, type StockPositionRow, type StockPositionSummaryCode } from '@portal/contract';
import { errorMessage } from '../../lib/api';
import { useIsMobile } from '../../lib/device';
import { ListEmpty } from '../../lib/list-empty';
import { ListPageHeader, useLoadMoreOnView } from '../../lib/list-page';
import { useNotify } from '../../lib/notify';
import { useSession } from '../../lib/session-store';
import { exportStockPositions, useStockPositions, type PositionSearch } from './api/stock-positions';
import { PositionVouchers } from './components/position-vouchers';
import './stock-positions.css';

/**
 * /{profile}/posicionstockventas (statements.md §2 'Stock positions'): the products the customer bought with columns
 * the server names (titulosColumnas) — the position (Comprado, Entregado, A entregar) or, as 'Pendientes de entrega',
 * what is left to withdraw per deposit — rows that expand to their vouchers and other lines, the product search
 * (desart), 7 at a time, and the export. Summary and search live in the URL.
 */
export function StockPositionsPage() {
  const [params, setParams] = useSearchParams();
  const mobile = useIsMobile();
  const notify = useNotify();
  const { host, entity } = useSession();
  const search: PositionSearch = { codres: (params.get('codres') === 'PEN' ? 'PEN' : 'POS') as StockPositionSummaryCode, desart: params.get('desart') || null };
  const list = useStockPositions(host?.cuit ?? null, entity?.codent ?? null, search);
  const [text, setText] = useState(search.desart ?? '');
  const [exporting, setExporting] = useState<'pdf' | 'excel' | null>(null);
  const [open, setOpen] = useState<Set<string>>(new Set());

  useEffect(() => setText(search.desart ?? ''), [search.desart]);

  const pages = useMemo(() => list.data?.pages ?? [], [list.data]);
  const items = useMemo(() => pages.flatMap((p) => p.items), [pages]);
  const first = pages[0];
  const titles = first?.titulosColumnas ?? [];

  function update(next: Partial<PositionSearch>) {
    const s = { ...search, ...next };
    const p = new URLSearchParams();
    if (s.codres !== 'POS') p.set('codres', s.codres);
    if (s.desart) p.set('desart', s.desart);
    setParams(p);
    setOpen(new Set());
    window.scrollTo({ top: 0 });
  }

  // On a phone the next batch loads by itself when 'Mostrar más productos' scrolls into view.
  const moreRef = useLoadMoreOnView(mobile, list, items.length);

  function handleExport(type: 'pdf' | 'excel') {
    if (exporting) return;
    setExporting(type);
    exportStockPositions(search, type)
      .catch((e: unknown) => notify.error(fiscalMsg.errorDescargaArchivo, errorMessage(e, msg.errorInterno)))
      .finally(() => setExporting(null));
  }

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const folded = foldText(text.trim());
  const options = (first?.productos ?? [])
    .filter((p) => folded.length > 1 && (foldText(p.desart).includes(folded) || foldText(p.codalfa).includes(folded)))
    .slice(0, 12)
    .map((p) => ({ value: p.desart, label: `${p.desart} (${p.codalfa})` }));
  const empty = (
    <ListEmpty
      query={list}
      text={
        search.desart ? (
          <>
            <div>{stockPositionMsg.sinProductos}</div>
            <Typography.Text type="secondary">{stockPositionMsg.sinProductosDetalle}</Typography.Text>
          </>
        ) : (
          stockPositionMsg.noHayMasRegistros
        )
      }
    />
  );
  const loadedAll = !list.isError && pages.length > 0 && !list.hasNextPage;
  const rowId = (r: StockPositionRow) => `position-row-${r.codalfa}`;

  return (
    <div className="page position-page" data-testid="stock-positions-page">
      <ListPageHeader
        title="Posición de stock"
        toolbarClassName="position-toolbar"
        exporting={exporting}
        onExport={handleExport}
      />

      <div className="position-filters">
        <Radio.Group
          value={search.codres}
          optionType="button"
          onChange={(e) => update({ codres: e.target.value as StockPositionSummaryCode })}
          options={(first?.resumenes ?? [{ id: 1, codres: 'POS', desres: 'Posición de stock' }, { id: 2, codres: 'PEN', desres: 'Pendientes de entrega' }]).map((r) => ({ value: r.codres, label: r.desres }))}
        />
        <AutoComplete
          className="position-search"
          value={text}
          options={options}
          // Enter searches what was typed; a suggestion is taken only when the user moves to it (arrows, tap).
          defaultActiveFirstOption={false}
          onChange={(v: string) => setText(v)}
          onSelect={(v: string) => update({ desart: v })}
        >
          <Input.Search
            allowClear
            aria-label="Buscar producto"
            placeholder="Buscar producto por descripción o código"
            enterButton="Buscar"
            onSearch={(v, _e, info) => update({ desart: info?.source === 'clear' ? null : v.trim() || null })}
          />
        </AutoComplete>
      </div>

      {first && (
        <Typography.Text type="secondary" className="position-count">
          {first.total} {first.total === 1 ? 'producto' : 'productos'}
          {search.codres === 'PEN' ? ' con mercadería a entregar' : ''}
        </Typography.Text>
      )}

      {list.isError && <Alert type="error" showIcon className="position-error" title={stockPositionMsg.errorCargarDatos} description={errorMessage(list.error, msg.errorObtenerDatos)} />}

      {mobile ? (
        list.isError || items.length === 0 ? (
          empty
        ) : (
          <div className="position-cards">
            {items.map((r) => (
              <Card key={r.id} size="small" className="position-card" data-testid={rowId(r)}>
                <div className="position-card-head">
                  <Typography.Text strong>{r.desart}</Typography.Text>
                  <Typography.Text type="secondary" className="position-card-sub">
                    {r.codalfa} · {r.coduni}
                  </Typography.Text>
                </div>
                <div className="position-card-values">
                  {titles.map((t) => (
                    <div key={t.id} className="position-card-value">
                      <Typography.Text type="secondary">{t.titulo}</Typography.Text>
                      <span className="position-qty">{columnText(r, t.id)}</span>
                    </div>
                  ))}
                </div>
                <Button type="link" size="small" className="position-card-toggle" icon={open.has(r.id) ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />} onClick={() => toggle(r.id)}>
                  {open.has(r.id) ? 'Ocultar comprobantes' : 'Ver comprobantes'}
                </Button>
                {open.has(r.id) && first && <PositionVouchers row={r} titles={first.renglonesComprobantes} compact />}
              </Card>
            ))}
          </div>
        )
      ) : (
        <Table<StockPositionRow>
          rowKey="id"
          size="middle"
          className="position-table"
          dataSource={list.isError ? [] : items}
          pagination={false}
          locale={{ emptyText: empty }}
          onRow={(r) => ({ 'data-testid': rowId(r) }) as HTMLAttributes<HTMLTableRowElement>}
          expandable={{
            expandedRowKeys: [...open],
            onExpand: (_, r) => toggle(r.id),
            expandedRowRender: (r) => (first ? <PositionVouchers row={r} titles={first.renglonesComprobantes} /> : null),
          }}
          columns={[
            {
              title: 'Producto',
              key: 'desart',
              render: (_, r) => (
                <div className="position-product">
                  <span>{r.desart}</span>
                  <Typography.Text type="secondary" className="position-code">
                    {r.codalfa}
                  </Typography.Text>
                </div>
              ),
            },
            { title: 'Unidad', dataIndex: 'coduni', width: 150 },
            ...titles.map((t) => ({
              title: t.titulo,
              key: `c${t.id}`,
              align: 'right' as const,
              width: 150,
              render: (_: unknown, r: StockPositionRow) => <span className="position-qty">{columnText(r, t.id)}</span>,
            })),
          ]}
        />
      )}

      {!list.isError && pages.length > 0 && (
        <div className="position-more" ref={moreRef}>
          {list.isFetchingNextPage ? (
            <>
              <Spin size="small" />
              <Typography.Text type="secondary">{msg.cargando}</Typography.Text>
            </>
          ) : list.hasNextPage ? (
            <Button onClick={() => void list.fetchNextPage()}>{orderingMsg.mostrarMasProductos}</Button>
          ) : (
            loadedAll && items.length > 0 && <Typography.Text type="secondary">{stockPositionMsg.noHayMasRegistros}</Typography.Text>
          )}
        </div>
      )}
    </div>
  );
}
