import { Select, Space } from 'antd';
import { filterByLabel } from '../../../lib/search';

type Option = { id: number; descripcion: string };

type StaffFiltersProps = {
  vendedor: number | undefined;
  zona: number | undefined;
  sellers: Option[];
  /** The administrator's zones (none for a zone manager: no zone filter). */
  zones: Option[] | undefined;
  onFilter: (key: 'vendedor' | 'zona', value: number | undefined) => void;
};

/**
 * The zone dashboard's seller and zone filters (profile 3). A chunk of its own: the customer's dashboard, the first
 * screen after login, has no filter and does not download Select (docs/decisions/web-delivery.md).
 */
export function StaffFilters({ vendedor, zona, sellers, zones, onFilter }: StaffFiltersProps) {
  return (
    <Space wrap className="dashboard-filters">
      <Select
        allowClear
        showSearch={{ filterOption: filterByLabel }}
        placeholder="Todos los vendedores"
        aria-label="Vendedor"
        style={{ minWidth: 200 }}
        value={vendedor}
        onChange={(v?: number) => onFilter('vendedor', v)}
        options={sellers.map((s) => ({ value: s.id, label: s.descripcion }))}
      />
      {zones && zones.length > 0 && (
        <Select
          allowClear
          placeholder="Todas las zonas"
          aria-label="Zona"
          style={{ minWidth: 180 }}
          value={zona}
          onChange={(v?: number) => onFilter('zona', v)}
          options={zones.map((z) => ({ value: z.id, label: z.descripcion }))}
        />
      )}
    </Space>
  );
}
