import { sql } from 'drizzle-orm';
import type { SavedSearchKind } from '@solar/shared/constants/alerts';
import type { Database, Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { visibleTo } from '../tenders/tenders.repository';

/** Saved searches (decision 0471): their rows, the tender matcher's columns and anchors, and their matches for the dashboard. */

export interface SavedSearchRow {
  id: string;
  user_id: string;
  name: string;
  kind: SavedSearchKind;
  criteria: Record<string, unknown>;
  frequency: 'instant' | 'daily' | 'weekly' | 'off';
  digest_hour: number;
  digest_weekday: number;
  paused: boolean;
  next_digest_at: Date | string | null;
  last_mailed_at: Date | string | null;
  created_at: Date | string;
  matches: number;
  unmailed: number;
  last_match_at: Date | string | null;
}

/** The columns the tender matcher reads, from a tender search's criteria (null: no condition). */
export interface TenderMatchColumns {
  keywords: string | null;
  service: string | null;
  cpv: string[] | null;
  regions: string[] | null;
  lat: number | null;
  lng: number | null;
  radiusKm: number | null;
  minValue: number | null;
  maxValue: number | null;
  stages: string[] | null;
  sources: string[] | null;
  myProfiles: boolean;
}

export const NO_TENDER_COLUMNS: TenderMatchColumns = {
  keywords: null,
  service: null,
  cpv: null,
  regions: null,
  lat: null,
  lng: null,
  radiusKm: null,
  minValue: null,
  maxValue: null,
  stages: null,
  sources: null,
  myProfiles: false,
};

const SELECT = `SELECT s.id, s.user_id, s.name, s.kind, s.criteria, s.frequency, s.digest_hour, s.digest_weekday, s.paused,
    s.next_digest_at, s.last_mailed_at, s.created_at,
    (SELECT count(*)::int FROM saved_search_matches m WHERE m.search_id = s.id) AS matches,
    (SELECT count(*)::int FROM saved_search_matches m WHERE m.search_id = s.id AND m.notified_at IS NULL) AS unmailed,
    (SELECT max(m.matched_at) FROM saved_search_matches m WHERE m.search_id = s.id) AS last_match_at
  FROM saved_searches s`;

export function listSavedSearches(database: Database, userId: string) {
  return database.query<SavedSearchRow>(`${SELECT} WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.id`, [userId]);
}

/** One of the user's saved searches (another user's is not found). */
export async function findSavedSearch(db: Db, userId: string, id: string): Promise<SavedSearchRow | undefined> {
  return rowsOf<SavedSearchRow>(await db.execute(sql`${sql.raw(SELECT)} WHERE s.id = ${id} AND s.user_id = ${userId}`))[0];
}

export async function countSavedSearches(db: Db, userId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM saved_searches WHERE user_id = ${userId}`));
  return row?.n ?? 0;
}

/** Whether `keywords` has words a search can use (not only common words such as 'the'). */
export async function keywordsHaveWords(db: Db, keywords: string): Promise<boolean> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`SELECT numnode(websearch_to_tsquery('english', ${keywords}))::int AS n`));
  return (row?.n ?? 0) > 0;
}

export interface SavedSearchValues {
  name: string;
  kind: SavedSearchKind;
  criteria: Record<string, unknown>;
  frequency: SavedSearchRow['frequency'];
  hour: number;
  weekday: number;
  paused: boolean;
  nextDigestAt: Date | null;
}

const textArray = (values: string[] | null) => (values === null ? sql`NULL::text[]` : sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`);

/** The matcher's columns as SQL assignments (the keywords become a tsquery here, in one place). */
function matchColumns(c: TenderMatchColumns) {
  return sql`t_query = ${c.keywords === null ? sql`NULL` : sql`websearch_to_tsquery('english', ${c.keywords})`},
    t_service = ${c.service}, t_cpv = ${textArray(c.cpv)}, t_regions = ${textArray(c.regions)},
    t_lat = ${c.lat}::float8, t_lng = ${c.lng}::float8, t_radius_km = ${c.radiusKm}::float8,
    t_min_value = ${c.minValue}::numeric, t_max_value = ${c.maxValue}::numeric,
    t_stages = ${textArray(c.stages)}, t_sources = ${textArray(c.sources)}, t_my_profiles = ${c.myProfiles}`;
}

export async function insertSavedSearch(tx: Db, userId: string, v: SavedSearchValues, columns: TenderMatchColumns, now: Date): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`INSERT INTO saved_searches (user_id, name, kind, criteria, frequency, digest_hour, digest_weekday, paused, next_digest_at, created_at, updated_at)
      VALUES (${userId}, ${v.name}, ${v.kind}, ${JSON.stringify(v.criteria)}::jsonb, ${v.frequency}, ${v.hour}, ${v.weekday}, ${v.paused},
              ${v.nextDigestAt?.toISOString() ?? null}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      RETURNING id::text AS id`),
  );
  await setMatchColumns(tx, row!.id, columns);
  return row!.id;
}

