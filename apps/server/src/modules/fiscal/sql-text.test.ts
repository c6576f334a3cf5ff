import type { DB } from '../../db/database.js';
import { sqlTextTests } from '../../test/sql-text.js';
import * as repo from './repository.js';

/**
 * The SQL text of the fiscal page's statement: the page, its lines and the summaries come as JSON from raw
 * `sql<Row>` templates, unchecked casts (the page's vouchers as arrays read by position), so a renamed or reordered
 * column or a lost `::text` (an amount read as a float) shows up here in review. To record a new text: run with
 * SQL_TEXT_PRINT=<file> and paste the entry over its old text.
 */

const scope = { companyId: 1, entityId: 2 };
const range = { fechadesde: '2026-01-01', fechahasta: '2026-11-24', descom: ['Factura A'] };

const CALLS: Record<string, (db: DB) => Promise<unknown>> = {
  fiscalPage: (db) => repo.fiscalPage(db, scope, range, 7, 7),
  // No description chosen: the whole months of the range are summed from the monthly checkpoints.
  fiscalPageWholeMonths: (db) => repo.fiscalPage(db, scope, { ...range, descom: [] }, 0, 7),
};

const RECORDED: Record<string, string[]> = {
  fiscalPage: [
    'select (select coalesce(json_agg(json_build_array(p.id::text, p.date, p.time, p.voucher_code, p.series, p.number, p.voucher_name, p.afip_type, p.letter, p.origin_type, p.origin_number, p.origin_series, p.detail, p.sale_condition, p.cae, p.cae_due, p.currency, p.amount, p.due_date, p.printable, p.vat21, p.vat105, p.other_taxes, p.lines) order by p.date desc, p.id desc), \'[]\'::json) from ((select "m"."id", "m"."date", "m"."time", "m"."voucher_code", "m"."series", "m"."number", "m"."voucher_name", "m"."afip_type", "m"."letter", "m"."origin_type", "m"."origin_number", "m"."origin_series", "m"."detail", "m"."sale_condition", "m"."cae", "m"."cae_due", "m"."currency", m.amount::text as "amount", "m"."due_date", "m"."printable", m.vat21::text as "vat21", m.vat105::text as "vat105", m.other_taxes::text as "other_taxes", (select coalesce(json_agg(json_build_array(l.kind, l.product_code, l.description, l.quantity::text, l.unit, l.amount::text) order by l.line_no), \'[]\'::json) from voucher_lines l where l.company_id = $1 and l.movement_id = m.id) as "lines" from "account_movements" as "m" where "m"."company_id" = $2 and "m"."entity_id" = $3 and "m"."date" >= $4 and "m"."date" <= $5 and "m"."voucher_name" in ($6) order by "m"."date" desc, "m"."id" desc limit $7 offset $8)) p) as page, (select coalesce(json_agg(x order by x.currency), \'[]\'::json) from ((select "m"."currency", count(*)::int as "cantidad", coalesce(sum(m.amount), 0)::text as "total" from "account_movements" as "m" where "m"."company_id" = $9 and "m"."entity_id" = $10 and "m"."date" >= $11 and "m"."date" <= $12 and "m"."voucher_name" in ($13) group by "m"."currency")) x) as totals, array(with recursive t(n) as ( (select a.voucher_name from account_movements a where a.company_id = $14 and a.entity_id = $15 order by a.voucher_name limit 1) union all select (select a.voucher_name from account_movements a where a.company_id = $16 and a.entity_id = $17 and a.voucher_name > t.n order by a.voucher_name limit 1) from t where t.n is not null ) select t.n from t where t.n is not null order by t.n) as names',
  ],
  fiscalPageWholeMonths: [
    'select (select coalesce(json_agg(json_build_array(p.id::text, p.date, p.time, p.voucher_code, p.series, p.number, p.voucher_name, p.afip_type, p.letter, p.origin_type, p.origin_number, p.origin_series, p.detail, p.sale_condition, p.cae, p.cae_due, p.currency, p.amount, p.due_date, p.printable, p.vat21, p.vat105, p.other_taxes, p.lines) order by p.date desc, p.id desc), \'[]\'::json) from ((select "m"."id", "m"."date", "m"."time", "m"."voucher_code", "m"."series", "m"."number", "m"."voucher_name", "m"."afip_type", "m"."letter", "m"."origin_type", "m"."origin_number", "m"."origin_series", "m"."detail", "m"."sale_condition", "m"."cae", "m"."cae_due", "m"."currency", m.amount::text as "amount", "m"."due_date", "m"."printable", m.vat21::text as "vat21", m.vat105::text as "vat105", m.other_taxes::text as "other_taxes", (select coalesce(json_agg(json_build_array(l.kind, l.product_code, l.description, l.quantity::text, l.unit, l.amount::text) order by l.line_no), \'[]\'::json) from voucher_lines l where l.company_id = $1 and l.movement_id = m.id) as "lines" from "account_movements" as "m" where "m"."company_id" = $2 and "m"."entity_id" = $3 and "m"."date" >= $4 and "m"."date" <= $5 order by "m"."date" desc, "m"."id" desc limit $6 offset $7)) p) as page, (select coalesce(json_agg(x order by x.currency), \'[]\'::json) from (select t.currency, sum(t.n)::int as cantidad, sum(t.total)::text as total from ( select k.currency, k.movements as n, k.total from statement_checkpoints k where k.company_id = $8 and k.entity_id = $9 and k.basis = \'c\' and k.month >= $10 and k.month < $11 union all select m.currency, 1, m.amount from account_movements m where m.company_id = $12 and m.entity_id = $13 and m.date >= $14 and m.date < $15 union all select m.currency, 1, m.amount from account_movements m where m.company_id = $16 and m.entity_id = $17 and m.date >= $18 and m.date <= $19 ) t group by t.currency having sum(t.n) > 0) x) as totals, array(with recursive t(n) as ( (select a.voucher_name from account_movements a where a.company_id = $20 and a.entity_id = $21 order by a.voucher_name limit 1) union all select (select a.voucher_name from account_movements a where a.company_id = $22 and a.entity_id = $23 and a.voucher_name > t.n order by a.voucher_name limit 1) from t where t.n is not null ) select t.n from t where t.n is not null order by t.n) as names',
  ],
};

sqlTextTests('fiscal', CALLS, RECORDED);
