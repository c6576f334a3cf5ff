import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildCuit,
  integrationBatchMsg,
  integrationMsg,
  msg,
  type IntegrationBatchesResponse,
  type IntegrationBatchResponse,
} from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { BATCHES_URL, createKey, INTEGRATION, KEYS_URL, makeAdminOf } from './test-support.js';

/** The batch machinery, through its first kind: customers (the company's entities), keyed by the ERP's code. */

let ctx: TestContext;
let admin: string;
let secret: string;
let readOnly: string;
const URL = `${INTEGRATION}/clientes`;

before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = (await login(ctx.app, 'admin')).access_token;
  secret = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP clientes', escribir: ['clientes'] })).secreto;
  readOnly = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP solo lectura', leer: ['clientes'] })).secreto;
});
after(async () => {
  await ctx?.close();
});

const customer = (code: number, over: Record<string, unknown> = {}) => ({
  codigo: code,
  razon_social: `Cliente ${code}`,
  cuit: buildCuit('20', 30_000_000 + code),
  vendedor: null,
  lista_precios: null,
  telefono: '2954 400000',
  email: `cliente${code}@erp.com.ar`,
  localidad: 'Santa Rosa',
  provincia: 'La Pampa',
  ...over,
});

async function send(rows: unknown[] | string, o: { key?: string; url?: string; ndjson?: boolean } = {}) {
  const ndjson = o.ndjson ?? false;
  const payload = typeof rows === 'string' ? rows : ndjson ? rows.map((r) => JSON.stringify(r)).join('\n') : JSON.stringify(rows);
  return ctx.app.inject({
    method: 'POST',
    url: o.url ?? URL,
    headers: { authorization: `Bearer ${o.key ?? secret}`, 'content-type': ndjson ? 'application/x-ndjson' : 'application/json' },
    payload,
  });
}
async function batch(rows: unknown[], o: Parameters<typeof send>[1] = {}): Promise<IntegrationBatchResponse> {
  const res = await send(rows, o);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as IntegrationBatchResponse;
}
const entity = (code: number, cuit: string = LA_PAMPA) =>
  ctx.db
    .selectFrom('entities as e')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .leftJoin('sellers as s', 's.id', 'e.seller_id')
    .select(['e.name', 'e.active', 'e.cuit', 'e.email', 's.code as seller'])
    .where('c.cuit', '=', cuit)
    .where('e.code', '=', code)
    .executeTakeFirst();
