import { z } from 'zod';
import { TENDER_LIFECYCLE_MESSAGES as M, TENDER_MAX_EMAIL_INVITATIONS, TENDER_MONEY_MAX } from '../constants/tender-lifecycle';
import { emailField } from './email';
import { visibleName } from './common';
import { about, text } from './fields';
import { readAmount } from '../domain/tenders';

/**
 * The brief's fields added by issue 18 (docs/product/tenders.md#the-brief), shared by the List a
 * Tender form, `POST /api/tenders` and `PATCH /api/tenders/:id`. All optional with defaults on the
 * server, so the spec's minimal form still works. Whether a closing date is in the future is
 * judged by the server's clock (the service), and shown by the form before sending.
 */

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** An amount in GBP, or null; a form field's text is read as people type it ('£495,000', `readAmount`). */
export const moneyField = z.preprocess(
  (v) => (typeof v === 'string' ? (Number.isNaN(readAmount(v)) ? v : readAmount(v)) : v),
  z.number({ error: M.moneyNotNumber }).min(0, M.moneyNotNumber).max(TENDER_MONEY_MAX, M.moneyNotNumber).nullable(),
);

/** An instant with its offset (`2026-12-24T17:00:00.000Z`). */
export const instantField = z.iso.datetime({ offset: true, error: M.closingInPast });
/** A calendar date (`2027-01-15`). */
export const dateField = z.preprocess(blankToNull, z.iso.date({ error: M.startDateInvalid }).nullable());

const optionalText = (label: string, max: number) => z.preprocess(blankToNull, text(label, max).nullable());

export const tenderBriefFields = {
  closingDate: instantField.optional(),
  startDate: dateField.optional(),
  budgetMinimum: moneyField.optional(),
  budgetMaximum: moneyField.optional(),
  /** An asset from asset intelligence: fills the place and capacity when no place is given. */
  siteAssetId: z.preprocess(blankToNull, z.coerce.number({ error: about('Site') }).int().positive().nullable()).optional(),
  contactName: z.preprocess(blankToNull, visibleName(text('Contact name', 100), 'Contact name').nullable()).optional(),
  contactEmail: z.preprocess(blankToNull, emailField.nullable()).optional(),
  contactPhone: optionalText('Contact phone', 40).optional(),
};

/** Addresses to invite by email (decision 0403). */
export const inviteEmailsField = z.array(emailField, { error: about('Invitation addresses') }).max(TENDER_MAX_EMAIL_INVITATIONS, M.tooManyInvites);

/** max ≥ min, reported on the maximum's field. */
export function checkBudget(body: { budgetMinimum?: number | null; budgetMaximum?: number | null }, ctx: z.RefinementCtx) {
  if (body.budgetMinimum != null && body.budgetMaximum != null && body.budgetMaximum < body.budgetMinimum) {
    ctx.addIssue({ code: 'custom', message: M.budgetRange, path: ['budgetMaximum'] });
  }
}
