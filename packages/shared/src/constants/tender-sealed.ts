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
