import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Monthly checkpoints of the current account (docs/decisions/statements.md, 'Running balance'): per company, entity,
 * currency, account type, ordering basis ('c' voucher date, 'f' due date or the voucher date when there is none) and
 * month, the sum and the number of the movements whose ordering date falls in that month (and how many of them are
 * credits and debits, for the 'credito'/'debito' filters). A row's running balance is
 * then the sum of the checkpoints of the months before its own plus a window over its own month only, and a page
 * deep in the list finds its month from the counts instead of walking every newer row.
 *
 * Kept by statement-level triggers on account_movements in the writer's transaction (every write path — the
 * order invoicing, receipts, seeds, migrations, a manual fix — keeps them right, back-dated inserts included:
 * a movement changes its month's row only, never the later months'). Filled here from the rows already there.
 *
 * Also: an index for the distinct voucher types of an entity (a skip scan, not a read of every movement) and a
 * partial index on unsettled documents for 'Vencido' (the statements' carousel and the dashboard).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table statement_checkpoints (
    company_id integer not null,
    entity_id integer not null,
    currency text not null,
    basis "char" not null check (basis in ('c', 'f')),
    month date not null,
    account_type smallint not null,
    total numeric not null,
    movements integer not null,
    credits integer not null,
    debits integer not null,
    constraint statement_checkpoints_pk primary key (company_id, entity_id, currency, basis, month, account_type)
  )`.execute(db);

  // One function for the three events: each changed row counts +1 (inserted, or the new version of an updated row)
  // or -1 (deleted, or the old version). Rows are upserted in key order so two writers of one entity lock them in
  // the same order. A transition table exists only for its events, hence one statement per event.
  await sql`create function statement_checkpoints_apply() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'INSERT' then
        ${upsert(sql`${changedRows('new_rows', 1)}`)};
      elsif tg_op = 'DELETE' then
        ${upsert(sql`${changedRows('old_rows', -1)}`)};
      else
        ${upsert(sql`${changedRows('new_rows', 1)} union all ${changedRows('old_rows', -1)}`)};
      end if;
      if tg_op <> 'INSERT' then
        delete from statement_checkpoints s
        where s.movements = 0 and (s.company_id, s.entity_id) in (select distinct o.company_id, o.entity_id from old_rows o);
      end if;
      return null;
    end
  $fn$`.execute(db);
  await sql`create function statement_checkpoints_truncate() returns trigger language plpgsql as $fn$
    begin
      truncate statement_checkpoints;
      return null;
    end
  $fn$`.execute(db);
  // PostgreSQL allows transition tables on single-event triggers only. An UPDATE trigger with transition tables
  // cannot list columns: one that changes neither amount, currency, account type nor dates (settling a document)
  // nets to nothing and writes nothing.
  await sql`create trigger statement_checkpoints_insert after insert on account_movements
    referencing new table as new_rows for each statement execute function statement_checkpoints_apply()`.execute(db);
  await sql`create trigger statement_checkpoints_update after update on account_movements
    referencing old table as old_rows new table as new_rows for each statement execute function statement_checkpoints_apply()`.execute(db);
  await sql`create trigger statement_checkpoints_delete after delete on account_movements
    referencing old table as old_rows for each statement execute function statement_checkpoints_apply()`.execute(db);
  await sql`create trigger statement_checkpoints_truncate after truncate on account_movements
    for each statement execute function statement_checkpoints_truncate()`.execute(db);

  await sql`insert into statement_checkpoints (company_id, entity_id, currency, basis, month, account_type, total, movements, credits, debits)
    select m.company_id, m.entity_id, m.currency, b.basis, b.month, m.account_type, sum(m.amount), count(*),
      count(*) filter (where m.amount < 0), count(*) filter (where m.amount > 0)
    from account_movements m
    cross join lateral (values ('c'::"char", date_trunc('month', m.date::timestamp)::date),
                               ('f'::"char", date_trunc('month', coalesce(m.due_date, m.date)::timestamp)::date)) as b(basis, month)
    group by 1, 2, 3, 4, 5, 6`.execute(db);

  await sql`create index account_movements_voucher_names on account_movements (company_id, entity_id, voucher_name, account_type)`.execute(db);
  await sql`create index account_movements_unsettled on account_movements (company_id, entity_id, due_date) where not settled`.execute(db);
  await sql`analyze statement_checkpoints`.execute(db);
}

/** The changed rows of one transition table with their sign, in the columns the checkpoints need. */
function changedRows(table: 'new_rows' | 'old_rows', delta: 1 | -1) {
  return sql.raw(`select company_id, entity_id, currency, account_type, date, due_date, amount, ${delta} as delta from ${table}`);
}

/** Adds the changed rows (signed) to their months' checkpoints, under both ordering bases. */
function upsert(changed: RawBuilder<unknown>) {
  return sql`with changed as (${changed}), keyed as (
      select c.company_id, c.entity_id, c.currency, b.basis, b.month, c.account_type, c.amount * c.delta as amount, c.delta,
        case when c.amount < 0 then c.delta else 0 end as credit, case when c.amount > 0 then c.delta else 0 end as debit
      from changed c
      cross join lateral (values ('c'::"char", date_trunc('month', c.date::timestamp)::date),
                                 ('f'::"char", date_trunc('month', coalesce(c.due_date, c.date)::timestamp)::date)) as b(basis, month)
    )
    insert into statement_checkpoints as s (company_id, entity_id, currency, basis, month, account_type, total, movements, credits, debits)
    select company_id, entity_id, currency, basis, month, account_type, sum(amount), sum(delta), sum(credit), sum(debit)
    from keyed
    group by company_id, entity_id, currency, basis, month, account_type
    having sum(amount) <> 0 or sum(delta) <> 0
    order by company_id, entity_id, currency, basis, month, account_type
    on conflict (company_id, entity_id, currency, basis, month, account_type)
      do update set total = s.total + excluded.total, movements = s.movements + excluded.movements,
        credits = s.credits + excluded.credits, debits = s.debits + excluded.debits`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index account_movements_unsettled`.execute(db);
  await sql`drop index account_movements_voucher_names`.execute(db);
  for (const t of ['insert', 'update', 'delete', 'truncate']) await sql.raw(`drop trigger statement_checkpoints_${t} on account_movements`).execute(db);
  await sql`drop function statement_checkpoints_truncate()`.execute(db);
  await sql`drop function statement_checkpoints_apply()`.execute(db);
  await sql`drop table statement_checkpoints`.execute(db);
}
