import { sql } from 'drizzle-orm';
import type { ListPublicTendersQuery } from '@solar/shared/contracts/tenders';
import type { Database, Db } from '../../db/client';
import { tenderInvitations, tenders, type NewTenderRow } from '../../db/schema/index';
import { containsPattern, haversineKmSql, rowsOf, SqlParams } from '../../db/sql-helpers';

/** A transaction or the database itself. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a signed-in viewer is to a tender (`relationTo`, decision 0441). */
export type ViewerRelation = 'manager' | 'winner' | 'responder' | 'participant';

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
  cpv_codes: string[] | null;
  lots: Array<{ id: string; title: string; status: string | null; value: number | null }> | null;
  procedure_type: string | null;
  documents: Array<{ title: string; url: string; type: string | null }> | null;
  buyer_id: string | null;
  award_suppliers: Array<{ name: string; id: string | null }> | null;
  stage: 'draft' | 'active' | 'awarded' | 'cancelled';
  site_asset_id: string | number | null;
  site_capacity_mw: number | null;
  cancel_reason: string | null;
  /** Imported notices (migration 0070, decision 0460). */
  notice_stage?: string | null;
  notice_type?: string | null;
  deadline_kind?: string | null;
  above_threshold?: boolean | null;
  notice_sources?: Array<{ source: string; ocid: string; url: string | null }> | null;
  notice_awards?: Array<{ id: string; status: string | null; value: number | null; date: string | null; lotIds: string[]; suppliers: Array<{ name: string; ids: string[] }> }> | null;
  buyer_ids?: string[] | null;
  match_reason?: string | null;
  /** When `status` next turns by the clock alone (see STATUS_UNTIL_SQL). */
  status_until?: Date | string | null;
  invited_providers?: string[] | null;
  /** The viewer's relation to the tender (`relationTo`), on reads for a signed-in viewer. */
  viewer_relation?: ViewerRelation | null;
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
/**
 * The moment STATUS_SQL turns from open to closed with nothing written: the deadline of a tender not
 * awarded or cancelled (already closed when it has passed). A cached answer holding the row expires then.
 */
const STATUS_UNTIL_SQL = `CASE WHEN t.stage IN ('awarded', 'cancelled') THEN NULL
    ELSE coalesce(t.closing_date, t.published_date + interval '90 days') END`;
export const OPEN_SQL = `(t.stage = 'active' AND coalesce(t.closing_date, t.published_date + interval '90 days') > $1::timestamptz)`;
const PLACE_SQL = `(coalesce(t.location, '') || ' ' || coalesce(t.contact_town, '') || ' ' || coalesce(t.contact_postcode, '') || ' ' || coalesce(t.region, ''))`;
const TEXT_SQL = `(t.title || ' ' || t.description)`;

const SELECT_SQL = `SELECT t.id, t.user_id, u.name AS owner_name, t.service, t.title, t.description, t.location, t.latitude,
    t.longitude, t.search_radius, t.start_time_preference, t.type, t.source, ${STATUS_SQL} AS status, t.external_id,
    -- A tender listed here names its buyer by the owner's company (issue 27 defect 11), never a person.
    coalesce(t.organisation_name, CASE WHEN t.source = 'Solar Manager' THEN nullif(u.company, '') END) AS organisation_name, t.published_date, t.closing_date, t.start_date, t.end_date, t.value_minimum, t.value_maximum,
    t.contact_name, t.contact_email, t.contact_phone, t.contact_website, t.contact_address, t.contact_town,
    t.contact_postcode, t.notice_url, t.region, t.sectors, t.award_supplier, t.award_value, t.award_date, t.is_demo,
    t.cpv_codes, t.lots, t.procedure_type, t.documents, t.buyer_id, t.award_suppliers,
    t.stage, t.site_asset_id, t.site_capacity_mw, t.cancel_reason, ${STATUS_UNTIL_SQL} AS status_until,
    t.notice_stage, t.notice_type, t.deadline_kind, t.above_threshold, t.notice_sources, t.notice_awards, t.buyer_ids, t.match_reason
  FROM tenders t LEFT JOIN users u ON u.id = t.user_id`;
