import { sql } from 'kysely';
import { RECEIPT_DOCUMENT_CODES } from '@portal/contract';
import type { DB } from '../../db/database.js';

/** All SQL of receipts; company (and entity, where the caller is a customer) are required. */

/**
 * Documents a receipt may pay: ARS debit and credit documents not settled, with what receipts apply to them —
 * approved ones and those awaiting approval (in_approval), so a document is never paid twice while a receipt
 * waits; a rejected receipt applies nothing.
 */
export function pendingDocuments(db: DB, companyId: number, entityId: number, ids?: number[]) {
  let q = db
    .selectFrom('account_movements as m')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('receipt_applications as ra')
          .innerJoin('receipts as r', 'r.id', 'ra.receipt_id')
          .select([
            'ra.movement_id',
            sql<string>`sum(ra.amount)`.as('applied'),
            sql<string>`coalesce(sum(ra.amount) filter (where r.status = 'pending'), 0)`.as('in_approval'),
          ])
          .where('ra.company_id', '=', companyId)
          .where('r.status', 'in', ['pending', 'approved'])
          .groupBy('ra.movement_id')
          .as('a'),
      (j) => j.onRef('a.movement_id', '=', 'm.id'),
    )
    .select([
      'm.id', 'm.voucher_code', 'm.voucher_name', 'm.series', 'm.number', 'm.letter', 'm.date', 'm.due_date', 'm.amount',
      sql<string>`coalesce(a.applied, 0)`.as('applied'),
      sql<string>`coalesce(a.in_approval, 0)`.as('in_approval'),
      sql<string>`m.amount - coalesce(a.applied, 0)`.as('outstanding'),
    ])
    .where('m.company_id', '=', companyId)
    .where('m.entity_id', '=', entityId)
    .where('m.currency', '=', 'ARS')
    .where('m.settled', '=', false)
    .where('m.voucher_code', 'in', RECEIPT_DOCUMENT_CODES)
    .where(sql<boolean>`m.amount - coalesce(a.applied, 0) <> 0`);
  if (ids) q = q.where('m.id', 'in', ids.length ? ids.map(String) : ['0']);
  return q.orderBy(sql`coalesce(m.due_date, m.date)`).orderBy('m.id').execute();
}

/**
 * The documents a receipt applies to, with what approved receipts (this one included, once it is approved in the
 * same transaction) apply to each: what approval checks and settles.
 */
export function approvalBalances(db: DB, companyId: number, receiptId: number) {
  return db
    .selectFrom('receipt_applications as ra')
    .innerJoin('account_movements as m', 'm.id', 'ra.movement_id')
    .select([
      'ra.movement_id', 'ra.amount as applying', 'm.amount', 'm.settled', 'm.voucher_name', 'm.series', 'm.number',
      sql<string>`(select coalesce(sum(x.amount), 0) from receipt_applications x join receipts r on r.id = x.receipt_id
                   where x.movement_id = ra.movement_id and r.status = 'approved')`.as('approved'),
    ])
    .where('ra.company_id', '=', companyId)
    .where('ra.receipt_id', '=', receiptId)
    .orderBy('ra.movement_id')
    .execute();
}

/** Locks the documents a receipt touches (on PostgreSQL; PGlite has one session), so two receipts never overspend one. */
export async function lockDocuments(db: DB, companyId: number, ids: number[]) {
  if (!ids.length) return;
  await db.selectFrom('account_movements').select('id').where('company_id', '=', companyId).where('id', 'in', ids.map(String)).orderBy('id').forUpdate().execute();
}

export function documentsOfCompany(db: DB, companyId: number, ids: number[]) {
  return db.selectFrom('account_movements').select(['id', 'entity_id']).where('company_id', '=', companyId).where('id', 'in', ids.map(String)).execute();
}

export async function advisoryLock(db: DB, key: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
}

