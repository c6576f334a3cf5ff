import { useContext, type KeyboardEvent } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { ConfigContext } from 'antd/es/config-provider';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useSelectStyle from 'antd/es/select/style';

type StandInProps = {
  /** The chosen entity's label (the closed select's text). */
  label: string | null;
  search: boolean;
  /** The user reached for it: `open` when the gesture opens a select (a press, Enter, Space, an arrow key). */
  onActivate: (open: boolean) => void;
  /** The user may reach for it (the pointer is over it): its code can start loading. */
  onIntent: () => void;
};

/** Past five entities the selector gets a search box (access.md §2). */
export const ENTITY_SEARCH_FROM = 6;

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * The header's entity selector, closed, as Ant Design's Select draws it — same elements, classes and styles (the
 * Select's own style hook) — without the Select's code: its option list, virtual list and popup (≈25 kB compressed)
 * would otherwise come with every screen behind the shell (docs/decisions/web-delivery.md). The header
 * puts the real Select in its place on the first press, touch, focus or key, and opens it if the gesture asked to.
 */
export function EntitySelectStandIn({ label, search, onActivate, onIntent }: StandInProps) {
  const { getPrefixCls } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('select');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useSelectStyle(prefixCls, rootCls);
  const classes = [prefixCls, `${prefixCls}-outlined`, 'entity-selector', cssVarCls, rootCls, hashId, `${prefixCls}-single`, `${prefixCls}-show-arrow`];
  if (search) classes.push(`${prefixCls}-show-search`);
  const onKeyDown = (e: KeyboardEvent) => {
    if (OPENING_KEYS.has(e.key)) e.preventDefault();
    onActivate(OPENING_KEYS.has(e.key));
  };
  return (
    <div className={classes.join(' ')} onPointerEnter={onIntent} onMouseDown={() => onActivate(true)} data-stand-in="">
      <div className={label === null ? `${prefixCls}-content` : `${prefixCls}-content ${prefixCls}-content-has-value`} title={label ?? undefined}>
        {label === null ? <div className={`${prefixCls}-placeholder`} /> : label}
        <input
          type="text"
          aria-label="Entidad"
          readOnly
          autoComplete="new-password"
          className={`${prefixCls}-input`}
          role="combobox"
          aria-expanded={false}
          aria-haspopup="listbox"
          aria-autocomplete="list"
          value=""
          onFocus={() => onActivate(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className={`${prefixCls}-suffix`}>
        <DownOutlined />
      </div>
    </div>
  );
}
