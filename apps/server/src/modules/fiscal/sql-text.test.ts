import type { DB } from '../../db/database.js';
import { sqlTextTests } from '../../test/sql-text.js';
import * as repo from './repository.js';

/**
 * The SQL text of the fiscal page's statement (issue 14): the lines and the summaries come as JSON from raw
 * `sql<Row>` templates, unchecked casts, so a renamed column or a lost `::text` (an amount read as a float) shows up
 * here in review. To record a new text: run with SQL_TEXT_PRINT=<file> and paste the entry over its old text.
 */

const scope = { companyId: 1, entityId: 2 };
const range = { fechadesde: '2026-01-01', fechahasta: '2026-11-24', descom: ['Factura A'] };

const CALLS: Record<string, (db: DB) => Promise<unknown>> = {
  fiscalPage: (db) => repo.fiscalPage(db, scope, range, 7, 7),
};

const RECORDED: Record<string, string[]> = {
  fiscalPage: [
    'select (select coalesce(json_agg(p order by p.date desc, p.id desc), \'[]\'::json) from ((select "m"."id", "m"."entity_id", "m"."date", "m"."time", "m"."voucher_code", "m"."series", "m"."number", "m"."voucher_name", "m"."afip_type", "m"."letter", "m"."origin_type", "m"."origin_number", "m"."origin_series", "m"."detail", "m"."sale_condition", "m"."cae", "m"."cae_due", "m"."currency", m.amount::text as "amount", "m"."due_date", "m"."printable", m.net_amount::text as "net_amount", m.vat21::text as "vat21", m.vat105::text as "vat105", m.other_taxes::text as "other_taxes", (select coalesce(json_agg(json_build_array(l.kind, l.product_code, l.description, l.quantity::text, l.unit, l.unit_price::text, l.discount::text, l.amount::text) order by l.line_no), \'[]\'::json) from voucher_lines l where l.company_id = $1 and l.movement_id = m.id) as "line_tuples" from "account_movements" as "m" where "m"."company_id" = $2 and "m"."entity_id" = $3 and "m"."date" >= $4 and "m"."date" <= $5 and "m"."voucher_name" in ($6) order by "m"."date" desc, "m"."id" desc limit $7 offset $8)) p) as page, (select coalesce(json_agg(x order by x.currency), \'[]\'::json) from ((select "m"."currency", count(*)::int as "cantidad", coalesce(sum(m.amount), 0)::text as "total" from "account_movements" as "m" where "m"."company_id" = $9 and "m"."entity_id" = $10 and "m"."date" >= $11 and "m"."date" <= $12 and "m"."voucher_name" in ($13) group by "m"."currency")) x) as totals, (select coalesce(array_agg(n.voucher_name order by n.voucher_name), \'{}\') from ((select distinct "voucher_name" from "account_movements" where "company_id" = $14 and "entity_id" = $15)) n) as names',
  ],
};

sqlTextTests('fiscal', CALLS, RECORDED);
