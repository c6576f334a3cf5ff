import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Migrator, sql } from 'kysely';
import type { DB } from '../database.js';
import { createTestDb } from '../../test/helpers.js';
import { migrationProvider } from './index.js';

/**
 * Migration 20261205_1000 (a grain voucher is one per company, kind, point of sale and number) over data with numbers
 * repeated, as the demo drew them at random: the first row keeps its number, the later ones take the next free ones.
 */

let db: DB;
let close: () => Promise<void>;
before(async () => {
  ({ db, close } = await createTestDb());
});
after(async () => {
  await close?.();
});

type Row = { id: string; company_id: number; kind: number; series: number; number: number };
const grain = () => sql<Row>`select id::text, company_id, kind, series, number from grain_movements order by id`.execute(db).then((r) => r.rows);

test('repeated grain voucher numbers: the first keeps it, the later ones take the next free numbers; then the identity is unique', async () => {
  const migrator = new Migrator({ db, provider: migrationProvider() });
  const down = await migrator.migrateTo('20261204_1100_movement_identity');
  assert.equal(down.error, undefined, String(down.error));
  // Three romaneos of one company with the number of the first; two certificates share another.
  const ro = (await sql<Row>`select id::text, company_id, kind, series, number from grain_movements where kind = 1 order by id limit 3`.execute(db)).rows;
  const ce = (await sql<Row>`select id::text, company_id, kind, series, number from grain_movements where kind = 2 and company_id = ${ro[0]!.company_id} order by id limit 2`.execute(db)).rows;
  assert.ok(ro.length === 3 && ce.length === 2 && ro.every((r) => r.company_id === ro[0]!.company_id));
  await sql`update grain_movements set number = ${ro[0]!.number} where id in (${ro[1]!.id}, ${ro[2]!.id})`.execute(db);
  await sql`update grain_movements set number = ${ce[0]!.number} where id = ${ce[1]!.id}`.execute(db);
  const before = await grain();
  const max = async (kind: number) =>
    (await sql<{ m: number }>`select max(number) as m from grain_movements where company_id = ${ro[0]!.company_id} and kind = ${kind} and series = ${kind === 1 ? ro[0]!.series : ce[0]!.series}`.execute(db)).rows[0]!.m;
  const [maxRo, maxCe] = [await max(1), await max(2)];

  const up = await migrator.migrateToLatest();
  assert.equal(up.error, undefined, String(up.error));
  const after = await grain();
  const number = new Map(after.map((r) => [r.id, r.number]));
  assert.equal(number.get(ro[0]!.id), ro[0]!.number, 'the first keeps its number');
  assert.deepEqual([number.get(ro[1]!.id), number.get(ro[2]!.id)], [maxRo + 1, maxRo + 2]);
  assert.equal(number.get(ce[0]!.id), ce[0]!.number);
  assert.equal(number.get(ce[1]!.id), maxCe + 1);
  const changed = new Set([ro[1]!.id, ro[2]!.id, ce[1]!.id]);
  assert.deepEqual(after.filter((r) => !changed.has(r.id)), before.filter((r) => !changed.has(r.id)), 'every other voucher as it was');
  assert.equal(new Set(after.map((r) => `${r.company_id}|${r.kind}|${r.series}|${r.number}`)).size, after.length);
  await assert.rejects(sql`update grain_movements set number = ${ro[0]!.number} where id = ${ro[1]!.id}`.execute(db), /grain_movements_voucher_key|unique|duplicate/i);
});
