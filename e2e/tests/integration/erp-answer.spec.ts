import { expect, test, type APIRequestContext } from '@playwright/test';
import { LA_PAMPA, shot } from '../../support/fixtures';
import { uniqueUsername } from '../../support/admin';
import { ApiSession, enterAsProductorWith } from '../orders/support';

/**
 * The ERP's answer reaches the customer: an order confirmed in the portal is read from the event feed with an
 * integration key, the ERP posts that it accepted it with its own number, and the customer sees that number under the
 * order in 'Pedidos realizados' (the table on desktop, the card on a phone).
 */

const FEED = '/api/integration/v1/eventos';

/** A key of La Pampa that reads the feed, created by the demo administrator through the API. */
async function feedKey(request: APIRequestContext, name: string): Promise<string> {
  const login = await request.post('/api/public/oauth', { data: { client_id: 'master', grant_type: 'password', username: 'admin', password: 'Admin1234' } });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { access_token: string }).access_token;
  const res = await request.post('/api/public/proxy/integracion/claves', {
    headers: { authorization: `Bearer ${token}`, Cuit: LA_PAMPA },
    data: { nombre: name, leer: ['eventos'] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { secreto: string }).secreto;
}

/** The feed's 'pedido.confirmado' event of one order, paging from the start as an ERP would. */
async function confirmedEvent(request: APIRequestContext, key: string, orderId: number): Promise<string> {
  let desde = '0';
  for (;;) {
    const res = await request.get(FEED, { headers: { authorization: `Bearer ${key}` }, params: { desde, limite: 1000 } });
    expect(res.status(), await res.text()).toBe(200);
    const page = (await res.json()) as { eventos: Array<{ id: string; tipo: string; datos: { pedido?: { id: number } } }>; siguiente: string };
    const found = page.eventos.find((e) => e.tipo === 'pedido.confirmado' && e.datos.pedido?.id === orderId);
    if (found) return found.id;
    expect(page.eventos.length, `the confirmation of order ${orderId} is in the feed`).toBeGreaterThan(0);
    desde = page.siguiente;
  }
}

test("the ERP accepts a customer's order with its own number, and the customer sees it under the order", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const productor = await ApiSession.login(request, 'productor', 'Demo1234');
  const [a] = await productor.products(4);
  const order = await productor.createOrder([{ id: a!.id, quantity: 1 }], `e2e ${testInfo.project.name} ERP`);

  const key = await feedKey(request, uniqueUsername('ERP', testInfo));
  const event = await confirmedEvent(request, key, order.id);
  const erpNumber = `NP-0004-${String(order.numero).padStart(8, '0')}`;
  const answered = await request.post(`${FEED}/${event}/resultado`, {
    headers: { authorization: `Bearer ${key}` },
    data: { resultado: 'aceptado', numero_erp: erpNumber },
  });
  expect(answered.status(), await answered.text()).toBe(200);

  await enterAsProductorWith(page);
  await page.goto('/#/1/pedidos');
  await page.getByRole('tab', { name: 'Pedidos realizados' }).click();
  const row = page.getByTestId('orders-pendientes').getByTestId(`order-${order.numero}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId(`order-erp-${order.numero}`)).toHaveText(`ERP: ${erpNumber}`);
  await shot(page, testInfo, 'orders-made-erp-answer');
});
