import { Select } from 'antd';
import type { Entidad } from '@portal/contract';
import { entityLabel } from '../../features/access';
import { filterByLabel } from '../../lib/search';
import { ENTITY_SEARCH_FROM } from './entity-select-stand-in';

export type EntitySelectorProps = {
  entities: Entidad[];
  currentEntity: number | null;
  mobile: boolean;
  onEntityChange: (entity: Entidad) => void;
};


/**
 * The header's entity selector: Ant Design's Select. It is a chunk of its own, loaded when the user first points at,
 * touches or focuses the look-alike the header draws in its place (header.tsx), and then opened as that gesture asked.
 */
export function EntitySelector({ entities, currentEntity, mobile, onEntityChange, defaultOpen }: EntitySelectorProps & { defaultOpen: boolean }) {
  return (
    <Select
      className="entity-selector"
      aria-label="Entidad"
      value={currentEntity ?? undefined}
      showSearch={entities.length >= ENTITY_SEARCH_FROM ? { filterOption: filterByLabel } : false}
      popupMatchSelectWidth={mobile ? false : 320}
      autoFocus
      defaultOpen={defaultOpen}
      onChange={(code: number) => {
        const chosen = entities.find((e) => e.codent === code);
        if (chosen) onEntityChange(chosen);
      }}
      options={entities.map((e) => ({ value: e.codent, label: entityLabel(e), disabled: !e.activa }))}
    />
  );
}
