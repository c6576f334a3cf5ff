import { sql, type RawBuilder } from 'kysely';

/**
 * What approved receipts apply to the ledger document aliased `alias` (an account_movements row): subtracted from its
 * amount it gives the outstanding amount (statements.md §3: importe_total − importe_aplicado). 'Vencido' on the
 * dashboard and the statements' carousel sums it, so approving a receipt moves 'Vencido' together with the balance
 * (the receipt's credit enters the ledger at approval too); receipts still waiting for approval change neither.
 */
export function approvedApplied(alias: string): RawBuilder<string> {
  const m = sql.table(alias);
  return sql<string>`coalesce((select sum(ra.amount) from receipt_applications ra join receipts r on r.id = ra.receipt_id
    where ra.company_id = ${m}.company_id and ra.movement_id = ${m}.id and r.status = 'approved'), 0)`;
}
