import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Migrator, sql } from 'kysely';
import type { DB } from '../database.js';
import { createTestDb } from '../../test/helpers.js';
import { migrationProvider } from './index.js';

/**
 * Migrations 20261202_1000 (grain vouchers numbered by point of sale and number) and 20261202_1100 (applied lines)
 * over data as the portal held it before them: the demo migrated back to 20261201_1100, its 1116B/C settlements
 * with the partial settlement's 'LP-' prefix as they were seeded, then migrated forward again, gives the numbers
 * and lines the current seed and approval write.
 */

let db: DB;
let close: () => Promise<void>;
before(async () => {
  ({ db, close } = await createTestDb());
});
after(async () => {
  await close?.();
});

const grain = () => sql<{ id: string; kind: number; series: number; number: number }>`select id::text, kind, series, number from grain_movements order by id`.execute(db).then((r) => r.rows);
const lines = () =>
  sql<{ movement_id: string; line_no: number; kind: string; description: string; amount: string }>`select movement_id::text, line_no, kind, description, amount::text
    from voucher_lines order by movement_id, line_no`.execute(db).then((r) => r.rows);

test('grain vouchers keep their numbers and take their point of sale; receipts and settlements get their applied lines', async () => {
  const numbers = await grain();
  const voucherLines = await lines();
  assert.ok(voucherLines.some((l) => l.kind === 'applied'), 'the demo has applied lines');
  const portal = await sql<{ n: number }>`select count(*)::int as n from voucher_lines l join receipts r on r.movement_id = l.movement_id`.execute(db);
  assert.ok(portal.rows[0]!.n > 0, 'the demo has approved portal receipts with their lines');

  const migrator = new Migrator({ db, provider: migrationProvider() });
  const down = await migrator.migrateTo('20261201_1100_quick_order');
  assert.equal(down.error, undefined, String(down.error));
  // As the portal held them: a prefixed text (the 1116B/C settlements with the partial one's 'LP-'), 'Cancela …' lines
  // beside the payments, and no lines on the portal's approved receipts.
  await sql`update grain_movements set voucher = 'LP-' || substring(voucher from 4) where kind = 4`.execute(db);
  const old = await sql<{ voucher: string }>`select voucher from grain_movements where kind = 4 limit 1`.execute(db);
  assert.match(old.rows[0]!.voucher, /^LP-\d+$/);
  const cancels = await sql<{ n: number }>`select count(*)::int as n from voucher_lines where kind = 'other' and description like 'Cancela %'`.execute(db);
  assert.ok(cancels.rows[0]!.n > 0);
  const none = await sql<{ n: number }>`select count(*)::int as n from voucher_lines l join receipts r on r.movement_id = l.movement_id`.execute(db);
  assert.equal(none.rows[0]!.n, 0);

  const up = await migrator.migrateToLatest();
  assert.equal(up.error, undefined, String(up.error));
  assert.deepEqual(await grain(), numbers);
  assert.deepEqual(await lines(), voucherLines);
});
