import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase } from './database.js';

test('PGlite: a plain query issued while another transaction is open neither joins it nor is lost on its rollback', async () => {
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await sql`create table t (v text not null)`.execute(db);
    let releaseTx!: () => void;
    const txHolds = new Promise<void>((r) => (releaseTx = r));
    let markStarted!: () => void;
    const txStarted = new Promise<void>((r) => (markStarted = r));
    const failing = db.transaction().execute(async (trx) => {
      await sql`insert into t values ('rolled back')`.execute(trx);
      markStarted();
      await txHolds;
      throw new Error('boom');
    });
    await txStarted;
    // Issued while the transaction is open: must wait for it, then run on its own.
    const plain = db.insertInto('t' as never).values({ v: 'kept' } as never).execute();
    const committed = db.transaction().execute(async (trx) => {
      await sql`insert into t values ('committed')`.execute(trx);
    });
    releaseTx();
    await assert.rejects(failing, /boom/);
    await Promise.all([plain, committed]);
    const rows = await sql<{ v: string }>`select v from t order by v`.execute(db);
    assert.deepEqual(rows.rows.map((r) => r.v), ['committed', 'kept']);
  } finally {
    await db.destroy();
  }
});

test('PGlite: many overlapping transactions each see only their own writes and all commit', async () => {
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await sql`create table c (n int not null)`.execute(db);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await sql`insert into c values (${i})`.execute(trx);
          await new Promise((r) => setTimeout(r, 1));
          const mine = await sql<{ n: number }>`select count(*)::int as n from c where n = ${i}`.execute(trx);
          assert.equal(mine.rows[0]?.n, 1);
        }),
      ),
    );
    const total = await sql<{ n: number }>`select count(*)::int as n from c`.execute(db);
    assert.equal(total.rows[0]?.n, 20);
  } finally {
    await db.destroy();
  }
});
