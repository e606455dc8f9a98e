/**
 * Imported notices as the board shows them (issue 29, decision 0460): the stage each notice type
 * maps to, the deadline it carries, the threshold, every source that published it, and why the
 * relevance rules kept it. Kept apart from `tenders.ts` (the board's own constants) and
 * `tender-lifecycle.ts` (tenders listed here).
 */

/** The stages of an imported notice, in lifecycle order. */
export const NOTICE_STAGES = ['pipeline', 'interest', 'open', 'awarded', 'changed', 'ended', 'cancelled'] as const;
export type NoticeStage = (typeof NOTICE_STAGES)[number];

export const NOTICE_STAGE_LABELS: Record<NoticeStage, string> = {
  pipeline: 'Pipeline',
  interest: 'Open for interest',
  open: 'Open for tenders',
  awarded: 'Awarded',
  changed: 'Contract changed',
  ended: 'Contract ended',
  cancelled: 'Cancelled',
};

/** One sentence per stage, on the notice's detail page. */
export const NOTICE_STAGE_HINTS: Record<NoticeStage, string> = {
  pipeline: 'The buyer has announced this procurement; it is not open for tenders yet.',
  interest: 'Suppliers register their interest (a request to participate) by the deadline; the buyer then invites tenders.',
  open: 'Tenders are invited until the deadline.',
  awarded: 'The contract has been awarded.',
  changed: 'The buyer has published a change to the awarded contract.',
  ended: 'The contract has been terminated or has ended.',
  cancelled: 'The buyer has stopped this procurement.',
};

/** Which deadline `closingDate` is. */
export const NOTICE_DEADLINE_KINDS = ['interest', 'tender'] as const;
export type NoticeDeadlineKind = (typeof NOTICE_DEADLINE_KINDS)[number];
export const NOTICE_DEADLINE_LABELS: Record<NoticeDeadlineKind, string> = {
  interest: 'Expressions of interest by',
  tender: 'Tenders by',
};

/** Procurement Act 2023 notice types (Find a Tender's 'Notice types and sequences'). */
export const PA23_NOTICE_TYPES: Record<string, string> = {
  UK1: 'UK1 pipeline notice',
  UK2: 'UK2 preliminary market engagement notice',
  UK3: 'UK3 planned procurement notice',
  UK4: 'UK4 tender notice',
  UK5: 'UK5 transparency notice',
  UK6: 'UK6 contract award notice',
  UK7: 'UK7 contract details notice',
  UK8: 'UK8 payments compliance notice',
  UK9: 'UK9 contract performance notice',
  UK10: 'UK10 contract change notice',
  UK11: 'UK11 contract termination notice',
  UK12: 'UK12 procurement termination notice',
  UK13: 'UK13 dynamic market notice – establishment',
  UK14: 'UK14 dynamic market notice – modification',
  UK15: 'UK15 dynamic market notice – cessation',
  UK16: 'UK16 utilities dynamic market notice – establishment',
  UK17: 'UK17 utilities dynamic market notice – modification',
};

export const THRESHOLD_LABELS = { above: 'Above threshold', below: 'Below threshold' } as const;

/** The admin's action on an imported notice (decision 0462). */
export const NOTICE_RELEVANCE_MESSAGES = {
  confirm: 'Take this notice off the board as not relevant? A later release of it, or the same notice published again by this buyer, will be dropped at import.',
  done: 'Marked not relevant: the notice has left the board.',
  notImported: 'Only imported notices can be marked not relevant',
} as const;
