import type { NoticeDeadlineKind, NoticeStage } from '@solar/shared/constants/tender-notices';
import { detectSectors } from './sectors';
import { repairText } from './text-repair';
import type { PostcodeLookup } from './postcode-districts';

/** The subset of an OCDS 1.1 release the importer reads (https://standard.open-contracting.org). */
export interface OcdsRelease {
  ocid?: string;
  id?: string;
  date?: string;
  tag?: string[];
  title?: string;
  description?: string;
  buyer?: { id?: string; name?: string };
  planning?: { documents?: Doc[] };
  parties?: Array<{
    id?: string;
    name?: string;
    identifier?: Identifier;
    additionalIdentifiers?: Identifier[];
    roles?: string[];
    address?: { streetAddress?: string; locality?: string; region?: string; postalCode?: string; countryName?: string };
    contactPoint?: { name?: string; email?: string; telephone?: string; url?: string };
    details?: { url?: string };
  }>;
  tender?: {
    title?: string;
    description?: string;
    status?: string;
    datePublished?: string;
    value?: Money;
    minValue?: Money;
    tenderPeriod?: { endDate?: string };
    contractPeriod?: Period;
    classification?: Classification;
    additionalClassifications?: Classification[];
    items?: Array<{
      classification?: Classification;
      additionalClassifications?: Classification[];
      deliveryLocation?: { description?: string };
      deliveryAddresses?: Array<{ region?: string; locality?: string; postalCode?: string }>;
    }>;
    documents?: Doc[];
    procurementMethod?: string;
    procurementMethodDetails?: string;
    lots?: Array<{ id?: string; title?: string; description?: string; status?: string; value?: Money; renewal?: { description?: string } }>;
    /** UK extension (cabinetoffice/ocds_uk_extension): the deadline for requests to participate. */
    expressionOfInterestDeadline?: string;
    aboveThreshold?: boolean;
  };
  awards?: Array<{
    id?: string | number;
    title?: string;
    relatedLots?: Array<string | number>;
    aboveThreshold?: boolean;
    status?: string;
    date?: string;
    value?: Money;
    suppliers?: Array<{ id?: string; name?: string }>;
    contractPeriod?: Period;
    documents?: Doc[];
  }>;
  contracts?: Array<{ status?: string; aboveThreshold?: boolean; documents?: Doc[] }>;
  links?: Array<{ rel?: string; href?: string }>;
}
interface Money {
  amount?: number | string;
  currency?: string;
}
interface Period {
  startDate?: string;
  endDate?: string;
}
interface Classification {
  scheme?: string;
  id?: string;
}
interface Doc {
  id?: string | number;
  /** UK extension: the Procurement Act notice type, 'UK1' to 'UK17'. */
  noticeType?: string;
  documentType?: string;
  title?: string;
  description?: string;
  url?: string;
  format?: string;
}
interface Identifier {
  scheme?: string;
  id?: string | number;
}

export interface NoticeLot {
  id: string;
  title: string;
  status: string | null;
  value: number | null;
  /** Extension options as the notice words them (OCDS `lots[].renewal.description`; buyer pages, decision 0483). */
  renewal?: string | null;
}
export interface NoticeDocument {
  title: string;
  url: string;
  type: string | null;
}
export interface NoticeSupplier {
  name: string;
  /** An org-id identifier ('GB-COH-01234567' for Companies House) when the notice gives one. */
  id: string | null;
}

export interface NoticeAward {
  id: string;
  status: string | null;
  value: number | null;
  date: string | null;
  lotIds: string[];
  suppliers: Array<{ name: string; ids: string[] }>;
}
export interface NoticeSource {
  source: string;
  ocid: string;
  url: string | null;
}

/** How a feed files the release it read: its source, and the publisher's notice type when the request named one. */
export interface ReleaseContext {
  source?: string;
  noticeType?: { label: string; stage: NoticeStage | null };
}

