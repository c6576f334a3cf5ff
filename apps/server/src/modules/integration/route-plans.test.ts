import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import {
  dayName,
  integrationBatchMsg,
  integrationMovementMsg,
  integrationMsg,
  INTEGRATION_KIND_LABELS,
  integrationRoutePlanMsg as planMsg,
  ROUTE_STOP_REMOVAL_EXAMPLE,
  ROUTE_STOP_ROW_EXAMPLE,
  todayInArgentina,
  weekdayOf,
  type VisitasResponse,
} from '@portal/contract';
import { bearer, createTestApp, DEL_SUR, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { counts, createKey, INTEGRATION, makeAdminOf, okBatch, sendBatch } from './test-support.js';

/**
 * The drivers' route plans (recorridos) loaded by the ERP, and the driver's day in the field app (/api/field/visitas)
 * right after every sync, against the rows; a visit begun today in the field app is the driver's record.
 */

let ctx: TestContext;
let admin: string;
let secret: string;
let rep: string;
let repId: number;
let companyId: number;
let codes: number[];
const URL = `${INTEGRATION}/recorridos`;
const REMOVE = `${URL}/bajas`;
const TODAY = todayInArgentina();
const TODAY_WD = weekdayOf(TODAY);
/** A weekday other than today's, planned next week: the field app answers the plan alone. */
const PLAN_WD = (TODAY_WD % 7) + 1;

before(async () => {
  ctx = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = (await login(ctx.app, 'admin')).access_token;
  secret = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP recorridos', escribir: ['recorridos'] })).secreto;
  rep = (await login(ctx.app, 'repartidor')).access_token;
  repId = (await ctx.db.selectFrom('users').select('id').where('username', '=', 'repartidor').executeTakeFirstOrThrow()).id;
  companyId = (await ctx.db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow()).id;
  // Customers the driver does not have yet.
  const own = (await ctx.db.selectFrom('field_customers').select('entity_id').where('user_id', '=', repId).execute()).map((r) => r.entity_id);
  codes = (await ctx.db.selectFrom('entities').select('code').where('company_id', '=', companyId).where('active', '=', true)
    .where('id', 'not in', own).where('code', '<', 900000).orderBy('code').limit(6).execute()).map((e) => e.code);
});
after(async () => {
  await ctx?.close();
});

const batch = (rows: unknown[], url = URL, key = secret) => okBatch(ctx.app, key, url, rows);
const stop = (cliente: number, orden: number, over: Record<string, unknown> = {}) => ({ chofer: 'CH07', dia: dayName(PLAN_WD), cliente, orden, hora: null, ...over });

async function day(weekday: number, semana: number): Promise<VisitasResponse> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/field/visitas/hoy?day=${encodeURIComponent(dayName(weekday))}&semana=${semana}`, headers: bearer(rep, { cuit: LA_PAMPA }) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as VisitasResponse;
}

/** The driver's planned day next week against route_stops: every stop listed, the ERP's in its order first, with hour and note. */
async function expectPlanShown(weekday: number, why: string) {
  const rows = await sql<{ code: number; name: string; shift: string; hour: string | null; note: string | null; position: number | null }>`
    select e.code, e.name, r.shift, r.hour, r.note, r.position from route_stops r join entities e on e.id = r.entity_id
    where r.company_id = ${companyId} and r.user_id = ${repId} and r.weekday = ${weekday} and e.active`.execute(ctx.db);
  rows.rows.sort((x, y) => (x.shift === y.shift ? 0 : x.shift === 'mañana' ? -1 : 1) || (x.position ?? 10_000) - (y.position ?? 10_000)
    || (x.hour ?? '99').localeCompare(y.hour ?? '99') || x.name.localeCompare(y.name, 'es'));
  const shown = (await day(weekday, 1)).clientes;
  assert.deepEqual(shown.map((c) => c.codenti_id), rows.rows.map((r) => r.code), `${why}: the day's customers in the plan's order`);
  assert.deepEqual(shown.map((c) => [c.turno, c.hora, c.detalle]), rows.rows.map((r) => [r.shift, r.hour, r.note ?? '']), `${why}: shift, hour, note`);
  return shown;
}

describe('POST /api/integration/v1/recorridos', () => {
  test("accepted (binding the driver's code), the same batch unchanged, a change counted alone; the driver's day follows each sync in the plan's order", async () => {
    const [a, b, c] = codes as [number, number, number];
    const rows = [stop(a, 3, { usuario: 'repartidor', nota: 'Portón verde' }), stop(b, 1, { hora: '07:30' }), stop(c, 2, { turno: 'mañana', hora: '15:00' })];
    assert.deepEqual(counts(await batch(rows)), [3, 3, 0, 0]);
    const m = await ctx.db.selectFrom('memberships').select('erp_code').where('user_id', '=', repId).where('company_id', '=', companyId).executeTakeFirstOrThrow();
    assert.equal(m.erp_code, 'CH07', "the row's usuario bound the code");
    const shown = await expectPlanShown(PLAN_WD, 'accepted');
    assert.deepEqual(shown.slice(0, 3).map((v) => v.codenti_id), [b, c, a], 'orden 1, 2, 3 first');
    assert.ok(shown.slice(0, 3).every((v) => !v.es_nuevo && v.estado_venta === 'pendiente'));

    assert.deepEqual(counts(await okBatch(ctx.app, secret, URL, rows, true)), [3, 0, 3, 0], 'the same batch again (as NDJSON): unchanged');
    assert.deepEqual(counts(await batch([stop(b, 1, { hora: '07:30', dia: PLAN_WD })])), [1, 0, 1, 0], 'the day by number is the same day');
    assert.deepEqual(counts(await batch([stop(a, 1, { nota: 'Portón verde' }), stop(b, 3, { hora: '07:30' }), rows[2]])), [3, 2, 1, 0]);
    const after = await expectPlanShown(PLAN_WD, 'changed');
    assert.deepEqual(after.slice(0, 3).map((v) => v.codenti_id), [a, c, b]);
    assert.equal(after[0]!.detalle, 'Portón verde');
  });

  test('each rejection with its field and Spanish message; the good rows of the batch are written', async () => {
    const [, , , d] = codes as [number, number, number, number];
    const delSur = await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow();
    const foreignCode = (await sql<{ code: number }>`select code from entities where company_id = ${delSur.id}
      and code not in (select code from entities where company_id = ${companyId}) order by code limit 1`.execute(ctx.db)).rows[0]!.code;
    const answer = await batch([
      stop(d, 5),
      stop(987654, 1),
      stop(foreignCode, 1),
      stop(d, 1, { chofer: 'CH99' }),
      stop(d, 1, { chofer: 'CH98', usuario: 'nadie' }),
      stop(d, 1, { chofer: 'CH97', usuario: 'vendedor' }),
      stop(d, 1, { chofer: 'CH96', usuario: 'repartidor' }),
      stop(d, 1, { dia: 'feriado' }),
      stop(d, 1, { hora: '25:00' }),
      stop(d, 0),
      stop(d, 1, { turno: 'noche' }),
      stop(d, 1, { chofer: 'CH 07' }),
      stop(d, 6),
    ]);
    assert.deepEqual(counts(answer), [13, 1, 0, 12]);
    assert.deepEqual(answer.rechazos, [
      { fila: 2, campo: 'cliente', mensaje: integrationMovementMsg.clienteInexistente(987654) },
      { fila: 3, campo: 'cliente', mensaje: integrationMovementMsg.clienteInexistente(foreignCode) },
      { fila: 4, campo: 'chofer', mensaje: planMsg.choferSinUsuario('CH99') },
      { fila: 5, campo: 'usuario', mensaje: planMsg.usuarioInexistente('nadie') },
      { fila: 6, campo: 'usuario', mensaje: planMsg.usuarioNoRepartidor('vendedor') },
      { fila: 7, campo: 'usuario', mensaje: planMsg.usuarioConOtroCodigo('repartidor', 'CH07') },
      { fila: 8, campo: 'dia', mensaje: planMsg.diaInvalido },
      { fila: 9, campo: 'hora', mensaje: planMsg.horaInvalida },
      { fila: 10, campo: 'orden', mensaje: planMsg.ordenInvalido },
      { fila: 11, campo: 'turno', mensaje: planMsg.turnoInvalido },
      { fila: 12, campo: 'chofer', mensaje: planMsg.choferInvalido },
      { fila: 13, campo: 'cliente', mensaje: planMsg.paradaRepetida(1) },
    ]);
    const written = await sql<{ position: number }>`select r.position from route_stops r join entities e on e.id = r.entity_id
      where r.company_id = ${companyId} and e.code = ${d}`.execute(ctx.db);
    assert.deepEqual(written.rows, [{ position: 5 }]);
    // The code belongs to one user: another Repartidor cannot take it.
    const vendedor = await ctx.db.selectFrom('users').select('id').where('username', '=', 'vendedor').executeTakeFirstOrThrow();
    await ctx.db.insertInto('membership_profiles').values({ user_id: vendedor.id, company_id: companyId, profile_id: 4 }).execute();
    assert.deepEqual((await batch([stop(d, 5, { usuario: 'vendedor' })])).rechazos, [{ fila: 1, campo: 'chofer', mensaje: planMsg.codigoDeOtroUsuario('CH07', 'repartidor') }]);
    await expectPlanShown(PLAN_WD, 'after rejections');
  });

  test('a visit begun today in the field app (state, containers) is neither rewritten nor removed; a visit not begun is taken off the plan', async () => {
    const [, , , , e, f] = codes as number[];
    const today = dayName(TODAY_WD);
    assert.deepEqual(counts(await batch([stop(e!, 1, { dia: today }), stop(f!, 2, { dia: today })])), [2, 2, 0, 0]);
    const idOf = async (code: number) => (await ctx.db.selectFrom('entities').select('id').where('company_id', '=', companyId).where('code', '=', code).executeTakeFirstOrThrow()).id;
    const todays = async () => (await day(TODAY_WD, 0)).clientes.map((c) => c.codenti_id);
    assert.ok((await todays()).includes(e!) && (await todays()).includes(f!));

    // The driver marks e 'pendiente' today: begun.
    const marked = await ctx.app.inject({ method: 'PATCH', url: '/api/field/customers/estado', headers: bearer(rep, { cuit: LA_PAMPA }), payload: { fecha: TODAY, codent_id: await idOf(e!), estado: 'pendiente' } });
    assert.equal(marked.statusCode, 200, marked.body);
    assert.deepEqual(counts(await batch([stop(e!, 1, { dia: today })])), [1, 0, 1, 0], 'the same row: unchanged');
    const rewrite = await batch([stop(e!, 9, { dia: today, nota: 'Otro orden' })]);
    assert.deepEqual(rewrite.rechazos, [{ fila: 1, campo: 'cliente', mensaje: planMsg.visitaIniciada }]);
    const removal = await batch([{ chofer: 'CH07', dia: today, cliente: e }], REMOVE);
    assert.deepEqual(removal.rechazos, [{ fila: 1, campo: 'cliente', mensaje: planMsg.visitaIniciada }]);
    const kept = (await day(TODAY_WD, 0)).clientes.find((c) => c.codenti_id === e)!;
    assert.deepEqual([kept.es_nuevo, kept.estado, kept.detalle], [false, 'pendiente', '']);

    // Containers left at f today: begun too.
    const container = await ctx.db.selectFrom('products').select('id').where('company_id', '=', companyId).where('is_container', '=', true).orderBy('id').executeTakeFirstOrThrow();
    const left = await ctx.app.inject({
      method: 'PUT',
      url: '/api/field/ventas/envases',
      headers: bearer(rep, { cuit: LA_PAMPA, 'idempotency-key': `recorridos-${Date.now()}` }),
      payload: { clienteId: await idOf(f!), fecha: TODAY, envases: [{ productoId: container.id, cantidad: 2 }] },
    });
    assert.equal(left.statusCode, 200, left.body);
    assert.deepEqual((await batch([{ chofer: 'CH07', dia: today, cliente: f }], REMOVE)).rechazos, [{ fila: 1, campo: 'cliente', mensaje: planMsg.visitaIniciada }]);

    // The plan's next-week day: a stop not begun is removed, and the driver's day no longer lists it.
    const [a] = codes as [number];
    assert.ok((await day(PLAN_WD, 1)).clientes.some((c) => c.codenti_id === a));
    const gone = await batch([{ chofer: 'CH07', dia: dayName(PLAN_WD), cliente: a }, { chofer: 'CH55', dia: 1, cliente: a }, { chofer: 'CH07', dia: 1, cliente: 987654 }], REMOVE);
    assert.deepEqual(counts(gone), [3, 1, 0, 2]);
    assert.deepEqual(gone.rechazos, [
      { fila: 2, campo: 'chofer', mensaje: planMsg.choferInexistente('CH55') },
      { fila: 3, campo: 'cliente', mensaje: integrationMovementMsg.clienteInexistente(987654) },
    ]);
    assert.ok(!(await day(PLAN_WD, 1)).clientes.some((c) => c.codenti_id === a));
    await expectPlanShown(PLAN_WD, 'removed');
    const link = await ctx.db.selectFrom('field_customers').select('entity_id').where('user_id', '=', repId).where('entity_id', '=', await idOf(a)).execute();
    assert.equal(link.length, 0, 'a customer on no day and never served is no longer the driver’s');
    assert.deepEqual(counts(await batch([{ chofer: 'CH07', dia: dayName(PLAN_WD), cliente: a }], REMOVE)), [1, 0, 1, 0], 'the same removal again: unchanged');
  });

  test("another company's row, a foreign company's key, a user token, a key without the scope: refused, nothing written", async () => {
    const count = async () => (await sql<{ n: number }>`select count(*)::int as n from route_stops where company_id = ${companyId} and position = 77`.execute(ctx.db)).rows[0]!.n;
    const [a] = codes as [number];
    expectRefused(await sendBatch(ctx.app, secret, URL, [stop(a, 77), stop(a, 77, { cuit_empresa: DEL_SUR, dia: 1 })]), 403, integrationBatchMsg.filaDeOtraEmpresa(2));
    await makeAdminOf(ctx.db, 'admin', DEL_SUR);
    const foreign = (await createKey(ctx.app, admin, DEL_SUR, { nombre: 'ERP del sur', escribir: ['recorridos'] })).secreto;
    assert.deepEqual((await batch([stop(a, 77)], URL, foreign)).rechazadas, 1, "La Pampa's driver code is unknown to Del Sur");
    expectRefused(await sendBatch(ctx.app, rep, URL, [stop(a, 77)]), 401, integrationMsg.soloClaves);
    const other = (await createKey(ctx.app, admin, LA_PAMPA, { nombre: 'ERP clientes', escribir: ['clientes'] })).secreto;
    expectRefused(await sendBatch(ctx.app, other, URL, [stop(a, 77)]), 403, integrationMsg.sinPermisoEscribir(INTEGRATION_KIND_LABELS.recorridos.toLowerCase()));
    assert.equal(await count(), 0);
  });

  test('two concurrent batches of the same stops converge: one stop each, the day in the plan\'s order', async () => {
    const wd = (PLAN_WD % 7) + 1;
    const many = (await ctx.db.selectFrom('entities').select('code').where('company_id', '=', companyId).where('active', '=', true)
      .where('code', '<', 900000).orderBy('code', 'desc').limit(30).execute()).map((e) => e.code);
    const a = many.map((code, i) => stop(code, i + 1, { dia: wd, turno: 'tarde' }));
    const [ra, rb] = await Promise.all([batch(a), batch([...a].reverse())]);
    assert.equal(ra.rechazadas + rb.rechazadas, 0);
    assert.equal(ra.aceptadas + ra.sin_cambios, 30);
    const n = await sql<{ n: number }>`select count(*)::int as n from route_stops r join entities e on e.id = r.entity_id
      where r.company_id = ${companyId} and r.user_id = ${repId} and r.weekday = ${wd} and e.code = any(${many}::int[])`.execute(ctx.db);
    assert.equal(n.rows[0]!.n, 30);
    assert.deepEqual(counts(await batch(a)), [30, 0, 30, 0]);
    const shown = await expectPlanShown(wd, 'after concurrent batches');
    assert.deepEqual(shown.filter((c) => c.turno === 'tarde').slice(0, 30).map((c) => c.codenti_id), many);
  });

  test("a code the administrator gives the driver in Usuarios binds the ERP's rows that name only the code", async () => {
    const d = codes[5]!;
    const orphan = await batch([stop(d, 1, { chofer: 'CH55' })]);
    assert.deepEqual(orphan.rechazos, [{ fila: 1, campo: 'chofer', mensaje: planMsg.choferSinUsuario('CH55') }]);
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/public/proxy/usuarios/repartidor', headers: bearer(admin, { cuit: LA_PAMPA }), payload: { codigo_chofer: 'CH55' } });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(counts(await batch([stop(d, 1, { chofer: 'CH55' })])), [1, 1, 0, 0]);
    // The code the ERP bound before is the driver's no more.
    const old = await batch([stop(d, 2, { chofer: 'CH07' })]);
    assert.deepEqual(old.rechazos, [{ fila: 1, campo: 'chofer', mensaje: planMsg.choferSinUsuario('CH07') }]);
    const back = await ctx.app.inject({ method: 'PATCH', url: '/api/public/proxy/usuarios/repartidor', headers: bearer(admin, { cuit: LA_PAMPA }), payload: { codigo_chofer: 'CH07' } });
    assert.equal(back.statusCode, 200, back.body);
  });

  test('the OpenAPI document carries the kind with its example, and the example loads', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, { post?: { requestBody: { content: Record<string, { examples: Record<string, { value: unknown }> }> } } }>;
    };
    assert.deepEqual(doc.paths[`${INTEGRATION}/{tipo}`]!.post!.requestBody.content['application/json']!.examples.recorridos!.value, [ROUTE_STOP_ROW_EXAMPLE]);
    assert.deepEqual(doc.paths[`${INTEGRATION}/{tipo}/bajas`]!.post!.requestBody.content['application/json']!.examples.recorridos!.value, [ROUTE_STOP_REMOVAL_EXAMPLE]);
    assert.deepEqual(counts(await batch([{ ...ROUTE_STOP_ROW_EXAMPLE, usuario: null, cliente: codes[1] }])), [1, 1, 0, 0]);
  });
});
