/**
 * The tender lifecycle's figures and texts (issue 18; docs/product/tenders.md#lifecycle, decisions
 * 0400–0407). Kept apart from `tenders.ts` so the board's constants and these change independently.
 */

/**
 * Stored stage (decision 0400). Status (open, closed, awarded) is still computed when read from
 * it and the closing date; 'draft' is seen by its owner (and admins) only.
 */
export const TENDER_STAGES = ['draft', 'active', 'awarded', 'cancelled'] as const;
export type TenderStage = (typeof TENDER_STAGES)[number];

/**
 * What the signed-in viewer is to a tender listed here (decision 0441): its owner or an admin, the
 * winner, another responder, or another participant (invited, redeemed an invitation, asked). It
 * decides what of the outcome they see: the award value (manager, winner), the winner's name and
 * the cancellation reason (every relation), nothing (the public: null).
 */
export const TENDER_VIEWER_RELATIONS = ['manager', 'winner', 'responder', 'participant'] as const;
export type TenderViewerRelation = (typeof TENDER_VIEWER_RELATIONS)[number];

/** Where a response stands, as its responder sees it on "My responses" (issue 27 defect 6; decision 0448). */
export const TENDER_RESPONSE_STATES = ['open', 'clarification-requested', 'shortlisted', 'under-review', 'won', 'unsuccessful', 'cancelled'] as const;
export type TenderResponseState = (typeof TENDER_RESPONSE_STATES)[number];
export const TENDER_RESPONSE_STATE_LABELS: Record<TenderResponseState, string> = {
  open: 'Open: you can edit it',
  'clarification-requested': 'Clarification requested',
  shortlisted: 'Shortlisted',
  'under-review': 'Closed: being evaluated',
  won: 'Won',
  unsuccessful: 'Unsuccessful',
  cancelled: 'Cancelled',
};

/** A listed tender's closing date: 30 days after launch unless the owner sets one (decision 0178). */
export const TENDER_DEFAULT_OPEN_DAYS = 30;
/** The latest closing date an owner may set, counted from now. */
export const TENDER_MAX_OPEN_DAYS = 366;
/** Budgets and prices, in GBP: the board's value filter ceiling (decision 0352). */
export const TENDER_MONEY_MAX = 1e13;

/** Documents of the brief (decision 0402): up to 10 files, 20 MB in all. */
export const TENDER_DOCUMENT_MAX_FILES = 10;
export const TENDER_DOCUMENTS_MAX_TOTAL_BYTES = 20 * 1024 * 1024;
/** A response's attachments: up to 5 files, 20 MB in all. */
export const TENDER_RESPONSE_MAX_FILES = 5;
export const TENDER_RESPONSE_MAX_TOTAL_BYTES = 20 * 1024 * 1024;
/** Content types accepted, by their magic bytes, for documents and response attachments. */
export const TENDER_FILE_TYPES = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;
export type TenderFileMime = keyof typeof TENDER_FILE_TYPES;
/** The file input's `accept`. */
export const TENDER_FILE_ACCEPT = '.pdf,.docx,.xlsx,.png,.jpg,.jpeg,.webp';

export const TENDER_RESPONSE_MESSAGE_MAX = 5000;
export const TENDER_RESPONSE_MESSAGE_MIN = 10;
/** Lead time in days, 0 (can start at once) to ten years. */
export const TENDER_LEAD_TIME_MAX_DAYS = 3650;
export const TENDER_QUESTION_MIN = 10;
export const TENDER_QUESTION_MAX = 2000;
export const TENDER_ANSWER_MAX = 5000;
export const TENDER_REASON_MIN = 10;
export const TENDER_REASON_MAX = 1000;
/** Addresses invited by email per tender (decision 0403). */
export const TENDER_MAX_EMAIL_INVITATIONS = 50;
/**
 * Invitation mails an account may send in any 24 hours (decision 0442): every mailed link and
 * every directory invitation, at launch, at publication and afterwards, counted as mails, not
 * requests. With the per-tender caps (50 addresses, 100 directory providers) it keeps an account
 * from using invitations as a mail relay.
 */
