import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import {
  INTEGRATION_EVENT_KINDS,
  INTEGRATION_EVENT_PAYLOADS,
  integrationEventsMsg,
  integrationMsg,
  todayInArgentina,
  type AutorizacionListResponse,
  type CatalogResponse,
  type ConfirmResponse,
  type IntegrationEventKind,
  type IntegrationEventPayload,
  msg,
  type IntegrationEventResultResponse,
  type IntegrationFeedResponse,
  type RecibosListResponse,
  type StaffListResponse,
  type StatusListResponse,
  type OrderLinesResponse,
  type PendientesResponse,
  type PurchaseCartResponse,
  type ReciboPostResponse,
  type SalesCartResponse,
} from '@portal/contract';
import { SELF_SIGNUP_CUSTOMER } from '../../db/seed/identities.js';
import { bearer, createTestApp, DEL_SUR, expectRefused, LA_PAMPA, login, nextIp, type TestContext } from '../../test/helpers.js';
import { appendEvent, sequenceEvents } from './events.js';
import { visitState } from './event-payloads.js';
import { createKey, INTEGRATION, makeAdminOf } from './test-support.js';

/**
 * The outbound events: each change writes exactly one event in its own transaction (none when it rolls back, even
 * when the failure comes after the event was written), and the feed answers them in commit order from a cursor,
 * never skipping one, only to a key of the company that may read 'eventos'.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let laPampa: number;
let secret: string;
const FEED = `${INTEGRATION}/eventos`;
const P = '/api/public/proxy/pedidos';
const OC = '/api/public/proxy/ordenescompra';
const G = '/api/public/proxy/gestionpedidos';
const CGI = '/api/public/proxy/cgi';
const R = '/api/public/proxy/recibos';
const F = '/api/field';
const customer = () => bearer(tokens.productor!, { cuit: LA_PAMPA, entity_id: '1001' });
const staff = (user: string) => bearer(tokens[user]!, { cuit: LA_PAMPA });
let seq = 0;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const key = () => `feed-test-${Date.now()}-${++seq}`;

before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  for (const u of ['admin', 'productor', 'vendedor', 'autorizador', 'deposito', 'repartidor']) tokens[u] = (await login(ctx.app, u)).access_token;
  laPampa = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  secret = (await createKey(ctx.app, tokens.admin!, LA_PAMPA, { nombre: 'ERP eventos', leer: ['eventos'] })).secreto;
  // A failure forced after the event is written: a deferred trigger refuses, at commit, the events of the kinds listed.
  await sql`create table test_failing_event_kinds (kind text primary key)`.execute(ctx.db);
  await sql`create function test_fail_event() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from test_failing_event_kinds where kind = new.kind) then raise exception 'forced failure after the event %', new.kind; end if;
      return null;
    end $$`.execute(ctx.db);
  await sql`create constraint trigger test_fail_event after insert on integration_events deferrable initially deferred
    for each row execute function test_fail_event()`.execute(ctx.db);
});
after(async () => {
  await ctx?.close();
});

type Res = { statusCode: number; body: string; json: () => unknown };
async function ok<T>(res: Promise<Res> | Res): Promise<T> {
  const r = await res;
  assert.equal(r.statusCode, 200, r.body);
  return r.json() as T;
}
const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const eventCount = async (kind: string) =>
  Number((await sql<{ n: string }>`select count(*)::text as n from integration_events where kind = ${kind} and company_id = ${laPampa}`.execute(ctx.db)).rows[0]!.n);

/**
 * Runs a change twice: first with a failure forced at its commit, after its event was written (500; no event and,
 * by `state`, nothing of the change), then for real (exactly one event of the kind). Answers the real answer.
 */
async function once(kind: IntegrationEventKind, act: () => Promise<Res>, state: () => Promise<unknown>, status = 200): Promise<Res> {
  const before = await eventCount(kind);
  const stateBefore = JSON.stringify(await state());
  await sql`insert into test_failing_event_kinds (kind) values (${kind})`.execute(ctx.db);
  try {
    const failed = await act();
    assert.equal(failed.statusCode, 500, `${kind}: the forced failure fails the change (${failed.body})`);
  } finally {
    await sql`delete from test_failing_event_kinds`.execute(ctx.db);
  }
  assert.equal(await eventCount(kind), before, `${kind}: no event when the change rolls back`);
  assert.equal(JSON.stringify(await state()), stateBefore, `${kind}: the change rolled back whole`);
  const res = await act();
  assert.equal(res.statusCode, status, `${kind}: ${res.body}`);
  assert.equal(await eventCount(kind), before + 1, `${kind}: exactly one event`);
  return res;
}

