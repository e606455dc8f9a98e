import { z } from 'zod';
import { NOTICE_DEADLINE_KINDS, NOTICE_STAGES } from '../constants/tender-notices';
import { defineContract } from './contract';
import { errors, idParam, successEnvelope } from './common';

/**
 * What an imported notice adds to the tender shape (issue 29, decision 0460): its stage on the
 * board, which deadline the closing date is, the threshold, every source that published it (a
 * notice on two sources is one notice), every award per lot with the suppliers' identifiers, the
 * buyer's identifiers (Companies House and GB-PPON), and why the relevance rules kept it. Null for
 * tenders listed here.
 */
export const tenderNotice = z.object({
  stage: z.enum(NOTICE_STAGES).nullable(),
  /** 'UK4', or the Proactis form the feed asked for ('PCS 102 website contract notice'). */
  noticeType: z.string().nullable(),
  deadlineKind: z.enum(NOTICE_DEADLINE_KINDS).nullable(),
  aboveThreshold: z.boolean().nullable(),
  sources: z.array(z.object({ id: z.string(), label: z.string(), ocid: z.string(), url: z.string().nullable() })),
  awards: z.array(
    z.object({
      id: z.string(),
      status: z.string().nullable(),
      value: z.number().nullable(),
      date: z.string().nullable(),
      lotIds: z.array(z.string()),
      suppliers: z.array(z.object({ name: z.string(), ids: z.array(z.string()) })),
    }),
  ),
  buyerIds: z.array(z.string()),
  /** 'CPV 09331200 (photovoltaic modules)', "'solar pv' in the title" (decision 0462). */
  matchedBecause: z.string().nullable(),
});
export type TenderNotice = z.infer<typeof tenderNotice>;

export const markNoticeNotRelevantResult = z.object({ id: z.string(), title: z.string(), ocids: z.array(z.string()) });
export type MarkNoticeNotRelevantResult = z.infer<typeof markNoticeNotRelevantResult>;

/**
 * An admin's 'not relevant' on an imported notice (decision 0462): the notice leaves the board (and
 * any save of it), and the verdict is kept so the next classification drops it and its
 * re-publications at import.
 */
export const markNoticeNotRelevant = defineContract({
  method: 'POST',
  path: '/api/admin/tenders/:id/not-relevant',
  access: 'admin',
  source: 'project',
  summary: "An imported notice marked not relevant: off the board, and dropped at its next import (admin)",
  params: idParam,
  response: { 200: successEnvelope(markNoticeNotRelevantResult), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});
