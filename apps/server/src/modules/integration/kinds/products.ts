import { sql } from 'kysely';
import { integrationRowMsg, PRODUCT_FACET_FIELDS, productRow, removalRow, type ProductRow, type RemovalRow } from '@portal/contract';
import type { DB } from '../../../db/database.js';
import type { FacetKind } from '../../../db/schema.js';
import { deactivateByCode } from './deactivate.js';
import { CATALOGUE_CHUNK_ROWS, type ChunkResult, type KindHandler, type Numbered } from './kind.js';

/** The product's column of each facet a row names (the facet kinds are the rows' field names). */
const FACET_COLUMN = {
  unegocio: 'business_unit_id',
  familia: 'family_id',
  subfamilia: 'subfamily_id',
  presentacion: 'presentation_id',
  rubro: 'category_id',
  subrubro: 'subcategory_id',
  linea: 'line_id',
  marca: 'brand_id',
} as const satisfies Record<(typeof PRODUCT_FACET_FIELDS)[number], string>;

const symbologyOf = (barcode: string): 'ean13' | 'ean8' | 'code128' => (/^\d{13}$/.test(barcode) ? 'ean13' : /^\d{8}$/.test(barcode) ? 'ean8' : 'code128');

/**
 * The facets the rows name, created or renamed to the name the rows give (the last one of the chunk wins): their ids
 * by `kind:code`. A facet already so is not written.
 */
async function facetIds(trx: DB, companyId: number, rows: Numbered<ProductRow>[]): Promise<Map<string, number>> {
  const wanted = new Map<string, { kind: FacetKind; code: number; name: string }>();
  for (const { row } of rows) {
    for (const kind of PRODUCT_FACET_FIELDS) {
      const f = row[kind];
      if (f) wanted.set(`${kind}:${f.codigo}`, { kind, code: f.codigo, name: f.nombre });
    }
  }
  const ids = new Map<string, number>();
  if (!wanted.size) return ids;
  const codes = [...new Set([...wanted.values()].map((f) => f.code))];
  const existing = await trx.selectFrom('product_facets').select(['id', 'kind', 'code', 'name']).where('company_id', '=', companyId).where('code', 'in', codes).execute();
  const names = new Map<string, string>();
  for (const e of existing) {
    ids.set(`${e.kind}:${e.code}`, e.id);
    names.set(`${e.kind}:${e.code}`, e.name);
  }
  const toWrite = [...wanted].filter(([k, f]) => names.get(k) !== f.name).map(([, f]) => f);
  if (toWrite.length) {
    toWrite.sort((a, b) => a.kind.localeCompare(b.kind) || a.code - b.code);
    const written = await sql<{ id: number; kind: string; code: number }>`
      insert into product_facets (company_id, kind, code, name)
      select ${companyId}, f.kind, f.code, f.name from jsonb_to_recordset(${JSON.stringify(toWrite)}::jsonb) as f(kind text, code integer, name text)
      on conflict (company_id, kind, code) do update set name = excluded.name
      returning id, kind, code`.execute(trx);
    for (const w of written.rows) ids.set(`${w.kind}:${w.code}`, w.id);
  }
  return ids;
}

/**
 * Products of the catalogue, keyed by the ERP's product code, with their facets (created or renamed as the rows name
 * them) and their other barcodes. Everything the catalogue derives follows in the same transaction: the search text
 * and the quick order's code keys are computed by the database from the row; the kept word counts
 * (catalog_word_counts) by their triggers on products; the catalogue's kept answers in every process are forgotten
 * at the commit (db/write-watch.ts). A removal marks the product inactive: orders and carts that name it stay.
 */
