import type { VoucherKey } from '@portal/contract';
import type { DB } from '../db/database.js';
import type { EntityScope } from './identity.js';

/**
 * Documents that GET /proxy/imprime (and /proxy/files?type=pdf) print besides the current-account vouchers: an area
 * registers the voucher codes (codcom) it owns on the app's PrintRegistry at startup — contracts register 'CT' and
 * the grain settlements 'LB'/'LP' — and the files module asks the registry before its own vouchers, without knowing
 * the area. buildApp creates the registry; nothing is registered at import time.
 */

export type Printed = { fileName: string; pdf: Buffer };
/**
 * The entity's document for the key: a Printed, or null when it exists but has no print. An unknown document
 * throws 404 and another entity's 403, as the voucher calls do.
 */
export type PrintResolver = (ctx: { db: DB; scope: EntityScope; key: VoucherKey }) => Promise<Printed | null>;

/** The documents one app prints besides the current-account vouchers, by voucher code. */
export class PrintRegistry {
  private readonly resolvers = new Map<string, PrintResolver>();

  /** Adds the print of a voucher code; a code registered twice (two areas claiming it) fails the startup. */
  register(codcom: string, resolver: PrintResolver): void {
    if (this.resolvers.has(codcom)) throw new Error(`Print kind '${codcom}' is registered twice`);
    this.resolvers.set(codcom, resolver);
  }

  resolver(codcom: string): PrintResolver | undefined {
    return this.resolvers.get(codcom);
  }
}
