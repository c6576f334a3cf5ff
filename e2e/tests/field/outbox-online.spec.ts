import { expect, test } from '@playwright/test';
import { fieldMsg } from '@portal/contract';
import { card, choose, enterAsRepartidor, FIELD, fieldGet, type VisitClient } from './support';

// page.route() must see the field calls, so the service worker stays blocked here (the config's default).
test.describe.configure({ timeout: 120_000 });

test('with signal, a change made while an earlier one is still being sent goes out right after it (not queued as if offline)', async ({ page, request }) => {
  // The outbox's logic does not depend on the viewport, and by the desktop run the other field specs have served
  // every customer of the small route (a served customer's card has no state to change): the phone, the driver's
  // device, runs it.
  test.skip(test.info().project.name !== 'phone', 'runs on the phone project: the small route has no pending customer left by the desktop run');
  await enterAsRepartidor(page);
  // A customer of today's route not served yet (its state is flipped and set back, so the day ends as it began).
  const customer = (await fieldGet<{ clientes: VisitClient[] }>(page, request, '/visitas/hoy')).clientes.find((c) => !c.es_nuevo && c.estado_venta !== 'realizado');
  expect(customer, "a pending customer on today's route").toBeTruthy();
  const [first, back] = customer!.estado === 'no_fuimos' ? ['Pendiente', 'No visitado'] : ['No visitado', customer!.estado === 'pendiente' ? 'Pendiente' : 'Normal'];

  // The first change's answer is held until the second change has been made.
  const sent: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${FIELD}/customers/estado`, async (route) => {
    sent.push((route.request().postDataJSON() as { estado: string }).estado);
    if (sent.length === 1) await held;
    await route.continue();
  });

  await choose(page, `Estado de ${customer!.nombre}`, first);
  await expect.poll(() => sent.length).toBe(1);
  await expect(card(page, customer!.id).locator('.ant-tag').getByText(first)).toBeVisible();
  await choose(page, `Estado de ${customer!.nombre}`, back);
  // ('Normal' shows no tag: the first change's tag goes away.)
  if (back === 'Normal') await expect(card(page, customer!.id).locator('.ant-tag').getByText(first)).toHaveCount(0);
  else await expect(card(page, customer!.id).locator('.ant-tag').getByText(back)).toBeVisible();
  release();

  // Both reach the server, in order, and the rep is told each was saved, never 'Sin conexión'.
  await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(2);
  await expect(page.getByText(fieldMsg.estadoActualizado)).toHaveCount(2);
  await expect(page.getByText('Sin conexión: se enviará al volver la señal.')).toHaveCount(0);
  await expect(page.getByText('Todo sincronizado')).toBeVisible();
  const visits = await fieldGet<{ clientes: VisitClient[] }>(page, request, '/visitas/hoy');
  expect(visits.clientes.find((c) => c.id === customer!.id)?.estado).toBe(customer!.estado);
});