/** The tender columns an OCDS release fills (External notices). */
export interface MappedNotice {
  externalId: string;
  externalReleaseId: string;
  externalReleaseDate: Date;
  title: string;
  description: string;
  stage: 'active' | 'awarded' | 'cancelled';
  organisationName: string | null;
  publishedDate: Date;
  closingDate: Date | null;
  startDate: Date | null;
  endDate: Date | null;
  valueMinimum: number | null;
  valueMaximum: number | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  contactWebsite: string | null;
  contactAddress: string | null;
  contactTown: string | null;
  contactPostcode: string | null;
  noticeUrl: string | null;
  location: string | null;
  region: string | null;
  latitude: number | null;
  longitude: number | null;
  cpvCodes: string[];
  sectors: string[];
  awardSupplier: string | null;
  awardValue: number | null;
  awardDate: Date | null;
  lots: NoticeLot[];
  procedureType: string | null;
  documents: NoticeDocument[];
  buyerId: string | null;
  awardSuppliers: NoticeSupplier[];
  /** The lots' titles and descriptions: the relevance rules read them apart from the description (decision 0462). */
  lotsText: string;
  /** Issue 29 (decision 0460): the stage, or null when the release says nothing new about it (UK9 performance, F14 correction). */
  noticeStage: NoticeStage | null;
  noticeType: string | null;
  deadlineKind: NoticeDeadlineKind | null;
  aboveThreshold: boolean | null;
  sources: NoticeSource[];
  awards: NoticeAward[];
  buyerIds: string[];
  /** What was cut to the import bounds (issue 25): 'title cut to 300 characters', 'lots beyond 200 left out'. */
  cuts: string[];
}

export type MapResult = { ok: true; notice: MappedNotice } | { ok: false; reason: string };

/**
 * Bounds on what one imported notice may store (issue 25 finding 11): a hostile or broken feed
 * cannot make the board heavy. Longer text is cut at a word; longer lists keep their first items.
 * Each cut is counted in the import report.
 */
export const IMPORT_BOUNDS = {
  title: 300,
  description: 10_000,
  shortText: 300,
  url: 2_000,
  lots: 200,
  documents: 100,
  awards: 100,
  suppliers: 100,
  cpvCodes: 100,
  /** Items, parties and documents read per release (the rest are not looked at). */
  itemsRead: 1_000,
} as const;

/** Publishers' ocid prefixes (each source's documentation): which source a release came from. */
export const OCID_PREFIX_SOURCES: Record<string, string> = {
  'ocds-h6vhtk-': 'find-a-tender',
  'ocds-b5fd17-': 'contracts-finder',
  'ocds-r6ebe6-': 'public-contracts-scotland',
  'ocds-kuma6s-': 'sell2wales',
};
export const sourceOfOcid = (ocid: string, fallback = 'import') =>
  Object.entries(OCID_PREFIX_SOURCES).find(([prefix]) => ocid.startsWith(prefix))?.[1] ?? fallback;

const NOTICE_TYPES = ['marketEngagementNotice', 'tenderNotice', 'contractNotice', 'awardNotice', 'contractAwardNotice', 'planningNotice', 'biddingDocuments'];
const CLOSED_TENDER_STATUSES = ['cancelled', 'unsuccessful', 'withdrawn', 'complete'];

