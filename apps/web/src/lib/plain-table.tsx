import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

export type PlainColumn<T> = {
  key: string;
  title: string;
  align?: 'left' | 'right';
  width?: number;
  /** Stays in view while the table scrolls sideways (the first column). */
  sticky?: boolean;
  render: (row: T) => ReactNode;
};

type PlainTableProps<T> = {
  /** The table's name: the scrolling region's, read when the keyboard reaches it. */
  label: string;
  columns: PlainColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty: ReactNode;
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
  /** Above this height the rows scroll under a header that stays. */
  maxHeight?: number;
  onRow?: (row: T) => void;
  rowClassName?: string;
  /** Ant Design's middle size (12 px cells) instead of the small one. */
  size?: 'middle';
  /** A row's data-testid. */
  rowTestId?: (row: T) => string;
};

/**
 * A read-only table drawn like Ant Design's small (or middle) Table (styles.css `.plain-table`), for the dashboard's
 * short lists and the audit trail: Ant Design's Table brings rc-table, its filter menus, tree and pagination with it
 * (docs/decisions/web-delivery.md). A clickable row also opens with Enter. While the table overflows its box, the box
 * is a named region in the Tab order, so that a keyboard scrolls it with the arrows (WCAG 2.1.1, axe
 * scrollable-region-focusable).
 */
export function PlainTable<T>({ label, columns, rows, rowKey, empty, minWidth, maxHeight, onRow, rowClassName, size, rowTestId }: PlainTableProps<T>) {
  const cell = (c: PlainColumn<T>): CSSProperties => ({ textAlign: c.align ?? 'left', width: c.width });
  const open = (e: KeyboardEvent, row: T) => {
    if (e.key === 'Enter') onRow?.(row);
  };
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useOverflow(box);
  return (
    <div
      ref={box}
      className={size === 'middle' ? 'plain-table plain-table-middle' : 'plain-table'}
      style={{ maxHeight }}
      {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      <table style={{ minWidth }}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.sticky ? 'is-sticky' : undefined} style={cell(c)}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="plain-table-empty">
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                data-testid={rowTestId?.(row)}
                className={[onRow ? 'is-clickable' : '', rowClassName ?? ''].join(' ').trim() || undefined}
                tabIndex={onRow ? 0 : undefined}
                onClick={onRow ? () => onRow(row) : undefined}
                onKeyDown={onRow ? (e) => open(e, row) : undefined}
              >
                {columns.map((c) => (
                  <td key={c.key} className={c.sticky ? 'is-sticky' : undefined} style={{ textAlign: c.align ?? 'left' }}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Whether the element's content is wider or taller than its box (it scrolls), kept up to date as either resizes. */
function useOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
