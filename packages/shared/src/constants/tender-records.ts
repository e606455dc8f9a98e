/**
 * Issue 27 part C (decisions 0524–0527): the clarification log, addenda to documents, the
 * standstill before the contract, award and regret letters, and the owner's records downloads.
 * Limits and the exact texts users see.
 */

/** How a log entry is numbered: CL-001, CL-002, … per tender. */
export const clarificationReference = (n: number) => `CL-${String(n).padStart(3, '0')}`;

export const TENDER_LOG_MESSAGE_MIN = 2;
export const TENDER_LOG_MESSAGE_MAX = 5000;
export const TENDER_ADDENDUM_NOTE_MIN = 10;
export const TENDER_ADDENDUM_NOTE_MAX = 2000;
export const TENDER_FEEDBACK_MAX = 5000;

/**
 * The owner chooses the standstill at the award (decision 0559), in calendar days within these
 * bounds; the default is `standstillDefaultDays` (eight working days, at least the minimum).
 */
export const TENDER_STANDSTILL_MIN_DAYS = 10;
export const TENDER_STANDSTILL_MAX_DAYS = 30;

export const TENDER_LOG_KINDS = ['question', 'clarification', 'notice'] as const;
export type TenderLogKind = (typeof TENDER_LOG_KINDS)[number];

export const TENDER_CONTRACT_STATES = ['standstill', 'confirmed'] as const;
export type TenderContractState = (typeof TENDER_CONTRACT_STATES)[number];

export const TENDER_LETTER_KINDS = ['award', 'regret'] as const;
export type TenderLetterKind = (typeof TENDER_LETTER_KINDS)[number];

export const TENDER_RECORDS_MESSAGES = {
  standstillDaysRange: `The standstill period must be a whole number of days from ${TENDER_STANDSTILL_MIN_DAYS} to ${TENDER_STANDSTILL_MAX_DAYS}`,
  logMessageRequired: `Please write at least ${TENDER_LOG_MESSAGE_MIN} characters`,
  logEntryNotFound: 'Clarification not found',
  logClosed: 'The clarification log of this tender is closed',
  logNotYours: 'Only the tender’s owner and the bidder of this clarification may reply',
  logOnlyOwnerPublishes: 'Only the tender’s owner may publish to all bidders',
  logAlreadyPublished: 'This clarification is already published',
  logPublishUnconfirmed: 'Confirm what publishing makes visible to everyone before publishing',
  logPublishChanged: 'This thread has changed since you reviewed it: check what becomes visible and publish again',
  logReplySent: 'Your reply is in the clarification log.',
  logReplyPublished: 'Published to everyone taking part; the bidder who asked is not named.',
  logNoticePublished: 'Published to everyone taking part in the clarification log.',
  addendumNoteRequired: `Please say what changed, in at least ${TENDER_ADDENDUM_NOTE_MIN} characters`,
  addendumIssued: 'Addendum issued: everyone taking part has been told the documents changed.',
  documentNotCurrent: 'Only the current version of a document can be replaced',
  addendumDraft: 'A draft has no addenda: add or remove its documents directly',
  replaceOneFile: 'Choose one file to replace a document with',
  standstillNotOver: 'The standstill period has not ended yet',
  notAwarded: 'This tender has not been awarded',
  alreadyConfirmed: 'The contract is already confirmed',
  contractConfirmed: 'Contract confirmed. The winner has been told.',
  letterNotFound: 'Letter not found',
  recordsBeforeClosing: 'Records can be downloaded once responses have closed',
  feedbackTooLong: `Feedback can be at most ${TENDER_FEEDBACK_MAX.toLocaleString('en-GB')} characters`,
} as const;

/** The contract's state as each party reads it (decision 0526). */
export const TENDER_CONTRACT_LABELS: Record<TenderContractState, string> = {
  standstill: 'Awarded – in standstill',
  confirmed: 'Contract confirmed',
};
