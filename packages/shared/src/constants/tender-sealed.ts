/**
 * Sealed responses and e-receipts (issue 27 part A; decisions 0512, 0513): the texts users see.
 * Kept apart from `tender-lifecycle.ts` so the features of issue 27 change independently.
 */

/** What a receipt records: the response as sent, as changed, or its withdrawal. */
export const TENDER_RECEIPT_KINDS = ['submitted', 'updated', 'withdrawn'] as const;
export type TenderReceiptKind = (typeof TENDER_RECEIPT_KINDS)[number];
export const TENDER_RECEIPT_KIND_LABELS: Record<TenderReceiptKind, string> = {
  submitted: 'Response submitted',
  updated: 'Response changed',
  withdrawn: 'Response withdrawn',
};

export const TENDER_SEALED_MESSAGES = {
  /** To the owner and admins before the closing time (by the server's clock). */
  sealedTitle: 'Responses are sealed until the closing time',
  sealedBody:
    'Nobody, the marketplace team included, can read a response before the tender closes: you see how many have arrived and when. They open at the closing time, or when you close the tender early with a reason.',
  sealedAction: 'Responses are sealed until the closing time: you can shortlist, ask to clarify and award once they open.',
  attachmentSealed: 'Responses are sealed until the closing time.',
  noneYet: 'No responses have arrived yet.',
  closeEarlyTitle: 'Close this tender early',
  closeEarlyDescription:
    'Responses stop now and open to you at once. Your reason is kept in the History, and everyone taking part is told the tender has closed.',
  receiptTitle: 'Your e-receipt',
  receiptHint: 'Keep it: the fingerprint (SHA-256) proves what you sent and when. We have emailed it to you too.',
  receiptsTitle: 'Receipts',
  receiptsEmpty: 'No receipts yet: one is issued each time you submit, change or withdraw a response.',
} as const;

/** What an invitee says it will do (decision 0514): reversible until the closing time. */
export const TENDER_INTENTS = ['responding', 'declined'] as const;
export type TenderIntent = (typeof TENDER_INTENTS)[number];

/**
 * Where each invitee stands, as the owner sees it (decision 0514). 'responded' only once responses
 * are open: while they are sealed, who responded is not told (decision 0512).
 */
export const TENDER_INVITEE_STATUSES = ['invited', 'responding', 'declined', 'responded'] as const;
export type TenderInviteeStatus = (typeof TENDER_INVITEE_STATUSES)[number];
export const TENDER_INVITEE_STATUS_LABELS: Record<TenderInviteeStatus, string> = {
  invited: 'No reply yet',
  responding: 'Intends to respond',
  declined: 'Declined',
  responded: 'Responded',
};

/** Reminders to invitees who have neither responded nor declined (decision 0515): this long before the closing time. */
export const TENDER_REMINDER_THRESHOLDS = [
  { id: '3d', beforeMs: 3 * 86_400_000, words: '3 days' },
  { id: '24h', beforeMs: 86_400_000, words: '24 hours' },
] as const;
export type TenderReminderThreshold = (typeof TENDER_REMINDER_THRESHOLDS)[number]['id'];

export const TENDER_INTENT_MESSAGES = {
  title: 'Will you respond?',
  hint: 'Tell the buyer whether you intend to respond. You can change your mind until the closing time.',
  intendButton: 'I intend to respond',
  declineButton: 'Decline',
  declineTitle: 'Decline this tender',
  declineDescription: 'The buyer sees your reason. You can change your mind until the closing time.',
  declineReasonLabel: 'Why are you declining?',
  declineReasonRequired: 'Please give a reason of at least 10 characters',
  intentRequired: 'Choose whether you intend to respond or decline',
  responding: 'You have told the buyer you intend to respond.',
  declined: 'You have declined this tender.',
  undoDecline: 'Change my mind: I intend to respond',
  notInvited: 'Only invited providers can say whether they will respond.',
  closed: 'The closing date has passed: your reply can no longer be changed.',
  declineAfterResponse: 'You have already responded: withdraw your response to decline.',
  saved: 'The buyer has been told.',
  inviteesTitle: 'Invitees',
  inviteesHint: 'Who you invited and whether they intend to respond. While responses are sealed, who has responded is not shown.',
  inviteesEmpty: 'You have not invited anyone yet.',
  // Declining from an invitation link, signed out (decision 0558): the link is the authority, once.
  linkDeclineTitle: 'Not taking part?',
  linkDeclineHint: 'Decline without an account: the buyer sees your reason and stops reminding you. To change your mind later, open this link again and create an account to respond.',
  linkDeclined: 'You have declined this invitation. The buyer has been told.',
  linkAlreadyDeclined: 'This invitation has already been declined.',
  linkRedeemed: 'This invitation is linked to an account: sign in to change your reply.',
} as const;