export function mapRelease(release: OcdsRelease, postcodes?: PostcodeLookup, context: ReleaseContext = {}): MapResult {
  if (!release || typeof release !== 'object') return { ok: false, reason: 'not a release object' };
  const ocid = text(release.ocid);
  if (!ocid) return { ok: false, reason: 'missing ocid' };
  if (ocid.length > 200) return { ok: false, reason: 'ocid longer than 200 characters' };
  const cuts: string[] = [];
  const bound = (field: string, value: string | null, max: number) => {
    if (value === null || value.length <= max) return value;
    cuts.push(`${field} cut to ${max} characters`);
    return cutAt(value, max);
  };
  const first = <T>(field: string, list: T[], max: number) => {
    if (list.length <= max) return list;
    cuts.push(`${field} beyond ${max} left out`);
    return list.slice(0, max);
  };
  const tender = release.tender ?? {};
  const title = bound('title', clean(tender.title ?? release.title), IMPORT_BOUNDS.title);
  if (!title) return { ok: false, reason: 'missing title' };
  const releaseDate = date(release.date) ?? date(tender.datePublished);
  if (!releaseDate) return { ok: false, reason: 'missing or invalid release date' };
  const short = (field: string, value: unknown) => bound(field, clean(value), IMPORT_BOUNDS.shortText);

  const parties = arrayOf(release.parties).slice(0, IMPORT_BOUNDS.itemsRead);
  const buyerParty = parties.find((p) => release.buyer?.id && p?.id === release.buyer.id) ?? parties.find((p) => arrayOf(p?.roles).includes('buyer'));
  const allAwards = arrayOf(release.awards).slice(0, IMPORT_BOUNDS.itemsRead);
  const awards = allAwards.filter((a) => a && a.status !== 'cancelled' && a.status !== 'unsuccessful');
  const items = arrayOf(tender.items).slice(0, IMPORT_BOUNDS.itemsRead);
  const tags = arrayOf(release.tag);
  const noticeType = pa23NoticeType(release);
  const eoiDeadline = date(tender.expressionOfInterestDeadline);
  const noticeStage = stageOf(release, noticeType, eoiDeadline !== null, context, awards.length > 0);
  // The stored stage of the tender lifecycle (decision 0400) the status is computed from.
  const stage = noticeStage === null ? legacyStage(tags, tender.status, awards.length > 0) : STORED_STAGE[noticeStage];

  const cpvCodes = first(
    'CPV codes',
    unique(
      [tender.classification, ...arrayOf(tender.additionalClassifications), ...items.flatMap((i) => [i?.classification, ...arrayOf(i?.additionalClassifications)])]
        .filter((c): c is Classification => !!c && (c.scheme ?? 'CPV').toUpperCase() === 'CPV' && !!c.id)
        // Without the check digit some publishers add ('09331200-5'): one spelling to filter on.
        .map((c) => String(c.id).trim().replace(/^(\d{8})-\d$/, '$1'))
        .filter((c) => c.length <= 20),
    ),
    IMPORT_BOUNDS.cpvCodes,
  );
  const description = bound('description', clean(tender.description ?? release.description), IMPORT_BOUNDS.description) ?? '';
  const postcode = bound('postcode', clean(buyerParty?.address?.postalCode)?.toUpperCase() ?? null, 20);
  const point = postcode && postcodes ? postcodes(postcode) : null;
  const delivery = items.flatMap((i) => arrayOf(i?.deliveryAddresses));
  const regionText = short('region', delivery.map((d) => d?.region).find((r) => r && !/^UK[A-Z0-9]{0,3}$/.test(r)) ?? null);
  const deliveryDescription = short('location', items.map((i) => clean(i?.deliveryLocation?.description)).find(Boolean) ?? null);
  const town = short('town', clean(buyerParty?.address?.locality)?.replace(/,$/, '') ?? null);
  const award = awards[0];
  const awardValue = award ? gbp(award.value) : null;
  const rawLots = arrayOf(tender.lots);
  const lots = first(
    'lots',
    rawLots
      .map((l, i): NoticeLot | null => {
        const lotTitle = bound('lot title', clean(l?.title) ?? cut(clean(l?.description)), IMPORT_BOUNDS.title);
        const renewal = bound('lot renewal', cut(clean(l?.renewal?.description)), IMPORT_BOUNDS.title);
        return lotTitle
          ? { id: bound('lot id', text(l.id) ?? String(i + 1), 100)!, title: lotTitle, status: short('lot status', l.status), value: gbp(l.value), ...(renewal && { renewal }) }
          : null;
      })
      .filter((l): l is NoticeLot => l !== null),
    IMPORT_BOUNDS.lots,
  );
  const supplierIds = (id: unknown) => partyIdentifiers(parties, id);
  const awardSuppliers = first(
    'suppliers',
    awards
      .flatMap((a) => arrayOf(a.suppliers))
      .map((s) => ({ name: short('supplier name', s?.name), id: supplierIds(s?.id)[0] ?? null }))
      .filter((s): s is NoticeSupplier => s.name !== null)
      .filter((s, i, all) => all.findIndex((o) => o.name === s.name && o.id === s.id) === i),
    IMPORT_BOUNDS.suppliers,
  );
  const noticeAwards = first(
    'awards',
    awards.map(
      (a, i): NoticeAward => ({
        id: bound('award id', text(a.id) ?? (typeof a.id === 'number' ? String(a.id) : null) ?? String(i + 1), 100)!,
        status: short('award status', a.status),
        value: gbp(a.value),
        date: date(a.date)?.toISOString() ?? null,
        lotIds: arrayOf(a.relatedLots).slice(0, IMPORT_BOUNDS.lots).map((l) => String(l).slice(0, 100)),
        suppliers: arrayOf(a.suppliers)
          .slice(0, IMPORT_BOUNDS.suppliers)
          .map((s) => ({ name: short('supplier name', s?.name), ids: supplierIds(s?.id) }))
          .filter((s): s is { name: string; ids: string[] } => s.name !== null),
      }),
    ),
    IMPORT_BOUNDS.awards,
  );
  const buyerIds = partyIdentifiers(parties, release.buyer?.id ?? buyerParty?.id);
  const url = noticeUrl(release);
  const docs = documents(release);
  if (docs.length === IMPORT_BOUNDS.documents) cuts.push(`documents beyond ${IMPORT_BOUNDS.documents} left out`);

  return {
    ok: true,
    notice: {
      externalId: ocid,
      externalReleaseId: bound('release id', text(release.id) ?? `${ocid}@${releaseDate.toISOString()}`, 200)!,
      externalReleaseDate: releaseDate,
      title,
      description,
      stage,
      organisationName: short('organisation name', release.buyer?.name ?? buyerParty?.name),
      publishedDate: date(tender.datePublished) ?? releaseDate,
      // Open for interest: the deadline that matters is the request to participate's (UK extension).
      closingDate: noticeStage === 'interest' && eoiDeadline ? eoiDeadline : date(tender.tenderPeriod?.endDate),
      startDate: date(tender.contractPeriod?.startDate) ?? date(award?.contractPeriod?.startDate),
      endDate: date(tender.contractPeriod?.endDate) ?? date(award?.contractPeriod?.endDate),
      valueMinimum: gbp(tender.minValue),
      valueMaximum: gbp(tender.value),
      contactName: short('contact name', buyerParty?.contactPoint?.name),
      contactEmail: short('contact email', buyerParty?.contactPoint?.email),
      contactPhone: short('contact phone', buyerParty?.contactPoint?.telephone),
      contactWebsite: httpUrl(buyerParty?.details?.url) ?? httpUrl(buyerParty?.contactPoint?.url),
      contactAddress: short('contact address', buyerParty?.address?.streetAddress),
      contactTown: town,
      contactPostcode: postcode,
      noticeUrl: url,
      location: deliveryDescription ?? town ?? regionText,
      region: point?.region ?? regionText,
      latitude: point?.lat ?? null,
      longitude: point?.lon ?? null,
      cpvCodes,
      sectors: detectSectors(`${title}\n${description}`, cpvCodes),
      awardSupplier: award ? short('award supplier', arrayOf(award.suppliers).map((s) => s?.name).filter(Boolean).join(', ')) : null,
      awardValue,
      awardDate: date(award?.date),
      lots,
      procedureType: procedureType(tender.procurementMethod, tender.procurementMethodDetails),
      documents: docs,
      buyerId: buyerIds[0] ?? null,
      awardSuppliers,
      lotsText: rawLots
        .slice(0, IMPORT_BOUNDS.lots)
        .flatMap((l) => [clean(l?.title), clean(l?.description)])
        .filter(Boolean)
        .join('\n')
        .slice(0, IMPORT_BOUNDS.description * 2),
      noticeStage,
      noticeType: noticeType ?? context.noticeType?.label ?? null,
      deadlineKind: noticeStage === 'interest' && eoiDeadline ? 'interest' : date(tender.tenderPeriod?.endDate) ? 'tender' : null,
      aboveThreshold: bool(tender.aboveThreshold) ?? awards.map((a) => bool(a.aboveThreshold)).find((b) => b !== null) ?? arrayOf(release.contracts).map((c) => bool(c?.aboveThreshold)).find((b) => b !== null) ?? null,
      sources: [{ source: context.source && !Object.keys(OCID_PREFIX_SOURCES).some((p) => ocid.startsWith(p)) ? context.source : sourceOfOcid(ocid, context.source), ocid, url }],
      awards: noticeAwards,
      buyerIds,
      cuts,
    },
  };
}

