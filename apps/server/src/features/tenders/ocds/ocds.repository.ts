import { inArray, sql } from 'drizzle-orm';
import { tenders } from '../../../db/schema/index';
import { rowsOf, toIsoTimestampOrNull as ts } from '../../../db/sql-helpers';
import type { Executor } from '../tenders.repository';
import type { MappedNotice } from './ocds-mapper';

const STAGE_OF_STORED: Record<MappedNotice['stage'], string> = { active: 'open', awarded: 'awarded', cancelled: 'cancelled' };

/** The queries of the OCDS notice import (decision 0172): imported notices are tenders with source 'External'. */

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

/**
 * The relevance rule each notice meets (decisions 0391 and 0462), or null: the SQL function of
 * migration 0071_tender_relevance_reasons.sql, asked once for a whole batch, with where it matched
 * ('cpv:09331200', 'title:solar pv').
 */
export async function classifyNotices(
  tx: Executor,
  notices: Array<Pick<MappedNotice, 'cpvCodes' | 'title' | 'description'> & { lotsText?: string }>,
): Promise<Array<string | null>> {
  if (notices.length === 0) return [];
  const input = notices.map((n) => ({ c: n.cpvCodes, t: n.title, b: n.description, l: n.lotsText ?? '' }));
  const result = await tx.execute(sql`
    SELECT tender_relevance(ARRAY(SELECT jsonb_array_elements_text(e->'c')), e->>'t', e->>'b', e->>'l') AS rule
      FROM jsonb_array_elements(${JSON.stringify(input)}::jsonb) WITH ORDINALITY AS x(e, n) ORDER BY n`);
  return rowsOf<{ rule: string | null }>(result).map((r) => r.rule);
}

/**
 * Inserts or updates one notice. A later release replaces what it states and keeps earlier values it
 * leaves out (OCDS releases are partial); the published date stays the earliest seen.
 */
