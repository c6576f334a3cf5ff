import { Card, Select, Tag, Typography } from 'antd';
import { activateProps } from '../../../lib/activate';
import { EnvironmentOutlined, ClockCircleOutlined } from '@ant-design/icons';
import type { EstadoVisita, VisitaCliente } from '@portal/contract';
import { thumbOptions } from '../field-select';

export const ESTADO_TEXT: Record<EstadoVisita, string> = { normal: 'Normal', pendiente: 'Pendiente', no_fuimos: 'No visitado' };
const ESTADO_COLOR: Record<EstadoVisita, string> = { normal: 'default', pendiente: 'gold', no_fuimos: 'red' };

type VisitCardProps = {
  client: VisitaCliente;
  /** Pending cards of today have the state selector. */
  onState?: (estado: EstadoVisita) => void;
  onOpen: () => void;
};

/** One customer of the day: name, address, 'Hora: {hour}hs' or 'No asignada', the state when not normal. */
export function VisitCard({ client, onState, onOpen }: VisitCardProps) {
  return (
    <Card size="small" className="visit-card is-activatable" hoverable data-testid="visit-card" data-client={client.id} {...activateProps(onOpen, { role: onState ? undefined : 'button' })}>
      <div className="visit-card-main">
        <Typography.Text strong className="visit-card-name">{client.nombre}</Typography.Text>
        {client.estado !== 'normal' ? <Tag color={ESTADO_COLOR[client.estado]}>{ESTADO_TEXT[client.estado]}</Tag> : null}
        {client.estado_venta === 'realizado' ? <Tag color="green">Realizado</Tag> : null}
      </div>
      <div className="visit-card-line"><EnvironmentOutlined aria-hidden /> {client.lugar_entrega}</div>
      <div className="visit-card-line"><ClockCircleOutlined aria-hidden /> Hora: {client.hora ? `${client.hora}hs` : 'No asignada'}</div>
      {client.detalle ? <div className="visit-card-note">{client.detalle}</div> : null}
      {onState ? (
        <div className="visit-card-state" onClick={(e) => e.stopPropagation()}>
          <Select<EstadoVisita>
            {...thumbOptions}
            size="middle"
            aria-label={`Estado de ${client.nombre}`}
            value={client.estado}
            onChange={onState}
            options={(['normal', 'pendiente', 'no_fuimos'] as const).map((v) => ({ value: v, label: ESTADO_TEXT[v] }))}
            style={{ width: 150 }}
          />
        </div>
      ) : null}
    </Card>
  );
}
