import Decimal from 'decimal.js';
import { formatDateSlash, formatMoney, receiptsMsg, voucherNumberText, type VoucherItem } from '@portal/contract';
import type { DB } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/http-errors.js';
import type { AuthUser, Tenant } from '../../lib/identity.js';
import { appendEvent, voucherDecided } from '../integration/index.js';
import * as repo from './repository.js';

const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const dateTimeText = (d: Date) =>
  new Intl.DateTimeFormat('es-AR', { timeZone: 'America/Argentina/Buenos_Aires', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(d);

/** Stock vouchers for staff to authorize or reject (the /autorizacion screen), each decided exactly once. */
export class AuthorizationsService {
  constructor(private readonly db: DB) {}

  async vouchers(tenant: Tenant, q: { start: number; limit: number; entidad?: number; vendedor?: number; zona?: number; estado: 'pendientes' | 'decididos' }) {
    const { rows, lines, total } = await repo.listVouchers(
      this.db, tenant.company.id, { entity: q.entidad, seller: q.vendedor, zone: q.zona, decided: q.estado === 'decididos' }, q.start, q.limit,
    );
    const status = { pending: 'Pendiente', authorized: 'Autorizado', rejected: 'Rechazado' } as const;
    const items: VoucherItem[] = rows.map((v) => ({
      fecha: formatDateSlash(v.date),
      descom: v.voucher_name,
      torig: v.voucher_code,
      norig: voucherNumberText(v.series, v.number),
      razsoc: v.entity_name,
      desusr: v.created_by,
      importe: money(v.amount),
      importe_con_formato: formatMoney(v.amount),
      desest: status[v.status],
      numpre: v.order_number,
      deslar2: v.detail ?? '',
      codcom: v.voucher_code,
      codtal: v.series,
      numero: v.number,
      productos: lines
        .filter((l) => l.voucher_id === v.id)
        .map((l) => ({ descripcion: l.description, cantidad: new Decimal(l.quantity).toString(), importe: money(l.amount) })),
      decidido_por: v.decider,
      decidido_el: v.decided_at ? dateTimeText(new Date(v.decided_at)) : null,
      motivo: v.reason,
    }));
    return { success: true, msg: '', items, total };
  }

  async voucherFilters(tenant: Tenant) {
    return { success: true as const, ...(await repo.voucherFilters(this.db, tenant.company.id)) };
  }

  /**
   * Authorizes or rejects a pending voucher once; the loser of a race gets who decided it and when, and the same
   * decision sent again with its Idempotency-Key gets the first answer.
   */
  async decide(tenant: Tenant, user: AuthUser, q: { codcom: string; codtal: number; numero: number; autoriza: boolean; motivo: string }, key: string | null = null) {
    const companyId = tenant.company.id;
    const voucher = await repo.voucherByNumber(this.db, companyId, q.codcom, q.codtal, q.numero);
    if (!voucher) throw notFound(receiptsMsg.comprobanteInexistente);
    return this.db.transaction().execute(async (trx) => {
      const status = q.autoriza ? 'authorized' : 'rejected';
      const n = await repo.decideVoucher(trx, companyId, voucher.id, status, user.userId, q.motivo, key);
      if (n === 0 && (await repo.voucherDecidedWithKey(trx, companyId, voucher.id, status, key))) {
        return { success: true, data: { success: true, msg: q.autoriza ? receiptsMsg.autorizado : receiptsMsg.rechazado } };
      }
      if (n === 0) {
        const now = await repo.voucherByNumber(trx, companyId, q.codcom, q.codtal, q.numero);
        const estado = now?.status === 'authorized' ? 'autorizado' : 'rechazado';
        const msg = receiptsMsg.yaDecidido(estado, now?.decider ?? 'otro usuario', now?.decided_at ? dateTimeText(new Date(now.decided_at)) : '');
        return { success: false, data: { success: false, msg } };
      }
      await writeAudit(trx, {
        action: q.autoriza ? 'stock_voucher.authorize' : 'stock_voucher.reject', userId: user.userId, ip: user.ip, companyId,
        detail: { voucher: voucher.id, motivo: q.motivo },
      });
      await appendEvent(trx, await voucherDecided(trx, companyId, voucher.id, q.autoriza, q.motivo, user.userId));
      return { success: true, data: { success: true, msg: q.autoriza ? receiptsMsg.autorizado : receiptsMsg.rechazado } };
    });
  }
}