/** SELECT_SQL with the viewer's relation to each tender (`relationTo`); `viewer` as in `visibleTo`. */
const selectFor = (viewer: string) => SELECT_SQL.replace(' FROM tenders t', `, ${relationTo(viewer)} AS viewer_relation FROM tenders t`);

/**
 * Who may see a tender (decisions 0177, 0333 and 0401): the one rule every read of tenders applies,
 * so a right that is lost (a provider changing hands or losing its approval, an invitation removed,
 * the admin right revoked) is lost on the next read everywhere. A draft: its owner and admins only.
 * Once published, open tenders: anyone; private ones: the owner, admins, the owners of invited
 * providers whose claim is approved, and the account that redeemed an email invitation to it
 * (decision 0403), and its evaluators unless they declared a conflict (decision 0520), all read from the current rows. `viewer` is SQL giving the viewer's user id (a
 * parameter such as `$2::uuid`, or a column when a job reads for many recipients), or null for a
 * visitor; `tender` is the alias of the tenders row (or of a subquery carrying its `id`, `type`,
 * `stage` and `user_id`).
 */
export function visibleTo(viewer: string | null, tender = 't'): string {
  // A visitor's rule is written out alone so the public list keeps its partial indexes (WHERE type = 'open').
  if (viewer === null) return `(${tender}.type = 'open' AND ${tender}.stage <> 'draft')`;
  return `(${tender}.user_id = ${viewer}
    OR EXISTS (SELECT 1 FROM users vu WHERE vu.id = ${viewer} AND vu.is_admin)
    OR (${tender}.stage <> 'draft' AND (${tender}.type = 'open'
      OR EXISTS (SELECT 1 FROM tender_invitations vi JOIN providers vp ON vp.id = vi.provider_id
                  WHERE vi.tender_id = ${tender}.id AND vp.user_id = ${viewer} AND vp.claim_approved)
      OR EXISTS (SELECT 1 FROM tender_email_invitations ve WHERE ve.tender_id = ${tender}.id AND ve.accepted_by = ${viewer})
      OR EXISTS (SELECT 1 FROM tender_evaluators vev WHERE vev.tender_id = ${tender}.id AND vev.user_id = ${viewer} AND vev.declaration <> 'conflict'))))`;
}

/**
 * The account behind a response: the approved owner of its provider, else the account that sent it
 * (the same person the outcome and clarification mails go to).
 */
const RESPONDER_SQL = (r: string, p: string) => `coalesce(CASE WHEN ${p}.claim_approved THEN ${p}.user_id END, ${r}.user_id)`;

/**
 * What the viewer is to a tender (decision 0441), from the current rows: 'manager' (its owner, an
 * admin), 'winner' (the account behind the awarded response), 'responder' (behind another
 * response), 'participant' (the owner of an invited provider, the redeemer of an email invitation,
 * an asker); every relation but 'manager' is someone told of the tender's changes; null is the public. Used with `visibleTo`, never instead of it: a participant
 * who lost the right to see the tender is told nothing. `viewer` and `tender` as in `visibleTo`;
 * the tender alias must be the tenders table itself.
 */
export function relationTo(viewer: string, tender = 't'): string {
  return `CASE WHEN ${tender}.user_id = ${viewer} OR EXISTS (SELECT 1 FROM users ru WHERE ru.id = ${viewer} AND ru.is_admin) THEN 'manager'
    WHEN EXISTS (SELECT 1 FROM tender_responses wr JOIN providers wp ON wp.id = wr.provider_id
                  WHERE wr.id = ${tender}.awarded_response_id AND ${RESPONDER_SQL('wr', 'wp')} = ${viewer}) THEN 'winner'
    WHEN EXISTS (SELECT 1 FROM tender_responses pr JOIN providers pp ON pp.id = pr.provider_id
                  WHERE pr.tender_id = ${tender}.id AND ${RESPONDER_SQL('pr', 'pp')} = ${viewer}) THEN 'responder'
    WHEN EXISTS (SELECT 1 FROM tender_invitations pi JOIN providers pip ON pip.id = pi.provider_id
                  WHERE pi.tender_id = ${tender}.id AND pip.user_id = ${viewer} AND pip.claim_approved)
      OR EXISTS (SELECT 1 FROM tender_email_invitations pe WHERE pe.tender_id = ${tender}.id AND pe.accepted_by = ${viewer})
      OR EXISTS (SELECT 1 FROM tender_questions pq WHERE pq.tender_id = ${tender}.id AND pq.asker_id = ${viewer}) THEN 'participant'
    END`;
}

