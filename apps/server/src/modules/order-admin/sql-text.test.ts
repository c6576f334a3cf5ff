import type { DB } from '../../db/database.js';
import { sqlTextTests } from '../../test/sql-text.js';
import * as repo from './repository.js';

/**
 * The SQL text of the order management repository's raw `sql<Row>` templates: a template's row type is an unchecked
 * cast, so a renamed or retyped column does not fail the typecheck. Each call below is compiled without a database
 * (a dummy driver that answers one made-up row) and its statements are compared with the text recorded here, so a
 * change to a column, a join or a filter shows up in review as a change to this file. To record a new text: run
 * with SQL_TEXT_PRINT=<file> (the texts are written there as JSON) and paste the entry over its old text.
 */

/** Every function of the repository that sends a raw template. */
const CALLS: Record<string, (db: DB) => Promise<unknown>> = {
  'staffOrders of sellers, searched': (db) => repo.staffOrders(db, 1, [5, 6], 'pending', 0, 10, 'perez'),
  staffOrder: (db) => repo.staffOrder(db, 1, 3),
  lockOrderForStaff: (db) => repo.lockOrderForStaff(db, 1, [5], 3),
  markApproved: (db) => repo.markApproved(db, 1, 3, 9),
  markApplied: (db) => repo.markApplied(db, 1, 3, 9, '77'),
};

const RECORDED: Record<string, string[]> = {
  'staffOrders of sellers, searched': [
    'select o.id, o.number, o.series, o.ordered_on::text as ordered_on, e.code as entity_code, e.name as entity_name, s.name as seller, o.detail, o.total::text as total, o.status, o.erp_status, o.erp_number, o.erp_reason, o.erp_at, case when m.id is null then null else m.voucher_code || \' \' || coalesce(m.letter, \'\') || \' \' || lpad(m.series::text, 5, \'0\') || \'-\' || lpad(m.number::text, 8, \'0\') end as invoice from sales_orders o join entities e on e.id = o.entity_id and e.company_id = o.company_id left join sellers s on s.id = o.seller_id left join account_movements m on m.id = o.invoice_movement_id where o.company_id = $1 and o.status = $2 and o.seller_id in ($3, $4) and exists (select 1 from entities se where se.id = o.entity_id and translate(lower(se.name), \'áéíóúüñàèìòù\', \'aeiouunaeiou\') like translate(lower($5), \'áéíóúüñàèìòù\', \'aeiouunaeiou\')) order by o.ordered_on desc, o.id desc limit $6 offset $7',
    'select count(*)::int as n from sales_orders o where o.company_id = $1 and o.status = $2 and o.seller_id in ($3, $4) and exists (select 1 from entities se where se.id = o.entity_id and translate(lower(se.name), \'áéíóúüñàèìòù\', \'aeiouunaeiou\') like translate(lower($5), \'áéíóúüñàèìòù\', \'aeiouunaeiou\'))',
  ],
  staffOrder: [
    'select o.id, o.number, o.series, o.ordered_on::text as ordered_on, e.code as entity_code, e.name as entity_name, s.name as seller, o.detail, o.total::text as total, o.status, o.erp_status, o.erp_number, o.erp_reason, o.erp_at, case when m.id is null then null else m.voucher_code || \' \' || coalesce(m.letter, \'\') || \' \' || lpad(m.series::text, 5, \'0\') || \'-\' || lpad(m.number::text, 8, \'0\') end as invoice from sales_orders o join entities e on e.id = o.entity_id and e.company_id = o.company_id left join sellers s on s.id = o.seller_id left join account_movements m on m.id = o.invoice_movement_id where o.company_id = $1 and o.id = $2',
  ],
  lockOrderForStaff: [
    'select o.id, o.number, o.series, o.entity_id, o.status, o.total::text as total, o.ordered_on::text as ordered_on, o.detail, (select t.description from operation_types t where t.id = o.operation_type_id) as operation, o.delivery_date::text as delivery_date from sales_orders o where o.id = $1 and o.company_id = $2 and o.seller_id in ($3) for update',
  ],
  markApproved: [
    'update sales_orders set status = \'approved\', approved_at = now(), approved_by = $1 where id = $2 and company_id = $3',
  ],
  markApplied: [
    'update sales_orders set status = \'applied\', applied_at = now(), applied_by = $1, applied_amount = total, invoice_movement_id = $2 where id = $3 and company_id = $4',
  ],
};

sqlTextTests('order-admin', CALLS, RECORDED);