/** The tender lifecycle's stored stage for each notice stage: status (open, closed, awarded) is computed from it. */
const STORED_STAGE: Record<NoticeStage, MappedNotice['stage']> = {
  pipeline: 'active',
  interest: 'active',
  open: 'active',
  awarded: 'awarded',
  changed: 'awarded',
  ended: 'awarded',
  cancelled: 'cancelled',
};

/**
 * The Procurement Act notice type of this release (UK extension `documents[].noticeType`, UK1–UK3 in
 * `planning.documents`): the document that is this release's own notice (its id or address names
 * the release) when there is one, else the latest type in the lifecycle among its documents.
 */
function pa23NoticeType(release: OcdsRelease): string | null {
  const docs = [
    ...arrayOf(release.planning?.documents),
    ...arrayOf(release.tender?.documents),
    ...arrayOf(release.awards).flatMap((a) => arrayOf(a?.documents)),
    ...arrayOf(release.contracts).flatMap((c) => arrayOf(c?.documents)),
  ]
    .slice(0, IMPORT_BOUNDS.itemsRead)
    .filter((d) => typeof d?.noticeType === 'string' && /^UK(1[0-7]|[1-9])$/.test(d.noticeType.trim()));
  if (docs.length === 0) return null;
  const id = text(release.id);
  const own = id ? docs.find((d) => String(d.id ?? '') === id || (typeof d.url === 'string' && d.url.includes(id))) : undefined;
  if (own) return own.noticeType!.trim();
  const number = (t: string) => Number(t.slice(2));
  return docs.map((d) => d.noticeType!.trim()).sort((a, b) => (number(b) <= 12 ? number(b) : 0) - (number(a) <= 12 ? number(a) : 0) || number(b) - number(a))[0]!;
}

