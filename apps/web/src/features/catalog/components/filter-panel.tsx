import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Select, Tag } from 'antd';
import { ClearOutlined, FilterOutlined } from '@ant-design/icons';
import { formatNumber } from '@portal/contract';
import type { CartKind } from '../../cart';
import { useFacet } from '../api/get-facets';
import { FACETS, type CatalogFilters, type FacetKey } from '../catalog-params';
import { filterByLabel } from '../../../lib/search';

type FilterPanelProps = {
  kind: CartKind;
  patron: string;
  applied: CatalogFilters;
  onApply: (f: CatalogFilters) => void;
};

/** The panel's fields; on a phone in a drawer (filter-drawer.tsx), which `onApplied` closes. */
type FilterFormProps = FilterPanelProps & { enabled: boolean; onApplied?: () => void };

function FacetSelect({ kind, facet, label, patron, draft, enabled, onChange }: {
  kind: CartKind;
  facet: FacetKey;
  label: string;
  patron: string;
  draft: CatalogFilters;
  enabled: boolean;
  onChange: (v: number | undefined) => void;
}) {
  // The values that still have products once the other chosen facets apply.
  const list = useFacet(kind, facet, patron, draft, enabled);
  const options = (list.data ?? []).map((i) => ({ value: i.id, label: `${i.descripcion} (${formatNumber(i.cantidad, 0)})` }));
  const id = `filter-${facet}`;
  // A label above its select, drawn as the vertical form's (catalog.css): no form library for six labels.
  return (
    <div className="filter-field">
      <div className="filter-label">
        <label htmlFor={id} title={label}>
          {label}
        </label>
      </div>
      <Select
        id={id}
        aria-label={label}
        allowClear
        showSearch={{ filterOption: filterByLabel }}
        placeholder="Todas"
        loading={list.isFetching}
        value={draft[facet]}
        options={options}
        // The chosen value shows its name alone; the list shows how many products each value has.
        labelRender={({ value }) => list.data?.find((i) => i.id === value)?.descripcion ?? '…'}
        onChange={(v?: number) => onChange(v)}
        popupMatchSelectWidth={false}
        className="filter-select"
      />
    </div>
  );
}

/**
 * The product filter panel's fields (ordering.md §2): every facet, narrowed by the others, and the new-only and
 * promotion-only flags. Choices are a draft until 'Aplicar'; 'Limpiar filtros' resets all of them at once.
 */
export function FilterForm({ kind, patron, applied, onApply, enabled, onApplied }: FilterFormProps) {
  const [draft, setDraft] = useState<CatalogFilters>(applied);
  const appliedKey = JSON.stringify(applied);
  useEffect(() => setDraft(JSON.parse(appliedKey) as CatalogFilters), [appliedKey]);

  function handleApply() {
    onApply(draft);
    onApplied?.();
  }
  function handleReset() {
    setDraft({});
    onApply({});
    onApplied?.();
  }

  return (
    <div className="filter-form" data-testid="filter-panel">
      {FACETS.map((f) => (
        <FacetSelect
          key={f.key}
          kind={kind}
          facet={f.key}
          label={f.label}
          patron={patron}
          draft={draft}
          enabled={enabled}
          onChange={(v) => setDraft((d) => ({ ...d, [f.key]: v }))}
        />
      ))}
      <Checkbox checked={Boolean(draft.nuevo)} onChange={(e) => setDraft((d) => ({ ...d, nuevo: e.target.checked || undefined }))}>
        Solo productos nuevos
      </Checkbox>
      <br />
      <Checkbox checked={Boolean(draft.promo)} onChange={(e) => setDraft((d) => ({ ...d, promo: e.target.checked || undefined }))}>
        Solo promociones
      </Checkbox>
      <div className="filter-actions">
        <Button icon={<ClearOutlined />} onClick={handleReset}>
          Limpiar filtros
        </Button>
        <Button type="primary" icon={<FilterOutlined />} onClick={handleApply}>
          Aplicar
        </Button>
      </div>
    </div>
  );
}

/** The filter panel beside the catalogue on a desktop. */
export function FilterPanel(props: FilterPanelProps) {
  return (
    <Card className="filter-panel" title="Filtros" size="small">
      <FilterForm {...props} enabled />
    </Card>
  );
}

/** The applied filters as tags: closing one clears that filter alone. */
export function ActiveFilters({ kind, patron, applied, onApply }: FilterPanelProps) {
  const chosen = FACETS.filter((f) => applied[f.key]);
  if (chosen.length === 0 && !applied.nuevo && !applied.promo) return null;
  const without = (key: keyof CatalogFilters) => {
    const next = { ...applied };
    delete next[key];
    onApply(next);
  };
  return (
    <div className="active-filters" data-testid="active-filters">
      {chosen.map((f) => (
        <FacetTag key={f.key} kind={kind} facet={f.key} label={f.label} patron={patron} applied={applied} onClose={() => without(f.key)} />
      ))}
      {applied.nuevo && (
        <Tag closable onClose={() => without('nuevo')} color="green">
          Solo nuevos
        </Tag>
      )}
      {applied.promo && (
        <Tag closable onClose={() => without('promo')} color="volcano">
          Solo promociones
        </Tag>
      )}
      <Button type="link" size="small" onClick={() => onApply({})}>
        Limpiar filtros
      </Button>
    </div>
  );
}

function FacetTag({ kind, facet, label, patron, applied, onClose }: {
  kind: CartKind;
  facet: FacetKey;
  label: string;
  patron: string;
  applied: CatalogFilters;
  onClose: () => void;
}) {
  const list = useFacet(kind, facet, patron, applied, true);
  const name = list.data?.find((i) => i.id === applied[facet])?.descripcion ?? '…';
  return (
    <Tag closable onClose={onClose} closeIcon aria-label={`${label}: ${name}`}>
      {label}: {name}
    </Tag>
  );
}
