import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Decimal from 'decimal.js';
import {
  addDays,
  formatNumber,
  msg,
  parseAmountText,
  receiptsMsg,
  todayInArgentina,
  type DashboardResponse,
  type FiscalListResponse,
  type FormasCobroResponse,
  type PendientesResponse,
  type ReciboPostResponse,
  type RecibosListResponse,
  type StatementResponse,
} from '@portal/contract';
import { pdfText } from '../../documents/test-support.js';
import { bearer, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { type Kysely, sql } from 'kysely';
import { moveCreditToApproval } from '../../db/migrations/20261125_1200_receipt_review.js';
import { down as storedFilesDown, up as storedFilesUp } from '../../db/migrations/20261201_1000_stored_files.js';
import { down as cuitFieldsDown, up as cuitFieldsUp } from '../../db/migrations/20261202_1000_payment_cuit_fields.js';
import { receiptLinesFromReceipts } from '../../db/migrations/20261202_1100_voucher_applied_lines.js';

/**
 * Receipts: lists, payment methods, posting with every money rule, idempotency, files in the attachment storage,
 * approval (which applies the receipt to the ledger), rejection, PDF, print and share.
 */

let ctx: TestContext;
let token: string;
let staff: string;
let admin: string;
const R = '/api/public/proxy/recibos';
const H = (entity = '1001', cuit: string = LA_PAMPA) => bearer(token, { cuit, entity_id: entity });
const S = (t = staff) => bearer(t, { cuit: LA_PAMPA });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(64)]);
let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${++keyCounter}`;
/** An amount as the PDFs print it, in a regular expression: '1.234,50'. */
const esAr = (v: Decimal) => formatNumber(v.toFixed(2), 2).replace(/\./g, '\\.');

before(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'productor')).access_token;
  staff = (await login(ctx.app, 'autorizador')).access_token;
  admin = (await login(ctx.app, 'admin')).access_token;
});
after(async () => {
  await ctx?.close();
});

async function get<T>(url: string, headers = H()): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  return res.json() as T;
}

type Post = {
  formaPago: unknown;
  comprobantes?: unknown;
  observaciones?: unknown;
  totalSeleccionado?: string;
  totalAcobrar?: string;
  files?: Array<{ name: string; data: Buffer; type?: string }>;
};
async function multipart(p: Post) {
  const form = new FormData();
  form.set('formaPago', JSON.stringify(p.formaPago));
  form.set('comprobantes', JSON.stringify(p.comprobantes ?? []));
  form.set('observaciones', JSON.stringify(p.observaciones ?? { fecha: todayInArgentina(), observacion: '' }));
  if (p.totalSeleccionado !== undefined) form.set('totalSeleccionado', p.totalSeleccionado);
  if (p.totalAcobrar !== undefined) form.set('totalAcobrar', p.totalAcobrar);
  for (const f of p.files ?? []) form.append('files[]', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/pdf' }), f.name);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}
async function post(p: Post, key = newKey(), headers = H()) {
  const { payload, contentType } = await multipart(p);
  return ctx.app.inject({ method: 'POST', url: R, headers: { ...headers, 'content-type': contentType, 'idempotency-key': key }, payload });
}
const transfer = (importe: string, file?: number) => ({
  codcon: 1,
  campos: [
    { id: 'banco', value: '2' },
    { id: 'fecha', value: todayInArgentina() },
    { id: 'operacion', value: '004512339' },
    { id: 'importe', value: importe },
    ...(file === undefined ? [] : [{ id: 'comprobante', file }]),
  ],
});
const echeq = (importe: string, file?: number) => ({
  codcon: 2,
  campos: [
    { id: 'banco', value: '1' },
    { id: 'numero', value: '10293847' },
    { id: 'vencimiento', value: todayInArgentina() },
    { id: 'importe', value: importe },
    ...(file === undefined ? [] : [{ id: 'archivo', file }]),
  ],
});
const pending = async (entity = '1001') => (await get<PendientesResponse>(`${R}/getAllPendientes`, H(entity))).items;
const positive = async (entity = '1001') => (await pending(entity)).filter((d) => new Decimal(d.importe_saldo).gt(0));
const approve = (id: number, t = staff) => ctx.app.inject({ method: 'POST', url: `${R}/gestion/${id}/aprobar`, headers: S(t) });
const reject = (id: number, motivo: unknown, t = staff) => ctx.app.inject({ method: 'POST', url: `${R}/gestion/${id}/rechazar`, headers: S(t), payload: { motivo } });
/** A receipt paying these amounts of these documents with one transfer, posted and checked. */
async function payWithTransfer(apply: Array<{ id: number; importe: string }>, entity = '1001'): Promise<ReciboPostResponse> {
  const total = apply.reduce((s, a) => s.plus(a.importe), new Decimal(0)).toFixed(2);
  const res = await post({ formaPago: [transfer(total)], comprobantes: apply, totalSeleccionado: total, totalAcobrar: total }, newKey(), H(entity));
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as ReciboPostResponse;
}
/** The dashboard's 'Saldo en pesos' and 'Vencido' of the entity, as decimals. */
async function dashboard(entity = '1001') {
  const dash = await get<DashboardResponse>('/api/public/proxy/cgi/etenet_dashboard?grupo=resumen', H(entity));
  const summary = dash.porlets.find((p) => p.id === 'resumen-cliente') as Extract<DashboardResponse['porlets'][number], { tipo: 'resumen' }>;
  const value = (id: string) => new Decimal(parseAmountText(summary.items.find((i) => i.id === id)?.valor_con_formato ?? '0') ?? '0');
  return { saldo: value('saldo-ARS'), vencido: value('vencido') };
}
/** The statements carousel's 'Vencido ARS' of the entity, as a decimal (0 when it is not shown). */
async function carouselOverdue(entity = '1001') {
  const body = await get<{ valoresdectasctes: Array<{ descri: string; valor: string }> }>('/api/public/proxy/cgi/etenet_rencbtec?start=0&limit=7', H(entity));
  return new Decimal(parseAmountText(body.valoresdectasctes.find((v) => v.descri === 'Vencido ARS')?.valor ?? '0') ?? '0');
}
/** What is overdue by statements.md §3 (importe_total − importe_aplicado, approved receipts applied), from getAllPendientes. */
async function overdueOutstanding(entity = '1001') {
  return (await positive(entity)).filter((d) => d.vencido).reduce((s, d) => s.plus(d.importe_saldo).plus(d.importe_en_aprobacion), new Decimal(0));
}
const ledgerCount = async () => Number((await ctx.db.selectFrom('account_movements').select(ctx.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const settledOf = async (ids: number[]) =>
  (await ctx.db.selectFrom('account_movements').select(['id', 'settled']).where('id', 'in', ids.map(String)).orderBy('id').execute()).map((r) => r.settled);

describe('receipts: lists and payment methods', () => {
  test('every call is guarded (401, 403 foreign company and entity)', async () => {
    for (const url of [`${R}/getAllRecibos?pendientes=1`, `${R}/getAllPendientes`, `${R}/getAllFormasCobro`]) {
      await expectGuarded(ctx.app, { method: 'GET', url }, { access: 'entity', token });
    }
    await expectGuarded(ctx.app, { method: 'POST', url: R }, { access: 'entity', token });
    await expectGuarded(ctx.app, { method: 'GET', url: `${R}/gestion?pendientes=1` }, { access: 'company', token: staff });
  });

  test('getAllFormasCobro: transfer, e-cheq with a required file, every field type', async () => {
    const body = await get<FormasCobroResponse>(`${R}/getAllFormasCobro`);
    const echeqMethod = body.items.find((m) => m.descon === 'E-cheq')!;
    assert.ok(echeqMethod, 'e-cheq is a payment method');
    const file = echeqMethod.campos.find((c) => c.inputtype === 'file')!;
    assert.equal(file.requiredFile, true);
    assert.equal(file.id_ep, 'es_echeq');
    const types = new Set(body.items.flatMap((m) => m.campos.map((c) => c.type)));
    for (const t of ['input', 'select', 'date', 'checkbox']) assert.ok(types.has(t as never), `a ${t} field exists`);
    assert.ok(body.items.every((m) => m.campos.some((c) => c.suma)), 'every method has an amount that adds up');
    const select = echeqMethod.campos.find((c) => c.type === 'select')!;
    assert.ok(select.options.length > 2);
  });

  test('getAllPendientes: outstanding = total − applied, overdue flagged, a credit note with a negative outstanding', async () => {
    const body = await get<PendientesResponse>(`${R}/getAllPendientes`);
    assert.equal(body.parametros.permite_anticipos, true);
    assert.equal(body.parametros.modifica_fecha, false);
    assert.equal(body.hoy, todayInArgentina());
    for (const d of body.items) assert.equal(new Decimal(d.importe_total).minus(d.importe_aplicado).toFixed(2), d.importe_saldo);
    assert.ok(body.items.some((d) => d.vencido), 'some documents are overdue');
    assert.ok(body.items.some((d) => new Decimal(d.importe_saldo).lt(0) && d.torig === 'NC'), 'an unapplied credit note');
    assert.ok(body.items.some((d) => new Decimal(d.importe_aplicado).gt(0)), 'a partly paid document');
  });

  test('getAllRecibos pages 5 at a time by status; 400 on a bad flag', async () => {
    const p = await get<RecibosListResponse>(`${R}/getAllRecibos?start=0&limit=5&pendientes=1`);
    assert.ok(p.items.length >= 1 && p.items.every((i) => i.estado === 'pendiente' && i.descom === 'Recibo provisorio'));
    const a = await get<RecibosListResponse>(`${R}/getAllRecibos?start=0&limit=5&pendientes=0`);
    assert.ok(a.items.length >= 1 && a.items.every((i) => i.estado === 'aprobado' && i.aprobado_por));
    const bad = await ctx.app.inject({ method: 'GET', url: `${R}/getAllRecibos?pendientes=x`, headers: H() });
    expectRefused(bad, 400, receiptsMsg.estadoInvalido);
  });
});

describe('receipts: posting', () => {
  test('pays two overdue invoices with a transfer and an e-cheq with its file: one receipt waiting for approval, its documents reserved, the file in the storage', async () => {
    const docs = (await positive()).filter((d) => d.vencido).slice(0, 2);
    assert.equal(docs.length, 2);
    const selected = docs.reduce((s, d) => s.plus(d.importe_saldo), new Decimal(0));
    const half = selected.div(2).toDecimalPlaces(2);
    const rest = selected.minus(half).plus('1000.00');
    const before = await ledgerCount();
    const res = await post({
      formaPago: [transfer(half.toFixed(2)), echeq(rest.toFixed(2).replace('.', ','), 0)],
      comprobantes: docs.map((d) => ({ id: d.id, importe: d.importe_saldo })),
      observaciones: { fecha: todayInArgentina(), observacion: 'Pago de facturas vencidas' },
      totalSeleccionado: selected.toFixed(2),
      totalAcobrar: `$ ${selected.plus(1000).toFixed(2).replace('.', ',')}`,
      files: [{ name: 'echeq.pdf', data: PDF }],
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as ReciboPostResponse;
    assert.equal(body.success, true);
    assert.equal(body.cuit, LA_PAMPA);
    assert.equal(body.repetido, false);
    assert.equal(body.recibo.importe, selected.plus(1000).toFixed(2));
    assert.equal(body.recibo.comprobantes.length, 2);
    assert.equal(body.recibo.adjuntos.length, 1);
    assert.match(body.recibo.pagos[1]!.detalle, /N° de e-cheq: 10293847/);
    // Pending approval: the ledger has not moved, the documents are not settled, but a second receipt cannot pay them.
    assert.equal(await ledgerCount(), before, 'no ledger movement before approval');
    assert.deepEqual(await settledOf(docs.map((d) => d.id)), [false, false]);
    const now = await pending();
    for (const d of docs) assert.ok(!now.some((x) => x.id === d.id), 'a document fully paid by a pending receipt leaves the pending list');
    const list = await get<RecibosListResponse>(`${R}/getAllRecibos?pendientes=1`);
    assert.equal(list.items[0]!.id, body.recibo.id);

    // The attachment is in the shared file storage (the database's stored_files), nothing on this machine's disk.
    const row = await ctx.db.selectFrom('receipt_attachments').select(['storage_dir', 'storage_name', 'content_type']).where('receipt_id', '=', body.recibo.id).executeTakeFirstOrThrow();
    assert.equal(row.content_type, 'application/pdf');
    const stored = await ctx.db.selectFrom('stored_files').select(['area', 'name', 'size']).where('directorio', '=', row.storage_dir).executeTakeFirstOrThrow();
    assert.deepEqual(stored, { area: 'adjuntos', name: row.storage_name, size: PDF.length });
    assert.ok(!existsSync(path.join(ctx.config.dataDir, 'receipt-files')), 'nothing under DATA_DIR');
    // Served to its entity, refused to another entity of the same user.
    const att = await ctx.app.inject({ method: 'GET', url: `${R}/${body.recibo.id}/adjuntos/${body.recibo.adjuntos[0]!.id}`, headers: H() });
    assert.equal(att.statusCode, 200);
    assert.equal(att.headers['content-type'], 'application/pdf');
    assert.ok(att.rawPayload.equals(PDF));
    const foreign = await ctx.app.inject({ method: 'GET', url: `${R}/${body.recibo.id}/adjuntos/${body.recibo.adjuntos[0]!.id}`, headers: H('1002') });
    assert.equal(foreign.statusCode, 404, 'another entity’s receipt answers as an unknown one');
    assert.equal(foreign.json().msg, receiptsMsg.reciboInexistente);
    const staffAtt = await ctx.app.inject({ method: 'GET', url: `${R}/gestion/${body.recibo.id}/adjuntos/${body.recibo.adjuntos[0]!.id}`, headers: S() });
    assert.equal(staffAtt.statusCode, 200);

    // PDF, provisional print and the public share link.
    const pdf = await ctx.app.inject({ method: 'GET', url: `${R}/${body.recibo.id}/pdf`, headers: H() });
    assert.equal(pdf.statusCode, 200);
    const text = await pdfText(pdf.rawPayload);
    assert.match(text, /RECIBO PROVISORIO/);
    assert.match(text, /E-cheq/);
    const print = await get<{ archivos: { archivo: string } }>(`/api/public/proxy/recibo?codcom=RC&codtal=2&numero=${body.recibo.numero}&cooperativa=${LA_PAMPA}&type=rdiprovisorio&imprime=true`);
    assert.equal(Buffer.from(print.archivos.archivo, 'base64').subarray(0, 5).toString(), '%PDF-');
    const share = await get<{ url: string; texto: string; vence: string }>(`${R}/${body.recibo.id}/compartir`);
    assert.match(share.texto, /^Recibo 00002-\d{8} de /);
    assert.ok(share.texto.includes(share.url));
    const days = (Date.parse(share.vence) - Date.now()) / 86_400_000;
    assert.ok(days > 6.9 && days <= 7, `the link expires in 7 days (${days})`);
    const shared = await ctx.app.inject({ method: 'GET', url: new URL(share.url).pathname });
    assert.equal(shared.statusCode, 200);
    assert.equal(shared.headers['content-type'], 'application/pdf');
  });

  test('the same post twice at once, and again after a lost answer, makes exactly one receipt', async () => {
    const doc = (await positive())[0]!;
    const amount = new Decimal(doc.importe_saldo).div(4).toDecimalPlaces(2).toFixed(2);
    const key = newKey();
    const p: Post = { formaPago: [transfer(amount)], comprobantes: [{ id: doc.id, importe: amount }], totalSeleccionado: amount, totalAcobrar: amount };
    const [a, b] = await Promise.all([post(p, key), post(p, key)]);
    assert.equal(a.statusCode, 200, a.body);
    assert.equal(b.statusCode, 200, b.body);
    const ra = a.json() as ReciboPostResponse;
    const rb = b.json() as ReciboPostResponse;
    assert.equal(ra.recibo.id, rb.recibo.id);
    assert.deepEqual([ra.repetido, rb.repetido].sort(), [false, true]);
    const retry = (await post(p, key)).json() as ReciboPostResponse;
    assert.equal(retry.recibo.id, ra.recibo.id);
    assert.equal(retry.repetido, true);
    const rows = await ctx.db.selectFrom('receipts').select('id').where('idempotency_key', '=', key).execute();
    assert.equal(rows.length, 1);
    const audit = await ctx.db.selectFrom('audit_log').select('detail').where('action', '=', 'receipt.post').execute();
    assert.equal(audit.filter((a) => (typeof a.detail === 'string' ? JSON.parse(a.detail) : a.detail).receipt === ra.recibo.id).length, 1, 'one audit row');
    const apps = await ctx.db.selectFrom('receipt_applications').select('amount').where('movement_id', '=', String(doc.id)).where('receipt_id', '=', ra.recibo.id).execute();
    assert.equal(apps.length, 1);
    const after = (await pending()).find((d) => d.id === doc.id)!;
    assert.equal(after.importe_saldo, new Decimal(doc.importe_saldo).minus(amount).toFixed(2));
  });

  test('a receipt retried after midnight (its date no longer today) answers the receipt already posted', async () => {
    const doc = (await positive())[0]!;
    const amount = '10.00';
    const key = newKey();
    const p: Post = { formaPago: [transfer(amount)], comprobantes: [{ id: doc.id, importe: amount }], totalSeleccionado: amount, totalAcobrar: amount };
    const first = (await post(p, key)).json() as ReciboPostResponse;
    // The retry carries the day it was made on, which after midnight is yesterday (the company may not change dates).
    const retry = await post({ ...p, observaciones: { fecha: addDays(todayInArgentina(), -1), observacion: '' } }, key);
    assert.equal(retry.statusCode, 200, retry.body);
    assert.equal((retry.json() as ReciboPostResponse).recibo.id, first.recibo.id);
    assert.equal((retry.json() as ReciboPostResponse).repetido, true);
    // A new post with that date is still refused.
    expectRefused(await post({ ...p, observaciones: { fecha: addDays(todayInArgentina(), -1), observacion: '' } }), 400, receiptsMsg.fechaNoModificable);
    assert.equal((await ctx.db.selectFrom('receipts').select('id').where('idempotency_key', '=', key).execute()).length, 1);
  });

  test("attachment names: the extension follows the sniffed type, control and bidirectional characters go", async () => {
    const docs = (await positive()).slice(0, 2);
    const names: string[] = [];
    for (const [i, [given, data, type]] of ([['transferencia.bat', PDF, 'application/pdf'], ['comprobante\u202Efdp.bat', PNG, 'image/png']] as const).entries()) {
      const res = await post({
        formaPago: [echeq('10.00', 0)], comprobantes: [{ id: docs[i]!.id, importe: '10.00' }], totalSeleccionado: '10.00', totalAcobrar: '10.00',
        files: [{ name: given, data, type }],
      });
      assert.equal(res.statusCode, 200, res.body);
      const { recibo } = res.json() as ReciboPostResponse;
      names.push(recibo.adjuntos[0]!.nombre);
      const served = await ctx.app.inject({ method: 'GET', url: `${R}/gestion/${recibo.id}/adjuntos/${recibo.adjuntos[0]!.id}`, headers: S() });
      assert.equal(served.statusCode, 200);
      assert.match(String(served.headers['content-disposition']), new RegExp(`filename="${names[i]!.replace('.', '\\.')}"`));
      assert.doesNotMatch(String(served.headers['content-disposition']), /bat|\u202E/);
    }
    assert.deepEqual(names, ['transferencia.pdf', 'comprobantefdp.png']);
  });

  test('each amount rule is refused with its text', async () => {
    const docs = await positive();
    const doc = docs[0]!;
    // What is wrong is said: not an amount, zero, a negative amount against a debt (each with the same totals).
    for (const [importe, message] of [['abc', receiptsMsg.saldoNoNumerico], ['0', receiptsMsg.saldoCero], ['-5', receiptsMsg.saldoNegativoNoPermitido]] as const) {
      expectRefused(await post({ formaPago: [transfer('10.00')], comprobantes: [{ id: doc.id, importe }], totalSeleccionado: '10.00', totalAcobrar: '10.00' }), 400, message);
    }
    // '10.000' is ten thousand pesos, not ten: the spec's parser on the server too (then released again).
    const big = docs.find((d) => new Decimal(d.importe_saldo).gte(10_000))!;
    const typed = await post({ formaPago: [transfer('10.000')], comprobantes: [{ id: big.id, importe: '10.000' }], totalSeleccionado: '10.000,00', totalAcobrar: '$ 10.000' });
    assert.equal(typed.statusCode, 200, typed.body);
    const typedReceipt = (typed.json() as ReciboPostResponse).recibo;
    assert.equal(typedReceipt.importe, '10000.00');
    assert.equal((await reject(typedReceipt.id, 'Prueba de importes')).statusCode, 200);
    const over = new Decimal(doc.importe_saldo).plus('0.01').toFixed(2);
    expectRefused(
      await post({ formaPago: [transfer(over)], comprobantes: [{ id: doc.id, importe: over }], totalSeleccionado: over, totalAcobrar: over }),
      400, receiptsMsg.saldoMayor(new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2 }).format(Number(doc.importe_saldo))),
    );
    const nc = (await pending()).find((d) => new Decimal(d.importe_saldo).lt(0))!;
    const beyond = new Decimal(nc.importe_saldo).minus(1).toFixed(2);
    const sum = new Decimal(doc.importe_saldo).plus(beyond).toFixed(2);
    const r1 = await post({
      formaPago: [transfer(doc.importe_saldo)], comprobantes: [{ id: doc.id, importe: doc.importe_saldo }, { id: nc.id, importe: beyond }], totalSeleccionado: sum, totalAcobrar: doc.importe_saldo,
    });
    assert.equal(r1.statusCode, 400);
    assert.match(r1.json().msg, /^El saldo a aplicar debe estar comprendido entre \$ -[\d.]+,\d\d y cero$/);
    const small = '10.00';
    const neg = new Decimal(small).plus(nc.importe_saldo).toFixed(2);
    expectRefused(
      await post({ formaPago: [transfer('5.00')], comprobantes: [{ id: doc.id, importe: small }, { id: nc.id, importe: nc.importe_saldo }], totalSeleccionado: neg, totalAcobrar: '5.00' }),
      400, receiptsMsg.importeNegativo,
    );
    expectRefused(
      await post({ formaPago: [transfer('50.00')], comprobantes: [{ id: doc.id, importe: '100.00' }], totalSeleccionado: '100.00', totalAcobrar: '50.00' }),
      400, receiptsMsg.cobroInsuficiente,
    );
    expectRefused(
      await post({ formaPago: [transfer('0')], comprobantes: [{ id: doc.id, importe: '100.00' }], totalSeleccionado: '100.00', totalAcobrar: '0' }),
      400, receiptsMsg.verifiqueImportes,
    );
    expectRefused(await post({ formaPago: [], comprobantes: [{ id: doc.id, importe: '100.00' }], totalSeleccionado: '100.00', totalAcobrar: '0' }), 400, receiptsMsg.alMenosUnCobro);
    expectRefused(
      await post({ formaPago: [echeq('100.00')], comprobantes: [{ id: doc.id, importe: '100.00' }], totalSeleccionado: '100.00', totalAcobrar: '100.00' }),
      400, receiptsMsg.archivoRequerido(1),
    );
    const noBank = { codcon: 1, campos: transfer('100.00').campos.filter((c) => c.id !== 'operacion') };
    expectRefused(
      await post({ formaPago: [transfer('1.00'), noBank], comprobantes: [{ id: doc.id, importe: '101.00' }], totalSeleccionado: '101.00', totalAcobrar: '101.00' }),
      400, receiptsMsg.campoRequerido(2, 'N° de operación'),
    );
    // Advance payments without documents: allowed in La Pampa, refused in Agroinsumos del Sur.
    const advance = await post({ formaPago: [transfer('2500.00')], totalSeleccionado: '0', totalAcobrar: '2500.00' });
    assert.equal(advance.statusCode, 200, advance.body);
    expectRefused(
      await post({ formaPago: [transfer('2500.00')], totalSeleccionado: '0', totalAcobrar: '2500.00' }, newKey(), H('501', DEL_SUR)),
      400, receiptsMsg.sinDocumentos,
    );
    // The date: never in the future, and not editable where recibos.modifica_fecha is off.
    expectRefused(
      await post({ formaPago: [transfer('10.00')], observaciones: { fecha: '2099-01-01', observacion: '' }, totalSeleccionado: '0', totalAcobrar: '10.00' }),
      400, receiptsMsg.fechaFutura,
    );
    expectRefused(
      await post({ formaPago: [transfer('10.00')], observaciones: { fecha: '2020-01-01', observacion: '' }, totalSeleccionado: '0', totalAcobrar: '10.00' }),
      400, receiptsMsg.fechaNoModificable,
    );
    // Without an idempotency key nothing is posted.
    const { payload, contentType } = await multipart({ formaPago: [transfer('10.00')], totalSeleccionado: '0', totalAcobrar: '10.00' });
    expectRefused(await ctx.app.inject({ method: 'POST', url: R, headers: { ...H(), 'content-type': contentType }, payload }), 400, receiptsMsg.claveIdempotencia);
  });

  test("'CUIT del librador' is a CUIT: 11 digits and the check digit, refused in Spanish, kept with its dashes", async () => {
    const methods = await get<FormasCobroResponse>(`${R}/getAllFormasCobro`);
    const field = methods.items.find((m) => m.descon === 'E-cheq')!.campos.find((c) => c.label === 'CUIT del librador')!;
    assert.equal(field.inputtype, 'cuit');
    const doc = (await positive())[0]!;
    const withCuit = (cuit: string) => ({ ...echeq('100.00', 0), campos: [...echeq('100.00', 0).campos, { id: 'cuit_librador', value: cuit }] });
    const pay = (cuit: string) =>
      post({ formaPago: [withCuit(cuit)], comprobantes: [{ id: doc.id, importe: '100.00' }], totalSeleccionado: '100.00', totalAcobrar: '100.00', files: [{ name: 'echeq.pdf', data: PDF }] });
    expectRefused(await pay('123'), 400, receiptsMsg.cuitLongitud(1, 'CUIT del librador'));
    expectRefused(await pay('2012345678A'), 400, receiptsMsg.cuitLongitud(1, 'CUIT del librador'));
    expectRefused(await pay('20-12345678-5'), 400, receiptsMsg.cuitVerificador(1, 'CUIT del librador'));
    const ok = await pay('20123456786');
    assert.equal(ok.statusCode, 200, ok.body);
    const receipt = (ok.json() as ReciboPostResponse).recibo;
    assert.match(receipt.pagos[0]!.detalle, /CUIT del librador: 20-12345678-6/);
    assert.equal((await reject(receipt.id, 'Prueba del CUIT')).statusCode, 200);
  });

  test('an amount kept as an older portal wrote it ($ 520657.87) shows as money in the receipt', async () => {
    const approved = (await get<RecibosListResponse>(`${R}/getAllRecibos?pendientes=0`)).items[0]!;
    const line = await ctx.db.selectFrom('receipt_payments').select(['id', 'fields']).where('receipt_id', '=', approved.id).orderBy('line_no').executeTakeFirstOrThrow();
    const fields = line.fields.map((f) => (f.id === 'importe' ? { ...f, value: '$ 520657.87' } : f));
    assert.ok(fields.some((f) => f.id === 'importe'), 'the seeded transfer has its amount field');
    await ctx.db.updateTable('receipt_payments').set({ fields: JSON.stringify(fields) }).where('id', '=', line.id).execute();
    const shown = (await get<RecibosListResponse>(`${R}/getAllRecibos?pendientes=0`)).items.find((i) => i.id === approved.id)!;
    assert.match(shown.pagos[0]!.detalle, /Importe: \$\u00a0520\.657,87/);
    assert.doesNotMatch(shown.pagos[0]!.detalle, /520657/);
  });

  test('a forged total, a document of another entity and a renamed executable are refused', async () => {
    const doc = (await positive())[0]!;
    expectRefused(
      await post({ formaPago: [transfer('100.00')], comprobantes: [{ id: doc.id, importe: '100.00' }], totalSeleccionado: '1.00', totalAcobrar: '100.00' }),
      400, receiptsMsg.totalesNoCoinciden,
    );
    expectRefused(
      await post({ formaPago: [transfer('100.00')], comprobantes: [{ id: doc.id, importe: '100.00' }], totalSeleccionado: '100.00', totalAcobrar: '90.00' }),
      400, receiptsMsg.totalesNoCoinciden,
    );
    const other = (await positive('1002'))[0]!;
    expectRefused(
      await post({ formaPago: [transfer('100.00')], comprobantes: [{ id: other.id, importe: '100.00' }], totalSeleccionado: '100.00', totalAcobrar: '100.00' }),
      403, receiptsMsg.documentoAjeno,
    );
    expectRefused(
      await post({ formaPago: [echeq('100.00', 0)], comprobantes: [{ id: doc.id, importe: '100.00' }], totalSeleccionado: '100.00', totalAcobrar: '100.00', files: [{ name: 'echeq.pdf', data: EXE }] }),
      400, receiptsMsg.archivoTipo('echeq.pdf'),
    );
    // The whole post is limited too: five files of 4,5 MB (each under its own limit) are 22,5 MB.
    const part = Buffer.concat([PNG, Buffer.alloc(4.5 * 1024 * 1024)]);
    expectRefused(
      await post({
        formaPago: [echeq('100.00', 0)], comprobantes: [{ id: doc.id, importe: '100.00' }], totalSeleccionado: '100.00', totalAcobrar: '100.00',
        files: Array.from({ length: 5 }, (_, i) => ({ name: `foto${i}.png`, data: part, type: 'image/png' })),
      }),
      400, receiptsMsg.envioGrande(20),
    );
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expectRefused(
      await post({ formaPago: [echeq('100.00', 0)], comprobantes: [{ id: doc.id, importe: '100.00' }], totalSeleccionado: '100.00', totalAcobrar: '100.00', files: [{ name: 'foto.png', data: big, type: 'image/png' }] }),
      400, receiptsMsg.archivoGrande('adjunto', 5),
    );
    const still = (await pending()).find((d) => d.id === doc.id)!;
    assert.equal(still.importe_saldo, doc.importe_saldo, 'nothing refused touched the document');
  });
});

describe('receipts: the list', () => {
  test('getAllRecibos answers 5 at a time by default, newest first, and start continues where the page ended', async () => {
    const count = async () => (await get<RecibosListResponse>(`${R}/getAllRecibos?pendientes=1`)).total;
    // Advance payments (no documents, allowed in La Pampa) until there are more than a page and a half.
    for (let n = await count(); n < 8; n++) {
      const res = await post({ formaPago: [transfer('10.00')], totalSeleccionado: '0', totalAcobrar: '10.00' });
      assert.equal(res.statusCode, 200, res.body);
    }
    const first = await get<RecibosListResponse>(`${R}/getAllRecibos?pendientes=1`);
    const second = await get<RecibosListResponse>(`${R}/getAllRecibos?pendientes=1&start=5&limit=5`);
    assert.equal(first.items.length, 5);
    assert.equal(second.items.length, Math.min(5, first.total - 5));
    const all = [...first.items, ...second.items];
    assert.equal(new Set(all.map((i) => i.id)).size, all.length, 'no receipt on both pages');
    const key = (i: { fecha: string; id: number }) => `${i.fecha}-${String(i.id).padStart(10, '0')}`;
    assert.deepEqual(all.map(key), all.map(key).sort().reverse(), 'newest first');
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${R}/getAllRecibos?limit=51`, headers: H() }), 400, receiptsMsg.paginaInvalida);
  });
});

