import type { DB } from '../../db/database.js';
import { sqlTextTests } from '../../test/sql-text.js';
import * as repo from './quick-order-repository.js';

/** The SQL text of the quick order's raw templates (as orders/sql-text.test.ts: a changed column shows in review). */
const lists = { id: 1, fallback: 2 };
const CALLS: Record<string, (db: DB) => Promise<unknown>> = {
  productsByCodeKeys: (db) => repo.productsByCodeKeys(db, 1, lists, ['SEM123', '1001']),
  productsByIds: (db) => repo.productsByIds(db, 1, lists, [3, 4]),
  closestCodes: (db) => repo.closestCodes(db, 1, lists, ['SEM1239'], 3),
};

const RECORDED: Record<string, string[]> = {
  productsByCodeKeys: [
    "select distinct on (m.key, p.id) m.key, m.via, p.id, p.code, p.alpha_code, p.name, p.sales_unit, p.unit, p.sales_factor::text as sales_factor, p.images, p.active, i.currency, round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2)::text as final_price from unnest($1::text[]) k(key) cross join lateral ( select k.key, p.id, 'alfa' as via from products p where p.company_id = $2 and quick_code_key(p.alpha_code) = k.key union all select k.key, p.id, 'codigo' from products p where p.company_id = $3 and p.code = (case when k.key ~ '^[0-9]{1,9}$' and length(k.key) < 10 then k.key::bigint end) union all select k.key, p.id, 'barras' from products p where p.company_id = $4 and quick_code_key(p.barcode) = k.key and p.barcode is not null union all select k.key, b.product_id, 'barras' from product_barcodes b where b.company_id = $5 and quick_code_key(b.barcode) = k.key ) m cross join lateral (select * from products p where p.id = m.id and p.company_id = $6 limit 1) p left join lateral (select i0.currency, i0.list_price, i0.discount1, i0.discount2, i0.min_price, i0.max_price from price_list_items i0 where i0.product_id = \"p\".\"id\" and i0.price_list_id in ($7, $8) order by (i0.price_list_id = $9) desc limit 1) i on true order by m.key, p.id, m.via",
  ],
  productsByIds: [
    "select null as key, 'id' as via, p.id, p.code, p.alpha_code, p.name, p.sales_unit, p.unit, p.sales_factor::text as sales_factor, p.images, p.active, i.currency, round(i.list_price * (1 - i.discount1 / 100) * (1 - i.discount2 / 100), 2)::text as final_price from products p left join lateral (select i0.currency, i0.list_price, i0.discount1, i0.discount2, i0.min_price, i0.max_price from price_list_items i0 where i0.product_id = \"p\".\"id\" and i0.price_list_id in ($1, $2) order by (i0.price_list_id = $3) desc limit 1) i on true where p.company_id = $4 and p.id in ($5, $6)",
  ],
  closestCodes: [
    "select k.key, s.id, s.code, s.alpha_code, s.name from unnest($1::text[]) k(key) cross join lateral ( select p.id, p.code, p.alpha_code, p.name, lower(quick_code_key(p.alpha_code)) <-> lower(k.key) as distance from products p where p.id in (select v.product_id from product_code_variants v where v.company_id = $2 and v.variant in (select quick_code_variants(k.key))) and p.company_id = $3 and p.active and p.price_lists && array[$4, $5]::int[] order by 5, p.alpha_code limit $6 ) s where s.distance < 0.7 order by k.key, s.distance, s.alpha_code",
    "select k.key, s.id, s.code, s.alpha_code, s.name from unnest($1::text[]) k(key) cross join lateral ( select p.id, p.code, p.alpha_code, p.name, lower(quick_code_key(p.alpha_code)) <-> lower(k.key) as distance from products p where p.company_id = $2 and p.active and p.price_lists && array[$3, $4]::int[] order by lower(quick_code_key(p.alpha_code)) <-> lower(k.key) limit $5 ) s where s.distance < 0.7 order by k.key, s.distance, s.alpha_code",
  ],
};

sqlTextTests('quick order', CALLS, RECORDED);
