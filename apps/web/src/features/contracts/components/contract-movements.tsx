import { Alert, Empty, Spin, Table, Tag } from 'antd';
import { msg, type ContractDetailRow, type ContractRow } from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { useContractDetail } from '../api/contracts';

type ContractMovementsProps = { contract: ContractRow; compact?: boolean };

/** etenet_contrapaq: what was applied to the contract — deliveries (entradas), certificates and settlements (salidas). */
export function ContractMovements({ contract, compact = false }: ContractMovementsProps) {
  const detail = useContractDetail({ codcom: contract.codcom, codtal: contract.codtal, numero: contract.numero });
  if (detail.isLoading) return <Spin size="small" />;
  if (detail.isError) return <Alert type="error" showIcon title={msg.errorCargarDatos} description={errorMessage(detail.error, msg.errorObtenerDatos)} />;
  const items = detail.data?.items ?? [];
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Todavía no hay entregas aplicadas a este contrato." />;
  if (compact) {
    return (
      <ul className="contract-moves" data-testid="contract-movements">
        {items.map((m) => (
          <li key={m.id} className="contract-move">
            <span className="contract-move-what">
              {m.deslar} {m.directo && <Tag color="blue">DP</Tag>}
              <small>
                {m.fecha} · {m.numpre}
              </small>
            </span>
            <span className="contract-kg">
              {m.entradas ? `+${m.entradas_con_formato}` : m.salidas ? `−${m.salidas_con_formato}` : m.certificados_con_formato} kg
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table<ContractDetailRow>
      size="small"
      rowKey="id"
      pagination={false}
      data-testid="contract-movements"
      className="contract-moves-table"
      dataSource={items}
      columns={[
        { title: 'Fecha', dataIndex: 'fecha', width: 100 },
        { title: 'Comprobante', key: 'c', render: (_, m) => <span>{m.deslar} {m.directo && <Tag color="blue">DP</Tag>}</span> },
        { title: 'Número', dataIndex: 'numpre', className: 'contract-number' },
        { title: 'Entradas', dataIndex: 'entradas_con_formato', align: 'right', className: 'contract-kg' },
        { title: 'Certificados', dataIndex: 'certificados_con_formato', align: 'right', className: 'contract-kg' },
        { title: 'Salidas', dataIndex: 'salidas_con_formato', align: 'right', className: 'contract-kg' },
      ]}
    />
  );
}
