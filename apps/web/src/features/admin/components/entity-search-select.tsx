import { useEffect, useState } from 'react';
import { Select, Spin } from 'antd';
import { ENTITY_SEARCH_MIN, msg, type Entidad } from '@portal/contract';
import { useEntitySearch } from '../api/search-entities';

export type EntityOption = { value: number; label: string };

type EntitySearchSelectProps = {
  cuit: string | null;
  id?: string;
  multiple?: boolean;
  value?: EntityOption | EntityOption[] | null;
  onChange?: (value: EntityOption | EntityOption[] | null) => void;
  placeholder?: string;
  autoFocus?: boolean;
  /** 'error' outlines it in red (a form field's error, drawn by its form). */
  status?: 'error';
};

/** descripcion, else descri_entidad, else razsoc (access.md §3), and the code. */
export const entityOption = (e: Entidad): EntityOption => ({ value: e.codent, label: `${e.descri_entidad || e.razsoc} · ${e.codent}` });

/** A remote entity search of the company: asks the server only past 3 characters, 300 ms after typing stops. */
export function EntitySearchSelect({ cuit, id, multiple = false, value, onChange, placeholder, autoFocus, status }: EntitySearchSelectProps) {
  const [text, setText] = useState('');
  const [patron, setPatron] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setPatron(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text]);
  const search = useEntitySearch(cuit, patron);
  const short = text.trim().length < ENTITY_SEARCH_MIN;
  const waiting = !short && (text.trim() !== patron || search.isFetching);

  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      labelInValue
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      allowClear
      autoFocus={autoFocus}
      status={status}
      value={value ?? (multiple ? [] : undefined)}
      placeholder={placeholder ?? 'Escriba el nombre, CUIT o código'}
      onChange={(v) => {
        setText('');
        onChange?.((v as EntityOption | EntityOption[] | undefined) ?? null);
      }}
      options={short ? [] : (search.data ?? []).map((e) => ({ ...entityOption(e), disabled: !e.activa, title: e.activa ? undefined : 'Inactiva' }))}
      notFoundContent={
        short ? 'Escriba más de 3 caracteres para buscar' : waiting ? <Spin size="small" /> : search.isError ? msg.errorBusquedaEntidad : 'No se encontraron entidades'
      }
      popupMatchSelectWidth
      style={{ width: '100%' }}
    />
  );
}
