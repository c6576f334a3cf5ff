import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/** Product pictures by the company's CUIT (the image URL names the company, as the spec's call does). */

function image(db: DB, cuit: string, fileName: string) {
  return db
    .selectFrom('product_images as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .where('c.cuit', '=', cuit)
    .where('c.active', '=', true)
    .where('i.file_name', '=', fileName);
}

/** The picture's content hash (its ETag), without reading the bytes out. */
export function productImageTag(db: DB, cuit: string, fileName: string) {
  return image(db, cuit, fileName).select(sql<string>`md5(i.data)`.as('hash')).executeTakeFirst();
}

export function productImage(db: DB, cuit: string, fileName: string) {
  return image(db, cuit, fileName).select(['i.content_type', 'i.data']).executeTakeFirst();
}
