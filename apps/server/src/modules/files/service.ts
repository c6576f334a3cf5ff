import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { fiscalMsg, formatDateSlash, formatMoney, todayInArgentina, type ImprimeResponse, type ShareResponse, type DirectDownloadResponse, type VoucherKey } from '@portal/contract';
import { type TempFileStorage, voucherNumberText, verifyShareToken } from '../../documents/index.js';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import type { VoucherRow } from '../fiscal/index.js';
import type { EntityScope } from '../../lib/identity.js';
import { findVoucher } from '../fiscal/index.js';
import { voucherFileName } from '../fiscal/index.js';
import { VoucherPdfs } from '../fiscal/index.js';
import { productImage, productImageTag } from './repository.js';
import type { PrintRegistry } from '../../lib/print-registry.js';
import { sharePath, tokenOfSharePath, VOUCHER_SHARE_TTL_SECONDS, type ShareRegistry } from '../../lib/share-registry.js';
import { tempFileLink } from '../../lib/temp-links.js';

export type FilesDeps = {
  db: DB;
  config: Config;
  tokenSecret: string;
  tempFiles: TempFileStorage;
  /** The app's public-link kinds: this area registers 'voucher' and 'archivo', and serves every kind. */
  shares: ShareRegistry;
  /** The app's other printable documents (contracts, settlements), asked before the current-account vouchers. */
  prints: PrintRegistry;
};

/** Reference of a voucher inside a share token: 'FC|3|1234'. */
export function voucherRef(row: Pick<VoucherRow, 'voucher_code' | 'series' | 'number'>): string {
  return `${row.voucher_code}|${row.series}|${row.number}`;
}

function parseVoucherRef(ref: string): VoucherKey | null {
  const m = /^([^|]{1,10})\|(\d{1,5})\|(\d{1,9})$/.exec(ref);
  return m ? { codcom: m[1]!, codtal: Number(m[2]), numero: Number(m[3]) } : null;
}

/** The kinds of public link this area serves, registered on the app's registry at startup: one voucher's PDF, and a generated file (ZIP, direct download). */
export function registerFilesShareKinds(shares: ShareRegistry): void {
  shares.register('voucher', async ({ db, claims }) => {
    const key = parseVoucherRef(claims.r);
    if (!key) return null;
    const row = await findVoucher(db, claims.c, key);
    if (!row || row.entity_id !== claims.e || !row.printable) return null;
    const pdfs = new VoucherPdfs(db);
    const body = await pdfs.render({ companyId: claims.c, entityId: claims.e }, row);
    return { fileName: voucherFileName(row), contentType: 'application/pdf', body, disposition: 'inline' };
  });
  shares.register('archivo', async ({ claims, tempFiles }) => {
    const [directorio, name] = claims.r.split('/');
    if (!directorio || !name) return null;
    const stream = await tempFiles.open(directorio, name);
    if (!stream) return null;
    return {
      fileName: name,
      contentType: name.endsWith('.zip') ? 'application/zip' : name.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream',
      body: stream,
      disposition: name.endsWith('.pdf') ? 'inline' : 'attachment',
    };
  });
}

export class FilesService {
  readonly pdfs: VoucherPdfs;

  constructor(private readonly deps: FilesDeps) {
    this.pdfs = new VoucherPdfs(deps.db);
  }

  /** A product picture of the company (public catalogue material); 304 when the browser's copy is current. */
  async image(cuit: string, archivo: string, ifNoneMatch: string | undefined) {
    const tag = await productImageTag(this.deps.db, cuit, archivo);
    if (!tag) throw notFound(fiscalMsg.archivoInexistente);
    const etag = `"${tag.hash}"`;
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return { notModified: true as const, etag };
    const image = await productImage(this.deps.db, cuit, archivo);
    if (!image) throw notFound(fiscalMsg.archivoInexistente);
    return { notModified: false as const, etag, contentType: image.content_type, data: image.data };
  }

