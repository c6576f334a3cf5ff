import { Button, Card, Descriptions, Input, Typography } from 'antd';
import type { StockProduct } from '@portal/contract';
import type { StockCount } from '../use-stock-count';

type ProductCountCardProps = { product: StockProduct; count: StockCount };

/** The product found: what is on record, the count field, 'Volver' and 'Confirmar'. */
export function ProductCountCard({ product, count }: ProductCountCardProps) {
  const { productRef, qtyText, setQtyText, qtyProblem, cantidad, saving, handleQtyBlur, reset, handleConfirm } = count;
  return (
    <Card ref={productRef} size="small" className="stock-block stock-product" title={product.desart} data-testid="stock-product">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'codalfa', label: 'Código', children: product.codalfa },
          { key: 'alfacor', label: 'Código corto', children: product.alfacor },
          { key: 'barcode', label: 'Código de barras', children: product.barcode || '—' },
          { key: 'pres', label: 'Presentación', children: product.presentacion },
          { key: 'ubi', label: 'Ubicación', children: product.ubicacion || '—' },
          { key: 'salcan', label: 'Stock actual', children: <span data-testid="stock-current">{product.salcan}</span> },
          ...(product.contado ? [{ key: 'contado', label: 'Último conteo', children: product.contado }] : []),
        ]}
      />
      <label className="stock-qty">
        <span>Cantidad</span>
        <Input
          size="large"
          aria-label="Cantidad contada"
          inputMode="numeric"
          value={qtyText}
          status={qtyProblem ? 'error' : undefined}
          onChange={(e) => setQtyText(e.target.value)}
          onBlur={handleQtyBlur}
        />
        {qtyProblem ? <Typography.Text type="danger" role="alert">{qtyProblem}</Typography.Text> : null}
      </label>
      <div className="stock-actions">
        <Button size="large" onClick={reset}>
          Volver
        </Button>
        <Button size="large" type="primary" disabled={cantidad === null} loading={saving} onClick={() => void handleConfirm()}>
          Confirmar
        </Button>
      </div>
    </Card>
  );
}
