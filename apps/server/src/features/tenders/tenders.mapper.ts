import type { Tender } from '@solar/shared/contracts/tenders';
import type { TenderNotice } from '@solar/shared/contracts/tender-notices';
import { NOTICE_DEADLINE_KINDS, NOTICE_STAGES } from '@solar/shared/constants/tender-notices';
import { matchReasonText, noticeSourceLabel } from '@solar/shared/domain/tender-notices';
import { TENDER_SECTORS, type TenderSector } from '@solar/shared/constants/tenders';
import { toIsoTimestamp, toIsoTimestampOrNull as iso } from '../../db/sql-helpers';
import type { TenderRecord } from './tenders.repository';

const num = (value: string | number | null | undefined) => (value == null ? null : Number(value));

/**
 * The one place a tender row becomes the API shape (docs/style.md#4-validate-once-at-the-boundary-from-the-shared-schema): an explicit field list; the owner by
 * name only; invited providers only for the owner and admins; a listed tender's contact email and
 * phone only to signed-in users; its outcome by the viewer's relation to it (decision 0441).
 */
export function toTender(row: TenderRecord, options: { invitedProviders?: string[]; signedIn?: boolean } = {}): Tender {
  const listed = row.source === 'Solar Manager';
  // A listed tender's contact person's email and phone are for signed-in users (decision 0400);
  // an imported notice's contact point is published by the buyer and shown to all.
  const contactShown = !listed || options.signedIn === true;
  // A listed tender's outcome (decision 0441): the value to its owner, admins and the winner; the
  // winner's name and the cancellation reason to those told; to the public it is closed.
  const relation = listed ? (row.viewer_relation ?? null) : null;
  const award =
    row.award_supplier || row.award_value != null || row.award_date
      ? { supplier: row.award_supplier, value: num(row.award_value), date: iso(row.award_date) }
      : null;
  return {
    id: row.id,
    userId: row.user_id,
    user: row.owner_name ? { name: row.owner_name } : null,
    service: row.service,
    title: row.title,
    description: row.description,
    location: row.location,
    latitude: num(row.latitude),
    longitude: num(row.longitude),
    searchRadius: num(row.search_radius),
    startTimePreference: row.start_time_preference,
    type: row.type,
    invitedProviders: options.invitedProviders ?? [],
    status: listed && !relation && row.status === 'awarded' ? 'closed' : row.status,
    source: row.source,
    externalId: row.external_id,
    organisationName: row.organisation_name,
    publishedDate: toIsoTimestamp(row.published_date),
    closingDate: iso(row.closing_date),
    startDate: iso(row.start_date),
    endDate: iso(row.end_date),
    valueMinimum: num(row.value_minimum),
    valueMaximum: num(row.value_maximum),
    contactName: row.contact_name,
    contactEmail: contactShown ? row.contact_email : null,
    contactPhone: contactShown ? row.contact_phone : null,
    contactWebsite: row.contact_website,
    contactAddress: row.contact_address,
    contactTown: row.contact_town,
    contactPostcode: row.contact_postcode,
    noticeUrl: row.notice_url,
    region: row.region,
    sectors: (row.sectors ?? []).filter((s): s is TenderSector => (TENDER_SECTORS as readonly string[]).includes(s)),
    award: !listed || !award ? award : !relation ? null : relation === 'manager' || relation === 'winner' ? award : { ...award, value: null },
    isDemo: row.is_demo,
    cpvCodes: row.cpv_codes ?? [],
    lots: row.lots ?? [],
    procedureType: row.procedure_type,
    documents: row.documents ?? [],
    buyerId: row.buyer_id,
    awardSuppliers: row.award_suppliers ?? [],
    // The public record of an awarded tender says closed, and not that it was awarded (decision 0441).
    stage: listed && !relation && row.stage === 'awarded' ? 'active' : row.stage,
    siteAssetId: num(row.site_asset_id),
    siteCapacityMw: num(row.site_capacity_mw),
    cancelReason: !listed || relation ? row.cancel_reason : null,
    viewerRelation: relation,
    notice: toNotice(row),
  };
}

const oneOf = <T extends string>(list: readonly T[], value: string | null | undefined): T | null => (list as readonly string[]).includes(value ?? '') ? (value as T) : null;

/** An imported notice's own fields (decision 0460); null for a tender listed here. */
function toNotice(row: TenderRecord): TenderNotice | null {
  if (row.source !== 'External') return null;
  return {
    stage: oneOf(NOTICE_STAGES, row.notice_stage),
    noticeType: row.notice_type ?? null,
    deadlineKind: row.closing_date ? oneOf(NOTICE_DEADLINE_KINDS, row.deadline_kind) : null,
    aboveThreshold: row.above_threshold ?? null,
    sources: (row.notice_sources ?? []).map((s) => ({ id: s.source, label: noticeSourceLabel(s.source), ocid: s.ocid, url: s.url ?? null })),
    awards: (row.notice_awards ?? []).map((a) => ({ ...a, value: a.value == null ? null : Number(a.value) })),
    buyerIds: row.buyer_ids ?? [],
    matchedBecause: matchReasonText(row.match_reason ?? null),
  };
}
