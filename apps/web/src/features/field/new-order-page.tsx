import { useMemo, useState } from 'react';
import { Button, Select, Space, Typography } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import type { ClienteLista } from '@portal/contract';
import { lazyOverlay } from '../../lib/lazy-overlay';
import { filterByLabel } from '../../lib/search';
import { pendingCustomers, useCustomers, useOutbox } from './api/queries';
import { SyncBanner } from './components/sync-banner';
import { fieldDate } from './dates';
import './field.css';
import { thumbOptions } from './field-select';

// 'Nuevo cliente' (its form and the contract's rule for it, with zod) loads when 'Agregar Cliente' first opens it.
const NewCustomerDialog = lazyOverlay(() => import('./components/new-customer-dialog').then((m) => m.NewCustomerDialog), (p) => p.open);

/**
 * /{profile}/detalle-cliente/{fecha}, the new-order mode of the customer detail: 'Agregar Pedido' — choose one of
 * the rep's customers, or register a new one.
 */
export function NewOrderPage() {
  const { profile, fecha } = useParams();
  const date = fieldDate(fecha);
  const navigate = useNavigate();
  const customers = useCustomers();
  const outbox = useOutbox();
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const list: ClienteLista[] = useMemo(() => [...(customers.data?.clientes ?? []), ...pendingCustomers(outbox.entries)], [customers.data, outbox.entries]);

  return (
    <div className="field-page detail-page">
      <SyncBanner />
      <Typography.Title level={4}>Agregar Pedido</Typography.Title>
      <Select<string>
        {...thumbOptions}
        showSearch={{ filterOption: filterByLabel }}
        placeholder="Buscar cliente"
        aria-label="Cliente"
        className="new-order-select"
        value={chosen ?? undefined}
        onChange={setChosen}
        loading={customers.isPending}
        options={list.map((c) => ({ value: String(c.id), label: `${c.nombre} — ${c.documento}` }))}
      />
      <Space wrap className="detail-actions">
        <Button type="primary" size="large" disabled={!chosen} onClick={() => chosen && navigate(`/${profile}/detalle-cliente/${chosen}/${date}`)}>Continuar</Button>
        <Button size="large" icon={<UserAddOutlined />} onClick={() => setAdding(true)} onPointerEnter={NewCustomerDialog.preload} onFocus={NewCustomerDialog.preload}>Agregar Cliente</Button>
      </Space>
      <Button block className="detail-back" onClick={() => navigate(`/${profile}/repartos`)}>Volver a Visitas</Button>
      <NewCustomerDialog open={adding} date={date} onClose={() => setAdding(false)} />
    </div>
  );
}
