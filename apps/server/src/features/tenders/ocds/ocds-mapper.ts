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
  };
  awards?: Array<{
    status?: string;
    date?: string;
    value?: Money;
    suppliers?: Array<{ id?: string; name?: string }>;
    contractPeriod?: Period;
    documents?: Doc[];
  }>;
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
  /** Title, description and lots: the text the relevance rules read (decision 0391). */
  relevanceText: string;
}

export type MapResult = { ok: true; notice: MappedNotice } | { ok: false; reason: string };

const NOTICE_TYPES = ['tenderNotice', 'contractNotice', 'awardNotice', 'contractAwardNotice', 'planningNotice', 'biddingDocuments'];
const CLOSED_TENDER_STATUSES = ['cancelled', 'unsuccessful', 'withdrawn', 'complete'];

export function mapRelease(release: OcdsRelease, postcodes?: PostcodeLookup): MapResult {
  if (!release || typeof release !== 'object') return { ok: false, reason: 'not a release object' };
  const ocid = text(release.ocid);
  if (!ocid) return { ok: false, reason: 'missing ocid' };
  const tender = release.tender ?? {};
  const title = clean(tender.title ?? release.title);
  if (!title) return { ok: false, reason: 'missing title' };
  const releaseDate = date(release.date) ?? date(tender.datePublished);
  if (!releaseDate) return { ok: false, reason: 'missing or invalid release date' };

  const buyerParty =
    release.parties?.find((p) => release.buyer?.id && p.id === release.buyer.id) ?? release.parties?.find((p) => p.roles?.includes('buyer'));
  const awards = (release.awards ?? []).filter((a) => a.status !== 'cancelled' && a.status !== 'unsuccessful');
  const tags = release.tag ?? [];
  const awarded = awards.length > 0 || tags.some((t) => t === 'award' || t === 'awardUpdate' || t === 'contract');
  const stage = awarded ? 'awarded' : CLOSED_TENDER_STATUSES.includes(tender.status ?? '') ? 'cancelled' : 'active';

  const cpvCodes = unique(
    [tender.classification, ...(tender.additionalClassifications ?? []), ...(tender.items ?? []).flatMap((i) => [i.classification, ...(i.additionalClassifications ?? [])])]
      .filter((c): c is Classification => !!c && (c.scheme ?? 'CPV').toUpperCase() === 'CPV' && !!c.id)
      // Without the check digit some publishers add ('09331200-5'): one spelling to filter on.
      .map((c) => String(c.id).trim().replace(/^(\d{8})-\d$/, '$1')),
  );
  const description = clean(tender.description ?? release.description) ?? '';
  const postcode = clean(buyerParty?.address?.postalCode)?.toUpperCase() ?? null;
  const point = postcode && postcodes ? postcodes(postcode) : null;
  const delivery = tender.items?.flatMap((i) => i.deliveryAddresses ?? []) ?? [];
  const regionText = delivery.map((d) => d.region).find((r) => r && !/^UK[A-Z0-9]{0,3}$/.test(r)) ?? null;
  const deliveryDescription = tender.items?.map((i) => clean(i.deliveryLocation?.description)).find(Boolean) ?? null;
  const town = clean(buyerParty?.address?.locality)?.replace(/,$/, '') ?? null;
  const award = awards[0];
  const awardValue = award ? gbp(award.value) : null;
  const lots = (tender.lots ?? [])
    .map((l, i): NoticeLot | null => {
      const lotTitle = clean(l?.title) ?? cut(clean(l?.description));
      const renewal = cut(clean(l?.renewal?.description));
      return lotTitle ? { id: text(l.id) ?? String(i + 1), title: lotTitle, status: text(l.status), value: gbp(l.value), ...(renewal && { renewal }) } : null;
    })
    .filter((l): l is NoticeLot => l !== null)
    .slice(0, MAX_LIST);
  const awardSuppliers = awards
    .flatMap((a) => a.suppliers ?? [])
    .map((s) => ({ name: clean(s?.name), id: partyIdentifier(release, s?.id) }))
    .filter((s): s is NoticeSupplier => s.name !== null)
    .filter((s, i, all) => all.findIndex((o) => o.name === s.name && o.id === s.id) === i)
    .slice(0, MAX_LIST);

  return {
    ok: true,
    notice: {
      externalId: ocid,
      externalReleaseId: text(release.id) ?? `${ocid}@${releaseDate.toISOString()}`,
      externalReleaseDate: releaseDate,
      title,
      description,
      stage,
      organisationName: clean(release.buyer?.name ?? buyerParty?.name),
      publishedDate: date(tender.datePublished) ?? releaseDate,
      closingDate: date(tender.tenderPeriod?.endDate),
      startDate: date(tender.contractPeriod?.startDate) ?? date(award?.contractPeriod?.startDate),
      endDate: date(tender.contractPeriod?.endDate) ?? date(award?.contractPeriod?.endDate),
      valueMinimum: gbp(tender.minValue),
      valueMaximum: gbp(tender.value),
      contactName: clean(buyerParty?.contactPoint?.name),
      contactEmail: clean(buyerParty?.contactPoint?.email),
      contactPhone: clean(buyerParty?.contactPoint?.telephone),
      contactWebsite: httpUrl(buyerParty?.details?.url) ?? httpUrl(buyerParty?.contactPoint?.url),
      contactAddress: clean(buyerParty?.address?.streetAddress),
      contactTown: town,
      contactPostcode: postcode,
      noticeUrl: noticeUrl(release),
      location: deliveryDescription ?? town ?? regionText,
      region: point?.region ?? regionText,
      latitude: point?.lat ?? null,
      longitude: point?.lon ?? null,
      cpvCodes,
      sectors: detectSectors(`${title}\n${description}`, cpvCodes),
      awardSupplier: award ? (clean(award.suppliers?.map((s) => s.name).filter(Boolean).join(', ')) ?? null) : null,
      awardValue,
      awardDate: date(award?.date),
      lots,
      procedureType: procedureType(tender.procurementMethod, tender.procurementMethodDetails),
      documents: documents(release),
      buyerId: partyIdentifier(release, release.buyer?.id ?? buyerParty?.id),
      awardSuppliers,
      relevanceText: [description, ...(tender.lots ?? []).flatMap((l) => [clean(l?.title), clean(l?.description)])].filter(Boolean).join('\n'),
    },
  };
}

