import { companyParameters } from '../../lib/company-parameters.js';
import Decimal from 'decimal.js';
import {
  comprobantesList,
  formatDateSlash,
  formatMoney,
  formaPagoList,
  observacionesValue,
  receiptsMsg,
  LEDGER_CODE,
  RECEIPTS,
  todayInArgentina,
  voucherNumberText,
  type ReciboItem,
} from '@portal/contract';
import type { DB } from '../../db/database.js';
import { renderVoucherPdf, type CompanyHeader } from '../../documents/index.js';
import type { FileStorage } from '../../lib/file-storage.js';
import { writeAudit } from '../../lib/audit.js';
import { appliedText, receiptLines, writeReceiptLines } from '../../lib/receipt-lines.js';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-errors.js';
import { parseOr400 } from '../../lib/route.js';
import type { AuthUser, EntityTenant, Tenant } from '../../lib/identity.js';
import { toCompanyHeader } from '../fiscal/index.js';
import { companyHeader } from '../fiscal/index.js';
import { appendEvent, erpAnswer, receiptEvent } from '../integration/index.js';
import { sharePath, VOUCHER_SHARE_TTL_SECONDS, type ShareRegistry } from '../../lib/share-registry.js';
import { openAttachment, storeAttachment } from './attachments.js';
import * as repo from './repository.js';
import { amountOf, applicationError, attachmentName, checkPaymentLine, checkTotals, esAr, paymentDetail, sniffType, type CheckedLine, type FieldDef } from './rules.js';

/** Receipts of the portal are numbered in their own series (punto de venta 2), apart from the ERP's counter receipts. */
export const RECEIPT_SERIES = 2;
export const RECEIPT_SHARE_KIND = 'recibo';

export type UploadedFile = { filename: string; data: Buffer };
export type ReceiptPost = { fields: Record<string, string>; files: UploadedFile[]; idempotencyKey: string };