/** Procurement Act notice types → the board's stages (decision 0460); null: the notice does not move the stage. */
const PA23_STAGES: Record<string, NoticeStage | null | 'tender'> = {
  UK1: 'pipeline',
  UK2: 'pipeline',
  UK3: 'pipeline',
  UK4: 'tender',
  UK5: 'awarded',
  UK6: 'awarded',
  UK7: 'awarded',
  UK8: null,
  UK9: null,
  UK10: 'changed',
  UK11: 'ended',
  UK12: 'cancelled',
  UK13: 'interest',
  UK14: null,
  UK15: 'cancelled',
  UK16: 'interest',
  UK17: null,
};

function stageOf(release: OcdsRelease, noticeType: string | null, hasInterestDeadline: boolean, context: ReleaseContext, hasAwards: boolean): NoticeStage | null {
  if (noticeType) {
    const stage = PA23_STAGES[noticeType];
    if (stage === 'tender') return hasInterestDeadline ? 'interest' : 'open';
    return stage ?? null;
  }
  const tags = arrayOf(release.tag);
  const status = release.tender?.status ?? '';
  if (tags.includes('tenderCancellation') || status === 'cancelled' || status === 'withdrawn') return 'cancelled';
  if (context.noticeType && context.noticeType.stage !== 'open' && context.noticeType.stage !== 'pipeline') return context.noticeType.stage;
  if (tags.includes('contractTermination')) return 'ended';
  if (tags.includes('contractAmendment')) return 'changed';
  if (hasAwards || tags.some((t) => t === 'award' || t === 'awardUpdate' || t === 'contract' || t === 'contractUpdate')) return 'awarded';
  if (status === 'unsuccessful' || status === 'complete') return 'cancelled';
  if (tags.some((t) => t === 'tender' || t === 'tenderUpdate' || t === 'tenderAmendment') || release.tender?.tenderPeriod?.endDate) return 'open';
  if (tags.some((t) => t === 'planning' || t === 'planningUpdate')) return 'pipeline';
  return context.noticeType?.stage ?? 'open';
}

/** A release that says nothing about the stage on its first import: as the importer read it before (decision 0172). */
function legacyStage(tags: string[], status: string | undefined, hasAwards: boolean): MappedNotice['stage'] {
  if (hasAwards || tags.some((t) => t === 'award' || t === 'awardUpdate' || t === 'contract')) return 'awarded';
  return CLOSED_TENDER_STATUSES.includes(status ?? '') ? 'cancelled' : 'active';
}

const PROCEDURE_LABELS: Record<string, string> = { open: 'Open', selective: 'Selective', limited: 'Limited', direct: 'Direct award' };

/** The publisher's own wording when it gives one (e.g. 'Restricted procedure'), else the OCDS method. */
function procedureType(method: unknown, details: unknown): string | null {
  return clean(details) ?? (typeof method === 'string' ? (PROCEDURE_LABELS[method] ?? null) : null);
}

