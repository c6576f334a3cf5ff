import { Descriptions, Table, type DescriptionsProps } from 'antd';
import { formatDate, orderingMsg, type PurchaseCartResponse, type SalesCartResponse } from '@portal/contract';
import { useLookup } from '../api/get-lookups';
import { totalLabel, type CartView } from './cart-lines';

type SummaryStepProps = { view: CartView } & ({ kind: 'sales'; answer: SalesCartResponse } | { kind: 'purchase'; answer: PurchaseCartResponse });

/** Step 3, 'Confirmación del carrito': the lines, the conditions chosen and the totals. */
export function SummaryStep(props: SummaryStepProps) {
  const { view } = props;
  const sales = props.kind === 'sales' ? props.answer : null;
  const purchase = props.kind === 'purchase' ? props.answer : null;
  const destinations = useLookup('dentregas', Boolean(sales));
  const origins = useLookup('torigen', Boolean(sales));
  const operations = useLookup('toperacion', Boolean(sales?.muestra_tipooperacion));
  const conditions = useLookup('cpagos', Boolean(purchase));
  const money = (txt: string) => `${view.simbolo} ${txt}`;

  const rows: Array<{ label: string; value: string | undefined }> = sales
    ? [
        { label: 'Entrega', value: destinations.data?.find((d) => d.destino_id === sales.carrito.destino_id)?.descripcion },
        { label: 'Origen', value: origins.data?.find((o) => o.origen_id === sales.carrito.origen_id)?.descripcion },
        ...(sales.muestra_tipooperacion
          ? [{ label: 'Operación', value: operations.data?.find((o) => o.id === sales.carrito.tipo_operacion_id)?.descripcion }]
          : []),
        { label: 'Fecha de entrega', value: sales.carrito.fecha_entrega ? formatDate(sales.carrito.fecha_entrega) : undefined },
        { label: 'Detalle', value: sales.carrito.detalle || undefined },
        ...sales.carrito.totales.map((t) => ({ label: `Cantidad (${t.unimed_venta_completa})`, value: t.cantidad_con_formato })),
      ]
    : purchase
      ? [
          { label: 'Condición de pago', value: conditions.data?.find((p) => p.id === purchase.carrito.cpago)?.despago },
          { label: 'Con impuestos', value: purchase.carrito.conimpuesto ? 'Sí' : 'No' },
          { label: 'Fecha de entrega', value: purchase.carrito.fecha_entrega ? formatDate(purchase.carrito.fecha_entrega) : undefined },
          { label: 'Detalle', value: purchase.carrito.detalle || undefined },
        ]
      : [];
  const items: DescriptionsProps['items'] = [
    ...rows.map((r) => ({ key: r.label, label: r.label, children: r.value ?? '—' })),
    // Without taxes there is no net/VAT split to show: the total is all there is, labelled as such.
    ...(view.conImpuestos
      ? [
          { key: 'neto', label: orderingMsg.importeNeto, children: <span data-testid="cart-summary-net">{money(view.netoTxt)}</span> },
          { key: 'iva', label: orderingMsg.importeIva, children: <span data-testid="cart-summary-vat">{money(view.ivaTxt)}</span> },
        ]
      : []),
    { key: 'total', label: totalLabel(view), children: <strong data-testid="cart-summary-total">{money(view.totalTxt)}</strong> },
  ];

  return (
    <div className="cart-summary" data-testid="cart-summary">
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={view.lines}
        columns={[
          {
            title: 'Producto',
            dataIndex: 'nombre',
            render: (v: string, l) => (
              <span>
                {v} <span className="text-secondary">× {l.cantidadTxt}</span>
              </span>
            ),
          },
          { title: 'Subtotal', dataIndex: 'subtotalTxt', align: 'right', render: (v: string) => money(v), width: 120 },
        ]}
      />
      <Descriptions size="small" column={1} bordered style={{ marginTop: 12 }} items={items} />
    </div>
  );
}