export async function upsertNotice(tx: Executor, n: MappedNotice, now: Date, matchReason: string | null = null): Promise<'inserted' | 'updated' | 'stale'> {
  const result = await tx.execute(sql`
    INSERT INTO tenders (source, type, external_id, external_release_id, external_release_date, title, description, stage,
      organisation_name, published_date, closing_date, start_date, end_date, value_minimum, value_maximum, contact_name,
      contact_email, contact_phone, contact_website, contact_address, contact_town, contact_postcode, notice_url, location,
      region, latitude, longitude, coordinates_approximate, cpv_codes, sectors, award_supplier, award_value, award_date,
      lots, procedure_type, documents, buyer_id, award_suppliers, notice_stage, notice_type, deadline_kind, above_threshold,
      notice_sources, notice_awards, buyer_ids, match_reason, created_at, updated_at)
    VALUES ('External', 'open', ${n.externalId}, ${n.externalReleaseId}, ${ts(n.externalReleaseDate)}::timestamptz, ${n.title},
      ${n.description}, ${n.stage}, ${n.organisationName}, ${ts(n.publishedDate)}::timestamptz, ${ts(n.closingDate)}::timestamptz,
      ${ts(n.startDate)}::timestamptz, ${ts(n.endDate)}::timestamptz, ${n.valueMinimum}::numeric, ${n.valueMaximum}::numeric,
      ${n.contactName}, ${n.contactEmail}, ${n.contactPhone}, ${n.contactWebsite}, ${n.contactAddress}, ${n.contactTown},
      ${n.contactPostcode}, ${n.noticeUrl}, ${n.location}, ${n.region}, ${n.latitude}::double precision,
      ${n.longitude}::double precision, ${n.latitude !== null},
      ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(n.cpvCodes)}::jsonb)),
      ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(n.sectors)}::jsonb)),
      ${n.awardSupplier}, ${n.awardValue}::numeric, ${ts(n.awardDate)}::timestamptz, ${JSON.stringify(n.lots)}::jsonb,
      ${n.procedureType}, ${JSON.stringify(n.documents)}::jsonb, ${n.buyerId}, ${JSON.stringify(n.awardSuppliers)}::jsonb,
      ${n.noticeStage ?? STAGE_OF_STORED[n.stage]}, ${n.noticeType}, ${n.closingDate ? n.deadlineKind : null}, ${n.aboveThreshold}::boolean,
      ${JSON.stringify(n.sources)}::jsonb, ${JSON.stringify(n.awards)}::jsonb,
      ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(n.buyerIds)}::jsonb)), ${matchReason},
      ${now.toISOString()}::timestamptz,
      ${now.toISOString()}::timestamptz)
    ON CONFLICT (external_id) DO UPDATE SET
      external_release_id = EXCLUDED.external_release_id,
      external_release_date = EXCLUDED.external_release_date,
      title = EXCLUDED.title,
      description = CASE WHEN EXCLUDED.description <> '' THEN EXCLUDED.description ELSE tenders.description END,
      -- A release that says nothing about the stage (a UK9 performance notice, an F14 correction) keeps it.
      stage = CASE WHEN ${n.noticeStage === null}::boolean THEN tenders.stage ELSE EXCLUDED.stage END,
      notice_stage = CASE WHEN ${n.noticeStage === null}::boolean THEN tenders.notice_stage ELSE EXCLUDED.notice_stage END,
      notice_type = coalesce(EXCLUDED.notice_type, tenders.notice_type),
      deadline_kind = CASE WHEN EXCLUDED.closing_date IS NOT NULL THEN EXCLUDED.deadline_kind ELSE tenders.deadline_kind END,
      above_threshold = coalesce(EXCLUDED.above_threshold, tenders.above_threshold),
      notice_sources = (SELECT coalesce(jsonb_agg(x.s ORDER BY x.n), '[]'::jsonb) FROM (
          SELECT DISTINCT ON (s->>'ocid') s, n FROM jsonb_array_elements(EXCLUDED.notice_sources || tenders.notice_sources) WITH ORDINALITY AS y(s, n)
           ORDER BY s->>'ocid', n) AS x),
      -- Awards are kept per award id: a release about one lot's award leaves the others.
      notice_awards = (SELECT coalesce(jsonb_agg(x.a ORDER BY x.n), '[]'::jsonb) FROM (
          SELECT DISTINCT ON (a->>'id') a, n FROM jsonb_array_elements(EXCLUDED.notice_awards || tenders.notice_awards) WITH ORDINALITY AS y(a, n)
           ORDER BY a->>'id', n) AS x),
      buyer_ids = CASE WHEN cardinality(EXCLUDED.buyer_ids) > 0 THEN EXCLUDED.buyer_ids ELSE tenders.buyer_ids END,
      match_reason = coalesce(EXCLUDED.match_reason, tenders.match_reason),
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
      lots = CASE WHEN jsonb_array_length(EXCLUDED.lots) > 0 THEN EXCLUDED.lots ELSE tenders.lots END,
      procedure_type = coalesce(EXCLUDED.procedure_type, tenders.procedure_type),
      -- An award release lists the award notice; the tender's documents stay beside it.
      documents = (SELECT coalesce(jsonb_agg(d ORDER BY n), '[]'::jsonb) FROM (
          SELECT DISTINCT ON (d->>'url') d, n FROM jsonb_array_elements(tenders.documents || EXCLUDED.documents) WITH ORDINALITY AS x(d, n)
           ORDER BY d->>'url', n) AS merged),
      buyer_id = coalesce(EXCLUDED.buyer_id, tenders.buyer_id),
      award_suppliers = CASE WHEN jsonb_array_length(EXCLUDED.award_suppliers) > 0 THEN EXCLUDED.award_suppliers ELSE tenders.award_suppliers END,
      updated_at = EXCLUDED.updated_at
    WHERE tenders.source = 'External' AND (tenders.external_release_date, tenders.external_release_id COLLATE "C")
        < (EXCLUDED.external_release_date, EXCLUDED.external_release_id COLLATE "C")
    RETURNING (xmax = 0) AS inserted`);
  const rows = rowsOf<{ inserted: boolean }>(result);
  if (rows.length === 0) return 'stale';
  return rows[0]!.inserted ? 'inserted' : 'updated';
}

/**
 * ocid → the notice a second source's ocid was merged into (decision 0461), with the latest release
 * read from that ocid.
 */
export async function loadAliases(tx: Executor, ocids: string[]) {
  const map = new Map<string, { tenderId: string; date: Date; id: string }>();
  if (ocids.length === 0) return map;
  const rows = rowsOf<{ ocid: string; tender_id: string; release_id: string; release_date: Date | string }>(
    await tx.execute(sql`SELECT ocid, tender_id, release_id, release_date FROM tender_notice_aliases
      WHERE ocid IN (SELECT jsonb_array_elements_text(${JSON.stringify(ocids)}::jsonb))`),
  );
  for (const r of rows) map.set(r.ocid, { tenderId: r.tender_id, date: new Date(r.release_date), id: r.release_id });
  return map;
}

