import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatMoney } from '@portal/contract';
import { LA_PAMPA, enterViaApi, printing, shot, stubPrinting } from '../../support/fixtures';
import { adminDialog, enterAsAdmin, searchAndPick, shotScreen } from '../../support/admin';
import { chooseOption, entityOf, pickDate } from '../catalog/support';
import { ApiSession, dropSession, enterAsProductorWith } from '../orders/support';

/**
 * /{n}/recibos (statements.md §4, §5, §8): pay two overdue invoices with a transfer and an e-cheq with its file,
 * a double click on Confirmar makes one receipt, it shows in Pendientes, prints and downloads as a PDF; the
 * authorizer approves it, the customer sees it in Aprobados and the dashboard's balance and overdue figures fall.
 * A receipt the authorizer rejects shows in Rechazados with the reason, and frees its document.
 * /{profile}/autorizacion: one voucher authorized and another rejected, with the prompt's rules; administrators
 * reach the screen from the Administrador group.
 */

type Pendiente = { id: number; norig: string; descomp: string; importe_total: string; importe_saldo: string; importe_en_aprobacion: string; vencido: boolean };
type Summary = { porlets: Array<{ id: string; items?: Array<{ id: string; valor_con_formato: string; detalle: string }> }> };
const money = (cents: bigint) => {
  const negative = cents < 0n;
  const s = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${s.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${s.slice(-2)}`;
};
/** formatMoney of the contract: '$ 1.234,56', '-$ 1.234,56' (a non-breaking space, which toContainText reads as one). */
const pesos = (cents: bigint) => (cents < 0n ? `-$ ${money(-cents)}` : `$ ${money(cents)}`);
const cents = (text: string) => BigInt(text.replace('.', ''));
/** '$ 1.234,56' or '-$ 1.234,56' → cents. */
const centsOfText = (text: string) => BigInt(text.replace(/[^\d,-]/g, '').replace(',', ''));
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());

/**
 * Picks an option of a select of a payment line and checks the line shows it: the dropdown of the previous select
 * may still be closing (it holds the same banks), so a click that landed there is tried again.
 */
async function pick(page: Page, line: Locator, name: string, option: string) {
  await expect(async () => {
    await line.getByRole('combobox', { name }).click();
    await chooseOption(page, option);
    await expect(line).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The dashboard's 'Saldo en pesos' and 'Vencido' (with its count of documents) of the entity. */
async function dashboardSummary(api: ApiSession) {
  const dash = await api.call<Summary>('GET', '/proxy/cgi/etenet_dashboard', { params: { grupo: 'resumen' } });
  const items = dash.porlets.find((p) => p.id === 'resumen-cliente')!.items!;
  const saldo = items.find((i) => i.id === 'saldo-ARS')!;
  const vencido = items.find((i) => i.id === 'vencido')!;
  return { saldo: centsOfText(saldo.valor_con_formato), vencido: centsOfText(vencido.valor_con_formato), documentos: Number(/^(\d+)/.exec(vencido.detalle)?.[1] ?? 0) };
}

/** A receipt posted through the API (multipart, one transfer) by productor for this entity. */
async function postReceipt(request: APIRequestContext, entity: number, doc: Pendiente, amount: string) {
  const login = await request.post('/api/public/oauth', { data: { client_id: 'master', grant_type: 'password', username: 'productor', password: 'Demo1234' } });
  const { access_token } = (await login.json()) as { access_token: string };
  const fecha = today();
  const res = await request.post('/api/public/proxy/recibos', {
    headers: { authorization: `Bearer ${access_token}`, Cuit: LA_PAMPA, Entity_ID: String(entity), Dispositivo: 'desktop', 'Idempotency-Key': `e2e-${Date.now()}-${entity}` },
    multipart: {
      formaPago: JSON.stringify([{ codcon: 1, campos: [{ id: 'banco', value: '2' }, { id: 'fecha', value: fecha }, { id: 'operacion', value: '77001234' }, { id: 'importe', value: amount }] }]),
      comprobantes: JSON.stringify([{ id: doc.id, importe: amount }]),
      observaciones: JSON.stringify({ fecha, observacion: 'Transferencia del día' }),
      totalSeleccionado: amount,
      totalAcobrar: amount,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { recibo: { id: number; norig: string } }).recibo;
}

async function enterAsAutorizador(page: Page) {
  // One entity and one profile (the portal enters by itself once the entity list has loaded).
  await enterViaApi(page, { username: 'autorizador', landing: /#\/6\/dashboard/ });
}

test('@smoke a receipt pays two overdue invoices with a transfer and an e-cheq, once under a double click, and staff approve it', async ({ page, request }, testInfo) => {
  await stubPrinting(page);
  test.setTimeout(300_000);
  const entity = entityOf(testInfo);
  const api = await ApiSession.login(request, 'productor', 'Demo1234', entity);
  const pendientes = (await api.call<{ items: Pendiente[] }>('GET', '/proxy/recibos/getAllPendientes')).items;
  // Overdue invoices no other receipt is waiting on: approving this one pays them in full.
  const overdue = pendientes.filter((d) => d.vencido && !d.importe_saldo.startsWith('-') && d.importe_en_aprobacion === '0.00').slice(0, 2);
  expect(overdue).toHaveLength(2);
  const total = cents(overdue[0]!.importe_saldo) + cents(overdue[1]!.importe_saldo);
  const transfer = total / 2n;
  const echeq = total - transfer + 100_000n; // $ 1.000,00 more: payment on account
  const before = (await api.call<{ total: number }>('GET', '/proxy/recibos/getAllRecibos', { params: { pendientes: 1, start: 0, limit: 5 } })).total;
  const dashboard0 = await dashboardSummary(api);

  // The admin parameters test flips recibos.modifica_fecha of La Pampa on the same server: read what the screen will read.
  const modificaFecha = (await api.call<{ configuracion: Record<string, boolean> }>('GET', '/configuraciones/parametros_modulos')).configuracion['recibos.modifica_fecha'];
  await enterAsProductorWith(page, entity);
  await page.goto('/#/1/recibos');
  await expect(page.getByRole('heading', { name: 'RECIBOS' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pendientes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aprobados' })).toBeVisible();
  await shot(page, testInfo, 'receipts-list');
  await page.getByRole('button', { name: 'Generar recibo' }).click();

  // Step 1: the selection radio follows the selection; the amount rule of §5.
  const flow = page.getByTestId('receipt-flow');
  await flow.getByRole('radio', { name: 'Ninguno' }).check();
  await expect(flow.getByText('No tiene seleccionado ningun documento a cobrar')).toBeVisible();
  await flow.getByRole('radio', { name: 'Solo vencidos' }).check();
  await expect(flow.getByRole('radio', { name: 'Solo vencidos' })).toBeChecked();
  await flow.getByRole('radio', { name: 'Ninguno' }).check();
  for (const d of overdue) await flow.getByTestId(`doc-${d.norig}`).getByRole('checkbox').check();
  const first = flow.getByRole('textbox', { name: `Importe a aplicar ${overdue[0]!.descomp} ${overdue[0]!.norig}` });
  await first.fill(money(cents(overdue[0]!.importe_saldo) + 1n));
  await expect(flow.getByText(`El saldo a aplicar debe ser menor a ${money(cents(overdue[0]!.importe_saldo))}`)).toBeVisible();
  await expect(flow.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  await first.fill(money(cents(overdue[0]!.importe_saldo)));
  await expect(flow.getByTestId('total-seleccionado')).toHaveText(`$ ${money(total)}`);
  await shot(page, testInfo, 'receipts-step1');
  await flow.getByRole('button', { name: 'Siguiente' }).click();

  // Step 2: a transfer and an e-cheq with its required file.
  await flow.getByRole('button', { name: 'Siguiente' }).click();
  await expect(flow.getByTestId('payment-error')).toHaveText('Debe ingresar al menos un cobro.');
  const c1 = flow.getByTestId('cobro-1');
  await pick(page, c1, 'Forma de cobro 1', 'Transferencia bancaria');
  await pick(page, c1, 'Banco de origen (cobro 1)', 'Banco de La Pampa');
  await pickDate(page, c1.getByRole('textbox', { name: 'Fecha de la transferencia (cobro 1)' }), today());
  await c1.getByRole('textbox', { name: 'N° de operación (cobro 1)' }).fill('004512339');
  await c1.getByRole('textbox', { name: 'Importe (cobro 1)' }).fill(money(transfer));
  await flow.getByRole('button', { name: 'Agregar cobro' }).click();
  const c2 = flow.getByTestId('cobro-2');
  await pick(page, c2, 'Forma de cobro 2', 'E-cheq');
  await pick(page, c2, 'Banco emisor (cobro 2)', 'Banco Galicia');
  await c2.getByRole('textbox', { name: 'N° de e-cheq (cobro 2)' }).fill('10293847');
  await pickDate(page, c2.getByRole('textbox', { name: 'Fecha de pago (cobro 2)' }), today());
  await c2.getByRole('textbox', { name: 'Importe (cobro 2)' }).fill(money(echeq));
  await expect(flow.getByText('La diferencia $ 1.000,00 se considera deuda con pago a cuenta')).toBeVisible();
  // 'CUIT del librador' (11 dígitos) is a CUIT: its length and its check digit, said under the field and on Siguiente.
  const cuit = c2.getByRole('textbox', { name: 'CUIT del librador (cobro 2)' });
  await cuit.fill('123');
  await cuit.blur();
  const cuitLength = 'Método cobro 2: El campo CUIT del librador debe tener 11 dígitos';
  await expect(c2.getByText(cuitLength)).toBeVisible();
  await flow.getByRole('button', { name: 'Siguiente' }).click();
  await expect(flow.getByTestId('payment-error')).toHaveText(cuitLength);
  await shot(page, testInfo, 'receipts-step2-cuit');
  await cuit.fill('20-12345678-5');
  await flow.getByRole('button', { name: 'Siguiente' }).click();
  await expect(flow.getByTestId('payment-error')).toHaveText('Método cobro 2: El campo CUIT del librador no es un CUIT válido: revise el dígito verificador');
  await cuit.fill('20-12345678-6');
  await expect(c2.getByText(/El campo CUIT del librador/)).toHaveCount(0);
  await flow.getByRole('button', { name: 'Siguiente' }).click();
  await expect(flow.getByTestId('payment-error')).toHaveText('Método cobro 2:  El archivo es requerido');
  await c2.locator('input[type=file]').setInputFiles({ name: 'echeq.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(c2.getByText('echeq.pdf')).toBeVisible();
  await expect(flow.getByTestId('total-cobrado')).toHaveText(`$ ${money(total + 100_000n)}`);
  await shot(page, testInfo, 'receipts-step2');
  await flow.getByRole('button', { name: 'Siguiente' }).click();

  // Step 3: the date can change only where recibos.modifica_fecha is on (La Pampa's seed has it off).
  if (modificaFecha) await expect(flow.getByLabel('Fecha del recibo')).toBeEnabled();
  else await expect(flow.getByLabel('Fecha del recibo')).toBeDisabled();
  await flow.getByRole('textbox', { name: 'Observación' }).fill('Pago de facturas vencidas');
  await flow.getByRole('button', { name: 'Siguiente' }).click();

  // Step 4: summary; a double click on Confirmar posts one receipt.
  const summary = flow.getByTestId('receipt-summary');
  await expect(summary).toContainText(`$ ${money(total + 100_000n)}`);
  await shot(page, testInfo, 'receipts-summary');
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/public/proxy/recibos')) posts.push(r.headers()['idempotency-key'] ?? '');
  });
  await flow.getByRole('button', { name: 'Confirmar' }).dblclick();
  await expect(page.getByText('Recibo generado').first()).toBeVisible();
  await expect(flow).toHaveCount(0);
  expect(new Set(posts).size, 'every send of the attempt carries the same key').toBe(1);
  const after = await api.call<{ total: number; items: Array<{ id: number; norig: string; importe: string }> }>('GET', '/proxy/recibos/getAllRecibos', {
    params: { pendientes: 1, start: 0, limit: 5 },
  });
  expect(after.total).toBe(before + 1);
  const receipt = after.items[0]!;
  expect(cents(receipt.importe)).toBe(total + 100_000n);
  const card = page.getByTestId('recibos-pendientes').getByTestId(`recibo-${receipt.norig}`);
  await expect(card).toBeVisible();
  await expect(card).toContainText('E-cheq');
  await expect(card).toContainText('echeq.pdf');
  await expect(card).toContainText('CUIT del librador: 20-12345678-6');
  await expect(card).toContainText(`Importe: ${pesos(transfer)}`);
  await shot(page, testInfo, 'receipts-posted');

  // The provisional print (§7: GET /proxy/recibo … type=rdiprovisorio&imprime=true) is a real PDF, sent to the print flow.
  const printed = page.waitForResponse((r) => r.url().includes('/api/public/proxy/recibo?'));
  await card.getByRole('button', { name: `Imprimir Recibo provisorio ${receipt.norig}` }).click();
  const printAnswer = await printed;
  expect(printAnswer.status()).toBe(200);
  expect(printAnswer.url()).toContain('type=rdiprovisorio');
  expect(printAnswer.url()).toContain('imprime=true');
  const printBody = (await printAnswer.json()) as { archivos: { archivo: string } };
  expect(Buffer.from(printBody.archivos.archivo, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByTestId('print-frame')).toBeAttached();
  expect(await page.getByTestId('print-frame').getAttribute('src')).toMatch(/^blob:/);
  await expect.poll(async () => (await printing(page)).printed).toBe(1);
  expect((await printing(page)).refusals).toEqual([]);

  // The PDF downloads.
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: `PDF Recibo provisorio ${receipt.norig}` }).click();
  expect((await download).suggestedFilename()).toBe(`recibo-${receipt.norig}.pdf`);

  // WA: wa.me with a text carrying a signed link that serves the PDF without a session.
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html><body>WhatsApp</body></html>' }));
  const opening = page.context().waitForEvent('page');
  await card.getByRole('button', { name: `WA Recibo provisorio ${receipt.norig}` }).click();
  const tab = await opening;
  await expect.poll(() => tab.url()).toMatch(/^https:\/\/wa\.me\/\?text=/);
  const text = new URL(tab.url()).searchParams.get('text') ?? '';
  expect(text).toContain(`Recibo ${receipt.norig}`);
  const link = /(https?:\/\/\S+)/.exec(text)?.[1];
  expect(link, text).toBeTruthy();
  await tab.close();
  const shared = await request.get(link!, { headers: {} });
  expect(shared.status()).toBe(200);
  expect((await shared.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The paid documents left the pending list (no second receipt can pay them), but the ledger waits for approval.
  const now = (await api.call<{ items: Pendiente[] }>('GET', '/proxy/recibos/getAllPendientes')).items;
  for (const d of overdue) expect(now.some((x) => x.id === d.id)).toBe(false);
  expect(await dashboardSummary(api)).toEqual(dashboard0);

  // The authorizer approves it, after confirming.
  await dropSession(page);
  await enterAsAutorizador(page);
  await page.getByRole('button', { name: 'Menú' }).click();
  await page.getByRole('menuitem', { name: 'Autorización de comprobantes' }).click();
  await expect(page).toHaveURL(/#\/6\/autorizacion$/);
  await page.getByRole('tab', { name: 'Recibos' }).click();
  const staffCard = page.getByTestId(`recibo-${receipt.norig}`);
  await expect(staffCard).toBeVisible();
  await expect(staffCard).toContainText('echeq.pdf');
  await shot(page, testInfo, 'receipts-staff');
  await staffCard.getByRole('button', { name: `Aprobar ${receipt.norig}` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Aprobar Recibo provisorio ${receipt.norig}` });
  await expect(confirm).toContainText(`por ${pesos(total + 100_000n)}`);
  await shotScreen(page, testInfo, 'receipts-approve-confirm');
  await confirm.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText(`Recibo ${receipt.norig} aprobado.`).first()).toBeVisible();
  await expect(page.getByTestId(`recibo-${receipt.norig}`)).toHaveCount(0);

  // The customer sees it in Aprobados, and the dashboard shows it at once: the balance falls by what was collected,
  // and both invoices, paid in full, leave the overdue figure.
  await dropSession(page);
  await enterAsProductorWith(page, entity);
  const saldoCard = page.getByTestId('summary-saldo-ARS');
  await expect(saldoCard).toContainText(pesos(dashboard0.saldo - total - 100_000n));
  // 'Vencido' sums what is still owed of each overdue document: paid in full, both leave it with their balances.
  await expect(page.getByTestId('summary-vencido')).toContainText(pesos(dashboard0.vencido - total));
  await expect(page.getByTestId('summary-vencido')).toContainText(dashboard0.documentos - 2 === 0 ? 'Sin deuda vencida' : `${dashboard0.documentos - 2} comprobante`);
  await shot(page, testInfo, 'receipts-dashboard-after-approval');
  await page.goto('/#/1/recibos');
  await page.getByRole('button', { name: 'Aprobados' }).click();
  await expect(page.getByTestId('recibos-aprobados').getByTestId(`recibo-${receipt.norig}`)).toContainText('Aprobado por Graciela Torres');
  await expect(page.getByTestId('recibos-pendientes').getByTestId(`recibo-${receipt.norig}`)).toHaveCount(0);
});

