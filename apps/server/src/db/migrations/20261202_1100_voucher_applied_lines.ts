import { type Kysely, sql } from 'kysely';

/**
 * What a receipt or a settlement is applied to is a kind of voucher line of its own, 'applied' (docs/decisions/fiscal.md
 * 'Lines'): the documents it cancels and what was left on account. They were 'other' lines beside the payment, so a
 * receipt showed two amounts adding to twice its total:
 * - the ERP's receipts and the exchange settlements of the demo: their 'Cancela {documento}' lines become applied
 *   lines naming the document;
 * - the portal's receipts approved before approval wrote their lines get them from what the receipt holds
 *   (receiptLinesFromReceipts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table voucher_lines drop constraint if exists voucher_lines_kind_check`.execute(db);
  await sql`alter table voucher_lines add constraint voucher_lines_kind_check check (kind in ('product', 'other', 'applied'))`.execute(db);
  await sql`update voucher_lines l set kind = 'applied', description = substring(l.description from 9)
    from account_movements m
    where m.id = l.movement_id and m.voucher_code in ('RC', 'LC') and l.kind = 'other' and l.description like 'Cancela %'`.execute(db);
  await receiptLinesFromReceipts(db);
}

/**
 * The lines of every approved receipt of the portal whose movement has none, as approval writes them
 * (lib/receipt-lines.ts): one 'other' line per payment ('{method} — {label}: {value} · …'), then one 'applied' line
 * per document ('{voucher name} {00003-00001234}') and 'Pago a cuenta' for what was collected beyond them.
 * Exported for its test.
 */
export async function receiptLinesFromReceipts(db: Kysely<unknown>): Promise<void> {
  await sql`with todo as (
      select r.id, r.company_id, r.movement_id, r.total_selected, r.total_collected from receipts r
      where r.status = 'approved' and r.movement_id is not null
        and not exists (select 1 from voucher_lines l where l.movement_id = r.movement_id)
    ), lines as (
      select t.company_id, t.movement_id, 1 as part, p.line_no as n, 'other' as kind,
        pm.name || coalesce(' — ' || (select string_agg((f.value ->> 'label') || ': ' || (f.value ->> 'value'), ' · ' order by f.ordinality)
          from jsonb_array_elements(p.fields) with ordinality as f(value, ordinality)), '') as description,
        p.amount
      from todo t join receipt_payments p on p.receipt_id = t.id join payment_methods pm on pm.id = p.method_id
      union all
      select t.company_id, t.movement_id, 2, a.id, 'applied',
        m.voucher_name || ' ' || lpad(m.series::text, 5, '0') || '-' || lpad(m.number::text, 8, '0'), a.amount
      from todo t join receipt_applications a on a.receipt_id = t.id join account_movements m on m.id = a.movement_id
      union all
      select t.company_id, t.movement_id, 3, 0, 'applied', 'Pago a cuenta', t.total_collected - t.total_selected
      from todo t where t.total_collected > t.total_selected
    )
    insert into voucher_lines (company_id, movement_id, line_no, kind, description, amount)
    select company_id, movement_id, row_number() over (partition by movement_id order by part, n), kind, description, amount from lines`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from voucher_lines l using receipts r where r.movement_id = l.movement_id`.execute(db);
  await sql`update voucher_lines set kind = 'other', description = 'Cancela ' || description where kind = 'applied'`.execute(db);
  await sql`alter table voucher_lines drop constraint if exists voucher_lines_kind_check`.execute(db);
  await sql`alter table voucher_lines add constraint voucher_lines_kind_check check (kind in ('product', 'other'))`.execute(db);
}