/**
 * The notice another source already published that this one duplicates (decision 0461): the same
 * buyer (an identifier in common, or the same name), the same title or a document address in
 * common, published within 60 days of each other, and values that agree within 1 % when both
 * are given; from a source the notice does not list yet.
 */
export async function findDuplicateNotice(tx: Executor, n: MappedNotice, source: string): Promise<string | null> {
  const urls = n.documents.map((d) => d.url).concat(n.noticeUrl ? [n.noticeUrl] : []);
  const result = await tx.execute(sql`
    SELECT t.id FROM tenders t
     WHERE t.source = 'External' AND t.external_id <> ${n.externalId}
       AND (tender_title_key(t.title) = tender_title_key(${n.title})
         OR EXISTS (SELECT 1 FROM jsonb_array_elements(t.documents) d
                     WHERE d->>'url' IN (SELECT jsonb_array_elements_text(${JSON.stringify(urls)}::jsonb))))
       AND (t.buyer_ids && ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(n.buyerIds)}::jsonb))
         OR (t.organisation_name IS NOT NULL AND tender_title_key(t.organisation_name) = tender_title_key(${n.organisationName})))
       AND abs(extract(epoch FROM t.published_date - ${ts(n.publishedDate)}::timestamptz)) <= 60 * 86400
       AND (t.value_maximum IS NULL OR ${n.valueMaximum}::numeric IS NULL
         OR abs(t.value_maximum - ${n.valueMaximum}::numeric) <= 0.01 * greatest(t.value_maximum, ${n.valueMaximum}::numeric))
       AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(t.notice_sources) s WHERE s->>'source' = ${source})
     ORDER BY t.published_date, t.id LIMIT 1`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

/**
 * Files a release of a second source's ocid under the notice it duplicates: the alias moves to this
 * release, the notice lists the source (with its address) and gains its documents.
 */
export async function mergeIntoNotice(tx: Executor, tenderId: string, n: MappedNotice, source: string, now: Date): Promise<void> {
  await tx.execute(sql`
    INSERT INTO tender_notice_aliases (ocid, tender_id, source, release_id, release_date, created_at)
    VALUES (${n.externalId}, ${tenderId}, ${source}, ${n.externalReleaseId}, ${ts(n.externalReleaseDate)}::timestamptz, ${now.toISOString()}::timestamptz)
    ON CONFLICT (ocid) DO UPDATE SET release_id = EXCLUDED.release_id, release_date = EXCLUDED.release_date`);
  const entry = { source, ocid: n.externalId, url: n.noticeUrl };
  await tx.execute(sql`
    UPDATE tenders SET
      notice_sources = (SELECT coalesce(jsonb_agg(x.s ORDER BY x.n), '[]'::jsonb) FROM (
          SELECT DISTINCT ON (s->>'ocid') s, n FROM jsonb_array_elements(tenders.notice_sources || ${JSON.stringify([entry])}::jsonb) WITH ORDINALITY AS y(s, n)
           ORDER BY s->>'ocid', n DESC) AS x),
      documents = (SELECT coalesce(jsonb_agg(d ORDER BY n), '[]'::jsonb) FROM (
          SELECT DISTINCT ON (d->>'url') d, n FROM jsonb_array_elements(tenders.documents || ${JSON.stringify(n.documents)}::jsonb) WITH ORDINALITY AS x(d, n)
           ORDER BY d->>'url', n) AS merged),
      above_threshold = coalesce(tenders.above_threshold, ${n.aboveThreshold}::boolean),
      updated_at = ${now.toISOString()}::timestamptz
    WHERE id = ${tenderId}`);
}

/** The admin verdicts (decision 0462) that drop these notices: by ocid, or by the same title from the same buyer. */
export async function loadVerdicts(tx: Executor, notices: Array<Pick<MappedNotice, 'externalId' | 'title' | 'organisationName'>>): Promise<Set<string>> {
  if (notices.length === 0) return new Set();
  const input = notices.map((n) => ({ o: n.externalId, t: n.title, b: n.organisationName }));
  const rows = rowsOf<{ ocid: string }>(
    await tx.execute(sql`
      SELECT e->>'o' AS ocid FROM jsonb_array_elements(${JSON.stringify(input)}::jsonb) AS x(e)
       WHERE EXISTS (SELECT 1 FROM tender_relevance_verdicts v
                      WHERE v.ocid = e->>'o'
                         OR (v.title_key = tender_title_key(e->>'t') AND tender_title_key(v.buyer) = tender_title_key(e->>'b')))`),
  );
  return new Set(rows.map((r) => r.ocid));
}
