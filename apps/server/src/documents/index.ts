/** The document service library: pure, database-free building blocks (see docs/decisions/documents.md). */
export type { CompanyHeader, Currency, DecimalValue } from './types.js';
export {
  type VoucherCustomer,
  type VoucherDocument,
  type VoucherLetter,
  type VoucherOtherLine,
  type VoucherProductLine,
  renderVoucherPdf,
  voucherNumberText,
} from './voucher-pdf.js';
export { type OrderDocument, renderOrderPdf } from './order-pdf.js';
export * from './table-export.js';
export { type ZipEntry, writeZip } from './zip.js';
export { type ShareClaims, type VerifiedShareClaims, signShareToken, verifyShareToken } from './share-links.js';
export {
  DEFAULT_SWEEP_INTERVAL_MS,
  DEFAULT_TEMP_FILE_MAX_AGE_MS,
  type TempFile,
  type TempFileInfo,
  type TempFileStorage,
  isValidDirectorio,
  isValidTempName,
  startTempFileSweeper,
  tempBaseName,
} from './temp-files.js';
export { parseCsv, quickOrderTemplate, readSheet, type SheetReadResult } from './sheet-reader.js';
