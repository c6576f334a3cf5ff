import { Button, Descriptions, Drawer, Space, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { ContractRow } from '@portal/contract';
import { ContractMovements } from './contract-movements';
import { ContractStatus, DeliveredBar } from './contract-status';

type ContractDrawerProps = {
  contract: ContractRow | null;
  mobile: boolean;
  printing: 1 | 2 | null;
  onClose: () => void;
  onPrint: (c: ContractRow, which: 1 | 2) => void;
};

/** A contract's detail: its data, the kilograms by stage, the other lines, what was applied to it, and the print options. */
export function ContractDrawer({ contract: c, mobile, printing, onClose, onPrint }: ContractDrawerProps) {
  return (
    <Drawer
      title={c ? `Contrato ${c.numpre}` : ''}
      placement="right"
      open={c !== null}
      onClose={onClose}
      size={mobile ? '100%' : 680}
      className="contract-drawer"
      footer={
        c && (
          <Space wrap className="contract-drawer-footer">
            <Button icon={<PrinterOutlined aria-hidden />} type="primary" loading={printing === 1} className={c.imprime1 ? undefined : 'contract-no-print'} onClick={() => onPrint(c, 1)}>
              Imprimir contrato
            </Button>
            {c.imprime2 && (
              <Button icon={<PrinterOutlined aria-hidden />} loading={printing === 2} onClick={() => onPrint(c, 2)}>
                Imprimir {c.deslar2}
              </Button>
            )}
          </Space>
        )
      }
    >
      {c && (
        <div data-testid="contract-detail">
          <div className="contract-drawer-head">
            <div>
              <Typography.Text strong className="contract-drawer-grain">
                {c.desgrano} {c.cosecha}
              </Typography.Text>
              <Typography.Text type="secondary" className="contract-drawer-sub">
                {c.deslar}
              </Typography.Text>
            </div>
            <ContractStatus estado={c.estado} />
          </div>
          <DeliveredBar contract={c} />
          <div className="contract-figures">
            {(
              [
                ['Contratados', c.kilos_con_formato],
                ['Entregados', c.entregados_con_formato],
                ['A entregar', c.pendientes_con_formato],
                ['Fijados', c.fijados_con_formato],
                ['Facturados', c.facturados_con_formato],
                ['Cobrados', c.cobrados_con_formato],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="contract-figure">
                <Typography.Text type="secondary">{label}</Typography.Text>
                <span className="contract-kg">{value} kg</span>
              </div>
            ))}
          </div>
          <Descriptions column={1} size="small" bordered className="contract-data">
            <Descriptions.Item label="Fecha">{c.fecha}</Descriptions.Item>
            <Descriptions.Item label="Boleto">{c.boleto || '—'}</Descriptions.Item>
            {c.renglonesOtros.map((l) => (
              <Descriptions.Item key={l.descripcion} label={l.descripcion}>
                {l.valor}
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Typography.Title level={5} className="contract-lines-title">
            Entregas, certificados y liquidaciones
          </Typography.Title>
          <ContractMovements contract={c} compact={mobile} />
        </div>
      )}
    </Drawer>
  );
}
