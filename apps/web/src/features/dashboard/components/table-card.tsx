import { Card, Table } from 'antd';
import type { Porlet } from '@portal/contract';

export function TableCard({ porlet }: { porlet: Extract<Porlet, { tipo: 'tabla' }> }) {
  return (
    <Card size="small" title={porlet.titulo} data-testid={`porlet-${porlet.id}`}>
      <Table
        size="small"
        pagination={false}
        rowKey={(r) => Object.values(r).join('|')}
        dataSource={porlet.filas}
        locale={{ emptyText: porlet.vacio }}
        scroll={{ x: 480 }}
        columns={porlet.columnas.map((c) => ({ title: c.titulo, dataIndex: c.key, key: c.key, align: c.alineacion === 'derecha' ? 'right' : 'left' }))}
      />
    </Card>
  );
}
