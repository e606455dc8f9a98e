import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';

/** A text array as one parameter (drizzle's `sql` spreads a JS array into a list). */
const textArray = (values: string[]) => sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
import { awardSupplierMatches } from '../../db/schema/index';

/**
 * Award notices tied to providers (decision 0483): by an identifier the provider holds (Companies
 * House number, PPON) through the indexed `award_supplier_ids`, or by an admin's confirmation of a
 * name suggestion. Never by a name alone.
 */

export interface ContractRow {
  tender_id: string;
  title: string;
  organisation_name: string | null;
  award_value: string | number | null;
  award_date: Date | string | null;
  start_date: Date | string | null;
  end_date: Date | string | null;
  notice_url: string | null;
  matched_by: 'identifier' | 'confirmed-name';
  total: number;
}

export async function contractsOfProvider(db: Db, providerId: string, identifiers: string[], limit: number): Promise<ContractRow[]> {
  const result = await db.execute(sql`
    WITH matched AS (
      SELECT t.id, 'identifier' AS matched_by FROM tenders t
       WHERE t.stage = 'awarded' AND cardinality(${textArray(identifiers)}) > 0 AND award_supplier_ids(t.award_suppliers) && ${textArray(identifiers)}
      UNION
      SELECT m.tender_id, 'confirmed-name' FROM award_supplier_matches m WHERE m.provider_id = ${providerId} AND m.status = 'confirmed'
    ), one AS (
      SELECT DISTINCT ON (id) id, matched_by FROM matched ORDER BY id, matched_by DESC
    )
    SELECT t.id::text AS tender_id, t.title, t.organisation_name, t.award_value, t.award_date, t.start_date, t.end_date, t.notice_url,
           one.matched_by, count(*) OVER ()::int AS total
      FROM one JOIN tenders t ON t.id = one.id
     ORDER BY t.award_date DESC NULLS LAST, t.published_date DESC, t.id
     LIMIT ${limit}`);
  return rowsOf<ContractRow>(result);
}

export interface SuggestionRow {
  tender_id: string;
  title: string;
  organisation_name: string | null;
  award_date: Date | string | null;
  award_value: string | number | null;
  supplier_name: string;
  supplier_id: string | null;
  candidates: Array<{ id: string; slug: string; name: string; similarity: number }> | string;
  total: number;
}

