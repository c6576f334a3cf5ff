import { useCallback, useRef, useState } from 'react';
import { Alert, Button, Drawer, Spin, Steps } from 'antd';
import { ErrorResult } from '../../../lib/error-result';
import { useNavigate } from 'react-router';
import { formatDate, orderingMsg, type PurchaseCartResponse, type SalesCartResponse } from '@portal/contract';
import { ApiError, errorMessage } from '../../../lib/api';
import { useIsMobile } from '../../../lib/device';
import { useNotify } from '../../../lib/notify';
import { useCartDrawer, type CartKind } from '../cart-drawer-store';
import { useCart } from '../api/get-cart';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { useSetCondition, type ConditionBody } from '../api/set-condition';
import { useSetPrice } from '../api/set-price';
import { useConfirmCart } from '../api/confirm-cart';
import { deliveryDateTooEarly } from '../api/add-to-cart';
import { cartView, totalLabel, type CartLineView } from './cart-lines';
import { LinesStep } from './lines-step';
import { ConditionsStep } from './conditions-step';
import { SummaryStep } from './summary-step';
import { PriceDialog, type PriceTarget } from './price-dialog';
import { useFeedback } from '../../../lib/feedback';

const STEPS = [orderingMsg.pasoDetalle, orderingMsg.pasoCondiciones, orderingMsg.pasoConfirmacion];

type CartDrawerProps = { kind: CartKind; profile: number };

/**
 * The cart drawer (ordering.md §2, §4): 30 % wide on desktop, the whole screen on a phone; three steps, 'Cerrar'
 * only on the first and the confirmation only on the last. The same drawer serves the sales cart and the
 * purchase-order cart; what differs is the conditions, the texts and where the user goes after confirming.
 */
