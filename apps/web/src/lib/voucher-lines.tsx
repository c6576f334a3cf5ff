import { Table, Typography } from 'antd';
import type { FiscalDocument } from '@portal/contract';
import './voucher-lines.css';

/** The line shapes of the contract (renglonProducto, renglonOtro), shared by fiscal documents and statement movements. */
type ProductLine = FiscalDocument['renglonesProductos'][number];
type OtherLine = FiscalDocument['renglonesOtros'][number];

const quantity = (l: ProductLine) => `${l.cantidad_con_formato}${l.unidad ? ` ${l.unidad}` : ''}`;

type VoucherLinesProps = {
  productos: readonly ProductLine[];
  otros: readonly OtherLine[];
  /** The screen's test ids: `${testId}-product-lines`, `${testId}-other-lines`. */
  testId: string;
  /** The product's code ('Cód. …') under its description. */
  codes?: boolean;
  /** The quantity under the description instead of a column of its own (a phone: three columns do not fit). */
  quantityUnder?: boolean;
};

/**
 * A voucher's lines in a movement's drawer (fiscal documents, statements): 'Productos' (descripción, cantidad,
 * importe) and 'Conceptos' (descripción, valor), each only when the voucher has such lines.
 */
export function VoucherLines({ productos, otros, testId, codes = false, quantityUnder = false }: VoucherLinesProps) {
  return (
    <>
      {productos.length > 0 && (
        <>
          <Typography.Title level={5} className="voucher-lines-title">
            Productos
          </Typography.Title>
          <Table<ProductLine & { key: number }>
            size="small"
            pagination={false}
            dataSource={productos.map((l, key) => ({ ...l, key }))}
            data-testid={`${testId}-product-lines`}
            columns={[
              {
                title: 'Descripción',
                dataIndex: 'descripcion',
                render: (v: string, l) => (
                  <>
                    {v}
                    {codes && l.codigo && (
                      <Typography.Text type="secondary" className="voucher-line-code">
                        Cód. {l.codigo}
                      </Typography.Text>
                    )}
                    {quantityUnder && (
                      <Typography.Text type="secondary" className="voucher-line-code">
                        Cantidad: {quantity(l)}
                      </Typography.Text>
                    )}
                  </>
                ),
              },
              ...(quantityUnder ? [] : [{ title: 'Cantidad', key: 'cantidad', align: 'right' as const, render: (_: unknown, l: ProductLine) => quantity(l) }]),
              { title: 'Importe', dataIndex: 'importe_con_formato', align: 'right', className: 'voucher-amount-cell' },
            ]}
          />
        </>
      )}
      {otros.length > 0 && (
        <>
          <Typography.Title level={5} className="voucher-lines-title">
            Conceptos
          </Typography.Title>
          <Table<OtherLine & { key: number }>
            size="small"
            pagination={false}
            dataSource={otros.map((l, key) => ({ ...l, key }))}
            data-testid={`${testId}-other-lines`}
            columns={[
              { title: 'Descripción', dataIndex: 'descripcion' },
              { title: 'Valor', dataIndex: 'valor_con_formato', align: 'right', className: 'voucher-amount-cell' },
            ]}
          />
        </>
      )}
    </>
  );
}