function documents(release: OcdsRelease): NoticeDocument[] {
  const docs = [
    ...arrayOf(release.planning?.documents),
    ...arrayOf(release.tender?.documents),
    ...arrayOf(release.awards).flatMap((a) => arrayOf(a?.documents)),
    ...arrayOf(release.contracts).flatMap((c) => arrayOf(c?.documents)),
  ].slice(0, IMPORT_BOUNDS.itemsRead);
  const out: NoticeDocument[] = [];
  for (const d of docs) {
    const url = httpUrl(d?.url);
    if (!url || out.some((o) => o.url === url)) continue;
    out.push({ title: cutAt(clean(d.title) ?? cut(clean(d.description)) ?? 'Document', IMPORT_BOUNDS.title), url, type: text(d.documentType)?.slice(0, 100) ?? null });
    if (out.length === IMPORT_BOUNDS.documents) break;
  }
  return out;
}

/**
 * An organisation's identifiers as org-id strings, Companies House first, then the Procurement Act's
 * Public Procurement Organisation Number (`GB-PPON`, decision 0460), then any other: the party's
 * `identifier` and `additionalIdentifiers` (scheme + id), else the party id itself when it already
 * reads as one ('GB-COH-01234567', 'GB-PPON-PWTR-5763-BVJQ').
 */
function partyIdentifiers(parties: NonNullable<OcdsRelease['parties']>, partyId: unknown): string[] {
  const id = text(partyId) ?? (typeof partyId === 'number' ? String(partyId) : null);
  if (!id) return [];
  const party = parties.find((p) => p?.id === id);
  const ids = [party?.identifier, ...arrayOf(party?.additionalIdentifiers)]
    .filter((x): x is Identifier => !!x?.scheme && x.id != null && String(x.id).trim() !== '')
    .map((x) => `${String(x.scheme).trim()}-${String(x.id).trim()}`.slice(0, 120));
  if (ids.length === 0 && /^[A-Z]{2}-[A-Z]{2,6}-\S+$/.test(id)) ids.push(id.slice(0, 120));
  const rank = (x: string) => (x.startsWith('GB-COH-') ? 0 : x.startsWith('GB-PPON-') ? 1 : 2);
  return unique(ids).sort((a, b) => rank(a) - rank(b)).slice(0, 5);
}

function noticeUrl(release: OcdsRelease): string | null {
  const docs = [
    ...arrayOf(release.planning?.documents),
    ...arrayOf(release.tender?.documents),
    ...arrayOf(release.awards).flatMap((a) => arrayOf(a?.documents)),
    ...arrayOf(release.contracts).flatMap((c) => arrayOf(c?.documents)),
  ].slice(0, IMPORT_BOUNDS.itemsRead);
  const notice = docs.find((d) => NOTICE_TYPES.includes(d.documentType ?? '') && httpUrl(d.url)) ?? docs.find((d) => d.format === 'text/html' && httpUrl(d.url));
  return httpUrl(notice?.url) ?? null;
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

function clean(value: unknown): string | null {
  const t = text(value);
  return t ? text(repairText(t)) : null;
}

function date(value: unknown): Date | null {
  const t = text(value);
  if (!t) return null;
  const d = new Date(t);
  return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1990 || d.getUTCFullYear() > 2200 ? null : d;
}

/** GBP amounts only (a notice in another currency keeps no value rather than a wrong one). */
function gbp(money: Money | undefined): number | null {
  if (!money || money.amount == null) return null;
  if (money.currency && money.currency !== 'GBP') return null;
  const n = Number(money.amount);
  return Number.isFinite(n) && n >= 0 && n < 1e13 ? Math.round(n * 100) / 100 : null;
}

function httpUrl(value: unknown): string | null {
  const t = text(value);
  if (!t || t.length > IMPORT_BOUNDS.url) return null;
  try {
    const u = new URL(t);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

const unique = <T>(items: T[]) => [...new Set(items)];

/** A list field as a list: a publisher's object or string where a list belongs reads as empty. */
function arrayOf<T>(value: T[] | undefined | null): T[] {
  return Array.isArray(value) ? value : [];
}

const bool = (value: unknown) => (typeof value === 'boolean' ? value : null);

/** Text cut to `max` characters at a word, with an ellipsis. */
function cutAt(value: string, max: number): string {
  if (value.length <= max) return value;
  const head = value.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${space > max * 0.6 ? head.slice(0, space) : head}…`;
}

/** A description standing in for a missing title: its first 200 characters, cut at a word. */
function cut(value: string | null): string | null {
  if (!value || value.length <= 200) return value;
  const head = value.slice(0, 200);
  return `${head.slice(0, head.lastIndexOf(' ') > 120 ? head.lastIndexOf(' ') : 200)}…`;
}