export function CartDrawer({ kind, profile }: CartDrawerProps) {
  const { open, hide } = useCartDrawer(kind);
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const notify = useNotify();
  const { modal } = useFeedback();
  const cart = useCart(kind);
  const remove = useRemoveFromCart(kind);
  const setCondition = useSetCondition(kind);
  const setPrice = useSetPrice(kind);
  const confirm = useConfirmCart(kind);
  const [step, setStep] = useState(0);
  const [price, setPrice_] = useState<PriceTarget | null>(null);
  const [paymentError, setPaymentError] = useState(false);
  // One confirmation at a time: the dialog opens once however often the button is clicked.
  const confirming = useRef(false);

  const answer = cart.data;
  const view = answer ? cartView(kind === 'sales' ? { kind, cart: answer as SalesCartResponse } : { kind, cart: answer as PurchaseCartResponse }) : null;
  const busy = remove.isPending || setCondition.isPending || setPrice.isPending || confirm.isPending;
  const cpagoMissing = kind === 'purchase' && (answer as PurchaseCartResponse | undefined)?.carrito.cpago === null;

  // The same handler while the cart is the same (mutate and notify keep their identity): the sales conditions step's
  // effect that picks a lone destination or origin depends on it.
  const cartId = view?.id;
  const { mutate: mutateCondition } = setCondition;
  const handleCondition = useCallback(
    (body: ConditionBody) => {
      if (cartId === undefined) return;
      mutateCondition({ cartId, body }, { onError: (e) => notify.error('Error', errorMessage(e, orderingMsg.errorGenerico)) });
    },
    [cartId, mutateCondition, notify],
  );

  function handleRemove(line: CartLineView) {
    if (!view) return;
    remove.mutate({ cartId: view.id, lineId: line.removeId }, { onError: (e) => notify.error('Error', errorMessage(e, orderingMsg.errorGenerico)) });
  }

  async function handleRemoveAll() {
    if (!view) return;
    try {
      await remove.mutateAsync({ cartId: view.id });
      setStep(0);
    } catch (e) {
      notify.error('Error', errorMessage(e, orderingMsg.errorGenerico));
    }
  }

  function handlePriceAccept(precio: string) {
    if (!view || !price) return;
    setPrice.mutate(
      { cartId: view.id, productoId: price.productoId, cantidad: price.cantidad, precio, band: price.band },
      {
        onSuccess: ({ outside }) => {
          setPrice_(null);
          if (outside) notify.warning('Alerta de precio', 'El precio está fuera del rango permitido: se registró una alerta de precio para su revisión.');
        },
        onError: (e) => notify.error('Error', errorMessage(e, orderingMsg.errorGenerico)),
      },
    );
  }

  function handleNext() {
    if (step === 1 && cpagoMissing) {
      setPaymentError(true);
      return;
    }
    setStep((s) => Math.min(2, s + 1));
  }

  function finish() {
    setStep(0);
    setPaymentError(false);
    hide();
    if (kind === 'sales') navigate(`/${profile}/pedidos/`);
  }

  async function runConfirm(cartId: number) {
    try {
      const r = await confirm.mutateAsync(cartId);
      if (!r.success) {
        notify.error(kind === 'sales' ? orderingMsg.error : orderingMsg.ordenNoRealizada, r.msg);
        return;
      }
      notify.success(kind === 'sales' ? orderingMsg.pedidoRealizado : orderingMsg.ordenRealizada, `Número ${r.numero_con_formato} · ${view ? totalLabel(view) : orderingMsg.importeTotal} ${view?.simbolo ?? '$'} ${r.total_con_formato}`);
      finish();
    } catch (e) {
      // A refusal with its reason (400/403/404/409: { success: false, msg }) is the "success false" of the spec;
      // anything else (5xx, no connection) gets the generic text.
      const refused = e instanceof ApiError && e.status >= 400 && e.status < 500;
      if (kind === 'purchase') notify.error(orderingMsg.ordenNoRealizada, refused ? e.message : undefined);
      else notify.error(orderingMsg.error, refused ? e.message : orderingMsg.errorGenerico);
    }
  }

  function handleConfirm() {
    if (!view || confirming.current || confirm.isPending) return;
    if (cpagoMissing) {
      setPaymentError(true);
      setStep(1);
      return;
    }
    confirming.current = true;
    const cartId = view.id;
    modal.confirm({
      title: kind === 'sales' ? 'Confirmar pedido' : 'Confirmar orden de compra',
      content: `${kind === 'sales' ? '¿Desea confirmar el pedido' : '¿Desea confirmar la orden de compra'} por ${view.simbolo} ${view.totalTxt} (${view.conImpuestos ? orderingMsg.ivaIncluido : orderingMsg.sinImpuestos})?`,
      okText: 'Confirmar',
      cancelText: 'Cancelar',
      // onOk returns the call: the dialog keeps its button loading until the answer, so a second click does nothing.
      onOk: () => runConfirm(cartId),
      onCancel: () => notify.info(orderingMsg.operacionCancelada),
      afterClose: () => (confirming.current = false),
    });
  }

  const empty = !view || view.lines.length === 0;
  const footer = (
    <div className="cart-footer">
      {step === 0 ? (
        <Button onClick={hide}>{orderingMsg.cerrar}</Button>
      ) : (
        <Button onClick={() => setStep((s) => s - 1)} disabled={confirm.isPending}>
          {orderingMsg.anterior}
        </Button>
      )}
      {step < 2 ? (
        <Button type="primary" onClick={handleNext} disabled={empty || busy}>
          {orderingMsg.siguiente}
        </Button>
      ) : (
        <Button type="primary" onClick={handleConfirm} disabled={empty || busy} loading={confirm.isPending} data-testid="cart-confirm">
          {kind === 'sales' ? 'Confirmar pedido' : 'Confirmar orden'}
        </Button>
      )}
    </div>
  );

  return (
    <Drawer
      className="cart-drawer"
      title={kind === 'sales' ? 'Carrito de compras' : 'Orden de compra'}
      placement="right"
      open={open}
      onClose={hide}
      closable={false}
      size={mobile ? '100%' : '30%'}
      footer={footer}
      data-testid={`cart-drawer-${kind}`}
    >
      <Steps
        className="cart-steps"
        size="small"
        current={step}
        orientation="horizontal"
        responsive={false}
        titlePlacement="vertical"
        items={STEPS.map((title) => ({ title }))}
      />
      {view && answer && deliveryDateTooEarly(answer) && (
        // A line added after the date was chosen raised the lead: said at once, and the server refuses to confirm.
        <Alert
          type="warning"
          showIcon
          className="cart-date-alert"
          title={orderingMsg.fechaEntregaVencida}
          description={`${orderingMsg.fechaMinimaEntrega} ${formatDate(view.fechaMinima)}`}
          data-testid="cart-date-alert"
        />
      )}
      {cart.isLoading ? (
        <div className="center-pad">
          <Spin />
        </div>
      ) : cart.isError || !answer || !view ? (
        <ErrorResult status="warning" title="No se pudo cargar el carrito" subTitle={errorMessage(cart.error, orderingMsg.errorGenerico)} />
      ) : step === 0 ? (
        <LinesStep
          view={view}
          sales={kind === 'sales' ? (answer as SalesCartResponse) : undefined}
          busy={busy}
          onRemove={handleRemove}
          onRemoveAll={handleRemoveAll}
          onEditPrice={(l) =>
            setPrice_({ productoId: l.productoId, nombre: l.nombre, cantidad: l.cantidad, unimed: l.unimed, precio: l.precioFinal, band: l.band })
          }
        />
      ) : step === 1 ? (
        kind === 'sales' ? (
          <ConditionsStep kind="sales" answer={answer as SalesCartResponse} busy={setCondition.isPending} onChange={handleCondition} />
        ) : (
          <ConditionsStep kind="purchase" answer={answer as PurchaseCartResponse} busy={setCondition.isPending} onChange={handleCondition} showPaymentError={paymentError} />
        )
      ) : kind === 'sales' ? (
        <SummaryStep kind="sales" view={view} answer={answer as SalesCartResponse} />
      ) : (
        <SummaryStep kind="purchase" view={view} answer={answer as PurchaseCartResponse} />
      )}
      <PriceDialog target={price} busy={setPrice.isPending} onCancel={() => setPrice_(null)} onAccept={handlePriceAccept} />
    </Drawer>
  );
}