const haversineSql = (lat: string, lng: string) => haversineKmSql(lat, lng, 't.latitude', 't.longitude');

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
  const params = new SqlParams();
  const p = params.add;
  p(now.toISOString()); // $1, as STATUS_SQL and OPEN_SQL expect
  const where = [visibleTo(null)];
  if (query.source !== 'all') where.push(`t.source = ${p(query.source)}`);
  if (query.status === 'open') where.push(OPEN_SQL);
  if (query.status === 'closed') where.push(`NOT ${OPEN_SQL}`);
  if (query.service) {
    const s = p(query.service);
    where.push(`(lower(t.service) = lower(${s}) OR ${TEXT_SQL} ILIKE ${p(containsPattern(query.service))})`);
  }
  // Decision 0471: the saved searches' keyword syntax, on the stemmed words of title and description.
  if (query.keywords) {
    const q = `websearch_to_tsquery('english', ${p(query.keywords)})`;
    where.push(`(numnode(${q}) = 0 OR t.search_vector @@ ${q})`);
  }
  // A place name from the location input is 'Town, County, Country': its first part is matched.
  const placeText = query.location?.split(',')[0]?.trim();
  if (query.lat !== undefined && query.lng !== undefined) {
    const within = `(t.latitude IS NOT NULL AND t.longitude IS NOT NULL AND ${haversineSql(p(query.lat), p(query.lng))} <= ${p(query.radius ?? 50)})`;
    // Decision 0175: notices without coordinates are kept when their place text matches.
    where.push(placeText ? `(${within} OR (t.latitude IS NULL AND ${PLACE_SQL} ILIKE ${p(containsPattern(placeText))}))` : within);
  } else if (placeText) {
    where.push(`${PLACE_SQL} ILIKE ${p(containsPattern(placeText))}`);
  }
  // Decision 0176: value filters compare the notice's range and leave out notices without a value.
  if (query.minValue !== undefined) where.push(`coalesce(t.value_maximum, t.value_minimum) >= ${p(query.minValue)}`);
  if (query.maxValue !== undefined) where.push(`coalesce(t.value_minimum, t.value_maximum) <= ${p(query.maxValue)}`);
  if (query.sector) where.push(`${p(query.sector)} = ANY(t.sectors)`);
  // Stored without their check digit (the importer strips it), so one spelling matches (decision 0392).
  if (query.cpv) where.push(`${p(query.cpv)} = ANY(t.cpv_codes)`);

  const whereSql = where.join(' AND ');
  const column = query.sortBy === 'closingDate' ? 'closing_date' : 'published_date';
  const dir = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const offset = (query.page - 1) * query.limit;
  // The page and the filtered total in one query (a window count over the matches, before LIMIT).
  const rows = await database.query<TenderRecord & { total_count: number }>(
    `SELECT matched.*, count(*) OVER ()::int AS total_count FROM (${SELECT_SQL} WHERE ${whereSql}) AS matched
     ORDER BY matched.${column} ${dir} NULLS LAST, matched.id ${dir} LIMIT ${p(query.limit)} OFFSET ${p(offset)}`,
    params.values,
  );
  if (rows.length > 0) return { rows: rows.map(({ total_count: _total, ...row }) => row), total: rows[0]!.total_count };
  if (offset === 0) return { rows: [], total: 0 };
  // A page past the end carries no rows, so only then is the total counted on its own.
  const [counted] = await database.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM tenders t WHERE ${whereSql} AND $1::timestamptz IS NOT NULL`,
    params.values.slice(0, -2),
  );
  return { rows: [], total: counted?.total ?? 0 };
}

/** One tender if the viewer (a user id, or null for a visitor) may see it. */
export async function findVisibleTender(database: Database, id: string, viewerId: string | null, now: Date) {
  const rows = await database.query<TenderRecord>(
    `${viewerId === null ? SELECT_SQL : selectFor('$3::uuid')} WHERE t.id = $2 AND ${visibleTo(viewerId === null ? null : '$3::uuid')}`,
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
       FROM (${selectFor('$2::uuid')} WHERE ${visibleTo('$2::uuid')}) x ORDER BY x.published_date DESC, x.id DESC LIMIT 5000`,
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
  /** The profile's public contact address (an unclaimed profile's only way in, decision 0404). */
  public_email: string | null;
}