export function receiptByKey(db: DB, companyId: number, userId: number, key: string) {
  return db.selectFrom('receipts').select(['id', 'entity_id']).where('company_id', '=', companyId).where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

export async function nextReceiptNumber(db: DB, companyId: number, series: number): Promise<number> {
  const row = await db.selectFrom('receipts').select(sql<number>`coalesce(max(number), 0)::int`.as('n')).where('company_id', '=', companyId).where('series', '=', series).executeTakeFirstOrThrow();
  return row.n + 1;
}

export function paymentMethods(db: DB, companyId: number) {
  return db.selectFrom('payment_methods').selectAll().where('company_id', '=', companyId).where('active', '=', true).orderBy('sort_order').orderBy('code').execute();
}

export function paymentFields(db: DB, companyId: number) {
  return db.selectFrom('payment_method_fields').selectAll().where('company_id', '=', companyId).orderBy('method_id').orderBy('sort_order').orderBy('id').execute();
}

const receiptColumns = [
  'r.id', 'r.company_id', 'r.entity_id', 'r.series', 'r.number', 'r.date', 'r.status', 'r.total_selected', 'r.total_collected',
  'r.observations', 'r.approved_at', 'r.rejected_at', 'r.rejection_reason', 'r.movement_id', 'e.name as entity_name', 'e.code as entity_code',
  'r.erp_status', 'r.erp_number', 'r.erp_reason', 'r.erp_at',
  sql<string | null>`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as('approver'),
  sql<string | null>`nullif(trim(coalesce(ur.first_name, '') || ' ' || coalesce(ur.last_name, '')), '')`.as('rejecter'),
] as const;

function receiptBase(db: DB, companyId: number) {
  return db
    .selectFrom('receipts as r')
    .innerJoin('entities as e', 'e.id', 'r.entity_id')
    .leftJoin('users as u', 'u.id', 'r.approved_by')
    .leftJoin('users as ur', 'ur.id', 'r.rejected_by')
    .where('r.company_id', '=', companyId);
}

export type ReceiptStatus = 'pending' | 'approved' | 'rejected';

/** A page of receipts by status: of one entity, or of every entity of the company (entityId null: staff). */
export async function listReceipts(db: DB, companyId: number, entityId: number | null, status: ReceiptStatus, start: number, limit: number) {
  let q = receiptBase(db, companyId).where('r.status', '=', status);
  if (entityId !== null) q = q.where('r.entity_id', '=', entityId);
  const [rows, count] = await Promise.all([
    q.select(receiptColumns).orderBy('r.date', 'desc').orderBy('r.id', 'desc').offset(start).limit(limit).execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}
export type ReceiptRow = Awaited<ReturnType<typeof listReceipts>>['rows'][number];

export function receiptById(db: DB, companyId: number, entityId: number | null, id: number) {
  let q = receiptBase(db, companyId).where('r.id', '=', id);
  if (entityId !== null) q = q.where('r.entity_id', '=', entityId);
  return q.select(receiptColumns).executeTakeFirst();
}

export function receiptByNumber(db: DB, companyId: number, entityId: number, series: number, number: number) {
  return receiptBase(db, companyId).where('r.entity_id', '=', entityId).where('r.series', '=', series).where('r.number', '=', number).select(receiptColumns).executeTakeFirst();
}

export async function receiptDetails(db: DB, companyId: number, receiptIds: number[]) {
  if (!receiptIds.length) return { payments: [], applications: [], attachments: [], amountFields: [] };
  const [payments, applications, attachments] = await Promise.all([
    db
      .selectFrom('receipt_payments as p')
      .innerJoin('payment_methods as pm', 'pm.id', 'p.method_id')
      .select(['p.receipt_id', 'p.line_no', 'p.method_id', 'p.amount', 'p.fields', 'pm.name'])
      .where('p.company_id', '=', companyId)
      .where('p.receipt_id', 'in', receiptIds)
      .orderBy('p.receipt_id')
      .orderBy('p.line_no')
      .execute(),
    db
      .selectFrom('receipt_applications as a')
      .innerJoin('account_movements as m', 'm.id', 'a.movement_id')
      .select(['a.receipt_id', 'a.amount', 'm.voucher_name', 'm.series', 'm.number'])
      .where('a.company_id', '=', companyId)
      .where('a.receipt_id', 'in', receiptIds)
      .orderBy('a.receipt_id')
      .orderBy('a.id')
      .execute(),
    db
      .selectFrom('receipt_attachments')
      .select(['id', 'receipt_id', 'file_name', 'content_type', 'size'])
      .where('company_id', '=', companyId)
      .where('receipt_id', 'in', receiptIds)
      .orderBy('id')
      .execute(),
  ]);
  // The amount fields (suma) of the methods these lines were paid with: their values show as money.
  const methodIds = [...new Set(payments.map((p) => p.method_id))];
  const amountFields = methodIds.length
    ? await db
        .selectFrom('payment_method_fields')
        .select(['method_id', 'field_key'])
        .where('company_id', '=', companyId)
        .where('method_id', 'in', methodIds)
        .where('suma', '=', true)
        .execute()
    : [];
  return { payments, applications, attachments, amountFields };
}

/**
 * Approves or rejects a pending receipt; 0 rows when someone else decided it first (the status check is in the
 * same statement, so of two staff deciding at once exactly one changes it).
 */
export async function decideReceipt(
  db: DB,
  companyId: number,
  id: number,
  decision: ({ status: 'approved' } | { status: 'rejected'; reason: string }) & { userId: number; key: string | null },
): Promise<number> {
  const now = new Date();
  const r = await db
    .updateTable('receipts')
    .set(
      decision.status === 'approved'
        ? { status: 'approved', approved_at: now, approved_by: decision.userId, decision_key: decision.key }
        : { status: 'rejected', rejected_at: now, rejected_by: decision.userId, rejection_reason: decision.reason, decision_key: decision.key },
    )
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Whether the receipt was decided so (`status`) by a request that carried `key`: a retry of that decision. */
export async function decidedWithKey(db: DB, companyId: number, id: number, status: 'approved' | 'rejected', key: string | null): Promise<boolean> {
  if (key === null) return false;
  const row = await db.selectFrom('receipts').select('id').where('company_id', '=', companyId).where('id', '=', id).where('status', '=', status).where('decision_key', '=', key).executeTakeFirst();
  return row !== undefined;
}

export function attachment(db: DB, companyId: number, receiptId: number, attachmentId: number) {
  return db
    .selectFrom('receipt_attachments')
    .select(['file_name', 'content_type', 'storage_dir', 'storage_name'])
    .where('company_id', '=', companyId)
    .where('receipt_id', '=', receiptId)
    .where('id', '=', attachmentId)
    .executeTakeFirst();
}
