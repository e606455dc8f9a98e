import { z } from 'zod';
import { OUTBOX_STATUSES, OUTBOX_VIEWS } from '../constants/mail';
import { defineContract } from './contract';
import { errors, successEnvelope } from './common';

/** The admin Mail tab (decision 0470): the durable outbox's state, and a failed mail sent again. */

export const outboxMail = z.object({
  id: z.string(),
  /** What the mail is: 'welcome', 'tender-outcome', 'saved-search', … */
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** Why the last attempt failed: the mail server's answer (its addresses blanked), or why retries stopped. */
  lastError: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

export const mailOverview = z.object({
  transport: z.enum(['smtp', 'outbox']),
  counts: z.object({ pending: z.number().int(), failed: z.number().int(), sentLastDay: z.number().int() }),
  mail: z.array(outboxMail),
});
export type MailOverview = z.infer<typeof mailOverview>;

const adminErrors = { 401: errors[401], 403: errors[403] };

export const listAdminMail = defineContract({
  method: 'GET',
  path: '/api/admin/mail',
  access: 'admin',
  source: 'project',
  summary: "The mail outbox: counts, and the failing mail with each one's reason (or the newest mail) (admin)",
  query: z.object({ show: z.enum(OUTBOX_VIEWS).default('problems') }),
  response: { 200: successEnvelope(mailOverview), 400: errors[400], ...adminErrors },
});

export const retryAdminMail = defineContract({
  method: 'POST',
  path: '/api/admin/mail/:id/retry',
  access: 'admin',
  source: 'project',
  summary: 'Sends a failed mail again (admin)',
  params: z.object({ id: z.string().min(1).max(100) }),
  response: { 200: successEnvelope(outboxMail), ...adminErrors, 404: errors[404], 409: errors[409] },
});
