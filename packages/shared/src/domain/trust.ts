import { COMPANY_NUMBER_PREFIXES } from '../constants/trust';
import { formatDate } from './format';

/**
 * Pure rules of issue 31 (docs/product/trust.md), used by the server and the screens alike.
 */

const PREFIXES = new Set<string>(COMPANY_NUMBER_PREFIXES);

/**
 * A Companies House number in its one spelling (decision 0481): 8 characters, either 8 digits or a
 * known 2-character prefix and 6 digits. Spaces are dropped, letters upper-cased and a short number
 * zero-padded ('1234' → '00001234', 'sc 12345' → 'SC012345'); null when it cannot be one.
 */
export function normaliseCompanyNumber(raw: string | null | undefined): string | null {
  const value = (raw ?? '').replace(/\s+/g, '').toUpperCase();
  if (/^\d{1,8}$/.test(value)) return value.padStart(8, '0');
  const m = /^([A-Z][A-Z0-9])(\d{1,6})$/.exec(value);
  if (m && PREFIXES.has(m[1]!)) return `${m[1]}${m[2]!.padStart(6, '0')}`;
  return null;
}

/** Find a Tender's Public Procurement Organisation Number, upper-cased ('PABC-1234-DEFG'). */
export function normalisePpon(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim().toUpperCase().replace(/^GB-PPON-/, '');
  return /^[A-Z0-9]{2,10}(-[A-Z0-9]{2,10}){1,4}$/.test(value) ? value : null;
}

/**
 * An award supplier's identifiers in one spelling, whatever shape the feed stored (decision 0483;
 * the same rule as SQL `award_supplier_ids` in migration 0090): `{ id: 'GB-COH-01234567' }` or
 * `{ scheme: 'GB-PPON', id: 'PABC-1234-DEFG' }`.
 */
export function supplierIdentifier(supplier: { id?: unknown; scheme?: unknown }): string | null {
  const id = typeof supplier.id === 'string' ? supplier.id.trim() : '';
  if (!id) return null;
  const scheme = typeof supplier.scheme === 'string' ? supplier.scheme.trim() : '';
  let full = (scheme && !id.toUpperCase().startsWith(`${scheme.toUpperCase()}-`) ? `${scheme}-${id}` : id).toUpperCase();
  const coh = /^GB-COH-([A-Z0-9]{1,8})$/.exec(full);
  if (coh) full = `GB-COH-${coh[1]!.padStart(8, '0')}`;
  return full;
}

/** The identifiers a provider is matched by: its company number and its PPON. */
export function providerIdentifiers(p: { companyNumber: string | null; pponId: string | null }): string[] {
  return [p.companyNumber && `GB-COH-${p.companyNumber}`, p.pponId && `GB-PPON-${p.pponId}`].filter((v): v is string => Boolean(v));
}

/** "Tender awarded 03/2026": what a review is tied to, in UK time. */
export function workLabel(kind: 'quote' | 'tender', at: string | Date): string {
  const month = formatDate(at, 'dd/MM/yyyy').slice(3);
  return kind === 'tender' ? `Tender awarded ${month}` : `Quote completed ${month}`;
}

/** "usually replies within 1 day", from the median hours to a first reply (decision 0480). */
export function responseTimeText(medianHours: number): string {
  if (medianHours <= 1) return 'usually replies within 1 hour';
  if (medianHours <= 6) return 'usually replies within a few hours';
  if (medianHours <= 24) return 'usually replies within 1 day';
  const days = Math.ceil(medianHours / 24);
  return days <= 7 ? `usually replies within ${days} days` : 'usually replies within a few weeks';
}

/** A review's overall score: the mean of its three ratings, one decimal. */
export const overallRating = (r: { quality: number; value: number; reliability: number }) =>
  Math.round(((r.quality + r.value + r.reliability) / 3) * 10) / 10;

/** The host of a website address without 'www.', lower case; null when it is not one. */
export function websiteDomain(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const withScheme = /^https?:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim()}`;
    return new URL(withScheme).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

export const emailDomain = (email: string | null | undefined) => {
  const at = (email ?? '').lastIndexOf('@');
  return at > 0 ? email!.slice(at + 1).trim().toLowerCase() || null : null;
};

/**
 * Whether a claimant's email domain is the company's website domain (issue 28 item 8): the same
 * host, or one a subdomain of the other (mail.example.co.uk and example.co.uk). Null when either is
 * unknown, so the screen says which is missing instead of calling it a mismatch.
 */
export function domainsMatch(email: string | null | undefined, website: string | null | undefined): boolean | null {
  const a = emailDomain(email);
  const b = websiteDomain(website);
  if (!a || !b) return null;
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

const words = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z]+/)
    .filter((w) => w.length > 1);

/**
 * Whether a person's name is among the officers' ('SURNAME, Forename Middle' as the register
 * writes it; decision 0481): the first and the last word of the person's name both appear in one
 * officer's name. Titles and middle names do not matter; initials alone do not match.
 */
export function officerNamed(personName: string | null | undefined, officers: readonly string[]): string | null {
  const person = words(personName ?? '');
  if (person.length < 2) return null;
  const first = person[0]!;
  const last = person[person.length - 1]!;
  return officers.find((o) => {
    const w = words(o);
    return w.includes(first) && w.includes(last);
  }) ?? null;
}

/** A UK postcode's outward code ('CT5 1AB' → 'CT5'), for comparing an office with a profile's place. */
export function outwardCode(text: string | null | undefined): string | null {
  const m = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*\d[A-Z]{2}\b/i.exec(text ?? '');
  return m ? m[1]!.toUpperCase() : null;
}

/** The postcode area ('CT5' → 'CT'). */
export const postcodeArea = (outward: string) => /^[A-Z]{1,2}/.exec(outward)?.[0] ?? outward;

/** A buyer's address from its name (the same rule as SQL `buyer_slug` in migration 0090). */
export function buyerSlug(name: string | null | undefined): string | null {
  const slug = (name ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || null;
}
