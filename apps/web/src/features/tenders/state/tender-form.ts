import { createTenderBody, type CreateTenderBody, type Tender } from '@solar/shared/contracts/tenders';
import { updateTenderBody, type UpdateTenderBody } from '@solar/shared/contracts/tender-lifecycle';
import { emailField } from '@solar/shared/contracts/email';
import { TENDER_DEFAULT_OPEN_DAYS, TENDER_LIFECYCLE_MESSAGES as M } from '@solar/shared/constants/tender-lifecycle';
import { DEFAULT_START_TIME, DEFAULT_TENDER_RADIUS_KM, type StartTimePreference, type TenderType } from '@solar/shared/constants/tenders';
import { fromUkDateTimeInput, toUkDateTimeInput } from '@solar/shared/domain/format';

/**
 * The List a Tender form's state, shared by a new tender and the edit of one (issue 27 defect 1,
 * decision 0447): text as typed, turned into the contract's body on submit. Closing dates are typed
 * in UK time whatever the browser's zone (decision 0444).
 */

/** The brief's optional fields (decision 0400) as the form holds them. */
export interface BriefState {
  title: string;
  closingDate: string;
  startDate: string;
  budgetMinimum: string;
  budgetMaximum: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  siteAssetId: string;
  siteName: string;
  inviteEmails: string;
  documents: File[];
}

export interface TenderFormState {
  service: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  searchRadius: number;
  startTimePreference: StartTimePreference;
  description: string;
  type: TenderType;
  /** Invited directory providers; `claimed` says whether an owner gets the invitation directly. */
  invited: Record<string, { claimed: boolean }>;
  brief: BriefState;
}

const coordinate = (value: string | null, min: number, max: number) => {
  const n = value === null || value === '' ? NaN : Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
};

/** Who is filling the form in: their contact details are the tender's until they change them. */
export interface Contact {
  name: string;
  email: string;
  phone: string | null;
}

/**
 * A new tender: `service`, `location`, `lat`, `lng` and an asset (`asset`, `assetName`) from the
 * address pre-fill it; the contact person is the signed-in user (issue 27 defect 11).
 */
export function newTenderState(params: URLSearchParams, now: number, contact: Contact | null): TenderFormState {
  const latitude = coordinate(params.get('lat'), -90, 90);
  const longitude = coordinate(params.get('lng'), -180, 180);
  const located = latitude !== null && longitude !== null;
  return {
    service: params.get('service')?.slice(0, 200) ?? '',
    location: located ? (params.get('location')?.slice(0, 200) ?? '') : '',
    latitude: located ? latitude : null,
    longitude: located ? longitude : null,
    searchRadius: DEFAULT_TENDER_RADIUS_KM,
    startTimePreference: DEFAULT_START_TIME,
    description: '',
    type: 'open',
    invited: {},
    brief: {
      title: '',
      closingDate: toUkDateTimeInput(new Date(now + TENDER_DEFAULT_OPEN_DAYS * 86_400_000)),
      startDate: '',
      budgetMinimum: '',
      budgetMaximum: '',
      contactName: contact?.name ?? '',
      contactEmail: contact?.email ?? '',
      contactPhone: contact?.phone ?? '',
      siteAssetId: /^\d{1,12}$/.test(params.get('asset') ?? '') ? params.get('asset')! : '',
      siteName: params.get('assetName')?.slice(0, 200) ?? '',
      inviteEmails: '',
      documents: [],
    },
  };
}

