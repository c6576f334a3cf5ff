import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  formatDateSlash,
  fiscalMsg,
  MAX_ZIP_VOUCHERS,
  type FiscalFilter,
  type FiscalListResponse,
  type VoucherKey,
  type ZipResponse,
} from '@portal/contract';
import { type TempFileStorage, writeTablePdf, writeTableXlsx, writeZip, type ZipEntry } from '../../documents/index.js';
import type { DB } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { FISCAL_EXPORT_COLUMNS, fiscalExportRows, fiscalVoucherRows } from './export.js';
import { toFiscalDocument, toResumen, voucherFileName } from './mapper.js';
import { type Range, type VoucherRow, findVouchers, fiscalPage } from './repository.js';
import { VoucherPdfs } from './vouchers.js';
import { tempFileLink } from '../../lib/temp-links.js';
import type { EntityScope } from '../../lib/identity.js';

export type FiscalDeps = {
  db: DB;
  tempFiles: TempFileStorage;
  tokenSecret: string;
  log: FastifyBaseLogger;
};

export type ExportFile = { fileName: string; contentType: string; stream: PassThrough };

const rangeOf = (f: FiscalFilter): Range => ({ fechadesde: f.fechadesde, fechahasta: f.fechahasta, descom: f.descom });

export class FiscalService {
  private readonly pdfs: VoucherPdfs;

  constructor(private readonly deps: FiscalDeps) {
    this.pdfs = new VoucherPdfs(deps.db);
  }

  async list(scope: EntityScope, q: FiscalFilter & { start: number; limit: number }): Promise<FiscalListResponse> {
    const range = rangeOf(q);
    // One statement: the page with its vouchers' lines, the summaries and the descriptions.
    const { rows, totals, names } = await fiscalPage(this.deps.db, scope, range, q.start, q.limit);
    return {
      success: true,
      items: rows.map((r) => toFiscalDocument(r, r.lines)),
      total: totals.reduce((n, t) => n + t.cantidad, 0),
      resumenes: totals.map(toResumen),
      tipodecomprobantes: names.map((n) => ({ id: n, descripcion: n })),
    };
  }

  /**
   * Everything the filter matches as XLSX or PDF, streamed: rows come from the database in keyset batches and
   * go out as the writer produces them. A failure after the first byte can only cut the download short.
   */
  async export(scope: EntityScope, q: FiscalFilter & { type: 'pdf' | 'excel' }, entityName: string): Promise<ExportFile> {
    const range = rangeOf(q);
    const rows = fiscalExportRows(this.deps.db, scope, range);
    const out = new PassThrough();
    const title = 'Comprobantes fiscales';
    const base = `Comprobantes fiscales ${q.fechadesde} a ${q.fechahasta}`;
    const fail = (err: unknown) => {
      this.deps.log.error({ err }, 'fiscal export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    };
    if (q.type === 'excel') {
      writeTableXlsx(out, { title, columns: FISCAL_EXPORT_COLUMNS }, rows).catch(fail);
      return { fileName: `${base}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', stream: out };
    }
    const company = await this.pdfs.company(scope.companyId);
    writeTablePdf(
      out,
      {
        title,
        subtitle: `${entityName} — del ${formatDateSlash(q.fechadesde)} al ${formatDateSlash(q.fechahasta)}`,
        company,
        columns: FISCAL_EXPORT_COLUMNS,
      },
      rows,
    ).catch(fail);
    return { fileName: `${base}.pdf`, contentType: 'application/pdf', stream: out };
  }

  /** The selected vouchers: each must be the entity's (404 otherwise, as for an unknown one); unprintable ones are left out. */
  async zipSelected(scope: EntityScope, keys: readonly VoucherKey[]): Promise<ZipResponse> {
    const rows = await findVouchers(this.deps.db, scope, keys);
    for (const k of keys) {
      const matches = rows.filter((r) => r.voucher_code === k.codcom && r.series === k.codtal && r.number === k.numero);
      if (!matches.some((r) => r.entity_id === scope.entityId)) throw notFound(fiscalMsg.comprobanteInexistente);
    }
    const seen = new Set<string>();
    const own = rows.filter((r) => r.entity_id === scope.entityId && r.printable && !seen.has(String(r.id)) && seen.add(String(r.id)));
    return this.zip(scope, own);
  }

  /**
   * Every printable voucher the filter matches, up to MAX_ZIP_VOUCHERS (more: 400, narrow the filter). The
   * printable rule is what `imprime=true` asks for (the contract refuses any other value).
   */
  async zipFiltered(scope: EntityScope, filter: FiscalFilter): Promise<ZipResponse> {
    const rows: VoucherRow[] = [];
    for await (const r of fiscalVoucherRows(this.deps.db, scope, rangeOf(filter), MAX_ZIP_VOUCHERS + 1)) {
      if (!r.printable) continue;
      if (rows.length === MAX_ZIP_VOUCHERS) throw badRequest(fiscalMsg.comprobantesDemasiados);
      rows.push(r);
    }
    return this.zip(scope, rows);
  }

  /** The PDFs in one ZIP in the temporary store; the answer's url downloads it (signed, valid one hour). */
  private async zip(scope: EntityScope, rows: readonly VoucherRow[]): Promise<ZipResponse> {
    if (rows.length === 0) return { success: false, msg: fiscalMsg.sinComprobantesImprimibles };
    const [company, entity] = await Promise.all([this.pdfs.company(scope.companyId), this.pdfs.entity(scope)]);
    const file = await this.deps.tempFiles.create('zip', 'Comprobantes');
    const pdfs = this.pdfs;
    async function* entries(): AsyncGenerator<ZipEntry> {
      for (const row of rows) yield { name: voucherFileName(row), data: await pdfs.render(scope, row, company, entity) };
    }
    try {
      await writeZip(file.writeStream, entries());
    } catch (err) {
      this.deps.log.error({ err }, 'voucher zip failed');
      file.writeStream.destroy();
      await this.deps.tempFiles.remove(file.directorio);
      return { success: false, msg: fiscalMsg.errorDescargaArchivos };
    }
    return { success: true, url: tempFileLink(this.deps.tokenSecret, scope, file.directorio, file.name), directorio: file.directorio, cantidad: rows.length };
  }
}