const orderState = (id: number) => ctx.db.selectFrom('sales_orders').select(['status', 'total']).where('id', '=', id).executeTakeFirst();
const cartState = (id: number) => ctx.db.selectFrom('carts').select('status').where('id', '=', id).executeTakeFirst();

/** A sales order of Juan Pérez confirmed through the real cart (its event checked by `once`). */
async function confirmedOrder(check = false): Promise<ConfirmResponse> {
  const cart = (await ok<SalesCartResponse>(inject('GET', `${P}?type=carrito`, customer()))).carrito;
  const products = (await ok<CatalogResponse>(inject('GET', `${P}?limit=12`, customer()))).productos.slice(0, 2);
  await ok(inject('PUT', `${P}/${cart.id}?type=carrito&suma=true`, customer(), { productos: products.map((p, i) => ({ producto_id: p.id, pedido_cantidad: i + 2 })) }));
  const confirm = () => inject('PUT', P, customer(), { pedidoid: cart.id });
  return (check ? await once('pedido.confirmado', confirm, () => cartState(cart.id)) : await confirm()).json() as ConfirmResponse;
}

async function feed(query = '', withKey = secret): Promise<IntegrationFeedResponse> {
  return ok<IntegrationFeedResponse>(inject('GET', `${FEED}${query}`, { authorization: `Bearer ${withKey}` }));
}
async function all(from = '0', limit = 1000): Promise<IntegrationFeedResponse['eventos']> {
  const out: IntegrationFeedResponse['eventos'] = [];
  let cursor = from;
  for (;;) {
    const page = await feed(`?desde=${cursor}&limite=${limit}`);
    out.push(...page.eventos);
    cursor = page.siguiente;
    if (!page.hay_mas) return out;
  }
}