/** An existing tender as the form edits it: every field as it is now (decision 0447). */
export function editTenderState(tender: Tender, invited: Array<{ id: string; claimed: boolean }>): TenderFormState {
  const money = (n: number | null) => (n == null ? '' : String(n));
  return {
    service: tender.service ?? '',
    location: tender.location ?? '',
    latitude: tender.latitude,
    longitude: tender.longitude,
    searchRadius: tender.searchRadius ?? DEFAULT_TENDER_RADIUS_KM,
    startTimePreference: (tender.startTimePreference as StartTimePreference | null) ?? DEFAULT_START_TIME,
    description: tender.description,
    type: tender.type,
    invited: Object.fromEntries(invited.map((p) => [p.id, { claimed: p.claimed }])),
    brief: {
      title: tender.title,
      closingDate: toUkDateTimeInput(tender.closingDate),
      startDate: tender.startDate ? tender.startDate.slice(0, 10) : '',
      budgetMinimum: money(tender.valueMinimum),
      budgetMaximum: money(tender.valueMaximum),
      contactName: tender.contactName ?? '',
      contactEmail: tender.contactEmail ?? '',
      contactPhone: tender.contactPhone ?? '',
      siteAssetId: tender.siteAssetId == null ? '' : String(tender.siteAssetId),
      siteName: tender.siteAssetId == null ? '' : (tender.location ?? '').split(',')[0]!,
      inviteEmails: '',
      documents: [],
    },
  };
}

/** Addresses, one per line or separated by commas; each is checked with the sign-up form's email rule. */
export function parseEmails(text: string): { emails: string[]; invalid: string | null } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const emails: string[] = [];
  for (const part of parts) {
    const parsed = emailField.safeParse(part);
    if (!parsed.success) return { emails, invalid: part };
    emails.push(parsed.data);
  }
  return { emails: [...new Set(emails)], invalid: null };
}

/** The fields both bodies share, from the form (blank optional fields left out). */
function commonBody(form: TenderFormState) {
  const b = form.brief;
  const closingDate = fromUkDateTimeInput(b.closingDate);
  return {
    service: form.service,
    location: form.location,
    latitude: form.latitude,
    longitude: form.longitude,
    searchRadius: form.searchRadius,
    startTimePreference: form.startTimePreference,
    description: form.description,
    type: form.type,
    invitedProviders: form.type === 'private' ? Object.keys(form.invited) : [],
    ...(b.title.trim() && { title: b.title }),
    ...(closingDate && { closingDate }),
    ...(b.startDate && { startDate: b.startDate }),
    ...(b.budgetMinimum.trim() && { budgetMinimum: b.budgetMinimum.trim() }),
    ...(b.budgetMaximum.trim() && { budgetMaximum: b.budgetMaximum.trim() }),
    ...(b.siteAssetId && { siteAssetId: Number(b.siteAssetId) }),
    ...(b.contactName.trim() && { contactName: b.contactName }),
    ...(b.contactEmail.trim() && { contactEmail: b.contactEmail }),
    ...(b.contactPhone.trim() && { contactPhone: b.contactPhone }),
  };
}

export type Checked<T> = { body: T; errors: null } | { body: null; errors: Record<string, string> };

/** Checks the form with the server's own schema, and the closing date by the browser's clock first (the server's decides). */
function check<T>(schema: { safeParse(v: unknown): { success: true } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } } }, body: T, form: TenderFormState, now: number): Checked<T> {
  const errors: Record<string, string> = {};
  const parsed = schema.safeParse(body);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  const closingDate = fromUkDateTimeInput(form.brief.closingDate);
  if (!closingDate || new Date(closingDate).getTime() <= now) errors.closingDate = M.closingInPast;
  const invites = parseEmails(form.brief.inviteEmails);
  if (form.type === 'private' && invites.invalid) errors.inviteEmails = `Please enter a valid email address: ${invites.invalid}`;
  return Object.keys(errors).length > 0 ? { body: null, errors } : { body, errors: null };
}

/** The body of `POST /api/tenders`. */
export function createBody(form: TenderFormState, draft: boolean, now: number): Checked<CreateTenderBody> {
  const emails = form.type === 'private' ? parseEmails(form.brief.inviteEmails).emails : [];
  return check(createTenderBody, { ...commonBody(form), inviteEmails: emails, draft }, form, now);
}

/** The body of `PATCH /api/tenders/:id`: the whole form (the server records only what changed) and the addresses to add. */
export function updateBody(form: TenderFormState, now: number): Checked<UpdateTenderBody> {
  const emails = form.type === 'private' ? parseEmails(form.brief.inviteEmails).emails : [];
  return check(updateTenderBody, { ...commonBody(form), ...(emails.length > 0 && { inviteEmails: emails }) }, form, now);
}