export async function findProvidersByIds(tx: Executor, ids: string[]): Promise<ProviderForInvite[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute(sql`SELECT p.id::text AS id, p.business_name, p.user_id, p.claim_approved, u.email AS owner_email, u.name AS owner_name, p.email AS public_email
      FROM providers p LEFT JOIN users u ON u.id = p.user_id AND p.claim_approved
     WHERE p.id::text IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
  return rowsOf<ProviderForInvite>(result);
}

/** The user's saves of tenders they may still see (a save outlives access, but shows nothing without it). */
export async function listSavedTenders(database: Database, userId: string, now: Date) {
  return database.query<TenderRecord & { save_kind: 'saved' | 'later'; saved_at: Date | string }>(
    `SELECT x.*, s.kind AS save_kind, s.created_at AS saved_at
       FROM tender_saves s JOIN (${selectFor('$2::uuid')}) x ON x.id = s.tender_id
      WHERE s.user_id = $2::uuid AND ${visibleTo('$2::uuid', 'x')} ORDER BY s.created_at DESC LIMIT 500`,
    [now.toISOString(), userId],
  );
}

/** Whether the user saved any tender (an index probe: tender_saves' primary key starts with user_id). */
export async function hasSavedTenders(database: Database, userId: string): Promise<boolean> {
  const [row] = await database.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM tender_saves WHERE user_id = $1::uuid) AS any', [userId]);
  return row?.any === true;
}

/** Every tender the user saved, shown or not (a hidden one shows again when its row or invitations change). */
export async function listSavedTenderIds(database: Database, userId: string): Promise<string[]> {
  const rows = await database.query<{ tender_id: string }>('SELECT DISTINCT tender_id::text AS tender_id FROM tender_saves WHERE user_id = $1', [userId]);
  return rows.map((r) => r.tender_id);
}

/**
 * Saves (or unsaves) a tender for the user when they may see it, in one statement with the
 * visibility rule (decision 0633): false when they may not (or no such tender), and nothing is
 * written. A data-modifying WITH runs once whether or not the outer query reads it.
 */
export async function setSaveIfVisible(database: Database, userId: string, tenderId: string, kind: 'saved' | 'later', saved: boolean, now: Date): Promise<boolean> {
  const change = saved
    ? `INSERT INTO tender_saves (user_id, tender_id, kind, created_at) SELECT $1::uuid, v.id, $3, $4::timestamptz FROM v ON CONFLICT DO NOTHING`
    : `DELETE FROM tender_saves s USING v WHERE s.user_id = $1::uuid AND s.tender_id = v.id AND s.kind = $3`;
  const [row] = await database.query<{ visible: boolean }>(
    `WITH v AS (SELECT t.id FROM tenders t WHERE t.id = $2::uuid AND ${visibleTo('$1::uuid')}), changed AS (${change})
     SELECT EXISTS (SELECT 1 FROM v) AS visible`,
    saved ? [userId, tenderId, kind, now.toISOString()] : [userId, tenderId, kind],
  );
  return row?.visible === true;
}

export async function findOwnerContact(database: Database, tenderId: string) {
  const rows = await database.query<{ email: string; name: string }>(
    'SELECT u.email, u.name FROM tenders t JOIN users u ON u.id = t.user_id WHERE t.id = $1',
    [tenderId],
  );
  return rows[0];
}

/**
 * What the dashboard's Tenders tab has to show, in one statement (issue 26): whether the user owns a
 * tender, was invited (through a provider they own, or an email invitation they redeemed), is behind
 * a response, saved a tender; and the alert switch. Each list is read only when its flag is set (each
 * flag is true whenever its list could hold a row), so a new account's tab is this one statement.
 */
export async function tendersTabFacts(database: Database, userId: string) {
  const [row] = await database.query<{ own: boolean; invited: boolean; responded: boolean; saved: boolean; alerts_enabled: boolean; has_provider_profile: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM tenders WHERE user_id = $1::uuid) AS own,
            EXISTS (SELECT 1 FROM tender_invitations ti JOIN providers p ON p.id = ti.provider_id WHERE p.user_id = $1::uuid AND p.claim_approved)
              OR EXISTS (SELECT 1 FROM tender_email_invitations e WHERE e.accepted_by = $1::uuid) AS invited,
            EXISTS (SELECT 1 FROM tender_responses r WHERE r.user_id = $1::uuid)
              OR EXISTS (SELECT 1 FROM providers p JOIN tender_responses r ON r.provider_id = p.id WHERE p.user_id = $1::uuid AND p.claim_approved) AS responded,
            EXISTS (SELECT 1 FROM tender_saves WHERE user_id = $1::uuid) AS saved,
            EXISTS (SELECT 1 FROM saved_searches WHERE user_id = $1::uuid AND t_my_profiles AND NOT paused AND frequency <> 'off') AS alerts_enabled,
            EXISTS (SELECT 1 FROM providers WHERE user_id = $1::uuid AND claim_approved) AS has_provider_profile`,
    [userId],
  );
  return row!;
}

