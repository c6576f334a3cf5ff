import type { HTMLAttributes, ReactNode } from 'react';

type PanelProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & { title?: ReactNode; extra?: ReactNode; bodyClassName?: string };

/**
 * A small card drawn like Ant Design's `<Card size="small">` (styles.css `.panel`). Ant Design's Card imports its
 * Tabs (for a tab list the dashboard never uses) and with them a menu and a dropdown: the dashboard's cards are
 * these instead (docs/decisions/web-delivery.md, 'Dashboard').
 */
export function Panel({ title, extra, children, className, bodyClassName, ...rest }: PanelProps) {
  return (
    <section {...rest} className={className ? `panel ${className}` : 'panel'}>
      {(title || extra) && (
        <div className="panel-head">
          {title && <div className="panel-title">{title}</div>}
          {extra && <div className="panel-extra">{extra}</div>}
        </div>
      )}
      <div className={bodyClassName ? `panel-body ${bodyClassName}` : 'panel-body'}>{children}</div>
    </section>
  );
}
