import Decimal from 'decimal.js';
import { sql, type RawBuilder } from 'kysely';

/** Families sold at the reduced VAT rate (Ley de IVA art. 28: seeds and fertilisers); everything else 21 %. */
const REDUCED_VAT_FAMILIES = new Set(['semillas', 'fertilizantes']);

const rateOfFamily = new Map<string, '10.5' | '21'>();

export function vatRateOf(family: string | null): '10.5' | '21' {
  const name = family ?? '';
  let rate = rateOfFamily.get(name);
  if (rate === undefined) {
    const f = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
    rate = REDUCED_VAT_FAMILIES.has(f) ? '10.5' : '21';
    // A company has tens of families; the bound only keeps a stream of odd names from growing the map.
    if (rateOfFamily.size >= 10_000) rateOfFamily.clear();
    rateOfFamily.set(name, rate);
  }
  return rate;
}

const r2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

export type OrderAmounts = { net: string; vat: string; total: string };

/**
 * What each amount of an order means (docs/decisions/ordering.md 'What each amount means'): `net` is the sum of
 * the lines (prices before VAT, like the catalogue); `vat` the VAT per rate on each rate's subtotal, exactly as the
 * order PDF and a Factura A add it; `total` = net + vat, what the customer pays. A purchase order without taxes
 * (conimpuesto false) has no VAT. The cart, the confirm answer, the lists, the history, the back office, the
 * WhatsApp text and the PDF all show these three numbers.
 */
export function orderAmounts(lines: ReadonlyArray<{ amount: string; family: string | null }>, withTax = true): OrderAmounts {
  const net = { '21': new Decimal(0), '10.5': new Decimal(0) };
  for (const l of lines) {
    const rate = vatRateOf(l.family);
    net[rate] = net[rate].plus(l.amount);
  }
  const netTotal = net['21'].plus(net['10.5']);
  const vat = withTax ? r2(net['21'].times('0.21')).plus(r2(net['10.5'].times('0.105'))) : new Decimal(0);
  return { net: netTotal.toFixed(2), vat: vat.toFixed(2), total: netTotal.plus(vat).toFixed(2) };
}

const ACCENTED = 'áàâäéèêëíìîïóòôöúùûüñÁÀÂÄÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜÑ';
const PLAIN = 'aaaaeeeeiiiioooouuuunaaaaeeeeiiiioooouuuun';

/**
 * `orderAmounts(lines).total` of a sales order as SQL, for the figures that add up many orders in the database (the
 * dashboard's cards and charts): the lines' net per VAT rate plus each rate's VAT rounded to cents (half away from
 * zero, as decimal.js ROUND_HALF_UP), with the family read as vatRateOf reads it (accents, case and spaces aside;
 * `lower` alone does not fold accented capitals under the C collation, so they are translated as well).
 * `order` is the alias of the sales_orders row the subquery is correlated to.
 */
export function salesOrderTotalSql(order: string): RawBuilder<string> {
  const o = sql.ref(order);
  const family = sql`translate(lower(btrim(f.name)), ${sql.lit(ACCENTED)}, ${sql.lit(PLAIN)})`;
  const reduced = sql.join([...REDUCED_VAT_FAMILIES].map((f) => sql.lit(f)));
  return sql<string>`(select coalesce(sum(v.net + round(v.net * v.rate, 2)), 0) from (
      select case when ${family} in (${reduced}) then 0.105 else 0.21 end as rate, sum(l.amount) as net
      from sales_order_lines l join products p on p.id = l.product_id left join product_facets f on f.id = p.family_id
      where l.order_id = ${o}.id and l.company_id = ${o}.company_id group by 1) v)`;
}
