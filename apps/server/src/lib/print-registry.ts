import type { VoucherKey } from '@portal/contract';
import type { DB } from '../db/database.js';

/**
 * Documents that GET /proxy/imprime (and /proxy/files?type=pdf) print besides the current-account vouchers: an area
 * registers the voucher codes (codcom) it owns — contracts register 'CT' and the grain settlements 'LB'/'LP' —
 * and the files module asks the registry before its own vouchers, without knowing the area.
 */

export type Printed = { fileName: string; pdf: Buffer };
/**
 * The entity's document for the key: a Printed, or null when it exists but has no print. An unknown document
 * throws 404 and another entity's 403, as the voucher calls do.
 */
export type PrintResolver = (ctx: { db: DB; scope: { companyId: number; entityId: number }; key: VoucherKey }) => Promise<Printed | null>;

const resolvers = new Map<string, PrintResolver>();

export function registerPrintKind(codcom: string, resolver: PrintResolver): void {
  resolvers.set(codcom, resolver);
}

export function printResolver(codcom: string): PrintResolver | undefined {
  return resolvers.get(codcom);
}
