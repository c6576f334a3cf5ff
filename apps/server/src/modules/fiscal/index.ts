/** Fiscal vouchers; their company and entity headers and lines are shared with the areas that print documents. What other areas and the app may use of it (docs/architecture.md § 'What may import what'). */
export { fiscalRoutes } from './routes.js';
export { companyHeader, entityHeader, findVoucher, linesOf, type VoucherLineRow, type VoucherRow } from './repository.js';
export { detailLines, toCompanyHeader, voucherFileName, voucherLines } from './mapper.js';
export { VoucherPdfs } from './vouchers.js';
