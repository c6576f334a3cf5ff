import { useState } from 'react';
import { Button, Empty, InputNumber, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatMoney, formatNumber, orderingMsg } from '@portal/contract';
import type { CatalogProduct } from '../types';
import { ProductImage } from '../../../lib/product-image';
import { ListLoading } from '../../../lib/list-empty';

type QuickEntryTableProps = {
  products: CatalogProduct[];
  cuit: string;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  adding: boolean;
  onMore: () => void;
  /** Every line with a quantity above 0, in one call; resolves true when they were added. */
  onAdd: (lines: Array<{ product: CatalogProduct; cantidad: number }>) => Promise<boolean>;
  onNothingSelected: () => void;
};

/** Display only (the server prices the cart in decimal arithmetic): amount × quantity, rounded to cents. */
const times = (amount: number, qty: number) => Math.round(amount * 100 * qty) / 100;

/**
 * Quick entry (ordering.md §2): a quantity per row and one 'Agregar' for all of them; 'Mostrar más productos'
 * brings the next page, and 'No hay más registros.' closes the list.
 */
export function QuickEntryTable({ products, cuit, loading, hasMore, loadingMore, adding, onMore, onAdd, onNothingSelected }: QuickEntryTableProps) {
  const [qty, setQty] = useState<Record<number, number | null>>({});

  async function handleAdd() {
    const lines = products.filter((p) => (qty[p.id] ?? 0) > 0).map((p) => ({ product: p, cantidad: qty[p.id]! }));
    if (lines.length === 0) {
      onNothingSelected();
      return;
    }
    if (await onAdd(lines)) setQty({});
  }

  const money = (p: CatalogProduct, v: number) => formatMoney(v, p.moneda);
  return (
    <div className="quick-entry" data-testid="quick-entry">
      <Table<CatalogProduct>
        size="small"
        rowKey="id"
        // The first page's wait shows 'Cargando....' in place of the rows, not the empty text under a spinner.
        loading={loading && products.length > 0}
        dataSource={products}
        pagination={false}
        // As wide as its content, the long headers on two lines: no sideways scroll at 1366 px; a phone scrolls it.
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: loading ? <ListLoading /> : <Empty description={orderingMsg.sinProductos} /> }}
        columns={[
          // Both first columns stay put when it scrolls sideways: a fixed column after a moving one would slide over it.
          { title: 'Imagen', key: 'imagen', width: 64, fixed: 'left', render: (_, p) => <ProductImage cuit={cuit} file={p.url[0]} alt={p.nombre} size={44} /> },
          { title: 'Producto', dataIndex: 'nombre', className: 'quick-entry-name', fixed: 'left', width: 180 },
          { title: 'Código', dataIndex: 'codigo_alfanumerico' },
          {
            title: 'Cantidad',
            key: 'cantidad',
            width: 100,
            render: (_, p) => (
              <InputNumber
                aria-label={`Cantidad de ${p.nombre}`}
                min={0}
                precision={0}
                value={qty[p.id] ?? null}
                placeholder="0"
                onChange={(v) => setQty((q) => ({ ...q, [p.id]: typeof v === 'number' ? v : null }))}
                style={{ width: 84 }}
              />
            ),
          },
          { title: 'Precio lista', key: 'lista', align: 'right', render: (_, p) => money(p, p.precio_lista) },
          { title: 'Subtotal', key: 'subtotal', align: 'right', render: (_, p) => money(p, times(p.precio_lista, qty[p.id] ?? 0)) },
          { title: <>Bonif.<br />1 %</>, key: 'b1', align: 'right', render: (_, p) => formatNumber(p.bonificacion_uno) },
          { title: <>Bonif.<br />2 %</>, key: 'b2', align: 'right', render: (_, p) => formatNumber(p.bonificacion_dos) },
          { title: <>Precio unitario<br />c/ bonif.</>, key: 'final', align: 'right', render: (_, p) => money(p, p.precio_final) },
          {
            title: <>Total<br />c/ bonif.</>,
            key: 'total',
            align: 'right',
            render: (_, p) => <strong>{money(p, times(p.precio_final, qty[p.id] ?? 0))}</strong>,
          },
        ]}
      />
      <div className="quick-entry-actions">
        {hasMore ? (
          <Button onClick={onMore} loading={loadingMore}>
            {orderingMsg.mostrarMasProductos}
          </Button>
        ) : products.length > 0 ? (
          <Typography.Text type="secondary">{orderingMsg.noHayMasRegistros}</Typography.Text>
        ) : (
          <span />
        )}
        <Button type="primary" icon={<PlusOutlined />} loading={adding} onClick={handleAdd} disabled={products.length === 0}>
          {orderingMsg.agregar}
        </Button>
      </div>
    </div>
  );
}