const counts = (b: IntegrationBatchResponse) => [b.recibidas, b.aceptadas, b.sin_cambios, b.rechazadas];
const entityCount = async () => Number((await ctx.db.selectFrom('entities').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const batchCount = async () => Number((await ctx.db.selectFrom('integration_batches').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /api/integration/v1/clientes', () => {
  test('accepted, then the same batch again unchanged, then one changed: each row counted once', async () => {
    const seller = await ctx.db.selectFrom('sellers as s').innerJoin('companies as c', 'c.id', 's.company_id').select('s.code').where('c.cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
    const rows = [customer(70001), customer(70002, { vendedor: seller.code }), customer(70003)];
    const first = await batch(rows);
    assert.deepEqual(counts(first), [3, 3, 0, 0]);
    assert.deepEqual(first.rechazos, []);
    assert.equal((await entity(70002))?.seller, seller.code);
    assert.equal((await entity(70001))?.email, 'cliente70001@erp.com.ar');
    const again = await batch(rows);
    assert.deepEqual(counts(again), [3, 0, 3, 0]);
    const changed = await batch([rows[0], { ...rows[1], razon_social: 'Cliente renombrado' }, rows[2]], { ndjson: true });
    assert.deepEqual(counts(changed), [3, 1, 2, 0]);
    assert.equal((await entity(70002))?.name, 'Cliente renombrado');
  });

  test('bad rows are listed with row, field and message and not written; the good rows of the batch are', async () => {
    const before = await entityCount();
    const answer = await batch([
      customer(70011),
      customer(70012, { cuit: '20123456780' }),
      customer(70013, { vendedor: 999_999 }),
      customer(70011, { razon_social: 'Otra vez' }),
      { codigo: 'x', razon_social: 'Sin código' },
      customer(70014, { razon_social: '' }),
      customer(70015),
    ]);
    assert.deepEqual(counts(answer), [7, 2, 0, 5]);
    assert.deepEqual(answer.rechazos, [
      { fila: 2, campo: 'cuit', mensaje: integrationBatchMsg.cuitInvalido },
      { fila: 3, campo: 'vendedor', mensaje: integrationBatchMsg.vendedorInexistente(999_999) },
      { fila: 4, campo: 'codigo', mensaje: integrationBatchMsg.codigoRepetido(1) },
      { fila: 5, campo: 'codigo', mensaje: integrationBatchMsg.codigoInvalido },
      { fila: 6, campo: 'razon_social', mensaje: integrationBatchMsg.textoObligatorio },
    ]);
    assert.equal(await entityCount(), before + 2);
    assert.equal((await entity(70011))?.name, 'Cliente 70011');
    assert.equal(await entity(70012), undefined);
  });

  test('removal is explicit: the customer turns inactive (the gate refuses it at once); again: unchanged; unknown: rejected', async () => {
    await batch([customer(70021), customer(70022)]);
    // A user linked to the customer acts for it until the removal, not a request longer (the gate's kept answers go).
    const entityId = (await ctx.db.selectFrom('entities as e').innerJoin('companies as c', 'c.id', 'e.company_id').select('e.id').where('c.cuit', '=', LA_PAMPA).where('e.code', '=', 70021).executeTakeFirstOrThrow()).id;
    const productor = await ctx.db.selectFrom('users').select('id').where('username', '=', 'productor').executeTakeFirstOrThrow();
    const company = await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
    await ctx.db.insertInto('user_entities').values({ user_id: productor.id, company_id: company.id, entity_id: entityId }).execute();
    const token = (await login(ctx.app, 'productor')).access_token;
    const asCustomer = () => ctx.app.inject({ method: 'GET', url: '/api/public/proxy/cgi/etenet_dashboard', headers: bearer(token, { cuit: LA_PAMPA, entity_id: '70021' }) });
    assert.equal((await asCustomer()).statusCode, 200);

    const removed = await batch([{ codigo: 70021 }, { codigo: 79999 }], { url: `${URL}/bajas` });
    assert.deepEqual(counts(removed), [2, 1, 0, 1]);
    assert.deepEqual(removed.rechazos, [{ fila: 2, campo: 'codigo', mensaje: integrationBatchMsg.noExiste }]);
    assert.equal((await entity(70021))?.active, false);
    assert.equal((await entity(70022))?.active, true, 'absence from a batch removes nothing');
    expectRefused(await asCustomer(), 403, msg.entidadInactiva);
    const again = await batch([{ codigo: 70021 }], { url: `${URL}/bajas`, ndjson: true });
    assert.deepEqual(counts(again), [1, 0, 1, 0]);
  });

  test('a malformed body, a row of another company, a batch too large, an empty one: a clear 4xx and nothing written', async () => {
    const entities = await entityCount();
    const batches = await batchCount();
    const good = JSON.stringify(customer(70031));
    expectRefused(await send(`[${good}, {"codigo": 70032,, "x": 1}]`), 400, integrationBatchMsg.cuerpoMalFormado(2, integrationBatchMsg.jsonInvalido));
    expectRefused(await send(`[${good}, ${good.slice(0, 30)}`), 400, integrationBatchMsg.cuerpoMalFormado(2, integrationBatchMsg.jsonIncompleto));
    expectRefused(await send(`[${good}`), 400, integrationBatchMsg.cuerpoMalFormado(2, integrationBatchMsg.jsonIncompleto));
    expectRefused(await send(`${good}\n{"codigo": 70032,`, { ndjson: true }), 400, integrationBatchMsg.cuerpoMalFormado(2, integrationBatchMsg.jsonInvalido));
    expectRefused(await send(good), 400, integrationBatchMsg.cuerpoMalFormado(0, integrationBatchMsg.noEsLista));
    expectRefused(await send('[1, 2]'), 400, integrationBatchMsg.cuerpoMalFormado(1, integrationBatchMsg.filaNoObjeto));
    expectRefused(await send('[]'), 400, integrationBatchMsg.loteVacio);
    expectRefused(await send([customer(70033), customer(70034, { cuit_empresa: DEL_SUR })]), 403, integrationBatchMsg.filaDeOtraEmpresa(2));
    const text = await ctx.app.inject({ method: 'POST', url: URL, headers: { authorization: `Bearer ${secret}`, 'content-type': 'text/plain' }, payload: good });
    expectRefused(text, 415, integrationBatchMsg.formatoNoSoportado);
    assert.equal(await entityCount(), entities);
    assert.equal(await batchCount(), batches);
    // The key's own company named is fine.
    assert.deepEqual(counts(await batch([customer(70035, { cuit_empresa: LA_PAMPA })])), [1, 1, 0, 0]);
  });

  test('a wrong kind, a kind outside the key, a user token, a revoked key: refused', async () => {
    expectRefused(await send([customer(70041)], { url: `${INTEGRATION}/facturas` }), 400, integrationMsg.tipoInvalido);
    expectRefused(await send([customer(70041)], { key: readOnly }), 403, integrationMsg.sinPermisoEscribir('clientes y entidades'));
    expectRefused(await send([customer(70041)], { key: admin }), 401, integrationMsg.soloClaves);
    const doomed = await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP a revocar', escribir: ['clientes'] });
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `${KEYS_URL}/${doomed.clave.id}`, headers: bearer(admin, { cuit: LA_PAMPA }) });
    assert.equal(revoked.statusCode, 200);
    expectRefused(await send([customer(70041)], { key: doomed.secreto }), 401, integrationMsg.claveRevocadaAcceso);
    assert.equal(await entity(70041), undefined);
  });

  test("another company's key writes its own company's customers only, whatever codes it sends", async () => {
    await makeAdminOf(ctx.db, 'admin', DEL_SUR);
    const sur = await createKey(ctx.app, admin, DEL_SUR, { nombre: 'ERP Sur', escribir: ['clientes'] });
    const laPampaBefore = await entity(70001);
    assert.deepEqual(counts(await batch([customer(70001, { razon_social: 'Cliente del Sur' })], { key: sur.secreto })), [1, 1, 0, 0]);
    assert.deepEqual(await entity(70001), laPampaBefore);
    assert.equal((await entity(70001, DEL_SUR))?.name, 'Cliente del Sur');
  });

  test('10,000 rows as NDJSON in one batch, and two batches of the kind at once', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => customer(100_000 + i));
    const big = await batch(rows, { ndjson: true });
    assert.deepEqual(counts(big), [10_000, 10_000, 0, 0]);
    const [a, b] = await Promise.all([
      batch(rows.slice(0, 3_000).map((r) => ({ ...r, localidad: 'General Pico' }))),
      batch(rows.slice(2_000, 5_000).map((r) => ({ ...r, localidad: 'General Pico' })), { ndjson: true }),
    ]);
    // The 1,000 rows both send are written by whichever commits first and found unchanged by the other.
    assert.equal(a.aceptadas + b.aceptadas, 5_000);
    assert.equal(a.sin_cambios + b.sin_cambios, 1_000);
    const pico = await ctx.db.selectFrom('entities').select((eb) => eb.fn.countAll().as('n')).where('locality', '=', 'General Pico').where('code', '>=', 100_000).executeTakeFirstOrThrow();
    assert.equal(Number(pico.n), 5_000);
  });

  test("every batch is in the audit trail with the key's name and counts, and listed on the 'Integración' screen", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: BATCHES_URL, headers: bearer(admin, { cuit: LA_PAMPA }) });
    assert.equal(res.statusCode, 200, res.body);
    const items = (res.json() as IntegrationBatchesResponse).items;
    assert.ok(items.length >= 8);
    assert.ok(items.every((i) => i.clave === 'ERP clientes' && i.estado === 'completo'));
    const latest = items[0]!;
    assert.equal(latest.tipo, 'clientes');
    const audit = await ctx.db.selectFrom('audit_log').select('detail').where('action', '=', 'integration.batch').execute();
    assert.equal(audit.length, items.length + 1, 'one audit row per batch (the other company\'s included)');
    const detail = audit.map((a) => a.detail as Record<string, unknown>).find((d) => d.lote === latest.id)!;
    assert.equal(detail.clave, 'ERP clientes');
    assert.equal(detail.tipo, 'clientes');
    assert.equal(detail.aceptadas, latest.aceptadas);
    assert.equal(detail.sin_cambios, latest.sin_cambios);
  });
});