describe('every change writes one event in its transaction', () => {
  test('orders: sales and purchase orders confirmed, approved, picked, applied; a picking cancelled', async () => {
    const order = await confirmedOrder(true);
    const number = order.numero;

    const pcart = (await ok<PurchaseCartResponse>(inject('GET', `${OC}?type=carrito`, customer()))).carrito;
    const product = (await ok<CatalogResponse>(inject('GET', `${OC}?limit=12`, customer()))).productos[0]!;
    await ok(inject('PUT', `${OC}/${pcart.id}?type=carrito`, customer(), { producto_id: product.id, pedido_cantidad: 2 }));
    const cpago = (await ok<{ items: Array<{ id: number }> }>(inject('GET', `${OC}?type=cpagos`, customer()))).items[0]!;
    await ok(inject('PUT', `${OC}/${pcart.id}?type=condiciones`, customer(), { cpago: cpago.id }));
    await once('orden_compra.confirmada', () => inject('PUT', OC, customer(), { pedidoid: pcart.id }), () => cartState(pcart.id));

    await once('pedido.aprobado', () => inject('POST', `${G}/${order.id}/aprobar`, staff('admin')), () => orderState(order.id));
    const lines = await ok<OrderLinesResponse>(inject('GET', `${CGI}/renglonesPedido?numero=${number}`, staff('deposito')));
    const pickBody = {
      cabecera: JSON.stringify({ numero: number, codemp: 1, codcom: number, codtal: number, usrid: 8888 }),
      renglones: JSON.stringify([{ id: lines.items[0]!.id, cantidad: 1 }]),
    };
    await once('preparacion.confirmada', () => inject('POST', `${CGI}/putPicking`, staff('deposito'), pickBody), () => orderState(order.id));
    await once('pedido.aplicado', () => inject('POST', `${G}/${order.id}/aplicar`, staff('admin')), () => orderState(order.id));

    const other = await confirmedOrder();
    await ok(inject('POST', `${G}/${other.id}/aprobar`, staff('admin')));
    await once('preparacion.cancelada', () => inject('POST', `${CGI}/cancelarPedido`, staff('deposito'), { numero: other.numero, motivo: 1 }), () => orderState(other.id));
  });

  test('receipts posted, approved, rejected; vouchers authorized and rejected', async () => {
    const docs = (await ok<PendientesResponse>(inject('GET', `${R}/getAllPendientes`, customer()))).items.filter((d) => new Decimal(d.importe_saldo).gt(0));
    assert.ok(docs.length >= 2, 'the seed leaves documents to pay');
    const post = async (doc: { id: number }, idem: string, file = false) => {
      const form = new FormData();
      const proof = file ? [{ id: 'comprobante', file: 0 }] : [];
      form.set('formaPago', JSON.stringify([{ codcon: 1, campos: [{ id: 'banco', value: '2' }, { id: 'fecha', value: todayInArgentina() }, { id: 'operacion', value: '004512339' }, { id: 'importe', value: '10.00' }, ...proof] }]));
      if (file) form.append('files[]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'transferencia.pdf');
      form.set('comprobantes', JSON.stringify([{ id: doc.id, importe: '10.00' }]));
      form.set('observaciones', JSON.stringify({ fecha: todayInArgentina(), observacion: 'feed' }));
      form.set('totalSeleccionado', '10.00');
      form.set('totalAcobrar', '10.00');
      const body = new Response(form);
      const payload = Buffer.from(await body.arrayBuffer());
      return ctx.app.inject({ method: 'POST', url: R, headers: { ...customer(), 'content-type': body.headers.get('content-type')!, 'idempotency-key': idem }, payload });
    };
    const receipts = () => ctx.db.selectFrom('receipts').select(['id', 'status']).where('company_id', '=', laPampa).orderBy('id').execute();
    const k1 = key();
    const first = (await once('recibo.ingresado', () => post(docs[0]!, k1, true), receipts)).json() as ReciboPostResponse;
    // The attachment travels as a reference the staff can download with a session of the company.
    const posted = await ctx.db.selectFrom('integration_events').select('payload').where('kind', '=', 'recibo.ingresado').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const adjuntos = (posted.payload as { adjuntos: Array<{ nombre: string; bytes: number; ruta: string }> }).adjuntos;
    assert.equal(adjuntos.length, 1);
    assert.equal(adjuntos[0]!.nombre, 'transferencia.pdf');
    assert.equal(adjuntos[0]!.bytes, PDF.length);
    const file = await inject('GET', adjuntos[0]!.ruta, staff('autorizador'));
    assert.equal(file.statusCode, 200);
    assert.equal(Buffer.compare(file.rawPayload, PDF), 0);
    const k2 = key();
    await ok(post(docs[1]!, k2));
    const [a, b] = (await receipts()).slice(-2);
    assert.ok(a && b);
    await once('recibo.aprobado', () => inject('POST', `${R}/gestion/${a.id}/aprobar`, staff('autorizador')), receipts);
    await once('recibo.rechazado', () => inject('POST', `${R}/gestion/${b.id}/rechazar`, staff('autorizador'), { motivo: 'Transferencia no acreditada' }), receipts);
    assert.ok(first.recibo);

    const vouchers = (await ok<AutorizacionListResponse>(inject('GET', `${CGI}/etenet_getPendAutoStock?start=0&limit=7`, staff('autorizador')))).items;
    assert.ok(vouchers.length >= 2, 'the seed leaves vouchers to authorize');
    const voucherState = () => ctx.db.selectFrom('stock_vouchers').select(['id', 'status']).where('company_id', '=', laPampa).orderBy('id').execute();
    const decide = (v: (typeof vouchers)[number], autoriza: boolean) =>
      inject('GET', `${CGI}/etenet_putPendAutoStock?codcom=${v.codcom}&codtal=${v.codtal}&numero=${v.numero}&autoriza=${autoriza}&motivo=${encodeURIComponent('Revisado')}`, staff('autorizador'));
    await once('comprobante.autorizado', () => decide(vouchers[0]!, true), voucherState);
    await once('comprobante.rechazado', () => decide(vouchers[1]!, false), voucherState);
  });

  test('stock counted: modified and confirmed', async () => {
    const p = await ctx.db.selectFrom('products').select(['id', 'alpha_code']).where('company_id', '=', laPampa).where('stock', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const levels = () => ctx.db.selectFrom('stock_levels').select(['deposit_id', 'quantity']).where('product_id', '=', p.id).orderBy('deposit_id').execute();
    const now = await levels();
    const target = new Decimal(now[0]?.quantity ?? 0).plus(7).toNumber();
    await once('stock.modificado', () => inject('POST', `${CGI}/modificarStock`, staff('deposito'), { codalfa: p.alpha_code, cantidad: target }), levels);
    const movements = () => ctx.db.selectFrom('stock_movements').select('id').where('product_id', '=', p.id).orderBy('id').execute();
    await once('stock.confirmado', () => inject('POST', `${CGI}/confirmarStock`, staff('deposito'), { codalfa: p.alpha_code }), movements);
  });

  test('field: visit state, sale and its deletion, containers, a new customer', async () => {
    const today = todayInArgentina();
    const rep = (extra: Record<string, string> = {}) => bearer(tokens.repartidor!, { cuit: LA_PAMPA, ...extra });
    const c = (await ok<{ clientes: Array<{ id: number }> }>(inject('GET', `${F}/customers`, rep()))).clientes[0]!;
    const visits = () => ctx.db.selectFrom('field_visits').select(['entity_id', 'state']).where('company_id', '=', laPampa).orderBy('entity_id').execute();
    await once('visita.estado', () => inject('PATCH', `${F}/customers/estado`, rep(), { fecha: today, codent_id: c.id, estado: 'no_fuimos' }), visits);

    const products = (await ok<{ productos: Array<{ id: number; precio: string }> }>(inject('GET', `${F}/products`, rep()))).productos;
    const sales = () => ctx.db.selectFrom('field_sales').select(['id', 'deleted_at']).where('company_id', '=', laPampa).orderBy('id').execute();
    const saleKey = key();
    const sale = { fecha: today, codentiId: c.id, renglones: [{ codprodId: products[0]!.id, cantidadStock: 3, precio_unitario: '12.50' }] };
    await once('venta_campo.registrada', () => inject('POST', `${F}/ventas/pedido`, rep({ 'idempotency-key': saleKey }), sale), sales);
    const delKey = key();
    await once('venta_campo.eliminada', () => inject('DELETE', `${F}/ventas/pedido/${c.id}/${today}`, rep({ 'idempotency-key': delKey })), sales);

    const envases = (await ok<{ productos: Array<{ id: number }> }>(inject('GET', `${F}/products/envase`, rep()))).productos;
    const held = () => ctx.db.selectFrom('field_containers').select(['product_id', 'quantity']).where('company_id', '=', laPampa).orderBy('product_id').execute();
    const envKey = key();
    await once('envases.modificados', () => inject('PUT', `${F}/ventas/envases`, rep({ 'idempotency-key': envKey }), { clienteId: c.id, fecha: today, envases: [{ productoId: envases[0]!.id, cantidad: 2, anterior: 0 }] }), held);

    const entities = () => ctx.db.selectFrom('entities').select('id').where('company_id', '=', laPampa).orderBy('id').execute();
    const custKey = key();
    await once('cliente_campo.alta', () => inject('POST', `${F}/customers`, rep({ 'idempotency-key': custKey }), { nombre: 'Gómez, Ana', nrodoc: '27456789', direccion: 'Ruta 5 km 3' }), entities);
  });
});

describe('registrations and entity links', () => {
  const allCount = async (kind: string) => Number((await sql<{ n: string }>`select count(*)::text as n from integration_events where kind = ${kind}`.execute(ctx.db)).rows[0]!.n);
  const lastPayload = async <T>(kind: string) =>
    (await ctx.db.selectFrom('integration_events').select(['payload', 'company_id', 'subject', 'actor_user_id']).where('kind', '=', kind).orderBy('id', 'desc').executeTakeFirstOrThrow()) as {
      payload: T; company_id: number; subject: string; actor_user_id: number | null;
    };
  type Registered = IntegrationEventPayload<'usuario.registrado'>;
  type Linked = IntegrationEventPayload<'usuario.entidades_modificadas'>;

  test('a customer registered in the portal links itself to the company by its CUIT: one event, of that company, at link time', async () => {
    const a = { nombre: 'María Fernanda', apellido: 'Gómez', email: 'maria.gomez.feed@campo.com.ar', password: 'Clave123', nrotel: SELF_SIGNUP_CUSTOMER.phone, cuit: SELF_SIGNUP_CUSTOMER.cuit };
    const usuarios = (query: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: `/api/public/usuarios${query}`, payload, remoteAddress: nextIp() });
    const reg = await usuarios('', a);
    assert.equal(reg.statusCode, 201, reg.body);
    const code = /\b(\d{6})\b/.exec((await ctx.sms()).filter((m) => m.to === `+54${a.nrotel}`).at(-1)!.text)![1]!;
    assert.equal((await usuarios('?check=true', { ...a, serviceid: (reg.json() as { serviceid: string }).serviceid, codigo: code })).statusCode, 200);
    // The registration alone belongs to no company: no event yet.
    assert.equal(await allCount('usuario.registrado'), 0);
    const t = (await login(ctx.app, a.email, a.password)).access_token;
    const user = await ctx.db.selectFrom('users').select(['id', 'created_at']).where('email', '=', a.email).executeTakeFirstOrThrow();
    const link = (cuit: string) => inject('POST', '/api/public/sessions/newsession', bearer(t), { cuit });

    // A refused link (nothing of the other company matches the CUIT and mobile) writes nothing.
    expectRefused(await link(DEL_SUR), 403, msg.sinEntidadesEnEmpresa);
    assert.equal(await allCount('usuario.registrado'), 0);

    const memberships = () => ctx.db.selectFrom('user_entities').select(['company_id', 'entity_id']).where('user_id', '=', user.id).orderBy('entity_id').execute();
    await once('usuario.registrado', () => link(LA_PAMPA), memberships);
    const ev = await lastPayload<Registered>('usuario.registrado');
    assert.equal(ev.company_id, laPampa);
    assert.equal(ev.subject, `usuario/${user.id}`);
    assert.equal(ev.actor_user_id, user.id);
    assert.deepEqual(ev.payload, {
      usuario: { id: user.id, usuario: a.email, nombre: a.nombre, apellido: a.apellido, email: a.email, telefono: a.nrotel, cuit: a.cuit, alta: new Date(user.created_at).toISOString() },
      empresa: { cuit: LA_PAMPA, razon_social: ev.payload.empresa.razon_social },
      entidades: [{ codigo: 1005, razon_social: SELF_SIGNUP_CUSTOMER.name, cuit: SELF_SIGNUP_CUSTOMER.cuit }],
    });
    assert.doesNotMatch(JSON.stringify(ev.payload), /password|hash|argon/i, 'no password material');
    // Adding the company again (already linked) is no new registration.
    assert.equal((await link(LA_PAMPA)).statusCode, 200);
    assert.equal(await allCount('usuario.registrado'), 1);
  });

  test("an administrator's changes to a user's entities: created, edited, unchanged, refused, removed", async () => {
    const U = '/api/public/proxy/usuarios';
    const admin = () => bearer(tokens.admin!, { cuit: LA_PAMPA });
    const body = { username: 'enlace.feed', email: 'enlace.feed@coop.com.ar', first_name: 'Elsa', last_name: 'Enlace', password: 'Inicial1', perfiles: [1], entidades: [1004] };
    const links = () => ctx.db.selectFrom('user_entities as ue').innerJoin('users as u', 'u.id', 'ue.user_id').select(['ue.entity_id']).where('u.username', '=', body.username).orderBy('ue.entity_id').execute();
    await once('usuario.entidades_modificadas', () => inject('POST', U, admin(), body), links, 201);
    const user = await ctx.db.selectFrom('users').select('id').where('username', '=', body.username).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    let ev = await lastPayload<Linked>('usuario.entidades_modificadas');
    assert.equal(ev.company_id, laPampa);
    assert.equal(ev.subject, `usuario/${user.id}`);
    assert.equal(ev.payload.usuario.email, body.email);
    assert.equal(ev.payload.usuario.telefono, null);
    assert.deepEqual(ev.payload.entidades.map((e) => e.codigo), [1004]);
    assert.deepEqual([ev.payload.agregadas, ev.payload.quitadas], [[1004], []]);

    await once('usuario.entidades_modificadas', () => inject('PATCH', `${U}/${user.id}`, admin(), { entidades: [1004, 1001] }), links);
    ev = await lastPayload<Linked>('usuario.entidades_modificadas');
    assert.deepEqual(ev.payload.entidades.map((e) => e.codigo), [1001, 1004]);
    assert.deepEqual([ev.payload.agregadas, ev.payload.quitadas], [[1001], []]);

    // The same entities again, or an edit without them, or a refused edit: no event.
    const n = await eventCount('usuario.entidades_modificadas');
    assert.equal((await inject('PATCH', `${U}/${user.id}`, admin(), { entidades: [1001, 1004] })).statusCode, 200);
    assert.equal((await inject('PATCH', `${U}/${user.id}`, admin(), { first_name: 'Elsa María' })).statusCode, 200);
    assert.equal((await inject('PATCH', `${U}/${user.id}`, admin(), { entidades: [987654] })).statusCode, 400);
    assert.equal(await eventCount('usuario.entidades_modificadas'), n);

    await once('usuario.entidades_modificadas', () => inject('DELETE', `${U}/${body.username}`, admin()), links);
    ev = await lastPayload<Linked>('usuario.entidades_modificadas');
    assert.deepEqual([ev.payload.entidades, ev.payload.agregadas, ev.payload.quitadas], [[], [], [1001, 1004]]);
    assert.equal(ev.payload.usuario.nombre, 'Elsa María');
  });
});

describe('the feed', () => {
  test('answers every event in order, with the payload of its kind, and replays from an old cursor', async () => {
    const events = await all();
    const kinds = new Set(events.map((e) => e.tipo));
    for (const k of INTEGRATION_EVENT_KINDS) assert.ok(kinds.has(k), `the feed carries ${k}`);
    const positions = events.map((e) => BigInt(e.posicion));
    assert.ok(positions.every((p, i) => i === 0 || p > positions[i - 1]!), 'positions increase');
    for (const e of events) {
      const parsed = INTEGRATION_EVENT_PAYLOADS[e.tipo].safeParse(e.datos);
      assert.ok(parsed.success, `${e.tipo}: ${JSON.stringify(parsed.error?.issues)}`);
    }
    const confirmed = events.find((e) => e.tipo === 'pedido.confirmado')!;
    const order = confirmed.datos as { pedido: { numero: number; total: string; moneda: string }; cliente: { codigo: number }; renglones: Array<{ producto: { codigo: number }; importe: string }> };
    assert.equal(order.cliente.codigo, 1001);
    assert.equal(order.pedido.moneda, 'ARS');
    assert.equal(order.renglones.reduce((s, l) => s.plus(l.importe), new Decimal(0)).toFixed(2), order.pedido.total);
    assert.ok(order.renglones.every((l) => Number.isInteger(l.producto.codigo)));
    assert.equal(confirmed.actor.nombre !== null, true);

    // Pages of two, then a replay from the middle: the same events again.
    const paged = await all('0', 2);
    assert.deepEqual(paged.map((e) => e.id), events.map((e) => e.id));
    const middle = events[3]!.posicion;
    const replay = await all(middle, 5);
    assert.deepEqual(replay.map((e) => e.id), events.slice(4).map((e) => e.id));
    const end = await feed(`?desde=${events.at(-1)!.posicion}`);
    assert.deepEqual(end.eventos, []);
    assert.equal(end.siguiente, events.at(-1)!.posicion);
    assert.equal(end.hay_mas, false);
  });

  test("another company's key sees none of these events; a key without 'eventos' and a user's token are refused", async () => {
    await makeAdminOf(ctx.db, 'admin', DEL_SUR);
    const foreign = (await createKey(ctx.app, tokens.admin!, DEL_SUR, { nombre: 'ERP del sur', leer: ['eventos'] })).secreto;
    const theirs = await feed('', foreign);
    const ours = new Set((await all()).map((e) => e.id));
    assert.ok(theirs.eventos.every((e) => !ours.has(e.id)));
    const delSur = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow()).id;
    const theirCount = Number((await sql<{ n: string }>`select count(*)::text as n from integration_events where company_id = ${delSur}`.execute(ctx.db)).rows[0]!.n);
    assert.equal(theirs.eventos.length, theirCount);

    const noScope = (await createKey(ctx.app, tokens.admin!, LA_PAMPA, { nombre: 'ERP clientes', escribir: ['clientes'], leer: ['productos'] })).secreto;
    const refused = await inject('GET', FEED, { authorization: `Bearer ${noScope}` });
    assert.equal(refused.statusCode, 403, refused.body);
    assert.match((refused.json() as { msg: string }).msg, /eventos/);
    expectRefused(await inject('GET', FEED, bearer(tokens.admin!, { cuit: LA_PAMPA })), 401, integrationMsg.soloClaves);
    assert.equal((await inject('GET', FEED, {})).statusCode, 401);
  });

  test('the OpenAPI document lists the feed under the integration tag, with the data of each kind', async () => {
    const doc = (await inject('GET', '/api/docs/openapi.json', {})).json() as {
      paths: Record<string, Record<string, { tags: string[]; security: unknown[]; parameters: Array<{ name: string }> }>>;
      components: { schemas: Record<string, unknown> };
    };
    const op = doc.paths[FEED]!.get!;
    assert.deepEqual(op.tags, ['integracion']);
    assert.deepEqual(op.security, [{ integrationKey: [] }]);
    assert.deepEqual(op.parameters.map((p) => p.name).sort(), ['desde', 'limite']);
    for (const k of INTEGRATION_EVENT_KINDS) assert.ok(doc.components.schemas[`evento.${k}`], k);
  });

  test("the ERP's answer: an order accepted with its number, a receipt rejected with the reason, shown on their screens", async () => {
    const events = await all();
    const answer = (id: string, body: unknown, withKey = secret) =>
      inject('POST', `${FEED}/${id}/resultado`, { authorization: `Bearer ${withKey}` }, body);
    const order = events.find((e) => e.tipo === 'pedido.confirmado')!;
    const orderId = (order.datos as { pedido: { id: number } }).pedido.id;
    // The customer's 'Pedidos realizados', read before the answer (so that a kept answer would show here) and after.
    const customerRow = async () => (await ok<StatusListResponse>(inject('GET', `${P}?aplicados=true&start=0&limit=50`, customer()))).productos.find((p) => p.id === orderId);
    assert.equal((await customerRow())?.erp ?? null, null, 'no answer from the ERP yet');
    const accepted = await ok<IntegrationEventResultResponse>(answer(order.id, { resultado: 'aceptado', numero_erp: 'NP-0004-00012345' }));
    assert.equal(accepted.repetido, false);
    // The same answer again changes nothing; another one is refused.
    assert.equal((await ok<IntegrationEventResultResponse>(answer(order.id, { resultado: 'aceptado', numero_erp: 'NP-0004-00012345' }))).repetido, true);
    expectRefused(await answer(order.id, { resultado: 'rechazado', motivo: 'Sin stock' }), 409, integrationEventsMsg.otroResultado);
    const listed = (await ok<StaffListResponse>(inject('GET', `${G}?estado=aplicados&limit=50`, staff('admin')))).pedidos.find((p) => p.id === orderId);
    assert.ok(listed, 'the order is in the staff list');
    assert.equal(listed.erp?.estado, 'aceptado');
    assert.equal(listed.erp?.numero, 'NP-0004-00012345');
    const mine = await customerRow();
    assert.equal(mine?.erp?.estado, 'aceptado', "the customer's list shows the ERP's answer");
    assert.equal(mine?.erp?.numero, 'NP-0004-00012345');

    const receipt = events.find((e) => e.tipo === 'recibo.ingresado')!;
    const receiptId = (receipt.datos as { recibo: { id: number } }).recibo.id;
    await ok(answer(receipt.id, { resultado: 'rechazado', motivo: 'Transferencia no acreditada en el banco' }));
    const shown = (await ok<RecibosListResponse>(inject('GET', `${R}/gestion?pendientes=0&start=0&limit=50`, staff('autorizador')))).items.find((r) => r.id === receiptId);
    assert.ok(shown, 'the receipt is in the staff list');
    assert.deepEqual({ estado: shown.erp?.estado, motivo: shown.erp?.motivo, numero: shown.erp?.numero }, { estado: 'rechazado', motivo: 'Transferencia no acreditada en el banco', numero: null });
    const audit = await ctx.db.selectFrom('audit_log').select('detail').where('action', '=', 'integration.result').execute();
    assert.equal(audit.length, 2);

    // Refusals: the wrong result for the kind, a kind without results, missing number or reason, unknown and foreign events.
    const stock = events.find((e) => e.tipo === 'stock.modificado')!;
    expectRefused(await answer(stock.id, { resultado: 'aceptado', numero_erp: 'X' }), 400, integrationEventsMsg.sinResultado('stock.modificado'));
    const purchase = events.find((e) => e.tipo === 'orden_compra.confirmada')!;
    expectRefused(await answer(purchase.id, { resultado: 'aplicado', numero_erp: 'X' }), 400, integrationEventsMsg.resultadoNoCorresponde('aplicado', 'orden_compra.confirmada'));
    expectRefused(await answer(purchase.id, { resultado: 'aceptado' }), 400, integrationEventsMsg.numeroErpObligatorio);
    expectRefused(await answer(purchase.id, { resultado: 'rechazado', motivo: '  ' }), 400, integrationEventsMsg.motivoObligatorio);
    expectRefused(await answer(purchase.id, { resultado: 'perdido' }), 400, integrationEventsMsg.resultadoInvalido);
    expectRefused(await answer('abc', { resultado: 'aceptado', numero_erp: 'X' }), 400, integrationEventsMsg.eventoInexistente);
    expectRefused(await answer('999999999', { resultado: 'aceptado', numero_erp: 'X' }), 404, integrationEventsMsg.eventoInexistente);
    await makeAdminOf(ctx.db, 'admin', DEL_SUR);
    const foreign = (await createKey(ctx.app, tokens.admin!, DEL_SUR, { nombre: 'ERP respuestas', leer: ['eventos'] })).secreto;
    expectRefused(await answer(purchase.id, { resultado: 'aceptado', numero_erp: 'X' }, foreign), 404, integrationEventsMsg.eventoInexistente);
    expectRefused(await inject('POST', `${FEED}/${purchase.id}/resultado`, bearer(tokens.admin!, { cuit: LA_PAMPA }), { resultado: 'aceptado', numero_erp: 'X' }), 401, integrationMsg.soloClaves);
    const purchaseRow = await ctx.db.selectFrom('purchase_orders').select(['erp_status']).where('id', '=', (purchase.datos as { orden: { id: number } }).orden.id).executeTakeFirstOrThrow();
    assert.equal(purchaseRow.erp_status, null, 'nothing refused was written');
  });

  test('400 with the Spanish message for a bad cursor or limit', async () => {
    for (const q of ['?desde=abc', '?desde=-1', '?desde=1.5', `?desde=${'9'.repeat(19)}`]) {
      expectRefused(await inject('GET', `${FEED}${q}`, { authorization: `Bearer ${secret}` }), 400, integrationEventsMsg.cursorInvalido);
    }
    for (const q of ['?limite=0', '?limite=1001', '?limite=dos', '?limite=2.5']) {
      expectRefused(await inject('GET', `${FEED}${q}`, { authorization: `Bearer ${secret}` }), 400, integrationEventsMsg.limiteInvalido);
    }
  });

  test('two writers committing out of id order: the reader never skips an event', { skip: !process.env.TEST_DATABASE_URL && 'PGlite has one session: transactions cannot interleave' }, async () => {
    const c = (await ctx.db.selectFrom('entities').select('id').where('company_id', '=', laPampa).where('code', '=', 1001).executeTakeFirstOrThrow()).id;
    const start = (await all()).at(-1)!.posicion;
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((r) => (releaseFirst = r));
    let firstWrote!: () => void;
    const firstHasWritten = new Promise<void>((r) => (firstWrote = r));
    // The first writer takes the lower id and commits last.
    const first = ctx.db.transaction().execute(async (trx) => {
      await appendEvent(trx, await visitState(trx, laPampa, c, todayInArgentina(), 'pendiente', null));
      firstWrote();
      await firstMayCommit;
    });
    await firstHasWritten;
    await ctx.db.transaction().execute(async (trx) => {
      await appendEvent(trx, await visitState(trx, laPampa, c, todayInArgentina(), 'normal', null));
    });
    const seen1 = await all(start);
    assert.equal(seen1.length, 1, 'only the committed event');
    assert.equal((seen1[0]!.datos as { estado: string }).estado, 'normal');
    releaseFirst();
    await first;
    const seen2 = await all(seen1[0]!.posicion);
    assert.equal(seen2.length, 1, 'the late commit comes after the cursor: not skipped');
    assert.equal((seen2[0]!.datos as { estado: string }).estado, 'pendiente');
    assert.ok(BigInt(seen2[0]!.id) < BigInt(seen1[0]!.id), 'its id is lower: id order is not commit order');
  });

  test('sequencers racing place every event once, with unique increasing positions', async () => {
    const c = (await ctx.db.selectFrom('entities').select('id').where('company_id', '=', laPampa).where('code', '=', 1001).executeTakeFirstOrThrow()).id;
    for (let i = 0; i < 30; i++) {
      await ctx.db.transaction().execute(async (trx) => appendEvent(trx, await visitState(trx, laPampa, c, todayInArgentina(), 'normal', null)));
    }
    await Promise.all([sequenceEvents(ctx.db), sequenceEvents(ctx.db), sequenceEvents(ctx.db)]);
    await sequenceEvents(ctx.db);
    const r = await sql<{ unplaced: string; placed: string; distinct: string; max: string | null; last: string }>`select
        count(*) filter (where position is null)::text as unplaced, count(position)::text as placed, count(distinct position)::text as distinct,
        max(position)::text as max, (select last_position::text from integration_event_sequencer) as last
      from integration_events`.execute(ctx.db);
    const row = r.rows[0]!;
    assert.equal(row.unplaced, '0');
    assert.equal(row.placed, row.distinct);
    assert.equal(row.max, row.last);
    await assert.rejects(appendEvent(ctx.db, await visitState(ctx.db, laPampa, c, todayInArgentina(), 'normal', null)), /transaction/);
  });
});