/**
 * The user's own tenders (drafts included), each with its invited providers and the dashboard's
 * counts: responses, unanswered questions, addresses invited by email besides the directory's
 * providers.
 */
export async function listOwnTenders(database: Database, userId: string, now: Date) {
  return database.query<TenderRecord & { response_count: number; unanswered_questions: number; email_invitations: number }>(
    `SELECT x.*, coalesce((SELECT array_agg(ti.provider_id::text ORDER BY ti.created_at) FROM tender_invitations ti WHERE ti.tender_id = x.id), '{}') AS invited_providers,
            (SELECT count(*)::int FROM tender_responses r WHERE r.tender_id = x.id) AS response_count,
            (SELECT count(*)::int FROM tender_questions q WHERE q.tender_id = x.id AND q.answer IS NULL) AS unanswered_questions,
            (SELECT count(*)::int FROM tender_email_invitations e WHERE e.tender_id = x.id
                AND NOT EXISTS (SELECT 1 FROM tender_invitations i WHERE i.tender_id = x.id AND i.provider_id = e.provider_id)) AS email_invitations
       FROM (${selectFor('$2::uuid')} WHERE t.user_id = $2::uuid AND ${visibleTo('$2::uuid')}) x ORDER BY x.published_date DESC, x.id DESC LIMIT 500`,
    [now.toISOString(), userId],
  );
}

/**
 * Tenders that invited the user: a provider they own (claim approved) from the directory, or by an
 * email invitation they redeemed (shown by the address it went to; issue 27 defect 6).
 */