export async function updateSavedSearchRow(tx: Db, id: string, v: SavedSearchValues, columns: TenderMatchColumns, now: Date) {
  await tx.execute(sql`UPDATE saved_searches SET name = ${v.name}, criteria = ${JSON.stringify(v.criteria)}::jsonb, frequency = ${v.frequency},
      digest_hour = ${v.hour}, digest_weekday = ${v.weekday}, paused = ${v.paused}, next_digest_at = ${v.nextDigestAt?.toISOString() ?? null}::timestamptz,
      updated_at = ${now.toISOString()}::timestamptz
    WHERE id = ${id}`);
  await setMatchColumns(tx, id, columns);
}

async function setMatchColumns(tx: Db, id: string, columns: TenderMatchColumns) {
  await tx.execute(sql`UPDATE saved_searches SET ${matchColumns(columns)} WHERE id = ${id}`);
  await tx.execute(sql`SELECT refresh_saved_search_anchors(ARRAY[${id}]::uuid[])`);
}

export async function deleteSavedSearchRow(tx: Db, userId: string, id: string): Promise<boolean> {
  return rowsOf(await tx.execute(sql`DELETE FROM saved_searches WHERE id = ${id} AND user_id = ${userId} RETURNING 1`)).length > 0;
}

/** The user's search matching their profiles (decision 0180's alert; the Tenders tab's switch). */
export async function findProfilesSearch(db: Db, userId: string): Promise<{ id: string; paused: boolean; frequency: string } | undefined> {
  return rowsOf<{ id: string; paused: boolean; frequency: string }>(
    await db.execute(sql`SELECT id::text AS id, paused, frequency FROM saved_searches WHERE user_id = ${userId} AND t_my_profiles ORDER BY created_at, id LIMIT 1`),
  )[0];
}

export interface MatchRow {
  item_type: 'tender' | 'asset-change' | 'provider';
  item_id: string;
  change: string;
  matched_at: Date | string;
  notified_at: Date | string | null;
  title: string | null;
  detail: string | null;
  link_id: string | null;
}

/**
 * A search's matches with what the dashboard and the mails show of each item, newest first. A
 * tender is read through the visibility rule for the search's owner now, so a tender they may no
 * longer see has no title and is left out by the caller (decision 0333). `waiting`: only those not
 * yet notified. On a transaction or the database.
 */