describe('receipts: staff approval and rejection', () => {
  test('guarded: 401, 403 for a foreign company, 403 for a customer', async () => {
    await expectGuarded(ctx.app, { method: 'POST', url: `${R}/gestion/1/aprobar` }, { access: 'company', token: staff });
    await expectGuarded(ctx.app, { method: 'POST', url: `${R}/gestion/1/rechazar`, payload: { motivo: 'x' } }, { access: 'company', token: staff });
    await expectGuarded(ctx.app, { method: 'GET', url: `${R}/gestion/1/adjuntos/1` }, { access: 'company', token: staff });
    const customer = bearer(token, { cuit: LA_PAMPA });
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${R}/gestion/1/aprobar`, headers: customer }), 403, msg.soloAdministradores);
    expectRefused(await ctx.app.inject({ method: 'POST', url: `${R}/gestion/1/rechazar`, headers: customer, payload: { motivo: 'x' } }), 403, msg.soloAdministradores);
  });

  test('approval applies the receipt: the ledger gets its credit, paid documents are settled, the dashboard shows it at once', async () => {
    const [full, part] = (await positive('1002')).filter((d) => d.vencido);
    assert.ok(full && part, 'two overdue documents');
    const half = new Decimal(part.importe_saldo).div(2).toDecimalPlaces(2).toFixed(2);
    const dash0 = await dashboard('1002');
    const carousel0 = await carouselOverdue('1002');
    // 'Vencido' is the overdue documents' outstanding amounts, not their totals: never more than what is owed on them.
    assert.equal(dash0.vencido.toFixed(2), (await overdueOutstanding('1002')).toFixed(2), 'Vencido sums outstanding amounts');
    assert.equal(carousel0.toFixed(2), dash0.vencido.toFixed(2), 'the carousel says the same');
    const ledger0 = await ledgerCount();
    const { recibo } = await payWithTransfer([{ id: full.id, importe: full.importe_saldo }, { id: part.id, importe: half }], '1002');
    const collected = new Decimal(full.importe_saldo).plus(half);

    // Waiting for approval: the reserved amounts show in getAllPendientes, nothing else moved.
    const waiting = (await pending('1002')).find((d) => d.id === part.id)!;
    assert.equal(waiting.importe_en_aprobacion, new Decimal(part.importe_en_aprobacion).plus(half).toFixed(2));
    assert.equal(waiting.importe_saldo, new Decimal(part.importe_saldo).minus(half).toFixed(2));
    assert.deepEqual(await dashboard('1002'), dash0);
    assert.equal(await ledgerCount(), ledger0);

    const res = await approve(recibo.id);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().msg, receiptsMsg.reciboAprobado(recibo.norig));
    assert.equal(res.json().recibo.estado, 'aprobado');
    const credit = await ctx.db
      .selectFrom('account_movements as m')
      .innerJoin('receipts as r', 'r.movement_id', 'm.id')
      .select(['m.amount', 'm.voucher_code', 'm.voucher_name', 'm.number', 'm.date'])
      .where('r.id', '=', recibo.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(credit, { amount: collected.negated().toFixed(2), voucher_code: 'RC', voucher_name: 'Recibo', number: recibo.numero, date: recibo.fecha });
    assert.equal(await ledgerCount(), ledger0 + 1, 'exactly one movement');
    assert.deepEqual(await settledOf([full.id, part.id].sort((a, b) => a - b)), full.id < part.id ? [true, false] : [false, true]);
    const dash1 = await dashboard('1002');
    assert.equal(dash1.saldo.toFixed(2), dash0.saldo.minus(collected).toFixed(2), 'the balance falls by what was collected');
    assert.equal(dash1.vencido.toFixed(2), dash0.vencido.minus(collected).toFixed(2), 'Vencido falls by what was applied to overdue documents, the partial payment too');
    assert.equal((await carouselOverdue('1002')).toFixed(2), dash1.vencido.toFixed(2), 'and so does the carousel');
    const after = (await pending('1002')).find((d) => d.id === part.id)!;
    assert.equal(after.importe_en_aprobacion, part.importe_en_aprobacion, 'no longer waiting');
    assert.equal(after.importe_saldo, new Decimal(part.importe_saldo).minus(half).toFixed(2));
    const audit = await ctx.db.selectFrom('audit_log').select(['user_id', 'detail']).where('action', '=', 'receipt.approve').execute();
    assert.ok(audit.some((a) => (typeof a.detail === 'string' ? JSON.parse(a.detail) : a.detail).receipt === recibo.id));
    // The customer sees it in Aprobados, with who approved it.
    const approved = await get<RecibosListResponse>(`${R}/getAllRecibos?pendientes=0`, H('1002'));
    const row = approved.items.find((i) => i.id === recibo.id)!;
    assert.equal(row.descom, 'Recibo');
    assert.equal(row.aprobado_por, 'Graciela Torres');
    // Approving again: 409 with who did it.
    const again = await approve(recibo.id, admin);
    assert.equal(again.statusCode, 409);
    assert.match(again.json().msg, /^El recibo ya fue aprobado por Graciela Torres el \d\d\/\d\d\/\d{4}/);
  });

  test("an approved receipt shows what it paid where its movement is shown: its payment methods (adding up to it) and, apart, the documents it applied and what was left on account", async () => {
    const doc = (await positive('1002')).find((d) => d.importe_en_aprobacion === '0.00' && new Decimal(d.importe_saldo).gt(2))!;
    assert.ok(doc, 'a document no receipt is paying');
    const half = new Decimal(doc.importe_saldo).div(2).toDecimalPlaces(2);
    const collected = half.plus('1000.00');
    const res = await post(
      { formaPago: [transfer(collected.toFixed(2))], comprobantes: [{ id: doc.id, importe: half.toFixed(2) }], totalSeleccionado: half.toFixed(2), totalAcobrar: collected.toFixed(2) },
      newKey(),
      H('1002'),
    );
    assert.equal(res.statusCode, 200, res.body);
    const { recibo } = res.json() as ReciboPostResponse;
    assert.equal((await approve(recibo.id)).statusCode, 200);
    const docName = recibo.comprobantes[0]!.descripcion;
    const payment = `${recibo.pagos[0]!.descripcion} — ${recibo.pagos[0]!.detalle}`;
    const expectLines = (m: { importe: number; renglonesProductos: unknown[]; renglonesOtros: Array<{ descripcion: string; valor: number }>; renglonesImpuestos: unknown[]; renglonesAplicados: Array<{ descripcion: string; valor: number }> }) => {
      assert.equal(new Decimal(String(m.importe)).toFixed(2), collected.negated().toFixed(2));
      assert.deepEqual(m.renglonesProductos, []);
      assert.deepEqual(m.renglonesImpuestos, []);
      assert.deepEqual(m.renglonesOtros.map((l) => [l.descripcion, new Decimal(String(l.valor)).toFixed(2)]), [[payment, collected.toFixed(2)]]);
      assert.deepEqual(m.renglonesAplicados.map((l) => [l.descripcion, new Decimal(String(l.valor)).toFixed(2)]), [[docName, half.toFixed(2)], ['Pago a cuenta', '1000.00']]);
    };
    // The statements (the movement's drawer) and the fiscal documents' detail.
    const statement = await get<StatementResponse>('/api/public/proxy/cgi/etenet_rencbtec?moneda=ARS&limit=20', H('1002'));
    expectLines(statement.items.find((m) => m.codcom === 'RC' && m.codtal === 2 && m.numero === recibo.numero)!);
    const today = todayInArgentina();
    const fiscal = await get<FiscalListResponse>(`/api/public/proxy/cgi/etenet_cabcbte?fechadesde=${addDays(today, -1)}&fechahasta=${today}&limit=100`, H('1002'));
    expectLines(fiscal.items.find((m) => m.codcom === 'RC' && m.codtal === 2 && m.numero === recibo.numero)!);
    // Its prints: the movement's (statements, fiscal) and the receipt's own say what was received, with no VAT.
    const printed = await get<{ archivos: { archivo: string } }>(`/api/public/proxy/imprime?codcom=RC&codtal=2&numero=${recibo.numero}`, H('1002'));
    const own = await ctx.app.inject({ method: 'GET', url: `${R}/${recibo.id}/pdf`, headers: H('1002') });
    for (const text of [await pdfText(Buffer.from(printed.archivos.archivo, 'base64')), await pdfText(own.rawPayload)]) {
      assert.ok(!text.includes('Importe neto gravado'), text);
      assert.match(text, new RegExp(`Total recibido:\\s+\\$ ${esAr(collected)}`), text);
      assert.match(text, /Aplicado a\s+Importe/);
      assert.match(text, new RegExp(`${docName}\\s+${esAr(half)}`), text);
      assert.match(text, new RegExp(`Pago a cuenta\\s+1\\.000,00`), text);
    }
    // Receipts approved before their lines were written get them from what the receipt holds, the same lines.
    const movementId = (await ctx.db.selectFrom('receipts').select('movement_id').where('id', '=', recibo.id).executeTakeFirstOrThrow()).movement_id!;
    const lines = () => ctx.db.selectFrom('voucher_lines').select(['line_no', 'kind', 'description', 'amount']).where('movement_id', '=', movementId).orderBy('line_no').execute();
    const written = await lines();
    await ctx.db.deleteFrom('voucher_lines').where('movement_id', '=', movementId).execute();
    await receiptLinesFromReceipts(ctx.db as unknown as Kysely<unknown>);
    assert.deepEqual(await lines(), written);
  });

  test('two staff approving at once: one approval, one 409, one ledger movement', async () => {
    const doc = (await positive())[0]!;
    const { recibo } = await payWithTransfer([{ id: doc.id, importe: '100.00' }]);
    const ledger0 = await ledgerCount();
    const [a, b] = await Promise.all([approve(recibo.id), approve(recibo.id, admin)]);
    assert.deepEqual([a.statusCode, b.statusCode].sort(), [200, 409]);
    assert.match((a.statusCode === 409 ? a : b).json().msg, /^El recibo ya fue aprobado por /);
    assert.equal(await ledgerCount(), ledger0 + 1);
  });

  test('a decision sent again with its Idempotency-Key answers as the first time; another request is told who decided', async () => {
    const decide = (id: number, action: 'aprobar' | 'rechazar', key: string, t = staff) =>
      ctx.app.inject({ method: 'POST', url: `${R}/gestion/${id}/${action}`, headers: { ...S(t), 'idempotency-key': key }, ...(action === 'rechazar' ? { payload: { motivo: 'Sin fondos' } } : {}) });
    const [d1, d2] = await positive();
    const { recibo: first } = await payWithTransfer([{ id: d1!.id, importe: '100.00' }]);
    const ledger0 = await ledgerCount();
    const key = newKey();
    const a = await decide(first.id, 'aprobar', key);
    assert.equal(a.statusCode, 200, a.body);
    const again = await decide(first.id, 'aprobar', key);
    assert.equal(again.statusCode, 200, again.body);
    assert.deepEqual(again.json(), a.json(), 'the answer of the first time');
    assert.equal(await ledgerCount(), ledger0 + 1, 'one credit in the ledger');
    // The same key asking the opposite, another key, or no key: refused with who decided it.
    for (const other of [decide(first.id, 'rechazar', key), decide(first.id, 'aprobar', newKey(), admin), approve(first.id, admin)]) {
      const res = await other;
      assert.equal(res.statusCode, 409, res.body);
      assert.match(res.json().msg, /^El recibo ya fue aprobado por Graciela Torres/);
    }
    const { recibo: second } = await payWithTransfer([{ id: d2!.id, importe: '100.00' }]);
    const rkey = newKey();
    const r1 = await decide(second.id, 'rechazar', rkey);
    assert.equal(r1.statusCode, 200, r1.body);
    const r2 = await decide(second.id, 'rechazar', rkey);
    assert.equal(r2.statusCode, 200, r2.body);
    assert.equal(r2.json().msg, receiptsMsg.reciboRechazado(second.norig));
    expectRefused(await decide(second.id, 'aprobar', 'corta'), 400, receiptsMsg.claveDecision);
  });

  test('rejection needs a reason, frees the documents, never reaches the ledger, and is kept and shown', async () => {
    const doc = (await positive())[0]!;
    const { recibo } = await payWithTransfer([{ id: doc.id, importe: doc.importe_saldo }]);
    assert.ok(!(await pending()).some((d) => d.id === doc.id), 'reserved while pending');
    const ledger0 = await ledgerCount();
    expectRefused(await reject(recibo.id, '   '), 400, receiptsMsg.motivoRequerido);
    expectRefused(await reject(recibo.id, undefined), 400, receiptsMsg.motivoRequerido);
    expectRefused(await reject(recibo.id, 'x'.repeat(301)), 400, receiptsMsg.motivoLargo);
    const res = await reject(recibo.id, 'La transferencia no se acreditó');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().msg, receiptsMsg.reciboRechazado(recibo.norig));
    assert.equal(await ledgerCount(), ledger0);
    const free = (await pending()).find((d) => d.id === doc.id)!;
    assert.equal(free.importe_saldo, doc.importe_saldo, 'the outstanding amount is free again');
    const rejected = await get<RecibosListResponse>(`${R}/getAllRecibos?rechazados=1`);
    const row = rejected.items.find((i) => i.id === recibo.id)!;
    assert.equal(row.estado, 'rechazado');
    assert.equal(row.descom, 'Recibo rechazado');
    assert.equal(row.motivo_rechazo, 'La transferencia no se acreditó');
    assert.equal(row.rechazado_por, 'Graciela Torres');
    assert.ok(row.rechazado_el);
    assert.ok(!(await get<RecibosListResponse>(`${R}/getAllRecibos?pendientes=1&limit=50`)).items.some((i) => i.id === recibo.id));
    const staffRejected = await get<RecibosListResponse>(`${R}/gestion?rechazados=1`, S());
    assert.ok(staffRejected.items.some((i) => i.id === recibo.id));
    const text = await pdfText((await ctx.app.inject({ method: 'GET', url: `${R}/${recibo.id}/pdf`, headers: H() })).rawPayload);
    assert.match(text, /RECIBO RECHAZADO/);
    assert.match(text, /La transferencia no se acreditó/);
    const audit = await ctx.db.selectFrom('audit_log').select(['user_id', 'detail']).where('action', '=', 'receipt.reject').execute();
    const entry = audit.find((a) => (typeof a.detail === 'string' ? JSON.parse(a.detail) : a.detail).receipt === recibo.id)!;
    assert.ok(entry.user_id);
    // Decided once: approving or rejecting it again is a 409 with who rejected it.
    const late = await approve(recibo.id, admin);
    expectRefused(late, 409, late.json().msg);
    assert.match(late.json().msg, /^El recibo ya fue rechazado por Graciela Torres el /);
    assert.equal((await reject(recibo.id, 'otra vez', admin)).statusCode, 409);
  });

  test('approve and reject of one receipt at the same moment: one decision', async () => {
    const doc = (await positive())[0]!;
    const { recibo } = await payWithTransfer([{ id: doc.id, importe: '50.00' }]);
    const ledger0 = await ledgerCount();
    const [a, b] = await Promise.all([approve(recibo.id), reject(recibo.id, 'No corresponde', admin)]);
    assert.deepEqual([a.statusCode, b.statusCode].sort(), [200, 409]);
    const status = (await ctx.db.selectFrom('receipts').select('status').where('id', '=', recibo.id).executeTakeFirstOrThrow()).status;
    assert.equal(status, a.statusCode === 200 ? 'approved' : 'rejected');
    assert.equal(await ledgerCount(), ledger0 + (status === 'approved' ? 1 : 0));
  });

  test('approval is refused, and changes nothing, when a document no longer owes what the receipt applies', async () => {
    const doc = (await positive())[0]!;
    const { recibo } = await payWithTransfer([{ id: doc.id, importe: '75.00' }]);
    // The back office settled the document meanwhile (paid at the counter).
    await ctx.db.updateTable('account_movements').set({ settled: true }).where('id', '=', String(doc.id)).execute();
    const ledger0 = await ledgerCount();
    const res = await approve(recibo.id);
    // What approved receipts leave unpaid of it (pending ones do not count against the one being approved).
    const owed = new Decimal(doc.importe_total).minus(doc.importe_aplicado).plus(doc.importe_en_aprobacion).toFixed(2);
    expectRefused(res, 409, receiptsMsg.saldoInsuficienteAprobacion(`${doc.descomp} ${doc.norig}`, new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2 }).format(Number(owed))));
    assert.equal((await ctx.db.selectFrom('receipts').select('status').where('id', '=', recibo.id).executeTakeFirstOrThrow()).status, 'pending');
    assert.equal(await ledgerCount(), ledger0);
    assert.equal((await reject(recibo.id, 'Documento ya cancelado')).statusCode, 200);
  });
});

describe('receipts: attachments moved into the shared file storage (migration 20261201_1000)', () => {
  test('bytes kept in the row and files on this machine’s disk move in once, and are served as before', async () => {
    const doc = (await positive())[0]!;
    const { recibo } = await payWithTransfer([{ id: doc.id, importe: '20.00' }]);
    const companyId = (await ctx.db.selectFrom('receipts').select('company_id').where('id', '=', recibo.id).executeTakeFirstOrThrow()).company_id;
    // The tables as they were before the migration: bytes in the row, or an address on the local disk.
    const raw = ctx.db as unknown as Kysely<unknown>;
    await storedFilesDown(raw);
    const common = { company_id: companyId, receipt_id: recibo.id, payment_line_no: 1, field_key: 'comprobante' };
    const inRow = await sql<{ id: number }>`insert into receipt_attachments (company_id, receipt_id, payment_line_no, field_key, file_name, content_type, size, data)
      values (${common.company_id}, ${common.receipt_id}, 1, 'comprobante', 'viejo.png', 'image/png', ${PNG.length}, ${PNG}) returning id`.execute(raw);
    const onDisk = async (dir: string) =>
      sql<{ id: number }>`insert into receipt_attachments (company_id, receipt_id, payment_line_no, field_key, file_name, content_type, size, storage_dir, storage_name)
        values (${common.company_id}, ${common.receipt_id}, 1, 'comprobante', 'disco.pdf', 'application/pdf', ${PDF.length}, ${dir}, 'adjunto.pdf') returning id`.execute(raw);
    const diskDir = 'a'.repeat(32);
    await mkdir(path.join(ctx.config.dataDir, 'receipt-files', diskDir), { recursive: true });
    await writeFile(path.join(ctx.config.dataDir, 'receipt-files', diskDir, 'adjunto.pdf'), PDF);
    const fromDisk = await onDisk(diskDir);
    const lost = await onDisk('b'.repeat(32));

    await storedFilesUp(raw, ctx.config.dataDir);
    // The disk is no longer needed: delete it and everything is still served.
    await rm(path.join(ctx.config.dataDir, 'receipt-files'), { recursive: true });
    const get = (id: number) => ctx.app.inject({ method: 'GET', url: `${R}/${recibo.id}/adjuntos/${id}`, headers: H() });
    const png = await get(inRow.rows[0]!.id);
    assert.equal(png.statusCode, 200);
    assert.equal(png.headers['content-type'], 'image/png');
    assert.ok(png.rawPayload.equals(PNG));
    const pdf = await get(fromDisk.rows[0]!.id);
    assert.equal(pdf.statusCode, 200);
    assert.ok(pdf.rawPayload.equals(PDF));
    // A file that was on no disk here is a 404, never a 500.
    expectRefused(await get(lost.rows[0]!.id), 404, receiptsMsg.adjuntoInexistente);
    const columns = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns where table_name = 'receipt_attachments' and column_name = 'data'`.execute(raw);
    assert.equal(columns.rows[0]!.n, 0, 'the bytes no longer live in the row');
  });
});

