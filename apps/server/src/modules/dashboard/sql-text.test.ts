import type { DB } from '../../db/database.js';
import { sqlTextTests } from '../../test/sql-text.js';
import * as repo from './repository.js';

/**
 * The SQL text of the customer dashboard's one statement (issue 14): its raw `sql<Row>` template is an unchecked cast,
 * so a renamed column or a lost `::text` (an amount read as a float from JSON) shows up here in review. To record a
 * new text: run with SQL_TEXT_PRINT=<file> and paste the entry over its old text (test/sql-text.ts).
 */

const CALLS: Record<string, (db: DB) => Promise<unknown>> = {
  'customerFigures, every group': (db) => repo.customerFigures(db, 1, 2, '2026-11-24', '2025-12-01', { summary: true, charts: true, grain: true }),
  'customerFigures, the grain table alone': (db) => repo.customerFigures(db, 1, 2, '2026-11-24', '2025-12-01', { summary: false, charts: false, grain: true }),
};

const RECORDED: Record<string, string[]> = {
  'customerFigures, every group': [
    'select (select coalesce(json_agg(x order by x.currency), \'[]\'::json) from (select currency, sum(total)::text as total from statement_checkpoints where company_id = $1 and entity_id = $2 and basis = \'c\' group by currency) x) as balances, (select coalesce(json_agg(x order by x.currency), \'[]\'::json) from (select currency, sum(outstanding)::text as total, count(*)::int as documents from ( select m.currency, m.amount - coalesce((select sum(ra.amount) from receipt_applications ra join receipts r on r.id = ra.receipt_id where ra.company_id = "m".company_id and ra.movement_id = "m".id and r.status = \'approved\'), 0) as outstanding from account_movements m where m.company_id = $3 and m.entity_id = $4 and m.amount > 0 and m.settled = false and m.due_date < $5) d where outstanding > 0 group by currency) x) as overdue, (select json_build_object(\'count\', count(*)::int, \'total\', coalesce(sum(o.total), 0)::text) from sales_orders o where o.company_id = $6 and o.entity_id = $7 and o.status = \'pending\') as pending, (select coalesce(json_agg(x order by x.cosecha desc, x.descer), \'[]\'::json) from (select (select g.name from grains g where g.code = gm.grain) as descer, gm.grain as cereal, gm.harvest as cosecha, coalesce(sum(case when gm.kind = $8 then gm.kilos end), 0)::text as "kilos1", coalesce(sum(case when gm.kind = $9 then gm.kilos end), 0)::text as "kilos2", coalesce(sum(case when gm.kind = $10 then gm.kilos end), 0)::text as "kilos3", coalesce(sum(case when gm.kind = $11 then gm.kilos end), 0)::text as "kilos4", coalesce(sum(case when gm.kind = $12 then gm.kilos end), 0)::text as "kilos5", coalesce(sum(case when gm.kind = $13 then gm.kilos end), 0)::text as "kilos6", coalesce(sum(case when gm.kind = $14 then gm.kilos end), 0)::text as "kilos7" from grain_movements gm where gm.company_id = $15 and gm.entity_id = $16 group by gm.grain, gm.harvest) x) as grain, (select coalesce(json_agg(x order by x.month), \'[]\'::json) from (select to_char(o.ordered_on, \'YYYY-MM\') as month, sum(o.total)::text as total from sales_orders o where o.company_id = $17 and o.entity_id = $18 and o.status in (\'approved\', \'applied\') and o.ordered_on >= $19 group by to_char(o.ordered_on, \'YYYY-MM\')) x) as "perMonth", (select coalesce(json_agg(x order by x.name), \'[]\'::json) from (select gm.grain, (select g.name from grains g where g.code = gm.grain) as name, sum(gm.kilos)::text as kilos from grain_movements gm where gm.company_id = $20 and gm.entity_id = $21 and gm.kind = 1 and gm.date >= $22 group by gm.grain) x) as deliveries'
  ],
  'customerFigures, the grain table alone': [
    'select null::json as balances, null::json as overdue, null::json as pending, (select coalesce(json_agg(x order by x.cosecha desc, x.descer), \'[]\'::json) from (select (select g.name from grains g where g.code = gm.grain) as descer, gm.grain as cereal, gm.harvest as cosecha, coalesce(sum(case when gm.kind = $1 then gm.kilos end), 0)::text as "kilos1", coalesce(sum(case when gm.kind = $2 then gm.kilos end), 0)::text as "kilos2", coalesce(sum(case when gm.kind = $3 then gm.kilos end), 0)::text as "kilos3", coalesce(sum(case when gm.kind = $4 then gm.kilos end), 0)::text as "kilos4", coalesce(sum(case when gm.kind = $5 then gm.kilos end), 0)::text as "kilos5", coalesce(sum(case when gm.kind = $6 then gm.kilos end), 0)::text as "kilos6", coalesce(sum(case when gm.kind = $7 then gm.kilos end), 0)::text as "kilos7" from grain_movements gm where gm.company_id = $8 and gm.entity_id = $9 group by gm.grain, gm.harvest) x) as grain, null::json as "perMonth", null::json as deliveries'
  ],
};

sqlTextTests('dashboard', CALLS, RECORDED);