  /** The voucher's PDF; 404 'El movimiento seleccionado no tiene impresión' for one without a print. */
  async voucherPdf(scope: EntityScope, key: VoucherKey): Promise<{ fileName: string; data: Buffer }> {
    const other = this.deps.prints.resolver(key.codcom);
    if (other) {
      const printed = await other({ db: this.deps.db, scope, key });
      if (!printed) throw notFound(fiscalMsg.sinImpresion);
      return { fileName: printed.fileName, data: printed.pdf };
    }
    const row = await this.pdfs.own(scope, key);
    if (!row.printable) throw notFound(fiscalMsg.sinImpresion);
    return { fileName: voucherFileName(row), data: await this.pdfs.render(scope, row) };
  }

  async imprime(scope: EntityScope, key: VoucherKey): Promise<ImprimeResponse> {
    // Documents of other areas (contracts, grain settlements) first: their codes are not current-account vouchers.
    const other = this.deps.prints.resolver(key.codcom);
    if (other) {
      const printed = await other({ db: this.deps.db, scope, key });
      return printed ? { success: true, archivos: { archivo: printed.pdf.toString('base64') } } : { success: false, msg: fiscalMsg.sinImpresion };
    }
    const row = await this.pdfs.own(scope, key);
    if (!row.printable) return { success: false, msg: fiscalMsg.sinImpresion };
    const pdf = await this.pdfs.render(scope, row);
    return { success: true, archivos: { archivo: pdf.toString('base64') } };
  }

  /** Writes the PDF to a temporary file and answers a signed link to it (valid as long as the file). */
  async directa(scope: EntityScope, key: VoucherKey): Promise<DirectDownloadResponse> {
    const host = this.deps.config.publicUrl;
    const row = await this.pdfs.own(scope, key);
    if (!row.printable) return { success: false, host, archivo: '', msg: fiscalMsg.sinImpresion };
    const pdf = await this.pdfs.render(scope, row);
    const file = await this.deps.tempFiles.create('pdf', voucherFileName(row).replace(/\.pdf$/, ''));
    await pipeline(Readable.from([pdf]), file.writeStream);
    return { success: true, host, archivo: this.tempLink(scope, file.directorio, file.name), msg: '' };
  }

  /** Path of a signed link to a generated file of this entity. */
  tempLink(scope: EntityScope, directorio: string, name: string): string {
    return tempFileLink(this.deps.tokenSecret, scope, directorio, name);
  }

  /**
   * Removes a generated file: `url` must be the link this entity was given for exactly that `directorio`
   * (expired links still count: removing an old file is harmless), so nobody deletes another's file.
   */
  async elimina(scope: EntityScope, url: string, directorio: string): Promise<{ success: boolean; msg: string }> {
    const token = tokenOfSharePath(url);
    const claims = token ? verifyShareToken(this.deps.tokenSecret, token, 0) : null;
    if (!claims || claims.k !== 'archivo' || !claims.r.startsWith(`${directorio}/`)) throw forbidden(fiscalMsg.enlaceInvalido);
    if (claims.c !== scope.companyId || claims.e !== scope.entityId) throw forbidden(fiscalMsg.enlaceInvalido);
    await this.deps.tempFiles.remove(directorio);
    return { success: true, msg: fiscalMsg.archivoEliminado };
  }

  /** A public link to the voucher's PDF (7 days) and the WhatsApp text. */
  async share(scope: EntityScope, key: VoucherKey, companyName: string): Promise<ShareResponse> {
    const row = await this.pdfs.own(scope, key);
    if (!row.printable) throw notFound(fiscalMsg.sinImpresion);
    const now = Date.now();
    const url = `${this.deps.config.publicUrl}${sharePath(this.deps.tokenSecret, { c: scope.companyId, e: scope.entityId, k: 'voucher', r: voucherRef(row) }, VOUCHER_SHARE_TTL_SECONDS, now)}`;
    const vence = new Date(Math.floor(now / 1000) * 1000 + VOUCHER_SHARE_TTL_SECONDS * 1000);
    const texto =
      `${companyName}: ${row.voucher_name} ${voucherNumberText(row.series, row.number)} del ${formatDateSlash(row.date)} ` +
      `por ${formatMoney(String(row.amount).replace(/^-/, ''), row.currency)}. ` +
      `Descárguelo aquí (válido hasta el ${formatDateSlash(todayInArgentina(vence))}): ${url}`;
    return { success: true, url, texto, vence: vence.toISOString() };
  }
}