const numberText = (series: number, number: number) => voucherNumberText(series, number);
const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const timeNow = () => new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Argentina/Buenos_Aires', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date());
/** How each status shows: the receipt's name (descom), estado on the wire, and the words of the PDF. */
const STATUS = {
  pending: { descom: 'Recibo provisorio', estado: 'pendiente', texto: 'Pendiente de aprobación' },
  approved: { descom: 'Recibo', estado: 'aprobado', texto: 'Aprobado' },
  rejected: { descom: 'Recibo rechazado', estado: 'rechazado', texto: 'Rechazado' },
} as const;
const dateTimeText = (d: Date) =>
  new Intl.DateTimeFormat('es-AR', { timeZone: 'America/Argentina/Buenos_Aires', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(d);

function parseJson(text: string | undefined, fallback: unknown): unknown {
  if (text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(receiptsMsg.datosInvalidos);
  }
}

async function toItems(db: DB, companyId: number, rows: repo.ReceiptRow[]): Promise<ReciboItem[]> {
  const details = await repo.receiptDetails(db, companyId, rows.map((r) => r.id));
  const amountKeys = new Map<number, Set<string>>();
  for (const f of details.amountFields) amountKeys.set(f.method_id, (amountKeys.get(f.method_id) ?? new Set()).add(f.field_key));
  return rows.map((r) => {
    const status = STATUS[r.status];
    return {
      id: r.id,
      descom: status.descom,
      forig_id: formatDateSlash(r.date),
      fecha: r.date,
      torig: LEDGER_CODE.receipt,
      norig: numberText(r.series, r.number),
      importe: money(r.total_collected),
      importe_con_formato: formatMoney(r.total_collected),
      estado: status.estado,
      codcom: LEDGER_CODE.receipt,
      codtal: r.series,
      numero: r.number,
      entidad: `${r.entity_code} — ${r.entity_name}`,
      observacion: r.observations ?? '',
      aprobado_por: r.approver,
      aprobado_el: r.approved_at ? dateTimeText(new Date(r.approved_at)) : null,
      rechazado_por: r.rejecter,
      rechazado_el: r.rejected_at ? dateTimeText(new Date(r.rejected_at)) : null,
      motivo_rechazo: r.rejection_reason,
      pagos: details.payments
        .filter((p) => p.receipt_id === r.id)
        .map((p) => ({
          descripcion: p.name,
          importe: money(p.amount),
          importe_con_formato: formatMoney(p.amount),
          detalle: paymentDetail(p.fields, amountKeys.get(p.method_id)),
        })),
      comprobantes: details.applications
        .filter((a) => a.receipt_id === r.id)
        .map((a) => ({ descripcion: appliedText(a), importe: money(a.amount), importe_con_formato: formatMoney(a.amount) })),
      adjuntos: details.attachments
        .filter((a) => a.receipt_id === r.id)
        .map((a) => ({ id: a.id, nombre: a.file_name, tipo: a.content_type, tamano: a.size })),
      erp: erpAnswer(r),
    };
  });
}

/**
 * The receipt's PDF: no VAT (a receipt is outside it), its payments as the lines, what it is applied to in a table of
 * its own (the documents, 'Pago a cuenta'), 'Total recibido', and the customer's observation.
 */
async function renderReceipt(db: DB, companyId: number, row: repo.ReceiptRow): Promise<{ file: Buffer; name: string }> {
  const [company, entity, [item], lines] = await Promise.all([
    companyHeader(db, companyId),
    db.selectFrom('entities').select(['code', 'name', 'cuit', 'locality', 'province']).where('company_id', '=', companyId).where('id', '=', row.entity_id).executeTakeFirstOrThrow(),
    toItems(db, companyId, [row]),
    receiptLines(db, companyId, row.id),
  ]);
  const header: CompanyHeader = toCompanyHeader(company);
  const r = item!;
  const file = await renderVoucherPdf(
    {
      title: r.descom,
      letter: 'X',
      tvdgi: null,
      pointOfSale: row.series,
      number: row.number,
      date: row.date,
      dueDate: null,
      currency: 'ARS',
      customer: {
        name: entity.name, cuit: entity.cuit, ivaCondition: entity.cuit && /^(20|23|24|27|30|33|34)/.test(entity.cuit) ? 'IVA Responsable Inscripto' : 'Consumidor Final',
        address: [entity.locality, entity.province].filter(Boolean).join(', ') || null, code: String(entity.code),
      },
      saleCondition: 'Cobranza',
      productLines: [],
      otherLines: lines.payments,
      appliedLines: lines.applied,
      net: null,
      vat21: 0,
      vat105: 0,
      otherTaxes: 0,
      total: row.total_collected,
      totalLabel: 'Total recibido',
      detail: r.observacion || null,
      extraFields: [
        { label: 'Estado', value: STATUS[row.status].texto },
        ...(r.aprobado_por ? [{ label: 'Aprobado por', value: `${r.aprobado_por} (${r.aprobado_el})` }] : []),
        ...(r.rechazado_por ? [{ label: 'Rechazado por', value: `${r.rechazado_por} (${r.rechazado_el})` }, { label: 'Motivo', value: r.motivo_rechazo ?? '' }] : []),
      ],
    },
    header,
  );
  return { file, name: `recibo-${numberText(row.series, row.number)}.pdf` };
}

/** The public link of a receipt's PDF, registered on the app's registry at startup: the token names the company, the entity and receipts.id. */
export function registerReceiptShareKind(shares: ShareRegistry): void {
  shares.register(RECEIPT_SHARE_KIND, async ({ db, claims }) => {
    if (!/^\d{1,9}$/.test(claims.r)) return null;
    const row = await repo.receiptById(db, claims.c, claims.e, Number(claims.r));
    if (!row) return null;
    const { file, name } = await renderReceipt(db, claims.c, row);
    return { fileName: name, contentType: 'application/pdf', body: file, disposition: 'inline' };
  });
}

export class ReceiptsService {
  private readonly parameters: ReturnType<typeof companyParameters>;

  constructor(
    private readonly db: DB,
    private readonly opts: { tokenSecret: string; publicUrl: string; attachments: FileStorage },
  ) {
    this.parameters = companyParameters(db);
  }

  private async flag(companyId: number, key: string): Promise<boolean> {
    return (await this.parameters(companyId)).get(key) === 'true';
  }

  async list(tenant: Tenant, entityId: number | null, q: { pendientes: boolean; rechazados: boolean; start: number; limit: number }) {
    const status = q.rechazados ? 'rejected' : q.pendientes ? 'pending' : 'approved';
    const { rows, total } = await repo.listReceipts(this.db, tenant.company.id, entityId, status, q.start, q.limit);
    return { success: true as const, items: await toItems(this.db, tenant.company.id, rows), total };
  }

  async pending(tenant: EntityTenant) {
    const companyId = tenant.company.id;
    const today = todayInArgentina();
    const [rows, anticipos, fecha] = await Promise.all([
      repo.pendingDocuments(this.db, companyId, tenant.entity.id),
      this.flag(companyId, 'recibos.permite_anticipos'),
      this.flag(companyId, 'recibos.modifica_fecha'),
    ]);
    return {
      success: true as const,
      hoy: today,
      parametros: { permite_anticipos: anticipos, modifica_fecha: fecha },
      items: rows.map((m) => ({
        id: Number(m.id),
        descomp: m.voucher_name,
        letra: m.letter,
        torig: m.voucher_code,
        norig: numberText(m.series, m.number),
        fecha: formatDateSlash(m.date),
        fecha_venc_id: m.due_date ? formatDateSlash(m.due_date) : '',
        vencido: m.due_date !== null && m.due_date < today,
        importe_total: money(m.amount),
        importe_aplicado: money(m.applied),
        importe_en_aprobacion: money(m.in_approval),
        importe_saldo: money(m.outstanding),
        importe_saldo_con_formato: formatMoney(m.outstanding),
      })),
    };
  }

  async methods(tenant: Tenant) {
    const companyId = tenant.company.id;
    const [methods, fields] = await Promise.all([repo.paymentMethods(this.db, companyId), repo.paymentFields(this.db, companyId)]);
    return {
      success: true as const,
      items: methods.map((m) => ({
        codcon: m.code,
        descon: m.name,
        campos: fields
          .filter((f) => f.method_id === m.id)
          .map((f) => ({
            id: f.field_key,
            id_ep: f.id_ep,
            label: f.label,
            type: f.type,
            inputtype: f.input_type,
            suma: f.suma,
            required: f.required,
            requiredFile: f.required_file,
            placeholder: f.placeholder ?? '',
            options: f.options ?? [],
            value: f.default_value ?? '',
            selected: f.type === 'select' ? (f.default_value ?? '') : '',
            opc: f.type === 'checkbox' ? (f.default_value === 'true' ? 'S' : 'N') : '',
          })),
      })),
    };
  }

  /**
   * Posts a receipt exactly once per Idempotency-Key: under an advisory lock on (company, user, key) a repeated
   * post finds the receipt the first one made. Everything else is recomputed here from the documents and methods
   * the database holds; the browser's totals are only compared. The receipt, its applications (which reserve the
   * documents' outstanding amounts), payment lines and attachments commit in one transaction; in PostgreSQL the files
   * are written in it too, and an object store's files are removed again when the transaction does not commit.
   */
  async post(tenant: EntityTenant, user: AuthUser, input: ReceiptPost) {
    const companyId = tenant.company.id;
    const entityId = tenant.entity.id;
    const key = input.idempotencyKey;
    // The key first: a retry answers the receipt already posted whatever has changed since (the day, above all:
    // retried after midnight, its date is no longer today's). The lookup under the lock below covers two at once.
    const posted = await repo.receiptByKey(this.db, companyId, user.userId, key);
    if (posted) {
      if (posted.entity_id !== entityId) throw badRequest(receiptsMsg.datosInvalidos);
      return this.answer(this.db, tenant, posted.id, true);
    }

    const lines = parseOr400(formaPagoList, parseJson(input.fields.formaPago, undefined));
    const docs = parseOr400(comprobantesList, parseJson(input.fields.comprobantes, []));
    const obs = parseOr400(observacionesValue, parseJson(input.fields.observaciones, undefined));
    const clientSelected = amountOf(input.fields.totalSeleccionado ?? '');
    const clientCollected = amountOf(input.fields.totalAcobrar ?? '');
    if (!clientCollected) throw badRequest(receiptsMsg.verifiqueImportes);
    if (!clientSelected) throw badRequest(receiptsMsg.totalesNoCoinciden);

    // Files: sniffed by their bytes, size-limited one by one and together.
    if (input.files.length > RECEIPTS.maxFiles) throw badRequest(receiptsMsg.demasiadosArchivos(RECEIPTS.maxFiles));
    let totalBytes = 0;
    const files = input.files.map((f) => {
      const given = attachmentName(f.filename);
      if (f.data.length > RECEIPTS.maxFileBytes) throw badRequest(receiptsMsg.archivoGrande(given, RECEIPTS.maxFileBytes / 1024 / 1024));
      totalBytes += f.data.length;
      const type = sniffType(f.data);
      if (!type) throw badRequest(receiptsMsg.archivoTipo(given));
      return { name: attachmentName(f.filename, type), type, data: f.data };
    });
    if (totalBytes > RECEIPTS.maxTotalBytes) throw badRequest(receiptsMsg.envioGrande(RECEIPTS.maxTotalBytes / 1024 / 1024));

    const today = todayInArgentina();
    const [methods, fields, allowAdvance, allowDate] = await Promise.all([
      repo.paymentMethods(this.db, companyId),
      repo.paymentFields(this.db, companyId),
      this.flag(companyId, 'recibos.permite_anticipos'),
      this.flag(companyId, 'recibos.modifica_fecha'),
    ]);
    if (obs.fecha > today) throw badRequest(receiptsMsg.fechaFutura);
    if (obs.fecha !== today && !allowDate) throw badRequest(receiptsMsg.fechaNoModificable);

    const checked: Array<CheckedLine & { methodId: number }> = [];
    for (const [i, line] of lines.entries()) {
      const method = methods.find((m) => m.code === line.codcon);
      if (!method) throw badRequest(receiptsMsg.formaCobroInexistente);
      const defs = fields.filter((f) => f.method_id === method.id) as FieldDef[];
      const result = checkPaymentLine(i + 1, line, defs);
      if (result.error) throw badRequest(result.error);
      for (const f of result.line!.files) if (!files[f.index]) throw badRequest(receiptsMsg.archivoRequerido(i + 1));
      checked.push({ ...result.line!, methodId: method.id });
    }
    const used = new Set(checked.flatMap((l) => l.files.map((f) => f.index)));
    if (files.some((_, i) => !used.has(i))) throw badRequest(receiptsMsg.archivoSinCampo);
    const ids = docs.map((d) => d.id);
    if (new Set(ids).size !== ids.length) throw badRequest(receiptsMsg.documentoRepetido);

    // Files written to the storage by an attempt that does not commit are removed again.
    const stored: string[] = [];
    try {
      return await this.db.transaction().execute(async (trx) => {
        await repo.advisoryLock(trx, `recibo:${companyId}:${user.userId}:${key}`);
        const existing = await repo.receiptByKey(trx, companyId, user.userId, key);
        if (existing) {
          if (existing.entity_id !== entityId) throw badRequest(receiptsMsg.datosInvalidos);
          return this.answer(trx, tenant, existing.id, true);
        }

        // Documents: of this entity, still outstanding, locked until commit so no other receipt spends them too.
        await repo.lockDocuments(trx, companyId, ids);
        const pending = ids.length ? await repo.pendingDocuments(trx, companyId, entityId, ids) : [];
        if (pending.length !== ids.length) {
          const found = await repo.documentsOfCompany(trx, companyId, ids);
          if (found.some((d) => d.entity_id !== entityId) || found.length !== ids.length) throw forbidden(receiptsMsg.documentoAjeno);
          throw badRequest(receiptsMsg.documentoAjeno);
        }
        const applied: Decimal[] = [];
        for (const d of docs) {
          const doc = pending.find((p) => Number(p.id) === d.id)!;
          // The refusal says what is wrong with the amount: not a number, zero, the wrong sign, more than is owed.
          const error = applicationError(doc.outstanding, String(d.importe));
          if (error) throw badRequest(error);
          applied.push(amountOf(d.importe)!);
        }
        const totals = checkTotals(applied, checked.map((l) => l.amount), allowAdvance);
        if (totals.error) throw badRequest(totals.error);
        if (!totals.selected.eq(clientSelected) || !totals.collected.eq(clientCollected)) throw badRequest(receiptsMsg.totalesNoCoinciden);

        // The receipt waits for approval: its applications reserve the documents' outstanding amounts at once, but
        // the ledger (credit movement, settled documents) changes only when staff approve it.
        await repo.advisoryLock(trx, `recibo-numero:${companyId}`);
        const number = await repo.nextReceiptNumber(trx, companyId, RECEIPT_SERIES);
        const receipt = await trx
          .insertInto('receipts')
          .values({
            company_id: companyId, entity_id: entityId, series: RECEIPT_SERIES, number, date: obs.fecha, status: 'pending',
            total_selected: totals.selected.toFixed(2), total_collected: totals.collected.toFixed(2), observations: obs.observacion.trim() || null,
            user_id: user.userId, idempotency_key: key, movement_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (docs.length) {
          await trx
            .insertInto('receipt_applications')
            .values(docs.map((d, i) => ({ company_id: companyId, receipt_id: receipt.id, movement_id: String(d.id), amount: applied[i]!.toFixed(2) })))
            .execute();
        }
        await trx
          .insertInto('receipt_payments')
          .values(checked.map((l, i) => ({ company_id: companyId, receipt_id: receipt.id, line_no: i + 1, method_id: l.methodId, amount: l.amount.toFixed(2), fields: JSON.stringify(l.values) })))
          .execute();
        const attachments = checked.flatMap((l, i) => l.files.map((f) => ({ line: i + 1, ...f })));
        for (const a of attachments) {
          const file = files[a.index]!;
          // In PostgreSQL the file commits or rolls back with the receipt; an object store's file is removed below.
          const where = await storeAttachment(this.opts.attachments.inTransaction(trx), file.type, file.data);
          stored.push(where.directorio);
          await trx
            .insertInto('receipt_attachments')
            .values({
              company_id: companyId, receipt_id: receipt.id, payment_line_no: a.line, field_key: a.fieldKey, file_name: file.name, content_type: file.type,
              size: file.data.length, storage_dir: where.directorio, storage_name: where.name,
            })
            .execute();
        }
        await writeAudit(trx, {
          action: 'receipt.post', userId: user.userId, ip: user.ip, companyId,
          detail: { receipt: receipt.id, number, total: totals.collected.toFixed(2), files: stored.length },
        });
        await appendEvent(trx, await receiptEvent(trx, companyId, receipt.id, user.userId));
        return this.answer(trx, tenant, receipt.id, false);
      });
    } catch (err) {
      await Promise.all(stored.map((d) => this.opts.attachments.remove(d).catch(() => undefined)));
      throw err;
    }
  }

  private async answer(db: DB, tenant: Tenant, receiptId: number, repeated: boolean) {
    const row = await repo.receiptById(db, tenant.company.id, null, receiptId);
    const [item] = await toItems(db, tenant.company.id, [row!]);
    return {
      success: true as const,
      title: receiptsMsg.reciboGenerado,
      msg: receiptsMsg.reciboGeneradoMsg(item!.norig, item!.importe_con_formato),
      cuit: tenant.company.cuit,
      recibo: item!,
      repetido: repeated,
    };
  }

  /**
   * A receipt of this entity (entityId) or of any entity of the company (staff: null). Another entity's or company's
   * and an unknown id answer alike (404 'El recibo no existe.'), so sequential ids reveal nothing.
   */
  private async receipt(companyId: number, entityId: number | null, id: number) {
    const row = await repo.receiptById(this.db, companyId, entityId, id);
    if (row) return row;
    throw notFound(receiptsMsg.reciboInexistente);
  }

  async pdf(companyId: number, entityId: number | null, id: number) {
    return renderReceipt(this.db, companyId, await this.receipt(companyId, entityId, id));
  }

  async print(tenant: EntityTenant, series: number, number: number) {
    const row = await repo.receiptByNumber(this.db, tenant.company.id, tenant.entity.id, series, number);
    if (!row) throw notFound(receiptsMsg.reciboInexistente);
    const { file } = await renderReceipt(this.db, tenant.company.id, row);
    return { success: true as const, archivos: { archivo: file.toString('base64') } };
  }

  async share(tenant: EntityTenant, id: number) {
    const companyId = tenant.company.id;
    const entityId = tenant.entity.id;
    const row = await this.receipt(companyId, entityId, id);
    const path = sharePath(this.opts.tokenSecret, { c: companyId, e: entityId, k: RECEIPT_SHARE_KIND, r: String(row.id) }, VOUCHER_SHARE_TTL_SECONDS);
    const url = `${this.opts.publicUrl}${path}`;
    const vence = new Date(Date.now() + VOUCHER_SHARE_TTL_SECONDS * 1000).toISOString();
    const texto = `${receiptsMsg.textoCompartirRecibo} ${numberText(row.series, row.number)} de ${tenant.company.name} (${formatDateSlash(row.date)}, ${formatMoney(row.total_collected)}): ${url}`;
    return { success: true as const, url, texto, vence };
  }

  /** An attachment of a receipt of this entity (or, for staff, of the company): its name, type and content. */
  async attachment(companyId: number, entityId: number | null, id: number, attachmentId: number) {
    await this.receipt(companyId, entityId, id);
    const row = await repo.attachment(this.db, companyId, id, attachmentId);
    const body = row ? await openAttachment(this.opts.attachments, row) : null;
    if (!row || !body) throw notFound(receiptsMsg.adjuntoInexistente);
    return { fileName: row.file_name, contentType: row.content_type, body };
  }

  /** 409 with who decided the receipt and when (the loser of a race, or a second click on a stale screen). */
  private async alreadyDecided(db: DB, companyId: number, id: number): Promise<HttpError> {
    const now = await repo.receiptById(db, companyId, null, id);
    if (now?.status === 'rejected') {
      return new HttpError(409, receiptsMsg.reciboYaDecidido('rechazado', now.rejecter ?? 'otro usuario', now.rejected_at ? dateTimeText(new Date(now.rejected_at)) : ''));
    }
    return new HttpError(409, receiptsMsg.reciboYaDecidido('aprobado', now?.approver ?? 'otro usuario', now?.approved_at ? dateTimeText(new Date(now.approved_at)) : ''));
  }

  private async decided(db: DB, companyId: number, id: number, message: (norig: string) => string) {
    const fresh = await repo.receiptById(db, companyId, null, id);
    const [item] = await toItems(db, companyId, [fresh!]);
    return { success: true as const, msg: message(item!.norig), recibo: item! };
  }

  /**
   * Approves a pending receipt once (the status check is in the update, so of two staff exactly one succeeds) and
   * applies it, in one transaction: each document must still owe what the receipt applies to it (checked under a
   * row lock against what approved receipts already apply); the receipt's credit enters the ledger as an RC
   * movement, so the statements and the dashboard's balance show it at once; a document paid in full is settled
   * and leaves the overdue figures. Sent again with the same Idempotency-Key (`key`), it answers as the first time.
   */
  async approve(tenant: Tenant, user: AuthUser, id: number, key: string | null = null) {
    const companyId = tenant.company.id;
    await this.receipt(companyId, null, id);
    return this.db.transaction().execute(async (trx) => {
      if ((await repo.decideReceipt(trx, companyId, id, { status: 'approved', userId: user.userId, key })) === 0) {
        if (await repo.decidedWithKey(trx, companyId, id, 'approved', key)) return this.decided(trx, companyId, id, receiptsMsg.reciboAprobado);
        throw await this.alreadyDecided(trx, companyId, id);
      }
      const row = (await repo.receiptById(trx, companyId, null, id))!;
      const docs = await repo.approvalBalances(trx, companyId, id);
      await repo.lockDocuments(trx, companyId, docs.map((d) => Number(d.movement_id)));
      const settle: string[] = [];
      for (const d of docs) {
        const before = new Decimal(d.amount).minus(new Decimal(d.approved).minus(d.applying));
        if (d.settled || applicationError(before, d.applying)) throw new HttpError(409, receiptsMsg.saldoInsuficienteAprobacion(appliedText(d), esAr(before)));
        if (new Decimal(d.amount).eq(d.approved)) settle.push(String(d.movement_id));
      }
      const movement = await trx
        .insertInto('account_movements')
        .values({
          company_id: companyId, entity_id: row.entity_id, date: row.date, time: timeNow(), voucher_code: LEDGER_CODE.receipt, voucher_name: 'Recibo',
          series: row.series, number: row.number, letter: null, detail: 'Cobranza por el portal', currency: 'ARS',
          amount: new Decimal(row.total_collected).negated().toFixed(2), due_date: null, settled: true, printable: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('receipts').set({ movement_id: movement.id }).where('company_id', '=', companyId).where('id', '=', id).execute();
      // What it paid, on its movement: the statements' drawer and the fiscal documents show it, and its print.
      await writeReceiptLines(trx, companyId, id, movement.id);
      if (settle.length) await trx.updateTable('account_movements').set({ settled: true }).where('company_id', '=', companyId).where('id', 'in', settle).execute();
      await writeAudit(trx, {
        action: 'receipt.approve', userId: user.userId, ip: user.ip, companyId,
        detail: { receipt: id, number: numberText(row.series, row.number), total: money(row.total_collected), settled: settle },
      });
      await appendEvent(trx, await receiptEvent(trx, companyId, id, user.userId));
      return this.decided(trx, companyId, id, receiptsMsg.reciboAprobado);
    });
  }

  /**
   * Rejects a pending receipt once, with the reason: it applies nothing any more (the documents' outstanding
   * amounts it reserved are free again), the ledger never saw it, and who, when and why are kept and shown. Sent
   * again with the same Idempotency-Key, it answers as the first time.
   */
  async reject(tenant: Tenant, user: AuthUser, id: number, motivo: string, key: string | null = null) {
    const companyId = tenant.company.id;
    await this.receipt(companyId, null, id);
    return this.db.transaction().execute(async (trx) => {
      if ((await repo.decideReceipt(trx, companyId, id, { status: 'rejected', userId: user.userId, reason: motivo, key })) === 0) {
        if (await repo.decidedWithKey(trx, companyId, id, 'rejected', key)) return this.decided(trx, companyId, id, receiptsMsg.reciboRechazado);
        throw await this.alreadyDecided(trx, companyId, id);
      }
      await writeAudit(trx, { action: 'receipt.reject', userId: user.userId, ip: user.ip, companyId, detail: { receipt: id, motivo } });
      await appendEvent(trx, await receiptEvent(trx, companyId, id, user.userId));
      return this.decided(trx, companyId, id, receiptsMsg.reciboRechazado);
    });
  }
}
