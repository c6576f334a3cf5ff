import { fiscalMsg, type VoucherKey } from '@portal/contract';
import { type CompanyHeader, renderVoucherPdf } from '../../documents/index.js';
import type { DB } from '../../db/database.js';
import { notFound } from '../../lib/http-errors.js';
import { toCompanyHeader, toVoucherDocument } from './mapper.js';
import { type VoucherRow, companyHeader, entityHeader, findVoucher, linesOf } from './repository.js';
import type { EntityScope } from '../../lib/identity.js';

/**
 * One voucher of the caller's entity and its PDF: used by the files calls (pdf, imprime, directa, share), the
 * bulk ZIP and the public share link.
 */
export class VoucherPdfs {
  constructor(private readonly db: DB) {}

  /** The voucher, only if it is the entity's: 404 otherwise (another entity's too, so that ids cannot be probed). */
  async own(scope: EntityScope, key: VoucherKey): Promise<VoucherRow> {
    const row = await findVoucher(this.db, scope.companyId, key);
    if (!row || row.entity_id !== scope.entityId) throw notFound(fiscalMsg.comprobanteInexistente);
    return row;
  }

  /** The issuing company's header, loaded once per batch by the caller. */
  async company(companyId: number): Promise<CompanyHeader> {
    return toCompanyHeader(await companyHeader(this.db, companyId));
  }

  /** Renders the voucher (its lines, taxes, totals, due date, CAE) for the entity of `scope`. */
  async render(scope: EntityScope, row: VoucherRow, company?: CompanyHeader, entity?: Awaited<ReturnType<typeof entityHeader>>): Promise<Buffer> {
    const [lines, header, customer] = await Promise.all([
      linesOf(this.db, scope.companyId, [String(row.id)]),
      company ?? this.company(scope.companyId),
      entity ?? entityHeader(this.db, scope),
    ]);
    return renderVoucherPdf(toVoucherDocument(row, lines.get(String(row.id)) ?? [], customer), header);
  }

  entity(scope: EntityScope) {
    return entityHeader(this.db, scope);
  }
}
