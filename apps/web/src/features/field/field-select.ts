/**
 * The option lists of the field screens' selects, sized for a driver's thumb: every option 44 px tall (field.css
 * `.field-options`), and the virtual list told so, so that it scrolls to the last option.
 */
export const thumbOptions = { listItemHeight: 44, classNames: { popup: { root: 'field-options' } } } as const;