export async function listMatches(db: Db, searchId: string, userId: string, options: { limit: number; waiting?: boolean }): Promise<MatchRow[]> {
  const result = await db.execute(sql`
    SELECT m.item_type, m.item_id, m.change, m.matched_at, m.notified_at,
           CASE m.item_type WHEN 'tender' THEN t.title WHEN 'provider' THEN p.business_name ELSE ac.site_name END AS title,
           CASE m.item_type
             WHEN 'tender' THEN nullif(concat_ws(', ', t.organisation_name, coalesce(t.location, t.region),
                                          CASE WHEN t.closing_date IS NOT NULL THEN 'closes ' || to_char(t.closing_date AT TIME ZONE 'Europe/London', 'DD/MM/YYYY') END), '')
             WHEN 'provider' THEN nullif(concat_ws(', ', nullif(p.location, ''), nullif(array_to_string(p.services[1:3], ', '), '')), '')
             ELSE concat_ws(' ', CASE ac.kind WHEN 'added' THEN 'New project:' WHEN 'status' THEN 'Status' ELSE 'Capacity' END,
                            CASE WHEN ac.kind <> 'added' THEN coalesce(ac.before_value, 'not given') || ' → ' || coalesce(ac.after_value, 'not given') ELSE ac.after_value END,
                            CASE WHEN ac.kind = 'capacity' THEN 'MW' END, '(' || ac.release || ')')
           END AS detail,
           CASE m.item_type WHEN 'tender' THEN t.id::text WHEN 'provider' THEN p.slug ELSE a.id::text END AS link_id
      FROM saved_search_matches m
      CROSS JOIN (SELECT ${userId}::uuid AS id) viewer
      LEFT JOIN tenders t ON m.item_type = 'tender' AND t.id::text = m.item_id AND t.stage <> 'draft' AND ${sql.raw(visibleTo('viewer.id'))}
      LEFT JOIN providers p ON m.item_type = 'provider' AND p.id::text = m.item_id
      LEFT JOIN asset_changes ac ON m.item_type = 'asset-change' AND ac.id::text = m.item_id
      LEFT JOIN assets a ON a.repd_ref_id = ac.repd_ref_id
     WHERE m.search_id = ${searchId} ${options.waiting ? sql`AND m.notified_at IS NULL` : sql``}
     ORDER BY m.matched_at DESC, m.item_id LIMIT ${options.limit}`);
  return rowsOf<MatchRow>(result);
}

/** How many of a search's matches wait to be notified. */
export async function countWaiting(db: Db, searchId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM saved_search_matches WHERE search_id = ${searchId} AND notified_at IS NULL`));
  return row?.n ?? 0;
}

/** The searches whose matches are due now: instant and mail-off ones with matches waiting, digests whose hour has come. */
export function listDueSearches(database: Database, now: Date, limit: number) {
  return database.query<{
    id: string;
    user_id: string;
    name: string;
    kind: SavedSearchKind;
    criteria: Record<string, unknown>;
    frequency: SavedSearchRow['frequency'];
    digest_hour: number;
    digest_weekday: number;
    email: string;
    user_name: string;
  }>(
    `SELECT s.id, s.user_id, s.name, s.kind, s.criteria, s.frequency, s.digest_hour, s.digest_weekday, u.email, u.name AS user_name
       FROM saved_searches s JOIN users u ON u.id = s.user_id
      WHERE NOT s.paused
        AND ((s.frequency IN ('instant', 'off') AND EXISTS (SELECT 1 FROM saved_search_matches m WHERE m.search_id = s.id AND m.notified_at IS NULL))
          OR (s.frequency IN ('daily', 'weekly') AND s.next_digest_at <= $1))
      ORDER BY s.next_digest_at NULLS FIRST, s.id LIMIT $2`,
    [now.toISOString(), limit],
  );
}

/** Marks every waiting match of a search notified (those no longer visible too: they are never sent later). */
export async function markNotified(tx: Db, searchId: string, now: Date) {
  await tx.execute(sql`UPDATE saved_search_matches SET notified_at = ${now.toISOString()}::timestamptz WHERE search_id = ${searchId} AND notified_at IS NULL`);
}

export async function recordDigest(tx: Db, searchId: string, mailed: boolean, nextDigestAt: Date | null, now: Date) {
  await tx.execute(sql`UPDATE saved_searches SET next_digest_at = ${nextDigestAt?.toISOString() ?? null}::timestamptz
      ${mailed ? sql`, last_mailed_at = ${now.toISOString()}::timestamptz` : sql``} WHERE id = ${searchId}`);
}
