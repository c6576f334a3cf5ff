import { Progress, Tag } from 'antd';
import type { ContractRow } from '@portal/contract';

const COLORS: Record<string, string> = {
  Cumplido: 'green',
  'Pendiente de entrega': 'orange',
  'Pendiente de fijar precio': 'gold',
  'Pendiente de liquidar': 'blue',
};

export function ContractStatus({ estado }: { estado: string }) {
  return <Tag color={COLORS[estado] ?? 'default'} className="contract-status">{estado}</Tag>;
}

/** How much of the contract was delivered. */
export function DeliveredBar({ contract: c }: { contract: ContractRow }) {
  const percent = c.kilos > 0 ? Math.min(100, Math.round((c.entregados / c.kilos) * 100)) : 0;
  return <Progress percent={percent} size="small" showInfo={false} strokeColor={percent >= 100 ? '#2e7d32' : undefined} aria-label={`Entregado ${percent} %`} />;
}
