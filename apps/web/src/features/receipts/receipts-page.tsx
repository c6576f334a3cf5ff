import { useState } from 'react';
import { lazyOverlay } from '../../lib/lazy-overlay';
import { Button, Collapse, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useIsMobile } from '../../lib/device';
import { ReceiptList } from './components/receipt-list';
import './receipts.css';

// Mounted only while a receipt is being generated: its steps (dates, uploads) load then.
const ReceiptFlow = lazyOverlay(() => import('./components/receipt-flow').then((m) => m.ReceiptFlow), () => true);

/**
 * /{n}/recibos (statements.md §2, §4): step 0 is the accordion of generated receipts (Pendientes, Aprobados, and
 * Rechazados: those staff turned down, with the reason — docs/decisions/receipts.md);
 * 'Generar recibo' opens steps 1–4. A posted receipt brings the flow back to step 0 with the lists reloaded.
 */
export function ReceiptsPage() {
  const mobile = useIsMobile();
  const [flow, setFlow] = useState(false);
  // A new flow each time: every attempt starts from a clean state.
  const [flowId, setFlowId] = useState(0);

  function handleNew() {
    setFlowId((n) => n + 1);
    setFlow(true);
  }

  return (
    <div className="page receipts-page">
      <div className="page-heading">
        <Typography.Title level={mobile ? 4 : 3} className="page-title">
          RECIBOS
        </Typography.Title>
        {!flow && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={handleNew}>
            Generar recibo
          </Button>
        )}
      </div>
      {flow ? (
        <ReceiptFlow key={flowId} onClose={() => setFlow(false)} />
      ) : (
        <Collapse
          defaultActiveKey={['pendientes']}
          items={[
            { key: 'pendientes', label: 'Pendientes', children: <ReceiptList status="pendientes" /> },
            { key: 'aprobados', label: 'Aprobados', children: <ReceiptList status="aprobados" /> },
            { key: 'rechazados', label: 'Rechazados', children: <ReceiptList status="rechazados" /> },
          ]}
        />
      )}
    </div>
  );
}
