/**
 * The voucher codes of the current-account ledger (account_movements.voucher_code; codcom and torig on the wire) that
 * the portal's own rules compare or write. Zod-free, so any screen may read them. Other codes (the ERP's own, grain
 * vouchers: GRAIN_VOUCHERS, contracts: CONTRACT_CODCOM) pass through as data.
 */
export const LEDGER_CODE = {
  /** Factura: the portal writes one when the back office applies an order. */
  invoice: 'FC',
  /** Nota de débito. */
  debitNote: 'ND',
  /** Nota de crédito: a negative balance a receipt may apply. */
  creditNote: 'NC',
  /** Recibo: the portal writes one when staff approve a receipt. */
  receipt: 'RC',
} as const;

export type LedgerCode = (typeof LEDGER_CODE)[keyof typeof LEDGER_CODE];

/** The documents a receipt may settle (its pending documents): invoices, debit notes and credit notes. */
export const RECEIPT_DOCUMENT_CODES: readonly LedgerCode[] = [LEDGER_CODE.invoice, LEDGER_CODE.debitNote, LEDGER_CODE.creditNote];

/**
 * Every voucher type of the current account (as the statements and fiscal screens show them) and its side: debits
 * add to the balance, credits subtract. The ERP loads them (`movimientos`, docs/integration.md).
 */
export const LEDGER_VOUCHER_TYPES = {
  [LEDGER_CODE.invoice]: { name: 'Factura', credit: false, lettered: true },
  [LEDGER_CODE.debitNote]: { name: 'Nota de débito', credit: false, lettered: true },
  [LEDGER_CODE.creditNote]: { name: 'Nota de crédito', credit: true, lettered: true },
  [LEDGER_CODE.receipt]: { name: 'Recibo', credit: true, lettered: false },
  FJ: { name: 'Factura canje', credit: false, lettered: false },
  LC: { name: 'Liquidación de granos canje', credit: true, lettered: false },
} as const;
export type LedgerVoucherType = keyof typeof LEDGER_VOUCHER_TYPES;
