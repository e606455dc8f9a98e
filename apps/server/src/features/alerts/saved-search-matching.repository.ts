import { sql } from 'drizzle-orm';
import { APPLICANT_TYPES, TYPE_FILTER_ALIASES } from '@solar/shared/constants/providers';
import { PROJECT_PHASES } from '@solar/shared/constants/assets';
import type { Db } from '../../db/client';
import { haversineKmSql, rowsOf } from '../../db/sql-helpers';
import { visibleTo } from '../tenders/tenders.repository';

/**
 * The set-based matcher (decision 0471): one INSERT … SELECT per kind matches a batch of new items
 * with every saved search at once, never a loop over searches. Each item is stored once per search
 * (the primary key of saved_search_matches). The batches are rows of `tender_changes` and
 * `alert_queue` not yet matched, claimed with SKIP LOCKED and marked in the same transaction, so a
 * change committed late by another transaction is matched by the next run.
 */

/**
 * A tender's stage for alerts, the one expression for it (decisions 0471, 0576): awarded and
 * cancelled as stored; an imported notice the Procurement Act puts in the pipeline (UK1–UK3) or open
 * for interest (UK4 with an expression-of-interest deadline, until that deadline) as such; otherwise
 * the board's computed status (decision 0170). `now` is SQL giving the current time.
 */
export const tenderAlertStageSql = (now: string) => `CASE WHEN t.stage = 'awarded' THEN 'awarded' WHEN t.stage = 'cancelled' THEN 'cancelled'
    WHEN t.notice_stage = 'pipeline' THEN 'pipeline'
    WHEN coalesce(t.closing_date, t.published_date + interval '90 days') <= ${now} THEN 'closed'
    WHEN t.notice_stage = 'interest' THEN 'interest' ELSE 'open' END`;

