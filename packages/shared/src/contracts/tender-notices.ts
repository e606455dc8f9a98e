import { z } from 'zod';
import { NOTICE_DEADLINE_KINDS, NOTICE_STAGES } from '../constants/tender-notices';

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
