import { cloneElement, lazy, Suspense, useEffect, useEffectEvent, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactElement } from 'react';
import type { DropdownProps } from '@rc-component/dropdown';
import { loadTabsMoreMenu } from './tabs-more-menu';

/**
 * Ant Design's Tabs draw, on a desktop, a hidden '…' button wrapped in a dropdown menu (@rc-component/dropdown and
 * @rc-component/menu) for the tabs that do not fit; on the portal's screens every tab fits, so the menu is never
 * opened. The build puts this module (and tabs-more-menu.tsx) in place of those two imports of @rc-component/tabs'
 * OperationNode (`lazyAntdParts` in vite.config.ts): the button is drawn alone, as before, and the dropdown's and the
 * menu's code load when the button is first pointed at, focused or asked to open; then the menu opens as it would
 * have. (docs/decisions/web-delivery.md, 'Every route'.)
 */
const Dropdown = lazy(() => Promise.all([import('@rc-component/dropdown'), loadTabsMoreMenu()]).then(([m]) => m));

type Props = DropdownProps & { children: ReactElement<ButtonProps> };
type ButtonProps = {
  onMouseEnter?: (e: MouseEvent) => void;
  onMouseLeave?: (e: MouseEvent) => void;
  onFocus?: (e: FocusEvent) => void;
  onKeyDown?: (e: KeyboardEvent) => void;
  onClick?: (e: MouseEvent) => void;
};

/** Opens the menu once the real dropdown is there, if the pointer or the focus is still on the button. */
function OpenWhenReady({ wanted, onVisibleChange }: { wanted: { current: boolean }; onVisibleChange?: (open: boolean) => void }) {
  const openIfWanted = useEffectEvent(() => {
    if (wanted.current) onVisibleChange?.(true);
  });
  // Once, when the dropdown has mounted.
  useEffect(() => {
    openIfWanted();
  }, []);
  return null;
}

export default function LazyTabsMoreDropdown(props: Props) {
  const [active, setActive] = useState(Boolean(props.visible));
  const wanted = useRef(false);
  if (props.visible && !active) setActive(true);
  if (!active) {
    const child = props.children;
    const activate = () => {
      wanted.current = true;
      setActive(true);
    };
    return cloneElement(child, {
      onMouseEnter: (e: MouseEvent) => (child.props.onMouseEnter?.(e), activate()),
      onMouseLeave: (e: MouseEvent) => (child.props.onMouseLeave?.(e), (wanted.current = false)),
      onFocus: (e: FocusEvent) => (child.props.onFocus?.(e), activate()),
      onClick: (e: MouseEvent) => (child.props.onClick?.(e), activate()),
      onKeyDown: (e: KeyboardEvent) => (child.props.onKeyDown?.(e), activate()),
    });
  }
  return (
    <Suspense fallback={props.children}>
      <Dropdown {...props} />
      <OpenWhenReady wanted={wanted} onVisibleChange={props.onVisibleChange} />
    </Suspense>
  );
}
