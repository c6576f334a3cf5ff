import { sql } from 'kysely';
import {
  INTEGRATION_EVENT_RESULTS,
  INTEGRATION_READ_KIND_LABELS,
  integrationEventsMsg,
  integrationMsg,
  type ErpAnswerWire,
  type integrationEventResultRequest,
  type IntegrationEventResultResponse,
  type IntegrationResult,
} from '@portal/contract';
import type { z } from 'zod';
import type { DB } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-errors.js';
import type { IntegrationKey } from '../../plugins/integration-access.js';

/** The document each answerable kind names, and where its id is in the payload. */
const DOCUMENT = {
  'pedido.confirmado': { table: 'sales_orders', id: (p: Record<string, unknown>) => (p.pedido as { id: number }).id },
  'orden_compra.confirmada': { table: 'purchase_orders', id: (p: Record<string, unknown>) => (p.orden as { id: number }).id },
  'recibo.ingresado': { table: 'receipts', id: (p: Record<string, unknown>) => (p.recibo as { id: number }).id },
  'recibo.aprobado': { table: 'receipts', id: (p: Record<string, unknown>) => (p.recibo as { id: number }).id },
} as const;
type Answerable = keyof typeof DOCUMENT;

/** The ERP's answer as a document's row keeps it, for the order and receipt screens. */
export function erpAnswer(r: { erp_status: IntegrationResult | null; erp_number: string | null; erp_reason: string | null; erp_at: Date | string | null }): ErpAnswerWire | null {
  if (!r.erp_status || !r.erp_at) return null;
  return { estado: r.erp_status, numero: r.erp_number, motivo: r.erp_reason, fecha: new Date(r.erp_at).toISOString() };
}

/**
 * POST …/eventos/{id}/resultado: the ERP's answer to an order or receipt event, once per event. In one transaction the
 * answer is stored, the document (order, purchase order, receipt) takes it, and the audit trail records it. The same
 * answer again answers `repetido`; a different one is a 409. Another company's event answers like a missing one.
 */
export async function recordEventResult(
  db: DB,
  key: IntegrationKey,
  eventId: string,
  body: z.output<typeof integrationEventResultRequest>,
): Promise<IntegrationEventResultResponse> {
  if (!key.readKinds.includes('eventos')) throw forbidden(integrationMsg.sinPermisoLeer(INTEGRATION_READ_KIND_LABELS.eventos.toLowerCase()));
  const number = body.resultado === 'rechazado' ? null : (body.numero_erp ?? null);
  const reason = body.resultado === 'rechazado' ? (body.motivo ?? null) : null;
  const answer = (repetido: boolean): IntegrationEventResultResponse => ({
    success: true, msg: integrationEventsMsg.resultadoRegistrado, evento: eventId, resultado: body.resultado, numero_erp: number, motivo: reason, repetido,
  });
  return db.transaction().execute(async (trx) => {
    const event = await trx
      .selectFrom('integration_events')
      .select(['id', 'kind', 'payload'])
      .where('id', '=', eventId)
      .where('company_id', '=', key.company.id)
      .forUpdate()
      .executeTakeFirst();
    if (!event) throw notFound(integrationEventsMsg.eventoInexistente);
    if (!(event.kind in DOCUMENT)) throw badRequest(integrationEventsMsg.sinResultado(event.kind));
    const kind = event.kind as Answerable;
    if (!(INTEGRATION_EVENT_RESULTS[kind] as readonly string[]).includes(body.resultado)) throw badRequest(integrationEventsMsg.resultadoNoCorresponde(body.resultado, kind));

    const before = await trx.selectFrom('integration_event_results').select(['result', 'erp_number', 'reason']).where('event_id', '=', eventId).executeTakeFirst();
    if (before) {
      if (before.result === body.resultado && before.erp_number === number && before.reason === reason) return answer(true);
      throw new HttpError(409, integrationEventsMsg.otroResultado);
    }
    await trx
      .insertInto('integration_event_results')
      .values({ event_id: eventId, company_id: key.company.id, key_id: key.id, result: body.resultado, erp_number: number, reason })
      .execute();
    const doc = DOCUMENT[kind];
    const documentId = doc.id(event.payload);
    await trx
      .updateTable(doc.table)
      .set({ erp_status: body.resultado, erp_number: number, erp_reason: reason, erp_at: sql<Date>`now()` })
      .where('company_id', '=', key.company.id)
      .where('id', '=', documentId)
      .execute();
    await writeAudit(trx, {
      action: 'integration.result',
      companyId: key.company.id,
      ip: key.ip,
      detail: { clave: key.name, evento: eventId, tipo: kind, documento: documentId, resultado: body.resultado, numero_erp: number, motivo: reason },
    });
    return answer(false);
  });
}
