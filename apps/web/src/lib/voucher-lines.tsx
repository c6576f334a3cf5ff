import { Table, Typography } from 'antd';
import { formatMoney, LEDGER_CODE, type FiscalDocument } from '@portal/contract';
import './voucher-lines.css';

/** The line shapes of the contract (renglonProducto, renglonOtro), shared by fiscal documents and statement movements. */
type ProductLine = FiscalDocument['renglonesProductos'][number];
type OtherLine = FiscalDocument['renglonesOtros'][number];
type Voucher = Pick<FiscalDocument, 'codcom' | 'importe' | 'moneda' | 'renglonesProductos' | 'renglonesOtros' | 'renglonesImpuestos' | 'renglonesAplicados'>;

const quantity = (l: ProductLine) => `${l.cantidad_con_formato}${l.unidad ? ` ${l.unidad}` : ''}`;

type VoucherLinesProps = {
  voucher: Voucher;
  /** The screen's test ids: `${testId}-product-lines`, `${testId}-other-lines`, `${testId}-applied-lines`. */
  testId: string;
  /** The product's code ('Cód. …') under its description. */
  codes?: boolean;
  /** The quantity under the description instead of a column of its own (a phone: three columns do not fit). */
  quantityUnder?: boolean;
};

/**
 * The VAT the server adds under a voucher's net lines ('IVA 21 %', 'IVA 10,5 %'), then the voucher's total: as the
 * invoice shows them, the lines above plus these rows make the total. Rendered as the last lines table's summary.
 */
function taxRows(v: Voucher, columns: number) {
  if (v.renglonesImpuestos.length === 0) return undefined;
  const total = formatMoney(String(Math.abs(v.importe)), v.moneda);
  return () => (
    <Table.Summary>
      {v.renglonesImpuestos.map((t) => (
        <Table.Summary.Row key={t.descripcion} className="voucher-tax-row">
          <Table.Summary.Cell index={0} colSpan={columns - 1}>
            {t.descripcion}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right" className="voucher-amount-cell">
            {t.valor_con_formato}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      ))}
      <Table.Summary.Row className="voucher-total-row">
        <Table.Summary.Cell index={0} colSpan={columns - 1}>
          Total
        </Table.Summary.Cell>
        <Table.Summary.Cell index={1} align="right" className="voucher-amount-cell">
          {total}
        </Table.Summary.Cell>
      </Table.Summary.Row>
    </Table.Summary>
  );
}

/**
 * A voucher's lines in a movement's drawer (fiscal documents, statements): 'Productos' (descripción, cantidad,
 * importe) and 'Conceptos' (descripción, valor) — a receipt's are its 'Formas de pago' —, each only when the voucher
 * has such lines, the VAT lines and the total under them when the lines are net of VAT, and 'Aplicado a': the
 * documents a receipt or settlement cancels (and what was left on account), apart from its lines.
 */
export function VoucherLines({ voucher: v, testId, codes = false, quantityUnder = false }: VoucherLinesProps) {
  const productos = v.renglonesProductos;
  const otros = v.renglonesOtros;
  const productColumns = quantityUnder ? 2 : 3;
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
            summary={otros.length === 0 ? taxRows(v, productColumns) : undefined}
            columns={[
              {
                title: 'Descripción',
                dataIndex: 'descripcion',
                render: (text: string, l) => (
                  <>
                    {text}
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
            {v.codcom === LEDGER_CODE.receipt ? 'Formas de pago' : 'Conceptos'}
          </Typography.Title>
          <Table<OtherLine & { key: number }>
            size="small"
            pagination={false}
            dataSource={otros.map((l, key) => ({ ...l, key }))}
            data-testid={`${testId}-other-lines`}
            summary={taxRows(v, 2)}
            columns={[
              { title: 'Descripción', dataIndex: 'descripcion' },
              { title: 'Valor', dataIndex: 'valor_con_formato', align: 'right', className: 'voucher-amount-cell' },
            ]}
          />
        </>
      )}
      {v.renglonesAplicados.length > 0 && (
        <>
          <Typography.Title level={5} className="voucher-lines-title">
            Aplicado a
          </Typography.Title>
          <Table<OtherLine & { key: number }>
            size="small"
            pagination={false}
            dataSource={v.renglonesAplicados.map((l, key) => ({ ...l, key }))}
            data-testid={`${testId}-applied-lines`}
            columns={[
              { title: 'Comprobante', dataIndex: 'descripcion' },
              { title: 'Importe', dataIndex: 'valor_con_formato', align: 'right', className: 'voucher-amount-cell' },
            ]}
          />
        </>
      )}
    </>
  );
}