export async function listInvitations(database: Database, userId: string, now: Date) {
  return database.query<TenderRecord & { invited_provider_names: string[]; responded: boolean }>(
    `SELECT x.*, i.names AS invited_provider_names,
            EXISTS (SELECT 1 FROM tender_responses r JOIN providers p ON p.id = r.provider_id
                     WHERE r.tender_id = x.id AND p.user_id = $2::uuid AND p.claim_approved) AS responded
       FROM (${selectFor('$2::uuid')}) x
       JOIN (SELECT n.tender_id, array_agg(DISTINCT n.name ORDER BY n.name) AS names FROM (
               SELECT ti.tender_id, p.business_name AS name FROM tender_invitations ti JOIN providers p ON p.id = ti.provider_id
                WHERE p.user_id = $2::uuid AND p.claim_approved
               UNION ALL
               SELECT e.tender_id, e.email FROM tender_email_invitations e WHERE e.accepted_by = $2::uuid
             ) n GROUP BY n.tender_id) i ON i.tender_id = x.id
      WHERE ${visibleTo('$2::uuid', 'x')}
      ORDER BY x.published_date DESC, x.id DESC LIMIT 500`,
    [now.toISOString(), userId],
  );
}

/** Where a response stands, as its responder sees it (issue 27 defect 6; decision 0448). */
export type ResponseState = 'open' | 'clarification-requested' | 'shortlisted' | 'under-review' | 'won' | 'unsuccessful' | 'cancelled';

/**
 * "My responses": the responses behind the user (their providers', or sent by them while no one
 * else owns the provider), on tenders they may still see, newest first, each with its state.
 */
export async function listMyResponses(database: Database, userId: string, now: Date) {
  return database.query<TenderRecord & { response_id: string; response_provider: string; response_updated_at: Date | string; response_state: ResponseState }>(
    `SELECT x.*, r.id AS response_id, p.business_name AS response_provider, r.updated_at AS response_updated_at,
            CASE WHEN tt.stage = 'cancelled' THEN 'cancelled'
                 WHEN tt.awarded_response_id = r.id THEN 'won'
                 WHEN tt.stage = 'awarded' THEN 'unsuccessful'
                 WHEN EXISTS (SELECT 1 FROM tender_clarifications c WHERE c.response_id = r.id AND c.created_at >= r.updated_at) THEN 'clarification-requested'
                 WHEN r.shortlisted THEN 'shortlisted'
                 WHEN x.status = 'open' THEN 'open'
                 ELSE 'under-review' END AS response_state
       FROM tender_responses r JOIN providers p ON p.id = r.provider_id JOIN tenders tt ON tt.id = r.tender_id
       JOIN (${selectFor('$2::uuid')}) x ON x.id = r.tender_id
      WHERE ${RESPONDER_SQL('r', 'p')} = $2::uuid AND ${visibleTo('$2::uuid', 'x')}
      ORDER BY r.updated_at DESC, r.id LIMIT 500`,
    [now.toISOString(), userId],
  );
}

export async function markInvitationNotified(tx: Executor, tenderId: string, providerId: string, at: Date) {
  await tx.update(tenderInvitations).set({ notifiedAt: at }).where(sql`${tenderInvitations.tenderId} = ${tenderId} AND ${tenderInvitations.providerId} = ${providerId}`);
}

/** The newest imported notice's publication date (the board's freshness line, decision 0393). */
export async function latestExternalPublished(database: Database): Promise<Date | string | null> {
  const [row] = await database.query<{ latest: Date | string | null }>(
    `SELECT max(published_date) AS latest FROM tenders t WHERE t.source = 'External' AND ${visibleTo(null)}`,
  );
  return row?.latest ?? null;
}

/**
 * Tenders a visitor may see (the one visibility rule), each only while its place in the feed of
 * changes is still the one given (decision 0493): read in one statement with that place, the tender
 * is exactly the version written there; one written again since is left for its later place.
 */
export function listVisitorTendersAt(database: Database, at: ReadonlyArray<{ id: string; txid: string; seq: string }>, now: Date): Promise<TenderRecord[]> {
  if (at.length === 0) return Promise.resolve([]);
  return database.query<TenderRecord>(
    `${SELECT_SQL} JOIN tender_feed f ON f.tender_id = t.id
       JOIN unnest($2::uuid[], $3::xid8[], $4::bigint[]) AS p(id, txid, seq) ON p.id = t.id AND p.txid = f.txid AND p.seq = f.seq
     WHERE ${visibleTo(null)}`,
    [now.toISOString(), at.map((a) => a.id), at.map((a) => a.txid), at.map((a) => a.seq)],
  );
}