describe('receipts: pending receipts posted when the credit was applied at posting (migration 20261125_1200)', () => {
  test('lose their ledger movement and unsettle the documents they had settled; approved ones are untouched', async () => {
    // A document no other pending receipt touches, so that approving this one pays it in full.
    const doc = (await positive()).find((d) => d.importe_en_aprobacion === '0.00')!;
    const { recibo } = await payWithTransfer([{ id: doc.id, importe: doc.importe_saldo }]);
    // As the first version left it: a 'Recibo provisorio' credit in the ledger and the document settled.
    const companyId = (await ctx.db.selectFrom('receipts').select('company_id').where('id', '=', recibo.id).executeTakeFirstOrThrow()).company_id;
    const entityId = (await ctx.db.selectFrom('receipts').select('entity_id').where('id', '=', recibo.id).executeTakeFirstOrThrow()).entity_id;
    const { id: movementId } = await ctx.db
      .insertInto('account_movements')
      .values({
        company_id: companyId, entity_id: entityId, date: recibo.fecha, time: '10:00', voucher_code: 'RC', voucher_name: 'Recibo provisorio', series: 2, number: recibo.numero,
        letter: null, detail: 'Cobranza por el portal (pendiente de aprobación)', currency: 'ARS', amount: new Decimal(recibo.importe).negated().toFixed(2), due_date: null, settled: true, printable: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('receipts').set({ movement_id: movementId }).where('id', '=', recibo.id).execute();
    await ctx.db.updateTable('account_movements').set({ settled: true }).where('id', '=', String(doc.id)).execute();
    const approvedMovements = await ctx.db.selectFrom('receipts').select('movement_id').where('status', '=', 'approved').where('movement_id', 'is not', null).execute();
    const ledger0 = await ledgerCount();

    await moveCreditToApproval(ctx.db as unknown as Kysely<unknown>);

    assert.equal(await ledgerCount(), ledger0 - 1);
    assert.equal((await ctx.db.selectFrom('receipts').select('movement_id').where('id', '=', recibo.id).executeTakeFirstOrThrow()).movement_id, null);
    assert.deepEqual(await settledOf([doc.id]), [false]);
    const still = await ctx.db.selectFrom('account_movements').select('id').where('id', 'in', approvedMovements.map((m) => m.movement_id!)).execute();
    assert.equal(still.length, approvedMovements.length, 'approved receipts keep their movements');
    // Approval now applies it as any other.
    assert.equal((await approve(recibo.id)).statusCode, 200);
    assert.deepEqual(await settledOf([doc.id]), [true]);
  });
});

describe('receipts: payment fields that hold a CUIT (migration 20261202_1000)', () => {
  test("a text field named for a CUIT becomes a CUIT field; the others stay as they were", async () => {
    const types = async () =>
      Object.fromEntries(
        (await ctx.db.selectFrom('payment_method_fields').select(['field_key', 'input_type']).distinct().where('field_key', 'in', ['cuit_librador', 'operacion', 'numero']).execute()).map((r) => [r.field_key, r.input_type]),
      );
    await cuitFieldsDown(ctx.db as unknown as Kysely<unknown>);
    assert.deepEqual(await types(), { cuit_librador: 'text', numero: 'text', operacion: 'text' });
    await cuitFieldsUp(ctx.db as unknown as Kysely<unknown>);
    assert.deepEqual(await types(), { cuit_librador: 'cuit', numero: 'text', operacion: 'text' });
    await assert.rejects(ctx.db.updateTable('payment_method_fields').set({ input_type: 'cuil' as never }).where('field_key', '=', 'numero').execute(), 'the check constraint still holds');
  });
});