export const TENDER_INVITATION_MAILS_PER_DAY = 100;

/**
 * Per-account hourly limits of the lifecycle's write routes (decision 0405). Routes that share a
 * figure share one budget: owner actions (edit, publish, extend, close, cancel, award, shortlist,
 * answer, delete a document); responses (submit, withdraw, delete an attachment); uploads
 * (documents and response attachments); questions and clarification requests; invitations.
 */
export const TENDER_LIFECYCLE_RATE_LIMIT = {
  questionsPerAccountPerHour: 20,
  invitesPerAccountPerHour: 100,
  responsesPerAccountPerHour: 60,
  ownerActionsPerAccountPerHour: 120,
  uploadsPerAccountPerHour: 60,
  invitationRedemptionsPerAccountPerHour: 30,
  /** The signed-out landing of an invitation link (decision 0443), per address. */
  invitationPreviewsPerIpPerHour: 60,
} as const;

/** The brief's fields as named in edit mails and the History list (decision 0401). */
export const TENDER_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  service: 'Service',
  description: 'Description',
  location: 'Location',
  searchRadius: 'Search radius',
  startTimePreference: 'Start time',
  closingDate: 'Closing date',
  startDate: 'Start date',
  valueMinimum: 'Budget from',
  valueMaximum: 'Budget up to',
  siteAssetId: 'Site',
  siteCapacityMw: 'Site capacity (MW)',
  contactName: 'Contact name',
  contactEmail: 'Contact email',
  contactPhone: 'Contact phone',
  criteria: 'Criteria',
  pricingSchedule: 'Pricing schedule',
};

/** What each audit entry says on the tender's History (decisions 0407, 0447), in the order of a cycle. */
export const TENDER_EVENT_LABELS = {
  created: 'Saved as a draft',
  published: 'Published',
  edited: 'Brief edited',
  extended: 'Closing date extended',
  'closed-early': 'Closed early',
  cancelled: 'Cancelled',
  awarded: 'Awarded',
  invited: 'Invited',
  'question-asked': 'Question asked',
  'question-answered': 'Question answered',
  'response-submitted': 'Response received',
  'response-updated': 'Response updated',
  'response-withdrawn': 'Response withdrawn',
  shortlisted: 'Shortlisted',
  unshortlisted: 'Taken off the shortlist',
  'clarification-requested': 'Clarification requested',
  // Issue 27 part C (decision 0524).
  'clarification-replied': 'Reply in the clarification log',
  'clarification-published': 'Clarification published to all',
  'addendum-issued': 'Documents changed (addendum)',
  'contract-confirmed': 'Contract confirmed',
  // Decision 0555: the evaluation plan and its evaluators.
  'criteria-changed': 'Evaluation criteria changed',
  'pricing-schedule-changed': 'Pricing schedule changed',
  'evaluator-invited': 'Evaluator invited',
  'evaluator-removed': 'Evaluator removed',
  'evaluator-no-conflict': 'Evaluator declared no conflict of interest',
  'evaluator-conflict': 'Evaluator declared a conflict of interest',
} as const;
export type TenderEventKind = keyof typeof TENDER_EVENT_LABELS;
export const TENDER_EVENT_KINDS = Object.keys(TENDER_EVENT_LABELS) as [TenderEventKind, ...TenderEventKind[]];

