import type { DB } from '../db/database.js';
import { sharedStatement } from '../db/shared-answers.js';

/**
 * The company's stored parameters (company_parameters: key → value), the same for every customer of the company:
 * kept in memory and forgotten at once when the table is written (db/shared-answers.ts). Each area builds its own
 * when it starts (so every process watches the table from its first request).
 */
export function companyParameters(db: DB): (companyId: number) => Promise<Map<string, string>> {
  const rows = sharedStatement(db, { companyId: -1_000_001 }, (a) =>
    db.selectFrom('company_parameters').select(['key', 'value']).where('company_id', '=', a.companyId),
  );
  return async (companyId) => new Map((await rows({ companyId })).map((r) => [r.key, r.value]));
}
