import type { KeyboardEvent, MouseEvent } from 'react';

/** A click that began on a control inside the item (a print button, a checkbox, a link) is that control's, not the item's. */
export function fromControl(e: MouseEvent | KeyboardEvent): boolean {
  const control = (e.target as HTMLElement).closest('button, a, input, label, select, textarea, [role="checkbox"], [role="button"], [role="link"]');
  return Boolean(control && control !== e.currentTarget && e.currentTarget.contains(control));
}

type ActivateOptions = {
  /**
   * 'button' when the item holds no control of its own (a card, a profile); none when it does (a row with a print
   * button, a session with 'Eliminar': a button may not contain another), where it stays a row or a list item that
   * takes focus and opens with Enter.
   */
  role?: 'button';
  /** The item's name when its text is not one (a card whose title and figures would be read as one run). */
  label?: string;
  disabled?: boolean;
};

/**
 * The one pattern for an item the whole of which opens something (a session, an entity, a profile, a statement or
 * contract card, a visit, a table row that opens a drawer): it takes focus with Tab, opens with a click, Enter or
 * Space, and, being the element focused when a drawer or dialog opens, gets the focus back when it closes (Ant
 * Design's drawers and modals return it to the element that had it). Clicks and keys on a control inside it are
 * left to that control.
 */
export function activateProps(onActivate: () => void, o: ActivateOptions = {}) {
  return {
    tabIndex: o.disabled ? -1 : 0,
    role: o.role,
    'aria-label': o.label,
    'aria-disabled': o.disabled || undefined,
    onClick: (e: MouseEvent<HTMLElement>) => {
      if (!o.disabled && !fromControl(e)) onActivate();
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (o.disabled || e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
      e.preventDefault(); // Space would scroll the page
      onActivate();
    },
  };
}