/** Award suppliers no provider identifier matches and no admin confirmed, with similarly named profiles. */
export async function suggestions(db: Db, page: number, pageSize: number): Promise<SuggestionRow[]> {
  const result = await db.execute(sql`
    WITH sup AS (
      SELECT t.id AS tender_id, t.title, t.organisation_name, t.award_date, t.award_value, t.published_date,
             btrim(s ->> 'name') AS supplier_name, s ->> 'id' AS supplier_id, award_supplier_ids(jsonb_build_array(s)) AS ids
        FROM tenders t CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(t.award_suppliers) = 'array' THEN t.award_suppliers ELSE '[]'::jsonb END) AS e(s)
       WHERE t.stage = 'awarded' AND jsonb_typeof(s) = 'object' AND coalesce(btrim(s ->> 'name'), '') <> ''
    ), open AS (
      SELECT sup.* FROM sup
       WHERE NOT EXISTS (SELECT 1 FROM providers p WHERE p.company_number IS NOT NULL AND 'GB-COH-' || p.company_number = ANY (sup.ids))
         AND NOT EXISTS (SELECT 1 FROM providers p WHERE p.ppon_id IS NOT NULL AND 'GB-PPON-' || p.ppon_id = ANY (sup.ids))
         AND NOT EXISTS (SELECT 1 FROM award_supplier_matches m WHERE m.tender_id = sup.tender_id AND m.supplier_name = sup.supplier_name AND m.status = 'confirmed')
    ), withc AS (
      SELECT o.*, (
        SELECT coalesce(json_agg(json_build_object('id', c.id::text, 'slug', c.slug, 'name', c.business_name, 'similarity', c.sim) ORDER BY c.sim DESC), '[]'::json)
          FROM (SELECT p.id, p.slug, p.business_name, round(similarity(lower(p.business_name), lower(o.supplier_name))::numeric, 2) AS sim
                  FROM providers p
                 -- similarity() with pg_trgm's default threshold, not the % operator: PGlite spun at
                 -- full CPU, never returning, on the GIN index's rescans in this correlated subquery
                 -- (decision 0511).
                 WHERE similarity(lower(p.business_name), lower(o.supplier_name)) >= 0.3
                   AND NOT EXISTS (SELECT 1 FROM award_supplier_matches m WHERE m.tender_id = o.tender_id AND m.supplier_name = o.supplier_name AND m.provider_id = p.id)
                 ORDER BY sim DESC LIMIT 3) AS c
      ) AS candidates FROM open o
    )
    SELECT tender_id::text, title, organisation_name, award_date, award_value, supplier_name, supplier_id, candidates, count(*) OVER ()::int AS total
      FROM withc
     ORDER BY (candidates::text <> '[]') DESC, award_date DESC NULLS LAST, published_date DESC, tender_id, supplier_name
     LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
  return rowsOf<SuggestionRow>(result);
}

export interface AwardTender {
  id: string;
  title: string;
  organisation_name: string | null;
  award_date: Date | string | null;
  award_suppliers: Array<{ name?: unknown; id?: unknown; scheme?: unknown }> | null;
}

export async function findAwardTender(db: Db, id: string): Promise<AwardTender | undefined> {
  const result = await db.execute(sql`SELECT id::text, title, organisation_name, award_date, award_suppliers FROM tenders WHERE id = ${id} AND stage = 'awarded'`);
  return rowsOf<AwardTender>(result)[0];
}

export async function saveMatch(tx: Db, values: { tenderId: string; supplierName: string; providerId: string; status: 'confirmed' | 'rejected'; decidedBy: string; at: Date }) {
  await tx
    .insert(awardSupplierMatches)
    .values({ tenderId: values.tenderId, supplierName: values.supplierName, providerId: values.providerId, status: values.status, decidedBy: values.decidedBy, decidedAt: values.at })
    .onConflictDoUpdate({
      target: [awardSupplierMatches.tenderId, awardSupplierMatches.supplierName, awardSupplierMatches.providerId],
      set: { status: values.status, decidedBy: values.decidedBy, decidedAt: values.at },
    });
}

export async function confirmedMatchesOf(db: Db, tenderIds: string[]) {
  if (tenderIds.length === 0) return [];
  const result = await db.execute(sql`
    SELECT m.tender_id::text AS tender_id, m.supplier_name, p.slug, p.business_name AS name
      FROM award_supplier_matches m JOIN providers p ON p.id = m.provider_id
     WHERE m.status = 'confirmed' AND m.tender_id::text = ANY (${textArray(tenderIds)})`);
  return rowsOf<{ tender_id: string; supplier_name: string; slug: string; name: string }>(result);
}

/** Profiles holding any of these identifiers ('GB-COH-…', 'GB-PPON-…'). */
export async function providersByIdentifiers(db: Db, identifiers: string[]) {
  if (identifiers.length === 0) return [];
  const result = await db.execute(sql`
    SELECT slug, business_name AS name, 'GB-COH-' || company_number AS coh, 'GB-PPON-' || ppon_id AS ppon FROM providers
     WHERE company_number = ANY (ARRAY(SELECT substr(x, 8) FROM unnest(${textArray(identifiers)}) AS x WHERE x LIKE 'GB-COH-%'))
        OR ppon_id = ANY (ARRAY(SELECT substr(x, 9) FROM unnest(${textArray(identifiers)}) AS x WHERE x LIKE 'GB-PPON-%'))`);
  return rowsOf<{ slug: string; name: string; coh: string | null; ppon: string | null }>(result);
}

export async function deleteMatch(tx: Db, tenderId: string, supplierName: string, providerId: string) {
  await tx
    .delete(awardSupplierMatches)
    .where(and(eq(awardSupplierMatches.tenderId, tenderId), eq(awardSupplierMatches.supplierName, supplierName), eq(awardSupplierMatches.providerId, providerId)));
}

// ---------------------------------------------------------------------------------------------
// Buyer pages
// ---------------------------------------------------------------------------------------------

export async function listBuyers(db: Db, page: number, pageSize: number) {
  const result = await db.execute(sql`
    SELECT buyer_slug(organisation_name) AS slug, max(organisation_name) AS name, count(*)::int AS notices,
           count(*) FILTER (WHERE stage = 'awarded')::int AS awards, coalesce(sum(award_value) FILTER (WHERE stage = 'awarded'), 0)::float8 AS awarded_value,
           count(*) OVER ()::int AS total
      FROM tenders
     WHERE source = 'External' AND buyer_slug(organisation_name) IS NOT NULL
     GROUP BY buyer_slug(organisation_name)
     ORDER BY count(*) FILTER (WHERE stage = 'awarded') DESC, count(*) DESC, buyer_slug(organisation_name)
     LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
  return rowsOf<{ slug: string; name: string; notices: number; awards: number; awarded_value: number; total: number }>(result);
}

export interface BuyerTenderRow {
  id: string;
  title: string;
  stage: string;
  organisation_name: string;
  published_date: Date | string;
  closing_date: Date | string | null;
  value_maximum: string | number | null;
  award_value: string | number | null;
  award_date: Date | string | null;
  start_date: Date | string | null;
  end_date: Date | string | null;
  notice_url: string | null;
  contact_website: string | null;
  contact_town: string | null;
  award_suppliers: Array<{ name?: unknown; id?: unknown; scheme?: unknown }> | null;
  /** The notice's awards as imported (ocds-mapper's NoticeAward): each with its own value and suppliers. */
  notice_awards: Array<{ value?: unknown; suppliers?: Array<{ name?: unknown }> }> | null;
  lots: Array<{ renewal?: unknown }> | null;
}

/** Every imported notice of one buyer (the page's index: tenders_buyer_slug_idx), newest first. */
export async function buyerTenders(db: Db, slug: string, limit: number): Promise<BuyerTenderRow[]> {
  const result = await db.execute(sql`
    SELECT id::text, title, stage, organisation_name, published_date, closing_date, value_maximum, award_value, award_date, start_date, end_date,
           notice_url, contact_website, contact_town, award_suppliers, notice_awards, lots
      FROM tenders
     WHERE source = 'External' AND buyer_slug(organisation_name) = ${slug}
     ORDER BY published_date DESC, id
     LIMIT ${limit}`);
  return rowsOf<BuyerTenderRow>(result);
}

/** The position of a buyer's award in its export's order (newest notice first). */
export interface BuyerAwardKey {
  /** published_date as PostgreSQL writes it: exact to the microsecond, which a JS Date is not. */
  publishedKey: string;
  id: string;
}

/** How many awards a buyer has (the export's total; the same rows as `buyerAwardsAfter`). */
export async function countBuyerAwards(db: Db, slug: string): Promise<number> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS n FROM tenders
     WHERE source = 'External' AND stage = 'awarded' AND buyer_slug(organisation_name) = ${slug}`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * A buyer's awards for its export (decision 0532): newest notice first, a batch after `after` by
 * keyset on (published_date, id), so each batch is an index range of tenders_buyer_slug_idx.
 */
export async function buyerAwardsAfter(db: Db, slug: string, after: BuyerAwardKey | null, limit: number): Promise<Array<BuyerTenderRow & { published_key: string }>> {
  const from = after ? sql`AND (published_date, id) < (${after.publishedKey}::timestamptz, ${after.id}::uuid)` : sql``;
  const result = await db.execute(sql`
    SELECT id::text, title, stage, organisation_name, published_date, closing_date, value_maximum, award_value, award_date, start_date, end_date,
           notice_url, contact_website, contact_town, award_suppliers, notice_awards, lots, published_date::text AS published_key
      FROM tenders
     WHERE source = 'External' AND stage = 'awarded' AND buyer_slug(organisation_name) = ${slug} ${from}
     ORDER BY published_date DESC, id DESC
     LIMIT ${limit}`);
  return rowsOf<BuyerTenderRow & { published_key: string }>(result);
}

export async function sitemapBuyers(db: Db, limit: number) {
  const result = await db.execute(sql`
    SELECT buyer_slug(organisation_name) AS slug, max(updated_at) AS updated_at FROM tenders
     WHERE source = 'External' AND buyer_slug(organisation_name) IS NOT NULL
     GROUP BY 1 ORDER BY 1 LIMIT ${limit}`);
  return rowsOf<{ slug: string; updated_at: Date | string }>(result);
}
