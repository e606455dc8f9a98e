import { inArray, sql } from 'drizzle-orm';
import type { ListPublicTendersQuery } from '@solar/shared/contracts/tenders';
import type { Database, Db } from '../../db/client';
import { tenderInvitations, tenders, type NewTenderRow } from '../../db/schema/index';
import type { MappedNotice } from './ocds/ocds-mapper';

/** A transaction or the database itself. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** A tender row as the list queries return it (snake_case columns plus the owner's name). */
export interface TenderRecord {
  id: string;
  user_id: string | null;
  owner_name: string | null;
  service: string | null;
  title: string;
  description: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  search_radius: number | null;
  start_time_preference: string | null;
  type: 'open' | 'private';
  source: 'Solar Manager' | 'External';
  status: 'open' | 'closed' | 'awarded';
  external_id: string | null;
  organisation_name: string | null;
  published_date: Date | string;
  closing_date: Date | string | null;
  start_date: Date | string | null;
  end_date: Date | string | null;
  value_minimum: string | number | null;
  value_maximum: string | number | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  contact_website: string | null;
  contact_address: string | null;
  contact_town: string | null;
  contact_postcode: string | null;
  notice_url: string | null;
  region: string | null;
  sectors: string[] | null;
  award_supplier: string | null;
  award_value: string | number | null;
  award_date: Date | string | null;
  is_demo: boolean;
  invited_providers?: string[] | null;
}

/**
 * Status is computed when read (decision 0170): awarded after an award release; closed when
 * cancelled or once the closing date has passed (a notice without one counts as open for 90 days
 * after publication); otherwise open. `$1` is always the current time from the injected clock.
 */
const STATUS_SQL = `CASE
    WHEN t.stage = 'awarded' THEN 'awarded'
    WHEN t.stage = 'cancelled' OR coalesce(t.closing_date, t.published_date + interval '90 days') <= $1::timestamptz THEN 'closed'
    ELSE 'open' END`;
const OPEN_SQL = `(t.stage = 'active' AND coalesce(t.closing_date, t.published_date + interval '90 days') > $1::timestamptz)`;
const PLACE_SQL = `(coalesce(t.location, '') || ' ' || coalesce(t.contact_town, '') || ' ' || coalesce(t.contact_postcode, '') || ' ' || coalesce(t.region, ''))`;
const TEXT_SQL = `(t.title || ' ' || t.description)`;

const SELECT_SQL = `SELECT t.id, t.user_id, u.name AS owner_name, t.service, t.title, t.description, t.location, t.latitude,
    t.longitude, t.search_radius, t.start_time_preference, t.type, t.source, ${STATUS_SQL} AS status, t.external_id,
    t.organisation_name, t.published_date, t.closing_date, t.start_date, t.end_date, t.value_minimum, t.value_maximum,
    t.contact_name, t.contact_email, t.contact_phone, t.contact_website, t.contact_address, t.contact_town,
    t.contact_postcode, t.notice_url, t.region, t.sectors, t.award_supplier, t.award_value, t.award_date, t.is_demo
  FROM tenders t LEFT JOIN users u ON u.id = t.user_id`;

/**
 * Who may see a tender (decisions 0177 and 0333): the one rule every read of tenders applies, so a
 * right that is lost (a provider changing hands or losing its approval, an invitation removed, the
 * admin right revoked) is lost on the next read everywhere. Open tenders: anyone. Private ones: the
 * owner, admins, and the owners of invited providers whose claim is approved, all read from the
 * current rows. `viewer` is SQL giving the viewer's user id (a parameter such as `$2::uuid`, or a
 * column when a job reads for many recipients), or null for a visitor; `tender` is the alias of the
 * tenders row (or of a subquery carrying its `id`, `type` and `user_id`).
 */