test('the authorizer rejects a receipt with a reason; the customer sees why, and the document can be paid again', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  // The other entity than the @smoke receipt test of the same project, which runs at the same time and counts the
  // entity's pending receipts and reserves its overdue documents.
  const entity = entityOf(testInfo) === 1001 ? 1002 : 1001;
  const api = await ApiSession.login(request, 'productor', 'Demo1234', entity);
  const doc = (await api.call<{ items: Pendiente[] }>('GET', '/proxy/recibos/getAllPendientes')).items.find((d) => !d.importe_saldo.startsWith('-'))!;
  const receipt = await postReceipt(request, entity, doc, doc.importe_saldo);
  const reserved = (await api.call<{ items: Pendiente[] }>('GET', '/proxy/recibos/getAllPendientes')).items;
  expect(reserved.some((d) => d.id === doc.id)).toBe(false);

  await enterAsAutorizador(page);
  await page.goto('/#/6/autorizacion');
  await page.getByRole('tab', { name: 'Recibos' }).click();
  const card = page.getByTestId(`recibo-${receipt.norig}`);
  await expect(card).toBeVisible();
  // A cancelled prompt rejects nothing; the reason is required.
  await card.getByRole('button', { name: `Rechazar ${receipt.norig}` }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Ingrese el motivo del rechazo:' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Operación cancelada').first()).toBeVisible();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Rechazar ${receipt.norig}` }).click();
  await dialog.getByRole('button', { name: 'Rechazar' }).click();
  await expect(dialog.getByText('Debe ingresar el detalle.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Detalle' }).fill('La transferencia no figura en el extracto bancario');
  await shotScreen(page, testInfo, 'receipts-reject-prompt');
  await dialog.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText(`Recibo ${receipt.norig} rechazado.`).first()).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.locator('.authorization-filters').getByText('Rechazados', { exact: true }).click();
  await expect(card).toContainText('Rechazado por Graciela Torres');
  await expect(card).toContainText('La transferencia no figura en el extracto bancario');
  await shot(page, testInfo, 'receipts-staff-rejected');

  // The customer: in Rechazados with the reason; the document is payable again, for its whole outstanding amount.
  await dropSession(page);
  await enterAsProductorWith(page, entity);
  await page.goto('/#/1/recibos');
  await page.getByRole('button', { name: 'Rechazados' }).click();
  const mine = page.getByTestId('recibos-rechazados').getByTestId(`recibo-${receipt.norig}`);
  await expect(mine).toContainText('Rechazado');
  await expect(mine).toContainText('La transferencia no figura en el extracto bancario');
  await expect(mine.getByRole('button', { name: /^Imprimir/ })).toHaveCount(0);
  await shot(page, testInfo, 'receipts-rejected');
  const free = (await api.call<{ items: Pendiente[] }>('GET', '/proxy/recibos/getAllPendientes')).items.find((d) => d.id === doc.id);
  expect(free?.importe_saldo).toBe(doc.importe_saldo);
});

test('administrators reach Autorización de comprobantes from the Administrador group, which phones do not show', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await enterAsAdmin(page, { keepDialog: true });
  await searchAndPick(page, adminDialog(page).getByLabel('Entidad'), 'Martínez', 'Laura Martínez · 1004');
  await adminDialog(page).getByRole('button', { name: 'Seleccionar' }).click();
  await expect(adminDialog(page)).toBeHidden();
  await page.getByRole('button', { name: 'Menú' }).click();
  const menu = page.getByRole('dialog', { name: 'Cooperativa Agropecuaria La Pampa Ltda.' });
  const item = menu.getByRole('menuitem', { name: 'Autorización de comprobantes' });
  if (testInfo.project.name === 'phone') {
    await expect(item).toHaveCount(0);
    await menu.getByRole('button', { name: 'Cerrar' }).click();
    await expect(menu).toBeHidden();
    await page.goto('/#/1/autorizacion');
  } else {
    await shotScreen(page, testInfo, 'admin-menu-authorization');
    await item.click();
  }
  await expect(page).toHaveURL(/#\/1\/autorizacion$/);
  await expect(page.getByRole('heading', { name: 'AUTORIZACION DE COMPROBANTES' })).toBeVisible();
  await expect(page.locator('[data-testid^="voucher-"]').first()).toBeVisible();
});

test('@smoke the authorizer authorizes one voucher and rejects another, with a required reason', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await enterAsAutorizador(page);
  const listed = page.waitForResponse((r) => /\/proxy\/cgi\/etenet_getPendAutoStock\?/.test(r.url()));
  await page.goto('/#/6/autorizacion');
  await expect(page.getByRole('heading', { name: 'AUTORIZACION DE COMPROBANTES' })).toBeVisible();
  const cards = page.locator('[data-testid^="voucher-"]');
  await expect(cards).toHaveCount(7);
  // Each product line with its amount as money (statements.md §3: productos descripcion, cantidad, importe).
  const answer = (await (await listed).json()) as { items: Array<{ codcom: string; numero: number; productos: Array<{ descripcion: string; cantidad: string; importe: string }> }> };
  for (const v of answer.items.slice(0, 3)) {
    const lines = page.getByTestId(`voucher-${v.codcom}-${v.numero}`).getByTestId('authorization-product');
    await expect(lines).toHaveCount(v.productos.length);
    for (const [i, p] of v.productos.entries()) {
      await expect(lines.nth(i)).toContainText(`${p.cantidad} × ${p.descripcion}`);
      await expect(lines.nth(i)).toContainText(formatMoney(p.importe));
    }
  }
  await shot(page, testInfo, 'authorization-list');

  const firstCard = cards.first();
  const firstId = (await firstCard.getAttribute('data-testid'))!;
  // A cancelled prompt decides nothing.
  await firstCard.getByRole('button', { name: /^Autorizar/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Ingrese el detalle de la autorización:')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Operación cancelada').first()).toBeVisible();
  await expect(page.getByTestId(firstId)).toBeVisible();
  // The reason is required.
  await firstCard.getByRole('button', { name: /^Autorizar/ }).click();
  await dialog.getByRole('button', { name: 'Autorizar' }).click();
  await expect(dialog.getByText('Debe ingresar el detalle.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Detalle' }).fill('Cliente al día');
  await shot(page, testInfo, 'authorization-prompt');
  await dialog.getByRole('button', { name: 'Autorizar' }).click();
  await expect(page.getByText('Comprobante autorizado.').first()).toBeVisible();
  await expect(page.getByTestId(firstId)).toHaveCount(0);

  const second = cards.first();
  const secondId = (await second.getAttribute('data-testid'))!;
  await second.getByRole('button', { name: /^Rechazar/ }).click();
  await expect(dialog.getByText('Ingrese el motivo del rechazo:')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Detalle' }).fill('Supera el límite de crédito');
  await dialog.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText('Comprobante rechazado.').first()).toBeVisible();
  await expect(page.getByTestId(secondId)).toHaveCount(0);

  // Who decided, when and why.
  await page.locator('.authorization-filters').getByText('Decididos', { exact: true }).click();
  const decided = page.getByTestId(firstId);
  await expect(decided).toContainText('Autorizado por Graciela Torres');
  await expect(decided).toContainText('Cliente al día');
  await expect(page.getByTestId(secondId)).toContainText('Rechazado por Graciela Torres');
  await shot(page, testInfo, 'authorization-decided');
});

test('§8 on the authorization screen: a list with success false, a failed decision; a customer does not get in', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await enterAsAutorizador(page);
  // The decision call fails: 'No se puedo realizar la operanción', and the list reloads with the voucher still there.
  await page.route(
    (url) => url.pathname.endsWith('/proxy/cgi/etenet_putPendAutoStock'),
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, msg: 'El ERP no responde' }) }),
  );
  await page.goto('/#/6/autorizacion');
  // The last pending voucher: the decision test beside this one authorizes and rejects the first two meanwhile.
  const voucher = page.locator('[data-testid^="voucher-"]').last();
  await expect(voucher).toBeVisible();
  const id = (await voucher.getAttribute('data-testid'))!;
  await voucher.getByRole('button', { name: /^Autorizar/ }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Ingrese el detalle de la autorización:' });
  await dialog.getByRole('textbox', { name: 'Detalle' }).fill('Cliente al día');
  await dialog.getByRole('button', { name: 'Autorizar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No se puedo realizar la operanción' })).toContainText('El ERP no responde');
  await expect(page.getByTestId(id)).toBeVisible();
  await page.unroute((url) => url.pathname.endsWith('/proxy/cgi/etenet_putPendAutoStock'));

  // The list answers success false: 'Error - {msg}'.
  await page.route(
    (url) => url.pathname.endsWith('/proxy/cgi/etenet_getPendAutoStock'),
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: false, msg: 'Sin conexión con el ERP', items: [], total: 0 }) }),
  );
  await page.reload();
  await expect(page.getByText('Error - Sin conexión con el ERP')).toBeVisible();
  // The list says it could not load, not that there is nothing to authorize.
  await expect(page.getByRole('tabpanel').getByText('Error al cargar datos')).toBeVisible();
  await expect(page.getByText('No hay más registros.')).toHaveCount(0);
  await shotScreen(page, testInfo, 'authorization-list-error');

  // A customer opening the address gets the refusal, not the screen.
  await dropSession(page);
  await enterAsProductorWith(page, entityOf(testInfo));
  await page.goto('/#/1/autorizacion');
  await expect(page.getByText('Esta operación está reservada a los administradores de la empresa.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Recibos' })).toHaveCount(0);
  await expect(page.locator('[data-testid^="voucher-"]')).toHaveCount(0);
  await shot(page, testInfo, 'authorization-refused');
});
