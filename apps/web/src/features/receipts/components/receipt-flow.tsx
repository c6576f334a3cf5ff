import { Alert, Button, Card, Skeleton, Steps } from 'antd';
import { receiptsMsg } from '@portal/contract';
import { errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/device';
import { DocumentsStep } from './documents-step';
import { ObservationsStep } from './observations-step';
import { PaymentsStep } from './payments-step';
import { SummaryStep } from './summary-step';
import { useReceiptFlow } from './use-receipt-flow';

const STEP_TITLES = ['Recibos', 'Documentos', 'Cobros', 'Observaciones', 'Confirmar'];

type ReceiptFlowProps = { onClose: () => void };

/** Steps 1–4 of §4: documents, payment methods, observations, summary and confirmation. */
export function ReceiptFlow({ onClose }: ReceiptFlowProps) {
  const mobile = useIsMobile();
  const flow = useReceiptFlow(onClose);
  const { step, posting } = flow;

  if (flow.loading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (flow.failed) return <Alert type="error" showIcon title={receiptsMsg.errorCargarDatos} description={errorMessage(flow.error, '')} />;

  return (
    <Card className="receipt-flow" data-testid="receipt-flow">
      <Steps
        current={step}
        size="small"
        direction={mobile ? 'vertical' : 'horizontal'}
        className="receipt-steps"
        items={STEP_TITLES.map((t, i) => ({ title: mobile && i !== step ? '' : t }))}
      />
      {step === 1 && <DocumentsStep flow={flow} />}
      {step === 2 && <PaymentsStep flow={flow} />}
      {step === 3 && <ObservationsStep flow={flow} />}
      {step === 4 && <SummaryStep flow={flow} />}
      <div className="receipt-nav">
        <Button onClick={flow.back} disabled={posting}>
          {step === 1 ? 'Cancelar' : 'Anterior'}
        </Button>
        {step < 4 ? (
          <Button type="primary" onClick={flow.next} disabled={flow.nextDisabled}>
            Siguiente
          </Button>
        ) : (
          <Button type="primary" onClick={() => void flow.handleConfirm()} loading={posting}>
            Confirmar
          </Button>
        )}
      </div>
    </Card>
  );
}