export function visibleTo(viewer: string | null, tender = 't'): string {
  // A visitor's rule is written out alone so the public list keeps its partial indexes (WHERE type = 'open').
  if (viewer === null) return `${tender}.type = 'open'`;
  return `(${tender}.type = 'open' OR ${tender}.user_id = ${viewer}
    OR EXISTS (SELECT 1 FROM users vu WHERE vu.id = ${viewer} AND vu.is_admin)
    OR EXISTS (SELECT 1 FROM tender_invitations vi JOIN providers vp ON vp.id = vi.provider_id
                WHERE vi.tender_id = ${tender}.id AND vp.user_id = ${viewer} AND vp.claim_approved))`;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const haversineSql = (lat: string, lng: string) =>
  `(6371 * 2 * asin(least(1, sqrt(power(sin(radians(t.latitude - ${lat}) / 2), 2)
     + cos(radians(${lat})) * cos(radians(t.latitude)) * power(sin(radians(t.longitude - ${lng}) / 2), 2)))))`;

const SITEMAP_TENDERS_SQL = `FROM tenders t WHERE ${visibleTo(null)} AND ${OPEN_SQL}`;

/**
 * The sitemap's blocks of tenders (in id order, `size` a block) and each block's last change: the
 * tenders a visitor may see (the one visibility rule) that are open now, the ones their pages let
 * search engines index.
 */
export function sitemapTenderBlocks(database: Database, now: Date, size: number) {
  return database.query<{ block: number; lastmod: string }>(
    `SELECT block::int AS block, to_char(max(updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lastmod
       FROM (SELECT (row_number() OVER (ORDER BY t.id) - 1) / $2 + 1 AS block, t.updated_at ${SITEMAP_TENDERS_SQL}) b
      GROUP BY block ORDER BY block`,
    [now.toISOString(), size],
  );
}

/** One block of open, public tenders: id and last change. */
export function listSitemapTenders(database: Database, now: Date, block: number, size: number) {
  return database.query<{ id: string; lastmod: string }>(
    `SELECT t.id, to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lastmod
       ${SITEMAP_TENDERS_SQL} ORDER BY t.id OFFSET $2 LIMIT $3`,
    [now.toISOString(), (block - 1) * size, size],
  );
}

/** Public list (docs/product/tenders.md#tender-board): what a visitor may see (open tenders); every filter, sort and the page in SQL. */
export async function listPublicTenders(database: Database, query: ListPublicTendersQuery, now: Date) {
  const params: unknown[] = [now.toISOString()];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [visibleTo(null)];
  if (query.source !== 'all') where.push(`t.source = ${p(query.source)}`);
  if (query.status === 'open') where.push(OPEN_SQL);
  if (query.status === 'closed') where.push(`NOT ${OPEN_SQL}`);
  if (query.service) {
    const s = p(query.service);
    where.push(`(lower(t.service) = lower(${s}) OR ${TEXT_SQL} ILIKE ${p(likePattern(query.service))})`);
  }
  // A place name from the location input is 'Town, County, Country': its first part is matched.
  const placeText = query.location?.split(',')[0]?.trim();
  if (query.lat !== undefined && query.lng !== undefined) {
    const within = `(t.latitude IS NOT NULL AND t.longitude IS NOT NULL AND ${haversineSql(p(query.lat), p(query.lng))} <= ${p(query.radius ?? 50)})`;
    // Decision 0175: notices without coordinates are kept when their place text matches.
    where.push(placeText ? `(${within} OR (t.latitude IS NULL AND ${PLACE_SQL} ILIKE ${p(likePattern(placeText))}))` : within);
  } else if (placeText) {
    where.push(`${PLACE_SQL} ILIKE ${p(likePattern(placeText))}`);
  }
  // Decision 0176: value filters compare the notice's range and leave out notices without a value.
  if (query.minValue !== undefined) where.push(`coalesce(t.value_maximum, t.value_minimum) >= ${p(query.minValue)}`);
  if (query.maxValue !== undefined) where.push(`coalesce(t.value_minimum, t.value_maximum) <= ${p(query.maxValue)}`);
  if (query.sector) where.push(`${p(query.sector)} = ANY(t.sectors)`);

  const whereSql = where.join(' AND ');
  const column = query.sortBy === 'closingDate' ? 'closing_date' : 'published_date';
  const dir = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const offset = (query.page - 1) * query.limit;
  // The page and the filtered total in one query (a window count over the matches, before LIMIT).
  const rows = await database.query<TenderRecord & { total_count: number }>(
    `SELECT matched.*, count(*) OVER ()::int AS total_count FROM (${SELECT_SQL} WHERE ${whereSql}) AS matched
     ORDER BY matched.${column} ${dir} NULLS LAST, matched.id ${dir} LIMIT ${p(query.limit)} OFFSET ${p(offset)}`,
    params,
  );
  if (rows.length > 0) return { rows: rows.map(({ total_count: _total, ...row }) => row), total: rows[0]!.total_count };
  if (offset === 0) return { rows: [], total: 0 };
  // A page past the end carries no rows, so only then is the total counted on its own.
  const [counted] = await database.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM tenders t WHERE ${whereSql} AND $1::timestamptz IS NOT NULL`,
    params.slice(0, -2),
  );
  return { rows: [], total: counted?.total ?? 0 };
}

/** One tender if the viewer (a user id, or null for a visitor) may see it. */
export async function findVisibleTender(database: Database, id: string, viewerId: string | null, now: Date) {
  const rows = await database.query<TenderRecord>(
    `${SELECT_SQL} WHERE t.id = $2 AND ${visibleTo(viewerId === null ? null : '$3::uuid')}`,
    viewerId === null ? [now.toISOString(), id] : [now.toISOString(), id, viewerId],
  );
  return rows[0];
}

export async function listInvitedProviderIds(database: Database, tenderId: string): Promise<string[]> {
  const rows = await database.query<{ provider_id: string }>(
    'SELECT provider_id FROM tender_invitations WHERE tender_id = $1 ORDER BY created_at, provider_id',
    [tenderId],
  );
  return rows.map((r) => String(r.provider_id));
}

/** Admin list: every tender the viewer may see (for an admin, all) with its invited providers. */
export async function listAllTenders(database: Database, viewerId: string, now: Date) {
  return database.query<TenderRecord>(
    `SELECT x.*, coalesce((SELECT array_agg(ti.provider_id::text ORDER BY ti.created_at) FROM tender_invitations ti WHERE ti.tender_id = x.id), '{}') AS invited_providers
       FROM (${SELECT_SQL} WHERE ${visibleTo('$2::uuid')}) x ORDER BY x.published_date DESC, x.id DESC LIMIT 5000`,
    [now.toISOString(), viewerId],
  );
}

export async function insertTender(tx: Executor, values: NewTenderRow, invitedProviders: string[]) {
  const [row] = await tx.insert(tenders).values(values).returning({ id: tenders.id });
  if (invitedProviders.length > 0) {
    await tx.insert(tenderInvitations).values(invitedProviders.map((providerId) => ({ tenderId: row!.id, providerId })));
  }
  return row!.id;
}

export interface ProviderForInvite {
  id: string;
  business_name: string;
  user_id: string | null;
  claim_approved: boolean;
  owner_email: string | null;
  owner_name: string | null;
}

export async function findProvidersByIds(tx: Executor, ids: string[]): Promise<ProviderForInvite[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute(sql`SELECT p.id::text AS id, p.business_name, p.user_id, p.claim_approved, u.email AS owner_email, u.name AS owner_name
      FROM providers p LEFT JOIN users u ON u.id = p.user_id AND p.claim_approved
     WHERE p.id::text IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
  return (result as unknown as { rows: ProviderForInvite[] }).rows;
}

/** ocid → the stored release version, for the importer's newer-release check. */
export async function loadStoredReleases(tx: Executor, ocids: string[]) {
  const map = new Map<string, { date: Date; id: string }>();
  if (ocids.length === 0) return map;
  const rows = await tx
    .select({ externalId: tenders.externalId, date: tenders.externalReleaseDate, id: tenders.externalReleaseId })
    .from(tenders)
    .where(inArray(tenders.externalId, ocids));
  for (const row of rows) if (row.externalId && row.date && row.id) map.set(row.externalId, { date: row.date, id: row.id });
  return map;
}

const ts = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Inserts or updates one notice. A later release replaces what it states and keeps earlier values it
 * leaves out (OCDS releases are partial); the published date stays the earliest seen.
 */
export async function upsertNotice(tx: Executor, n: MappedNotice, now: Date): Promise<'inserted' | 'updated' | 'stale'> {
  const result = await tx.execute(sql`
    INSERT INTO tenders (source, type, external_id, external_release_id, external_release_date, title, description, stage,
      organisation_name, published_date, closing_date, start_date, end_date, value_minimum, value_maximum, contact_name,
      contact_email, contact_phone, contact_website, contact_address, contact_town, contact_postcode, notice_url, location,
      region, latitude, longitude, coordinates_approximate, cpv_codes, sectors, award_supplier, award_value, award_date,
      created_at, updated_at)
    VALUES ('External', 'open', ${n.externalId}, ${n.externalReleaseId}, ${ts(n.externalReleaseDate)}::timestamptz, ${n.title},
      ${n.description}, ${n.stage}, ${n.organisationName}, ${ts(n.publishedDate)}::timestamptz, ${ts(n.closingDate)}::timestamptz,
      ${ts(n.startDate)}::timestamptz, ${ts(n.endDate)}::timestamptz, ${n.valueMinimum}::numeric, ${n.valueMaximum}::numeric,
      ${n.contactName}, ${n.contactEmail}, ${n.contactPhone}, ${n.contactWebsite}, ${n.contactAddress}, ${n.contactTown},
      ${n.contactPostcode}, ${n.noticeUrl}, ${n.location}, ${n.region}, ${n.latitude}::double precision,
      ${n.longitude}::double precision, ${n.latitude !== null},
      ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(n.cpvCodes)}::jsonb)),
      ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(n.sectors)}::jsonb)),
      ${n.awardSupplier}, ${n.awardValue}::numeric, ${ts(n.awardDate)}::timestamptz, ${now.toISOString()}::timestamptz,
      ${now.toISOString()}::timestamptz)
    ON CONFLICT (external_id) DO UPDATE SET
      external_release_id = EXCLUDED.external_release_id,
      external_release_date = EXCLUDED.external_release_date,
      title = EXCLUDED.title,
      description = CASE WHEN EXCLUDED.description <> '' THEN EXCLUDED.description ELSE tenders.description END,
      stage = EXCLUDED.stage,
      organisation_name = coalesce(EXCLUDED.organisation_name, tenders.organisation_name),
      published_date = least(EXCLUDED.published_date, tenders.published_date),
      closing_date = coalesce(EXCLUDED.closing_date, tenders.closing_date),
      start_date = coalesce(EXCLUDED.start_date, tenders.start_date),
      end_date = coalesce(EXCLUDED.end_date, tenders.end_date),
      value_minimum = coalesce(EXCLUDED.value_minimum, tenders.value_minimum),
      value_maximum = coalesce(EXCLUDED.value_maximum, tenders.value_maximum),
      contact_name = coalesce(EXCLUDED.contact_name, tenders.contact_name),
      contact_email = coalesce(EXCLUDED.contact_email, tenders.contact_email),
      contact_phone = coalesce(EXCLUDED.contact_phone, tenders.contact_phone),
      contact_website = coalesce(EXCLUDED.contact_website, tenders.contact_website),
      contact_address = coalesce(EXCLUDED.contact_address, tenders.contact_address),
      contact_town = coalesce(EXCLUDED.contact_town, tenders.contact_town),
      contact_postcode = coalesce(EXCLUDED.contact_postcode, tenders.contact_postcode),
      notice_url = coalesce(EXCLUDED.notice_url, tenders.notice_url),
      location = coalesce(EXCLUDED.location, tenders.location),
      region = coalesce(EXCLUDED.region, tenders.region),
      latitude = coalesce(EXCLUDED.latitude, tenders.latitude),
      longitude = coalesce(EXCLUDED.longitude, tenders.longitude),
      coordinates_approximate = EXCLUDED.coordinates_approximate OR tenders.coordinates_approximate,
      cpv_codes = CASE WHEN cardinality(EXCLUDED.cpv_codes) > 0 THEN EXCLUDED.cpv_codes ELSE tenders.cpv_codes END,
      sectors = ARRAY(SELECT DISTINCT unnest(tenders.sectors || EXCLUDED.sectors) ORDER BY 1),
      award_supplier = coalesce(EXCLUDED.award_supplier, tenders.award_supplier),
      award_value = coalesce(EXCLUDED.award_value, tenders.award_value),
      award_date = coalesce(EXCLUDED.award_date, tenders.award_date),
      updated_at = EXCLUDED.updated_at
    WHERE tenders.source = 'External' AND (tenders.external_release_date, tenders.external_release_id COLLATE "C")
        < (EXCLUDED.external_release_date, EXCLUDED.external_release_id COLLATE "C")
    RETURNING (xmax = 0) AS inserted`);
  const rows = (result as unknown as { rows: Array<{ inserted: boolean }> }).rows;
  if (rows.length === 0) return 'stale';
  return rows[0]!.inserted ? 'inserted' : 'updated';
}

/** The user's saves of tenders they may still see (a save outlives access, but shows nothing without it). */
export async function listSavedTenders(database: Database, userId: string, now: Date) {
  return database.query<TenderRecord & { save_kind: 'saved' | 'later'; saved_at: Date | string }>(
    `SELECT x.*, s.kind AS save_kind, s.created_at AS saved_at
       FROM tender_saves s JOIN (${SELECT_SQL}) x ON x.id = s.tender_id
      WHERE s.user_id = $2::uuid AND ${visibleTo('$2::uuid', 'x')} ORDER BY s.created_at DESC LIMIT 500`,
    [now.toISOString(), userId],
  );
}

export async function upsertSave(database: Database, userId: string, tenderId: string, kind: 'saved' | 'later', now: Date) {
  await database.query(
    `INSERT INTO tender_saves (user_id, tender_id, kind, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [userId, tenderId, kind, now.toISOString()],
  );
}

export async function deleteSave(database: Database, userId: string, tenderId: string, kind: 'saved' | 'later') {
  await database.query('DELETE FROM tender_saves WHERE user_id = $1 AND tender_id = $2 AND kind = $3', [userId, tenderId, kind]);
}

export async function findOwnerContact(database: Database, tenderId: string) {
  const rows = await database.query<{ email: string; name: string }>(
    'SELECT u.email, u.name FROM tenders t JOIN users u ON u.id = t.user_id WHERE t.id = $1',
    [tenderId],
  );
  return rows[0];
}

export async function listOwnTenders(database: Database, userId: string, now: Date) {
  return database.query<TenderRecord>(
    `SELECT x.*, coalesce((SELECT array_agg(ti.provider_id::text ORDER BY ti.created_at) FROM tender_invitations ti WHERE ti.tender_id = x.id), '{}') AS invited_providers
       FROM (${SELECT_SQL} WHERE t.user_id = $2::uuid AND ${visibleTo('$2::uuid')}) x ORDER BY x.published_date DESC, x.id DESC LIMIT 500`,
    [now.toISOString(), userId],
  );
}

/** Tenders that invited a provider the user owns (claim approved). */
export async function listInvitations(database: Database, userId: string, now: Date) {
  return database.query<TenderRecord & { invited_provider_names: string[] }>(
    `SELECT x.*, i.names AS invited_provider_names FROM (${SELECT_SQL}) x
       JOIN (SELECT ti.tender_id, array_agg(p.business_name ORDER BY p.business_name) AS names
               FROM tender_invitations ti JOIN providers p ON p.id = ti.provider_id
              WHERE p.user_id = $2::uuid AND p.claim_approved GROUP BY ti.tender_id) i ON i.tender_id = x.id
      WHERE ${visibleTo('$2::uuid', 'x')}
      ORDER BY x.published_date DESC, x.id DESC LIMIT 500`,
    [now.toISOString(), userId],
  );
}

export async function getAlertSetting(database: Database, userId: string) {
  const rows = await database.query<{ enabled: boolean; has_provider: boolean }>(
    `SELECT coalesce((SELECT enabled FROM tender_alerts WHERE user_id = $1), false) AS enabled,
            EXISTS (SELECT 1 FROM providers WHERE user_id = $1 AND claim_approved) AS has_provider`,
    [userId],
  );
  return { enabled: rows[0]!.enabled, hasProviderProfile: rows[0]!.has_provider };
}

export async function setAlertSetting(database: Database, userId: string, enabled: boolean, now: Date) {
  await database.query(
    `INSERT INTO tender_alerts (user_id, enabled, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at`,
    [userId, enabled, now.toISOString()],
  );
}

/**
 * New open tenders for one alert subscriber (decision 0180): open-type and open now, created since the
 * last digest (or since alerts were switched on), matching one of the services of a provider the user
 * owns, and inside that provider's service area (countrywide: all; otherwise the tender needs
 * coordinates within the provider's radius of the provider's own point).
 */
export async function findAlertMatches(database: Database, userId: string, since: Date, now: Date) {
  return database.query<{ id: string; title: string; source: string; closing_date: Date | string | null; location: string | null }>(
    `SELECT DISTINCT ON (t.published_date, t.id) t.id, t.title, t.source, t.closing_date, coalesce(t.location, t.contact_town) AS location
       FROM tenders t
       JOIN providers p ON p.user_id = $2::uuid AND p.claim_approved
      WHERE t.type = 'open' AND ${visibleTo('$2::uuid')} AND ${OPEN_SQL} AND t.created_at > $3::timestamptz AND t.created_at <= $1::timestamptz
        AND (t.user_id IS NULL OR t.user_id <> $2::uuid)
        AND EXISTS (SELECT 1 FROM unnest(p.services) s
                     WHERE lower(t.service) = lower(s) OR (t.title || ' ' || t.description) ILIKE '%' || replace(replace(replace(s, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
        AND (p.service_radius = -1 OR (t.latitude IS NOT NULL AND p.latitude IS NOT NULL AND p.service_radius > 0
             AND 6371 * 2 * asin(least(1, sqrt(power(sin(radians(t.latitude - p.latitude) / 2), 2)
                 + cos(radians(p.latitude)) * cos(radians(t.latitude)) * power(sin(radians(t.longitude - p.longitude) / 2), 2)))) <= p.service_radius))
      ORDER BY t.published_date DESC, t.id LIMIT 50`,
    [now.toISOString(), userId, since.toISOString()],
  );
}

export async function listAlertSubscribers(database: Database, dueBefore: Date) {
  return database.query<{ user_id: string; email: string; name: string; since: Date | string }>(
    `SELECT a.user_id, u.email, u.name, coalesce(a.last_digest_at, a.updated_at) AS since
       FROM tender_alerts a JOIN users u ON u.id = a.user_id
      WHERE a.enabled AND (a.last_digest_at IS NULL OR a.last_digest_at <= $1::timestamptz)`,
    [dueBefore.toISOString()],
  );
}

export async function markDigestSent(database: Database, userId: string, now: Date) {
  await database.query('UPDATE tender_alerts SET last_digest_at = $2 WHERE user_id = $1', [userId, now.toISOString()]);
}

/** Save for Later reminders due: open tenders closing before `until`, not yet reminded, that the saver may still see. */
export async function findDueReminders(database: Database, now: Date, until: Date) {
  return database.query<{ user_id: string; tender_id: string; email: string; name: string; title: string; closing_date: Date | string }>(
    `SELECT s.user_id, s.tender_id, u.email, u.name, t.title, t.closing_date
       FROM tender_saves s JOIN users u ON u.id = s.user_id JOIN tenders t ON t.id = s.tender_id
      WHERE s.kind = 'later' AND s.reminded_at IS NULL AND t.stage = 'active' AND ${visibleTo('s.user_id')}
        AND t.closing_date > $1::timestamptz AND t.closing_date <= $2::timestamptz
      LIMIT 1000`,
    [now.toISOString(), until.toISOString()],
  );
}

export async function markReminded(database: Database, userId: string, tenderId: string, now: Date) {
  await database.query(`UPDATE tender_saves SET reminded_at = $3 WHERE user_id = $1 AND tender_id = $2 AND kind = 'later'`, [
    userId,
    tenderId,
    now.toISOString(),
  ]);
}