/** The exact texts users see. */
export const TENDER_LIFECYCLE_MESSAGES = {
  closingInPast: 'The closing date must be in the future',
  closingTooFar: 'The closing date must be within a year',
  extendNotLater: 'The new closing date must be later than the current one',
  budgetRange: 'The maximum budget cannot be less than the minimum',
  priceRange: 'The maximum price cannot be less than the minimum',
  moneyNotNumber: 'Enter an amount in pounds, such as £495,000',
  leadTimeNotDays: 'Enter a lead time in days, such as 30 days',
  startDateInvalid: 'Enter a start date as a date',
  titleRequired: 'Please give your tender a title',
  draftSaved: 'Draft saved. You can publish it from My Tenders.',
  published: 'Your tender is published.',
  notDraft: 'Only a draft can be published',
  notEditable: 'This tender can no longer be changed',
  notOpen: 'This tender is not open',
  alreadyClosed: 'This tender has already closed',
  awardBeforeClosing: 'Responses are still open: award after the closing date, or close the tender early first.',
  cancelled: 'Tender cancelled',
  reasonRequired: `Please give a reason of at least 10 characters`,
  edited: 'Your changes are saved and the invited providers and responders have been told.',
  extended: 'The closing date has been extended.',
  closedEarly: 'The tender is closed to new responses.',
  awarded: 'The tender has been awarded and every responder has been told the outcome.',
  // Documents and attachments.
  fileType: 'Please upload PDF, DOCX, XLSX or image files (PNG, JPEG, WebP).',
  tooManyFiles: 'You can attach up to 10 documents.',
  tooManyResponseFiles: 'You can attach up to 5 files to a response.',
  filesTooLarge: 'Documents can be at most 20 MB in all.',
  documentNotFound: 'Document not found',
  attachmentNotFound: 'Attachment not found',
  invalidForm: 'Please send the files as a form upload',
  // Responses.
  responseSubmitted: 'Your response has been sent to the tender owner.',
  responseUpdated: 'Your response has been updated.',
  responseClosed: 'The closing date has passed: responses can no longer be sent or changed.',
  responseNeedsProvider: 'You need a provider profile to respond to a tender.',
  responseNotInvited: 'Only invited providers can respond to this private tender.',
  responseOwnTender: 'You cannot respond to your own tender.',
  responseExists: 'This provider has already responded to this tender; edit that response instead.',
  responseNotFound: 'Response not found',
  responseWithdrawn: 'Your response has been withdrawn.',
  chooseProvider: 'Choose which of your providers is responding',
  messageTooShort: 'Please write a message of at least 10 characters',
  clarificationSent: 'Your request for clarification has been sent.',
  shortlisted: 'Shortlisted',
  // Questions.
  questionTooShort: 'Please write a question of at least 10 characters',
  questionSent: 'Your question is in the clarification log. The buyer replies to you alone, or publishes it to everyone taking part without your name.',
  answerRequired: 'Please write an answer',
  answerPublished: 'Your answer has been published to everyone taking part.',
  questionNotFound: 'Question not found',
  ownQuestion: 'You cannot ask a question about your own tender.',
  // Email invitations.
  invitesSent: 'Invitations sent.',
  inviteInvalid: 'This invitation link is not valid.',
  inviteUsed: 'This invitation has already been used by another account.',
  inviteClosed: 'This tender is no longer taking responses.',
  inviteCancelled: 'The owner has cancelled this tender: it is no longer taking responses. Everyone invited was told why by email.',
  tooManyInvites: 'You can invite up to 50 addresses to a tender.',
  tooManyProviders: 'You can invite up to 100 providers to a tender.',
  providersGone: 'One or more invited providers no longer exist',
  uninviteAfterPublish: 'Providers cannot be taken off a published tender: they have been told of it.',
  inviteOnlyPrivate: 'Only a private tender invites providers: an open tender is on the board for all.',
  typeFixed: 'A published tender stays open or private: cancel it and list a new one to change that.',
  invitationMailsPerDay: (left: number, planned: number) =>
    `You can send up to ${TENDER_INVITATION_MAILS_PER_DAY} invitations a day: ${left === 0 ? 'none are' : `${left} ${left === 1 ? 'is' : 'are'}`} left today, and this would send ${planned}. Try again tomorrow, or invite fewer.`,
} as const;
