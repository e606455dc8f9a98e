import { z } from 'zod';
import { TENDER_REASON_MAX, TENDER_REASON_MIN } from '../constants/tender-lifecycle';
import { TENDER_INTENT_MESSAGES as I, TENDER_INTENTS, TENDER_INVITEE_STATUSES } from '../constants/tender-sealed';
import { defineContract } from './contract';
import { errors, successEnvelope } from './common';

/**
 * Bidder management (issue 27 part A; docs/product/tenders.md#bidder-management): invitees say
 * whether they intend to respond or decline with a reason (decision 0514); the owner sees where
 * each invitee stands. Every route reads the tender through the one visibility rule (404).
 */

const tenderParam = z.object({ id: z.string().min(1).max(200) });

/** The caller's reply to a tender they are invited to. */
export const tenderIntent = z.object({
  /** Invited from the directory (a provider they own) or by email (a link they redeemed). */
  invited: z.boolean(),
  intent: z.enum(TENDER_INTENTS).nullable(),
  reason: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** Whether it may still change: until the closing time by the server's clock. */
  open: z.boolean(),
});
export type TenderIntentAnswer = z.infer<typeof tenderIntent>;

export const getTenderIntent = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/intent',
  access: 'user',
  source: 'project',
  summary: 'Whether the caller is invited to the tender and what they replied (intend to respond, or declined with a reason)',
  params: tenderParam,
  response: { 200: successEnvelope(tenderIntent), 401: errors[401], 404: errors[404] },
});

export const setTenderIntentBody = z
  .strictObject({
    intent: z.enum(TENDER_INTENTS, { error: I.intentRequired }),
    reason: z.string().trim().max(TENDER_REASON_MAX).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.intent === 'declined' && (body.reason ?? '').length < TENDER_REASON_MIN) ctx.addIssue({ code: 'custom', message: I.declineReasonRequired, path: ['reason'] });
  });

export const setTenderIntent = defineContract({
  method: 'PUT',
  path: '/api/tenders/:id/intent',
  access: 'user',
  source: 'project',
  summary: 'An invitee says it intends to respond, or declines with a reason; reversible until the closing time',
  params: tenderParam,
  body: setTenderIntentBody,
  response: {
    200: z.object({ success: z.literal(true), message: z.string(), data: tenderIntent }),
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: errors[404],
    409: errors[409],
    429: errors[429],
  },
});

export const tenderInvitee = z.object({
  kind: z.enum(['provider', 'email']),
  /** The provider's name, or the address invited. */
  name: z.string(),
  status: z.enum(TENDER_INVITEE_STATUSES),
  /** The reason given with a decline. */
  reason: z.string().nullable(),
  /** When the invitee last replied. */
  updatedAt: z.string().nullable(),
});
export type TenderInvitee = z.infer<typeof tenderInvitee>;

export const listTenderInvitees = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/invitees',
  access: 'user',
  source: 'project',
  summary: 'Every invitee of a tender and where it stands (the owner and admins; 404 to anyone else)',
  params: tenderParam,
  response: { 200: successEnvelope(z.array(tenderInvitee)), 401: errors[401], 404: errors[404] },
});

/** The token of an invitation link, as on its landing (decision 0443), and the reason for declining. */
export const declineTenderInvitationBody = z.strictObject({
  token: z.string().min(20).max(200),
  reason: z.string({ error: I.declineReasonRequired }).trim().min(TENDER_REASON_MIN, I.declineReasonRequired).max(TENDER_REASON_MAX),
});
export type DeclineTenderInvitationBody = z.infer<typeof declineTenderInvitationBody>;

export const declineTenderInvitation = defineContract({
  method: 'POST',
  path: '/api/tenders/invitations/decline',
  access: 'public',
  source: 'project',
  summary:
    'An address invited by email declines from its link, signed out, with a reason (decision 0558): the token is the authority, once; refused once the link is redeemed by an account or the tender has closed',
  body: declineTenderInvitationBody,
  response: {
    200: z.object({ success: z.literal(true), message: z.string(), data: z.object({ tenderId: z.string(), declinedAt: z.string() }) }),
    400: errors[400],
    409: errors[409],
    429: errors[429],
  },
});