/** `text` (SQL) as a LIKE pattern matching it anywhere, its wildcards escaped. */
const containsSql = (text: string) => `'%' || replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

/** The rule of decision 0180: a service of a claim-approved profile the user owns, and that profile's service area. */
const MY_PROFILES_SQL = `EXISTS (SELECT 1 FROM providers mp WHERE mp.user_id = s.user_id AND mp.claim_approved
    AND EXISTS (SELECT 1 FROM unnest(mp.services) sv WHERE lower(t.service) = lower(sv) OR (t.title || ' ' || t.description) ILIKE ${containsSql('sv')})
    AND (mp.service_radius = -1 OR (t.latitude IS NOT NULL AND mp.latitude IS NOT NULL AND mp.service_radius > 0
         AND ${haversineKmSql('mp.latitude', 'mp.longitude', 't.latitude', 't.longitude')} <= mp.service_radius)))`;

/** Up to `limit` tender changes the matcher has not handled, locked for this transaction. */
export async function claimTenderChanges(tx: Db, limit: number): Promise<number[]> {
  const rows = rowsOf<{ seq: string | number }>(
    await tx.execute(sql`SELECT seq FROM tender_changes WHERE matched_at IS NULL ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED`),
  );
  return rows.map((r) => Number(r.seq));
}

export async function markTenderChangesMatched(tx: Db, seqs: number[], now: Date) {
  await tx.execute(sql`UPDATE tender_changes SET matched_at = ${now.toISOString()}::timestamptz WHERE seq = ANY(${`{${seqs.join(',')}}`}::bigint[])`);
}

/**
 * Matches the tenders of a batch of changes with every tender search (decision 0471; the plan,
 * decision 0563): the batch's tenders are read once with the values the checks compare
 * (`items`); their keys (cell, region, CPV codes, words, cell and region each with each word, 'all')
 * are hash-joined with the searches' anchors in a subquery of their own (`OFFSET 0`), so the
 * candidate pairs stream as (search, tender) ids into hash joins with the searches and the tenders
 * instead of the tenders' whole rows being sorted by key; each candidate pair is then checked
 * against every criterion and the visibility rule for the search's owner (decision 0333). Drafts
 * and the user's own tenders never match. The pairs found are written by a plain INSERT, once each
 * and in key order, leaving out those already stored (a third less CPU than `ON CONFLICT DO
 * NOTHING`'s speculative insertion of every row, decision 0563); the job runs one pass at a time,
 * and a pass that met another's uncommitted pair fails whole and its batch is matched by the next
 * run. Returns the matches stored.
 */
export async function matchTenderChanges(tx: Db, seqs: number[], now: Date): Promise<number> {
  if (seqs.length === 0) return 0;
  const at = `'${now.toISOString()}'::timestamptz`;
  const result = await tx.execute(sql.raw(`
    WITH batch AS (
      SELECT c.tender_id, CASE WHEN bool_or(c.kind = 'published') THEN 'new' ELSE (array_agg(c.kind ORDER BY c.seq DESC))[1] END AS change
        FROM tender_changes c WHERE c.seq = ANY('{${seqs.join(',')}}'::bigint[]) GROUP BY c.tender_id
    ), items AS MATERIALIZED (
      SELECT t.id, t.user_id, t.type, t.stage, t.source, t.service, t.title, t.description, t.region, t.cpv_codes, t.search_vector,
             t.latitude, t.longitude, coalesce(t.value_maximum, t.value_minimum) AS value_high, coalesce(t.value_minimum, t.value_maximum) AS value_low,
             ${tenderAlertStageSql(at)} AS alert_stage, b.change
        FROM batch b JOIN tenders t ON t.id = b.tender_id WHERE t.stage <> 'draft'
    ), places AS (
      SELECT i.id, alert_cell(i.latitude, i.longitude) AS key FROM items i WHERE i.latitude IS NOT NULL AND i.longitude IS NOT NULL
      UNION ALL SELECT i.id, 'r:' || lower(i.region) FROM items i WHERE i.region IS NOT NULL
    ), words AS (
      SELECT i.id, 'w:' || w AS key FROM items i, unnest(tsvector_to_array(i.search_vector)) AS w
    ), keys AS (
      SELECT i.id, 'all' AS key FROM items i
      UNION ALL SELECT id, key FROM places
      UNION ALL SELECT i.id, 'c:' || c FROM items i, unnest(i.cpv_codes) AS c
      UNION ALL SELECT id, key FROM words
      UNION ALL SELECT p.id, p.key || '|' || w.key FROM places p JOIN words w ON w.id = p.id
    ), found AS (
    SELECT s.id AS search_id, t.id::text AS item_id, t.change
      FROM (SELECT a.search_id, k.id AS tender_id FROM keys k JOIN saved_search_anchors a ON a.key = k.key OFFSET 0) c
      JOIN saved_searches s ON s.id = c.search_id
      JOIN items t ON t.id = c.tender_id
     WHERE s.kind = 'tenders' AND NOT s.paused AND (t.user_id IS NULL OR t.user_id <> s.user_id)
       AND (s.t_sources IS NULL OR t.source = ANY(s.t_sources))
       AND (s.t_min_value IS NULL OR t.value_high >= s.t_min_value)
       AND (s.t_max_value IS NULL OR t.value_low <= s.t_max_value)
       AND (s.t_regions IS NULL OR lower(t.region) = ANY(s.t_regions))
       AND (s.t_cpv IS NULL OR t.cpv_codes && s.t_cpv)
       AND (s.t_stages IS NULL OR t.alert_stage = ANY(s.t_stages))
       AND (s.t_lat IS NULL OR (t.latitude IS NOT NULL AND ${haversineKmSql('s.t_lat', 's.t_lng', 't.latitude', 't.longitude')} <= s.t_radius_km))
       AND (s.t_query IS NULL OR t.search_vector @@ s.t_query)
       AND (s.t_service IS NULL OR lower(t.service) = lower(s.t_service) OR (t.title || ' ' || t.description) ILIKE ${containsSql('s.t_service')})
       AND (NOT s.t_my_profiles OR (t.type = 'open' AND ${MY_PROFILES_SQL}))
       AND (t.type = 'open' OR ${visibleTo('s.user_id')})
    ), stored AS (
    INSERT INTO saved_search_matches (search_id, item_type, item_id, change, matched_at)
    SELECT DISTINCT ON (f.search_id, f.item_id) f.search_id, 'tender', f.item_id, f.change, ${at}
      FROM found f
     WHERE NOT EXISTS (SELECT 1 FROM saved_search_matches m WHERE m.search_id = f.search_id AND m.item_type = 'tender' AND m.item_id = f.item_id)
     ORDER BY f.search_id, f.item_id
    RETURNING 1) SELECT count(*)::int AS n FROM stored`));
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** Up to `limit` queued new providers and REPD changes, locked for this transaction. */
export async function claimQueue(tx: Db, limit: number) {
  return rowsOf<{ seq: string | number; item_type: 'provider' | 'asset-change'; item_id: string }>(
    await tx.execute(sql`SELECT seq, item_type, item_id FROM alert_queue ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED`),
  ).map((r) => ({ ...r, seq: Number(r.seq) }));
}

export async function deleteQueued(tx: Db, seqs: number[]) {
  await tx.execute(sql`DELETE FROM alert_queue WHERE seq = ANY(${`{${seqs.join(',')}}`}::bigint[])`);
}

/** A saved search's list criterion (jsonb array of text) is empty. */
const none = (key: string) => `coalesce(jsonb_array_length(s.criteria->'${key}'), 0) = 0`;
const items = (key: string) => `jsonb_array_elements_text(s.criteria->'${key}')`;
const num = (key: string) => `(s.criteria->>'${key}')::float8`;

const TYPE_ALIASES_SQL = `(VALUES ${Object.entries(TYPE_FILTER_ALIASES)
  .flatMap(([key, aliases]) => aliases.map((a) => `('${key.toLowerCase().replace(/'/g, "''")}', '${a.toLowerCase().replace(/'/g, "''")}')`))
  .join(', ')}) AS ta(filter, stored)`;
const APPLICANTS_SQL = `ARRAY[${APPLICANT_TYPES.map((t) => `'${t.toLowerCase().replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/**
 * New providers in a directory search's area (decision 0471): the directory's own filters
 * (docs/product/providers.md#search), read from each search's criteria. Services are any-of, as in the list view.
 */
export async function matchProviders(tx: Db, providerIds: string[], now: Date): Promise<number> {
  if (providerIds.length === 0) return 0;
  const result = await tx.execute(sql`
    WITH stored AS (INSERT INTO saved_search_matches (search_id, item_type, item_id, change, matched_at)
    SELECT s.id, 'provider', p.id::text, 'new', ${now.toISOString()}::timestamptz
      FROM providers p
      JOIN saved_searches s ON s.kind = 'providers' AND NOT s.paused AND (p.user_id IS NULL OR p.user_id <> s.user_id)
     WHERE p.id::text = ANY(${`{${providerIds.join(',')}}`}::text[])
       AND (${sql.raw(none('companies'))} OR EXISTS (SELECT 1 FROM ${sql.raw(items('companies'))} x WHERE lower(p.business_name) LIKE ${sql.raw(containsSql('lower(x)'))}))
       AND (${sql.raw(none('services'))} OR EXISTS (SELECT 1 FROM ${sql.raw(items('services'))} x WHERE providers_join_lower(p.services) LIKE ${sql.raw(containsSql('lower(x)'))}))
       AND (${sql.raw(none('types'))} OR lower(p.type) IN (SELECT lower(x) FROM ${sql.raw(items('types'))} x
                                             UNION SELECT ta.stored FROM ${sql.raw(TYPE_ALIASES_SQL)} JOIN ${sql.raw(items('types'))} x ON lower(x) = ta.filter))
       AND (${sql.raw(none('technologies'))} OR providers_lower_array(p.technologies) @> ARRAY(SELECT lower(x) FROM ${sql.raw(items('technologies'))} x))
       AND (${sql.raw(none('scales'))} OR providers_lower_array(p.scale) @> ARRAY(SELECT lower(x) FROM ${sql.raw(items('scales'))} x))
       AND (${sql.raw(none('phases'))} OR providers_lower_array(p.phase) @> ARRAY(SELECT lower(x) FROM ${sql.raw(items('phases'))} x))
       AND (NOT (s.criteria ? 'lat') OR p.service_radius = -1 OR (p.latitude IS NOT NULL AND p.longitude IS NOT NULL
            AND (p.service_radius > 0 OR (coalesce(p.service_radius, 0) = 0 AND lower(p.type) = ANY(${sql.raw(APPLICANTS_SQL)})))
            AND ${sql.raw(haversineKmSql(num('lat'), num('lng'), 'p.latitude', 'p.longitude'))} <= coalesce(${sql.raw(num('radiusKm'))}, 50)))
    ON CONFLICT DO NOTHING
    RETURNING 1) SELECT count(*)::int AS n FROM stored`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

const PROJECT_PHASES_SQL = `(${PROJECT_PHASES.map((p) => `'${p.replace(/'/g, "''")}'`).join(', ')})`;

/**
 * REPD changes (new projects, status and capacity changes; decision 0396) to projects an asset
 * overview search or a projects-table search covers, by the filters of those pages (the assets
 * repository's `assetWhere` and `projectWhere`), read from each search's criteria. Ages count from
 * today (`now`'s UTC day), as the map's do.
 */
export async function matchAssetChanges(tx: Db, changeIds: string[], now: Date): Promise<number> {
  if (changeIds.length === 0) return 0;
  const today = `'${now.toISOString().slice(0, 10)}'::date`;
  const result = await tx.execute(sql`
    WITH stored AS (INSERT INTO saved_search_matches (search_id, item_type, item_id, change, matched_at)
    SELECT s.id, 'asset-change', ac.id::text, ac.kind, ${now.toISOString()}::timestamptz
      FROM asset_changes ac
      JOIN assets a ON a.repd_ref_id = ac.repd_ref_id
      JOIN saved_searches s ON s.kind IN ('assets', 'projects') AND NOT s.paused
     WHERE ac.id::text = ANY(${`{${changeIds.join(',')}}`}::text[]) AND ac.kind IN ('added', 'status', 'capacity')
       AND (${sql.raw(none('changes'))} OR s.criteria->'changes' ? ac.kind)
       AND CASE s.kind WHEN 'assets' THEN
             (${sql.raw(none('technologies'))} OR s.criteria->'technologies' ? a.technology_type)
         AND (${sql.raw(none('regions'))} OR s.criteria->'regions' ? a.region)
         AND (${sql.raw(none('statuses'))} OR s.criteria->'statuses' ? a.development_status)
         AND (${sql.raw(none('operators'))} OR s.criteria->'operators' ? a.repd_operator)
         AND (NOT (s.criteria ? 'site') OR a.site_name ILIKE ${sql.raw(containsSql(`(s.criteria->>'site')`))})
         AND (NOT (s.criteria ? 'minCapacity') OR ${sql.raw(num('minCapacity'))} = 0 OR a.installed_capacity >= ${sql.raw(num('minCapacity'))})
         AND (NOT (s.criteria ? 'maxCapacity') OR a.installed_capacity <= ${sql.raw(num('maxCapacity'))})
         AND (CASE WHEN a.record_last_updated IS NULL THEN coalesce((s.criteria->>'includeUnknownAge')::boolean, true)
              ELSE (NOT (s.criteria ? 'minAge') OR ${sql.raw(num('minAge'))} = 0 OR a.record_last_updated <= ${sql.raw(today)} - make_interval(years => (s.criteria->>'minAge')::int))
               AND (NOT (s.criteria ? 'maxAge') OR a.record_last_updated > ${sql.raw(today)} - make_interval(years => (s.criteria->>'maxAge')::int + 1)) END)
       ELSE
             a.development_status IN ${sql.raw(PROJECT_PHASES_SQL)}
         AND (NOT (s.criteria ? 'phase') OR a.development_status = s.criteria->>'phase')
         AND (NOT (s.criteria ? 'region') OR a.region = s.criteria->>'region')
         AND (NOT (s.criteria ? 'technology') OR a.technology_type = s.criteria->>'technology')
         AND (NOT (s.criteria ? 'operatorSearch') OR a.repd_operator ILIKE ${sql.raw(containsSql(`(s.criteria->>'operatorSearch')`))})
       END
    ON CONFLICT DO NOTHING
    RETURNING 1) SELECT count(*)::int AS n FROM stored`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
