import { Button, Collapse } from 'antd';
import type { LogEntry } from '../debug-log';

type DebugConsoleProps = { entries: LogEntry[]; onClear: () => void };

/** 'Consola (n)': the screen's debug log, folded. */
export function DebugConsole({ entries, onClear }: DebugConsoleProps) {
  return (
    <Collapse
      className="stock-block"
      size="small"
      items={[
        {
          key: 'console',
          label: `Consola (${entries.length})`,
          // 'Limpiar' inside the panel, not in its header: the header is a button, which may not hold another.
          children: (
            <>
              <Button size="small" type="link" className="stock-console-clear" onClick={onClear}>
                Limpiar
              </Button>
              <ol className="stock-console" data-testid="stock-console">
                {entries.map((e) => (
                  <li key={e.id} className={`is-${e.level}`}>
                    <time>{e.at}</time> {e.text}
                  </li>
                ))}
              </ol>
            </>
          ),
        },
      ]}
    />
  );
}
