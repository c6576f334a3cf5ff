import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { todayInArgentina } from '@portal/contract';
import type { DB } from '../db/database.js';
import { writeWatchOf } from '../db/write-watch.js';
import { INTEGRATION_API_PREFIX } from '@portal/contract';
import { createTestDb, LA_PAMPA } from './helpers.js';

/**
 * Two server processes, as two machines behind a load balancer: each with its own DATA_DIR and port, both on one
 * PostgreSQL (the embedded database is one process: this file runs on PostgreSQL only). Whatever one of them
 * prepared, the other serves; what one writes, the other's kept answers reflect; and one DATA_DIR deleted loses nothing
 * (docs/operations.md).
 */
const url = process.env.TEST_DATABASE_URL;
const serverDir = path.resolve(import.meta.dirname, '../..');

type Machine = { base: string; dataDir: string; child: ChildProcess };
let db: DB;
let closeDb: () => Promise<void>;
let a: Machine;
let b: Machine;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function start(databaseUrl: string): Promise<Machine> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-machine-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl, SEED_DEMO: 'false', WEB_DIST: path.join(dataDir, 'no-web'), TMPDIR: process.env.TMPDIR,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server process ended with ${child.exitCode}`);
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ok) return { base, dataDir, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server process did not start in 60 s');
}

async function stop(m: Machine | undefined): Promise<void> {
  if (!m) return;
  if (m.child.exitCode === null) {
    const ended = new Promise((r) => m.child.once('exit', r));
    m.child.kill('SIGTERM');
    await ended;
  }
  await rm(m.dataDir, { recursive: true, force: true });
}

before(async () => {
  if (!url) return;
  const t = await createTestDb();
  db = t.db;
  closeDb = t.close;
  // Both start at once, as a deployment does: the migrations are serialized by the migrator's lock.
  [a, b] = await Promise.all([start(t.url!), start(t.url!)]);
});
after(async () => {
  await Promise.all([stop(a), stop(b)]);
  if (closeDb) await closeDb();
});

async function call(m: Machine, method: string, p: string, init: { headers?: Record<string, string>; json?: unknown; body?: BodyInit } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  return fetch(`${m.base}${p}`, { method, headers, body });
}
async function login(m: Machine, username: string, password = 'Demo1234') {
  const res = await call(m, 'POST', '/api/public/oauth', { json: { client_id: 'master', grant_type: 'password', username, password } });
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()) as { access_token: string; refresh_token: string };
}
const entity = (token: string) => ({ authorization: `Bearer ${token}`, cuit: LA_PAMPA, entity_id: '1001' });

describe('two server processes on one PostgreSQL', { skip: url ? false : 'PostgreSQL only (TEST_DATABASE_URL)' }, () => {
  test('a login through one is refreshed, used and revoked through the other', async () => {
    const t = await login(a, 'productor');
    const refreshed = await call(b, 'POST', '/api/public/oauth', { json: { client_id: 'master', grant_type: 'refresh_token', refresh_token: t.refresh_token } });
    assert.equal(refreshed.status, 200);
    const next = (await refreshed.json()) as { access_token: string };
    assert.equal((await call(a, 'GET', '/api/public/sessions/sessions', { headers: { authorization: `Bearer ${next.access_token}` } })).status, 200);
    // The gate keeps its answers in each process (GATE_CACHE_MS) and forgets them at the commit of a revocation, in the
    // other process when PostgreSQL's notification reaches it: milliseconds after the commit, so the other process is
    // given up to a second (docs/decisions/throughput.md 'Access gate'), far less than the 5 s a kept answer lives.
    assert.equal((await call(b, 'GET', '/api/public/sessions/sessions', { headers: { authorization: `Bearer ${next.access_token}` } })).status, 200);
    assert.equal((await call(a, 'DELETE', `/api/public/revocation/${next.access_token}`)).status, 200);
    const revokedAt = Date.now();
    let status = 0;
    while (Date.now() - revokedAt < 1_000) {
      status = (await call(b, 'GET', '/api/public/sessions/sessions', { headers: { authorization: `Bearer ${next.access_token}` } })).status;
      if (status === 401) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.equal(status, 401, 'the other process still let the revoked token in a second after the revocation');
  });

  test("a suspension written in a transaction elsewhere reaches both processes' kept gate answers at its commit", async () => {
    const t = await login(a, 'productor');
    const dashboard = (m: Machine) => call(m, 'GET', '/api/public/data', { headers: entity(t.access_token) });
    for (const m of [a, b, a, b]) assert.equal((await dashboard(m)).status, 200, 'kept by each process');
    const user = await db.selectFrom('users').select('id').where('username', '=', 'productor').executeTakeFirstOrThrow();
    const company = await db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
    // This process writes as a third server would: its writes to the gate's tables are notified to the others.
    writeWatchOf(db)!.watch(['memberships']);
    const suspend = (suspended: boolean) =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('memberships').set({ suspended }).where('user_id', '=', user.id).where('company_id', '=', company.id).execute();
        await trx.selectFrom('users').select('id').where('id', '=', user.id).execute();
      });
    await suspend(true);
    try {
      // Not the 5 s a kept answer lives: the transaction's one notification, sent with its commit.
      for (const m of [a, b]) {
        const started = Date.now();
        let status = 0;
        while (Date.now() - started < 1_000) {
          status = (await dashboard(m)).status;
          if (status === 403) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        assert.equal(status, 403, `a process still let the suspended membership in ${Date.now() - started} ms after the commit`);
      }
    } finally {
      await suspend(false);
    }
  });

  test('a rate limit counts the requests of both', async () => {
    const forgot = (m: Machine) => call(m, 'POST', '/api/public/usuarios?forgotPassword=true', { json: { mail: 'nadie-dos-maquinas@example.com' } });
    const statuses = [];
    for (const m of [a, b, a, b]) statuses.push((await forgot(m)).status);
    assert.deepEqual(statuses, [200, 200, 200, 429], 'three recoveries per account and hour, wherever they land');
  });

  test('a receipt’s file posted through one is downloaded through the other, and survives a deleted DATA_DIR', async () => {
    const t = await login(a, 'productor');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const form = new FormData();
    const transfer = { codcon: 1, campos: [
      { id: 'banco', value: '2' }, { id: 'fecha', value: todayInArgentina() }, { id: 'operacion', value: '004512339' },
      { id: 'importe', value: '10.00' }, { id: 'comprobante', file: 0 },
    ] };
    const pending = await call(b, 'GET', '/api/public/proxy/recibos/getAllPendientes', { headers: entity(t.access_token) });
    const docs = ((await pending.json()) as { items: Array<{ id: number; importe_saldo: string }> }).items;
    const doc = docs.find((d) => Number(d.importe_saldo) >= 10)!;
    form.set('formaPago', JSON.stringify([transfer]));
    form.set('comprobantes', JSON.stringify([{ id: doc.id, importe: '10.00' }]));
    form.set('observaciones', JSON.stringify({ fecha: todayInArgentina(), observacion: 'dos máquinas' }));
    form.set('totalSeleccionado', '10.00');
    form.set('totalAcobrar', '10.00');
    form.append('files[]', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'transferencia.pdf');
    const posted = await call(a, 'POST', '/api/public/proxy/recibos', { headers: { ...entity(t.access_token), 'idempotency-key': `dos-maquinas-${Date.now()}` }, body: form });
    assert.equal(posted.status, 200, await posted.clone().text());
    const { recibo } = (await posted.json()) as { recibo: { id: number; adjuntos: Array<{ id: number }> } };
    const download = async (m: Machine) => call(m, 'GET', `/api/public/proxy/recibos/${recibo.id}/adjuntos/${recibo.adjuntos[0]!.id}`, { headers: entity(t.access_token) });
    const viaB = await download(b);
    assert.equal(viaB.status, 200);
    assert.ok(Buffer.from(await viaB.arrayBuffer()).equals(pdf));

    // The share link made through one opens through the other.
    const share = await call(a, 'GET', `/api/public/proxy/recibos/${recibo.id}/compartir`, { headers: entity(t.access_token) });
    assert.equal(share.status, 200, await share.clone().text());
    const link = new URL(((await share.json()) as { url: string }).url);
    const shared = await call(b, 'GET', link.pathname);
    assert.equal(shared.status, 200);
    assert.equal(shared.headers.get('content-type'), 'application/pdf');

    await rm(a.dataDir, { recursive: true, force: true });
    for (const m of [a, b]) {
      const again = await download(m);
      assert.equal(again.status, 200, 'nothing was kept on the deleted disk');
      assert.ok(Buffer.from(await again.arrayBuffer()).equals(pdf));
    }
  });

  test('a catalogue answer kept by one is renewed when the ERP writes through the other', async () => {
    const t = await login(a, 'productor');
    const search = async () => {
      const res = await call(a, 'GET', `/api/public/proxy/pedidos?filtros=${encodeURIComponent(JSON.stringify({ patron: 'zzdosmaquinas' }))}`, { headers: entity(t.access_token) });
      assert.equal(res.status, 200, await res.clone().text());
      return ((await res.json()) as { productos: Array<{ nombre: string }> }).productos.map((p) => p.nombre);
    };
    // Asked twice through A: the second answer is A's kept one (the catalogue keeps it a minute).
    assert.deepEqual(await search(), []);
    assert.deepEqual(await search(), []);

    const admin = await login(b, 'admin', 'Admin1234');
    const key = await call(b, 'POST', '/api/public/proxy/integracion/claves', {
      headers: { authorization: `Bearer ${admin.access_token}`, cuit: LA_PAMPA },
      json: { nombre: 'ERP dos máquinas', escribir: ['productos', 'precios'] },
    });
    assert.equal(key.status, 201, await key.clone().text());
    const { secreto } = (await key.json()) as { secreto: string };
    const lists = await db.selectFrom('price_lists as l').innerJoin('companies as c', 'c.id', 'l.company_id').select('l.code').where('c.cuit', '=', LA_PAMPA).execute();
    const batch = async (kind: string, rows: unknown[]) => {
      const res = await call(b, 'POST', `${INTEGRATION_API_PREFIX}/${kind}`, { headers: { authorization: `Bearer ${secreto}` }, json: rows });
      assert.equal(res.status, 200, await res.clone().text());
    };
    await batch('productos', [{ codigo: 93001, codigo_alfa: 'ZD-93001', nombre: 'Zzdosmaquinas coadyuvante', unidad_venta: 'Bidón x 5 l', unidad: 'l', factor: '5', familia: { codigo: 9301, nombre: 'Coadyuvantes ERP' } }]);
    await batch('precios', lists.map((l) => ({ lista: l.code, producto: 93001, precio: '1234.50' })));

    // A learns of B's commit from PostgreSQL's NOTIFY, not from the minute running out: within moments.
    const started = Date.now();
    let names = await search();
    while (names.length === 0 && Date.now() - started < 3_000) {
      await new Promise((r) => setTimeout(r, 50));
      names = await search();
    }
    assert.deepEqual(names, ['Zzdosmaquinas coadyuvante'], `seen through A after ${Date.now() - started} ms`);
  });

  test('a ZIP and a voucher PDF prepared through one open through the other', async () => {
    const t = await login(b, 'productor');
    const vouchers = await db
      .selectFrom('account_movements as m')
      .innerJoin('entities as e', 'e.id', 'm.entity_id')
      .innerJoin('companies as c', 'c.id', 'm.company_id')
      .select(['m.voucher_code', 'm.series', 'm.number'])
      .where('c.cuit', '=', LA_PAMPA)
      .where('e.code', '=', 1001)
      .where('m.printable', '=', true)
      .orderBy('m.id')
      .limit(2)
      .execute();
    assert.equal(vouchers.length, 2);
    const keys = vouchers.map((v) => ({ codcom: v.voucher_code, codtal: v.series, numero: v.number }));
    const zip = await call(b, 'GET', `/api/public/proxy/cgi/etenet_cabcbte?zip=true&comprobantes=${encodeURIComponent(JSON.stringify(keys))}`, { headers: entity(t.access_token) });
    assert.equal(zip.status, 200, await zip.clone().text());
    const zipUrl = ((await zip.json()) as { url: string }).url;
    const zipped = await call(a, 'GET', zipUrl);
    assert.equal(zipped.status, 200);
    assert.equal(zipped.headers.get('content-type'), 'application/zip');
    assert.equal(Buffer.from(await zipped.arrayBuffer()).subarray(0, 2).toString(), 'PK');

    const [v] = keys;
    const direct = await call(b, 'GET', `/api/public/proxy/files?codcom=${v!.codcom}&codtal=${v!.codtal}&numero=${v!.numero}&directa=true`, { headers: entity(t.access_token) });
    assert.equal(direct.status, 200, await direct.clone().text());
    const pdfUrl = ((await direct.json()) as { archivo: string }).archivo;
    await rm(b.dataDir, { recursive: true, force: true });
    const opened = await call(a, 'GET', pdfUrl);
    assert.equal(opened.status, 200);
    assert.equal(Buffer.from(await opened.arrayBuffer()).subarray(0, 5).toString(), '%PDF-');
  });
});