export const products: KindHandler<ProductRow, RemovalRow> = {
  kind: 'productos',
  chunkRows: CATALOGUE_CHUNK_ROWS,
  row: productRow,
  removal: removalRow,
  keyOf: (r) => String(r.codigo),

  async upsert(trx, companyId, rows: Numbered<ProductRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };

    // Other barcodes are the company's, one product each: one held by another product refuses the row.
    const others = [...new Set(rows.flatMap((r) => r.row.otros_codigos_barras ?? []))];
    const ownerOf = new Map<string, number>();
    if (others.length) {
      const owners = await trx
        .selectFrom('product_barcodes as b')
        .innerJoin('products as p', 'p.id', 'b.product_id')
        .select(['b.barcode', 'p.code'])
        .where('b.company_id', '=', companyId)
        .where('b.barcode', 'in', others)
        .execute();
      for (const o of owners) ownerOf.set(o.barcode, o.code);
    }
    const good: Numbered<ProductRow>[] = [];
    for (const r of rows) {
      const taken = (r.row.otros_codigos_barras ?? []).find((b) => (ownerOf.get(b) ?? r.row.codigo) !== r.row.codigo);
      if (taken !== undefined) {
        result.rejected.push({ fila: r.n, campo: 'otros_codigos_barras', mensaje: integrationRowMsg.codigoBarrasAjeno(taken, ownerOf.get(taken)!) });
        continue;
      }
      for (const b of r.row.otros_codigos_barras ?? []) ownerOf.set(b, r.row.codigo);
      good.push(r);
    }
    if (!good.length) return result;

    const facets = await facetIds(trx, companyId, good);
    const values = good
      .map(({ row }) => {
        const value: { code: number } & Record<string, unknown> = {
          code: row.codigo,
          alpha_code: row.codigo_alfa ?? String(row.codigo),
          name: row.nombre,
          description: row.descripcion,
          sales_unit: row.unidad_venta,
          unit: row.unidad,
          sales_factor: row.factor,
          barcode: row.codigo_barras,
          location: row.ubicacion,
          delivery_days: row.dias_entrega,
          is_new: row.nuevo,
          is_promotion: row.promocion,
          is_container: row.envase,
          active: row.activo,
        };
        // Assigned, not spread into the literal: V8 copies `{ ...x, more }` through a slow path (≈ 25 µs a row).
        for (const k of PRODUCT_FACET_FIELDS) {
          const f = row[k];
          value[FACET_COLUMN[k]] = f ? facets.get(`${k}:${f.codigo}`) : null;
        }
        return value;
      })
      .sort((a, b) => a.code - b.code);
    const columns = [
      'alpha_code', 'name', 'description', 'sales_unit', 'unit', 'sales_factor', ...Object.values(FACET_COLUMN),
      'barcode', 'location', 'delivery_days', 'is_new', 'is_promotion', 'is_container', 'active',
    ];
    const list = (prefix: string) => sql.raw(columns.map((c) => `${prefix}${c}`).join(', '));
    // One statement for the chunk: rows already equal are left alone (and not returned), so they count as unchanged.
    const written = await sql<{ code: number }>`
      insert into products (company_id, code, ${list('')})
      select ${companyId}, r.code, ${list('r.')}
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(
        code integer, alpha_code text, name text, description text, sales_unit text, unit text, sales_factor numeric,
        business_unit_id integer, family_id integer, subfamily_id integer, presentation_id integer, category_id integer,
        subcategory_id integer, line_id integer, brand_id integer, barcode text, location text, delivery_days integer,
        is_new boolean, is_promotion boolean, is_container boolean, active boolean)
      on conflict (company_id, code) do update set ${sql.raw(columns.map((c) => `${c} = excluded.${c}`).join(', '))}
      where (${list('products.')}) is distinct from (${list('excluded.')})
      returning code`.execute(trx);
    const changed = new Set(written.rows.map((r) => r.code));

    // The other barcodes of the rows that send them: the product's set becomes the row's.
    const withOthers = good.filter((r) => r.row.otros_codigos_barras !== undefined);
    if (withOthers.length) {
      const ids = await trx.selectFrom('products').select(['id', 'code']).where('company_id', '=', companyId).where('code', 'in', withOthers.map((r) => r.row.codigo)).execute();
      const idOf = new Map(ids.map((p) => [p.code, p.id]));
      const held = await trx.selectFrom('product_barcodes').select(['product_id', 'barcode']).where('company_id', '=', companyId).where('product_id', 'in', ids.map((p) => p.id)).execute();
      const heldBy = new Map<number, Set<string>>();
      for (const h of held) heldBy.set(h.product_id, (heldBy.get(h.product_id) ?? new Set()).add(h.barcode));
      const drop: Array<{ product_id: number; barcode: string }> = [];
      const add: Array<{ company_id: number; product_id: number; barcode: string; symbology: 'ean13' | 'ean8' | 'code128' }> = [];
      for (const { row } of withOthers) {
        const id = idOf.get(row.codigo)!;
        const have = heldBy.get(id) ?? new Set<string>();
        const want = new Set(row.otros_codigos_barras);
        const before = drop.length + add.length;
        for (const b of have) if (!want.has(b)) drop.push({ product_id: id, barcode: b });
        for (const b of want) if (!have.has(b)) add.push({ company_id: companyId, product_id: id, barcode: b, symbology: symbologyOf(b) });
        if (drop.length + add.length > before) changed.add(row.codigo);
      }
      if (drop.length) {
        await sql`delete from product_barcodes b using jsonb_to_recordset(${JSON.stringify(drop)}::jsonb) as d(product_id integer, barcode text)
          where b.company_id = ${companyId} and b.product_id = d.product_id and b.barcode = d.barcode`.execute(trx);
      }
      if (add.length) await trx.insertInto('product_barcodes').values(add).execute();
    }
    for (const { n, row } of good) (changed.has(row.codigo) ? result.accepted : result.unchanged).push(n);
    return result;
  },

  remove: (trx, companyId, rows) => deactivateByCode(trx, 'products', companyId, rows),
};
