import { sql } from 'kysely';
import { integrationBatchMsg, NEWS_KINDS, NEWS_PROFILES, newsRow, removalRow, type NewsRow, type RemovalRow } from '@portal/contract';
import type { ChunkResult, KindHandler, Numbered } from './kind.js';

/** One card as dashboard_items keeps it, for one profile; every value as the database reads it back. */
type Card = {
  profile_id: number;
  kind: string;
  title: string;
  body: string;
  image_url: string | null;
  link: string | null;
  link_text: string | null;
  sort_order: number;
  active: boolean;
};
const CARD_FIELDS = ['profile_id', 'kind', 'title', 'body', 'image_url', 'link', 'link_text', 'sort_order', 'active'] as const;
/** One text per news item, its cards in profile order: equal texts are equal items. */
const canonical = (cards: Card[]) => JSON.stringify([...cards].sort((a, b) => a.profile_id - b.profile_id).map((c) => CARD_FIELDS.map((f) => c[f])));

/** The cards a row describes: one per profile it names. */
function cardsOf(row: NewsRow): Card[] {
  return row.perfiles.map((p) => ({
    profile_id: NEWS_PROFILES[p],
    kind: NEWS_KINDS[row.tipo],
    title: row.titulo,
    body: row.texto ?? '',
    image_url: row.imagen,
    link: row.link,
    link_text: row.link_texto,
    sort_order: row.orden,
    active: row.activo,
  }));
}

/**
 * News and banners of the dashboards: one row is one news item with the profiles it is shown to, keyed by the ERP's
 * code; the portal keeps a card per code and profile (dashboard_items). An item equal to what the portal holds is not
 * written; a new or changed one is written whole (its cards upserted, those of profiles it no longer names deleted).
 * The dashboards read the cards through a kept shared answer (db/shared-answers.ts) that watches dashboard_items: the
 * chunk's commit forgets it in this process and, by PostgreSQL's NOTIFY, in every other. A removal deletes the item's
 * cards (nothing in the portal points to a card); the portal's own cards, without a code, are never touched.
 */
export const news: KindHandler<NewsRow, RemovalRow> = {
  kind: 'novedades',
  row: newsRow,
  removal: removalRow,
  keyOf: (r) => String(r.codigo),

  async upsert(trx, companyId, rows: Numbered<NewsRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const codes = rows.map((r) => r.row.codigo);
    const held = await trx
      .selectFrom('dashboard_items')
      .select(['code', ...CARD_FIELDS])
      .where('company_id', '=', companyId)
      .where('code', 'in', codes)
      .orderBy('code')
      .orderBy('profile_id')
      .forUpdate()
      .execute();
    const heldBy = new Map<number, Card[]>();
    for (const { code, ...card } of held) heldBy.set(code!, [...(heldBy.get(code!) ?? []), card]);

    const toWrite: Array<{ code: number; cards: Card[] }> = [];
    for (const { n, row } of rows) {
      const cards = cardsOf(row);
      if (canonical(heldBy.get(row.codigo) ?? []) === canonical(cards)) {
        result.unchanged.push(n);
        continue;
      }
      toWrite.push({ code: row.codigo, cards });
      result.accepted.push(n);
    }
    if (!toWrite.length) return result;

    // The cards in one statement, in (code, profile) order: two batches of the same items lock them in the same order.
    const values = toWrite.flatMap(({ code, cards }) => cards.map((c) => ({ code, ...c }))).sort((a, b) => a.code - b.code || a.profile_id - b.profile_id);
    await sql`
      insert into dashboard_items (company_id, code, profile_id, kind, title, body, image_url, link, link_text, sort_order, active)
      select ${companyId}, r.code, r.profile_id, r.kind, r.title, r.body, r.image_url, r.link, r.link_text, r.sort_order, r.active
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(
        code integer, profile_id integer, kind text, title text, body text, image_url text, link text, link_text text, sort_order integer, active boolean)
      on conflict (company_id, code, profile_id) where code is not null do update set
        kind = excluded.kind, title = excluded.title, body = excluded.body, image_url = excluded.image_url, link = excluded.link,
        link_text = excluded.link_text, sort_order = excluded.sort_order, active = excluded.active`.execute(trx);
    // The cards of profiles an item no longer names.
    const kept = toWrite.map(({ code, cards }) => ({ code, profiles: cards.map((c) => c.profile_id) }));
    await sql`
      delete from dashboard_items d using jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) as k(code integer, profiles jsonb)
      where d.company_id = ${companyId} and d.code = k.code and not k.profiles @> to_jsonb(d.profile_id)`.execute(trx);
    return result;
  },

  async remove(trx, companyId, rows: Numbered<RemovalRow>[]): Promise<ChunkResult> {
    const result: ChunkResult = { accepted: [], unchanged: [], rejected: [] };
    const codes = rows.map((r) => r.row.codigo);
    const held = await trx.selectFrom('dashboard_items').select('code').where('company_id', '=', companyId).where('code', 'in', codes).orderBy('code').orderBy('profile_id').forUpdate().execute();
    const known = new Set(held.map((h) => h.code));
    const toDelete: number[] = [];
    for (const { n, row } of rows) {
      if (!known.has(row.codigo)) result.rejected.push({ fila: n, campo: 'codigo', mensaje: integrationBatchMsg.noExiste });
      else {
        toDelete.push(row.codigo);
        result.accepted.push(n);
      }
    }
    if (toDelete.length) await trx.deleteFrom('dashboard_items').where('company_id', '=', companyId).where('code', 'in', toDelete).execute();
    return result;
  },
};