/** Lots, documents and suppliers kept per notice: a notice with more links to its source for the rest. */
const MAX_LIST = 50;

const PROCEDURE_LABELS: Record<string, string> = { open: 'Open', selective: 'Selective', limited: 'Limited', direct: 'Direct award' };

/** The publisher's own wording when it gives one (e.g. 'Restricted procedure'), else the OCDS method. */
function procedureType(method: unknown, details: unknown): string | null {
  return clean(details) ?? (typeof method === 'string' ? (PROCEDURE_LABELS[method] ?? null) : null);
}

function documents(release: OcdsRelease): NoticeDocument[] {
  const docs = [...(release.tender?.documents ?? []), ...(release.awards ?? []).flatMap((a) => a.documents ?? [])];
  const out: NoticeDocument[] = [];
  for (const d of docs) {
    const url = httpUrl(d?.url);
    if (!url || out.some((o) => o.url === url)) continue;
    out.push({ title: clean(d.title) ?? cut(clean(d.description)) ?? 'Document', url, type: text(d.documentType) });
    if (out.length === MAX_LIST) break;
  }
  return out;
}

/**
 * An organisation's identifier as an org-id string: the party's `identifier` (scheme + id, e.g.
 * 'GB-COH' + '01234567'), else a Companies House one among its additional identifiers, else the
 * party id itself when it already reads as one ('GB-COH-01234567').
 */
function partyIdentifier(release: OcdsRelease, partyId: unknown): string | null {
  const id = text(partyId);
  if (!id) return null;
  const party = release.parties?.find((p) => p.id === id);
  const ids = [party?.identifier, ...(party?.additionalIdentifiers ?? [])].filter((x): x is Identifier => !!x?.scheme && x.id != null && String(x.id).trim() !== '');
  const companiesHouse = ids.find((x) => x.scheme === 'GB-COH');
  const chosen = companiesHouse ?? ids[0];
  if (chosen) return `${chosen.scheme}-${String(chosen.id).trim()}`;
  return /^[A-Z]{2}-[A-Z]{2,6}-\S+$/.test(id) ? id : null;
}

function noticeUrl(release: OcdsRelease): string | null {
  const docs = [...(release.tender?.documents ?? []), ...(release.awards ?? []).flatMap((a) => a.documents ?? [])];
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
  if (!t) return null;
  try {
    const u = new URL(t);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

const unique = <T>(items: T[]) => [...new Set(items)];

/** A description standing in for a missing title: its first 200 characters, cut at a word. */
function cut(value: string | null): string | null {
  if (!value || value.length <= 200) return value;
  const head = value.slice(0, 200);
  return `${head.slice(0, head.lastIndexOf(' ') > 120 ? head.lastIndexOf(' ') : 200)}…`;
}
