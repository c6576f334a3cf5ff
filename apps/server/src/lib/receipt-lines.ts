import Decimal from 'decimal.js';
import { voucherNumberText } from '@portal/contract';
import type { DB } from '../db/database.js';

/**
 * What a portal receipt holds, as lines (docs/decisions/receipts.md 'Documents'): its payments, which add up to what
 * it received, and apart what it is applied to — each document it pays and 'Pago a cuenta' for what was collected
 * beyond them. The receipt's own list and PDF (receipts area) and its ledger movement's voucher lines (written at
 * approval, shown by the statements and the fiscal documents) read them from here, so they say the same.
 */

export type ReceiptLine = { description: string; amount: string };

/** A payment line: '{method} — {label}: {value} · {label}: {value}'. */
export function paymentText(method: string, fields: ReadonlyArray<{ label: string; value: string }>): string {
  const detail = fields.map((f) => `${f.label}: ${f.value}`).join(' · ');
  return detail ? `${method} — ${detail}` : method;
}

/** A document the receipt pays: 'Factura A 00003-00001234'. */
export const appliedText = (d: { voucher_name: string; series: number; number: number }) => `${d.voucher_name} ${voucherNumberText(d.series, d.number)}`;

export const ON_ACCOUNT = 'Pago a cuenta';

/** What was collected beyond the documents, as an applied line; none when nothing was. */
export function onAccountLine(totalSelected: Decimal.Value, totalCollected: Decimal.Value): ReceiptLine[] {
  const rest = new Decimal(totalCollected).minus(totalSelected);
  return rest.gt(0) ? [{ description: ON_ACCOUNT, amount: rest.toFixed(2) }] : [];
}

/** The payments and the applied lines of one receipt, from its rows. */
export async function receiptLines(db: DB, companyId: number, receiptId: number): Promise<{ payments: ReceiptLine[]; applied: ReceiptLine[] }> {
  const [receipt, payments, applications] = await Promise.all([
    db.selectFrom('receipts').select(['total_selected', 'total_collected']).where('company_id', '=', companyId).where('id', '=', receiptId).executeTakeFirstOrThrow(),
    db
      .selectFrom('receipt_payments as p')
      .innerJoin('payment_methods as pm', 'pm.id', 'p.method_id')
      .select(['p.amount', 'p.fields', 'pm.name'])
      .where('p.company_id', '=', companyId)
      .where('p.receipt_id', '=', receiptId)
      .orderBy('p.line_no')
      .execute(),
    db
      .selectFrom('receipt_applications as a')
      .innerJoin('account_movements as m', 'm.id', 'a.movement_id')
      .select(['a.amount', 'm.voucher_name', 'm.series', 'm.number'])
      .where('a.company_id', '=', companyId)
      .where('a.receipt_id', '=', receiptId)
      .orderBy('a.id')
      .execute(),
  ]);
  return {
    payments: payments.map((p) => ({ description: paymentText(p.name, p.fields), amount: new Decimal(p.amount).toFixed(2) })),
    applied: [
      ...applications.map((a) => ({ description: appliedText(a), amount: new Decimal(a.amount).toFixed(2) })),
      ...onAccountLine(receipt.total_selected, receipt.total_collected),
    ],
  };
}

/** Writes the receipt's lines on its ledger movement (at approval): its payments ('other'), then what it is applied to ('applied'). */
export async function writeReceiptLines(db: DB, companyId: number, receiptId: number, movementId: string): Promise<void> {
  const { payments, applied } = await receiptLines(db, companyId, receiptId);
  const rows = [...payments.map((l) => ({ ...l, kind: 'other' as const })), ...applied.map((l) => ({ ...l, kind: 'applied' as const }))];
  if (rows.length === 0) return;
  await db
    .insertInto('voucher_lines')
    .values(rows.map((l, i) => ({ company_id: companyId, movement_id: movementId, line_no: i + 1, kind: l.kind, description: l.description, amount: l.amount })))
    .execute();
}
