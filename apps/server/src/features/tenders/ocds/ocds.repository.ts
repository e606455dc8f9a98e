import { inArray, sql } from 'drizzle-orm';
import { tenders } from '../../../db/schema/index';
import { rowsOf, toIsoTimestampOrNull as ts } from '../../../db/sql-helpers';
import type { Executor } from '../tenders.repository';
import type { MappedNotice } from './ocds-mapper';

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
  const rows = rowsOf<{ inserted: boolean }>(result);
  if (rows.length === 0) return 'stale';
  return rows[0]!.inserted ? 'inserted' : 'updated';
}
