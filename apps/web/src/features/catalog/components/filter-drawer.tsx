import { Drawer } from 'antd';
import { FilterForm } from './filter-panel';
import type { CartKind } from '../../cart';
import type { CatalogFilters } from '../catalog-params';

type FilterDrawerProps = {
  kind: CartKind;
  patron: string;
  applied: CatalogFilters;
  onApply: (f: CatalogFilters) => void;
  open: boolean;
  onClose: () => void;
};

/** The filter panel on a phone: a drawer from the bottom, loaded when 'Filtros' first opens it (catalog-panel.tsx). */
export function FilterDrawer({ open, onClose, ...form }: FilterDrawerProps) {
  return (
    <Drawer title="Filtrar productos" placement="bottom" size="85%" open={open} onClose={onClose} destroyOnHidden={false}>
      <FilterForm {...form} enabled={open} onApplied={onClose} />
    </Drawer>
  );
}
