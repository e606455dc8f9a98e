/** Quote requests (docs/product/quotes.md). One home each. */

/** The default contracts (docs/product/quotes.md#default-contracts): value, label and the PDF under /assets/contracts/. */
export const DEFAULT_CONTRACTS = [
  { value: 'data-processing', label: 'Data Processing Agreement', file: 'data-processing-agreement.pdf' },
  { value: 'uav-hire', label: 'UAV Hire Agreement', file: 'uav-hire-agreement.pdf' },
] as const;
export type ContractType = (typeof DEFAULT_CONTRACTS)[number]['value'];
export const CONTRACT_TYPES = DEFAULT_CONTRACTS.map((c) => c.value) as [ContractType, ...ContractType[]];
export const CONTRACTS_BASE_PATH = '/assets/contracts/';
export const contractOf = (value: string | null | undefined) => DEFAULT_CONTRACTS.find((c) => c.value === value) ?? null;
export const contractUrl = (value: string) => {
  const contract = contractOf(value);
  return contract ? `${CONTRACTS_BASE_PATH}${contract.file}` : null;
};

/** NDA and scope uploads: pdf, doc, docx, at most 5 MB each (docs/product/quotes.md#attachments). */
export const QUOTE_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const QUOTE_ATTACHMENT_KINDS = ['nda', 'scope'] as const;
export type QuoteAttachmentKind = (typeof QUOTE_ATTACHMENT_KINDS)[number];
export const QUOTE_ATTACHMENT_LABELS: Record<QuoteAttachmentKind, string> = { nda: 'NDA', scope: 'Scope of work' };
export const PDF_MIME = 'application/pdf';
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const DOC_MIME = 'application/msword';
/** What the file pickers accept (by extension and type); the server decides from the magic bytes. */
export const QUOTE_ATTACHMENT_ACCEPT = {
  [PDF_MIME]: ['.pdf'],
  [DOC_MIME]: ['.doc'],
  [DOCX_MIME]: ['.docx'],
} as const;

export const QUOTE_STATUSES = ['pending', 'responded', 'declined', 'completed'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = { pending: 'Awaiting reply', responded: 'Responded', declined: 'Declined', completed: 'Work completed' };
/** 'provider': sent to the claimed owner; 'marketplace': the profile was unclaimed at send time (decision 0251). */
export const QUOTE_ROUTES = ['provider', 'marketplace'] as const;
export type QuoteRoute = (typeof QUOTE_ROUTES)[number];

export const QUOTE_TEXT_MAX = 5000;
export const QUOTE_PAGE_SIZE = 20;
export const QUOTE_MAX_PAGE_SIZE = 50;

/** Submissions per account and per IP (docs/security.md#the-stacks-defaults: quote routes are rate limited; decision 0254). */
export const QUOTE_RATE_LIMIT = { perUserPerHour: 10, perIpPerHour: 30 } as const;

/** What users read (docs/product/quotes.md). */
export const QUOTE_MESSAGES = {
  title: 'Request a Quote',
  messageHeading: 'Message',
  preferredStartTime: 'Preferred Start Time',
  loadFailed: 'Something went wrong',
  backToDirectory: 'Back to Directory',
  selectContract: 'Please select a contract type.',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  ndaRequired: 'Please upload your NDA (PDF, DOC or DOCX).',
  ndaWithoutSwitch: 'An NDA file was sent but the NDA option is off.',
  attachmentType: 'Please upload a PDF, DOC or DOCX file.',
  attachmentSize: 'Each file must be less than 5MB.',
  invalidForm: 'The quote request could not be read. Please try again.',
  unclaimedNotice:
    'This company has not claimed its profile yet. Your request goes to the Solar Marketplace team, who will pass it on, and it will reach the company directly once it claims its profile.',
  sent: 'Your quote request has been sent.',
  sentToMarketplace: 'Your quote request has been sent to the Solar Marketplace team, who will pass it on until the company claims its profile.',
  quoteNotFound: 'Quote not found',
  attachmentNotFound: 'Attachment not found',
  providerNotFound: 'Provider not found',
  notAllowedToReply: 'Only the provider can reply to this quote.',
  alreadyAnswered: 'This quote has already been answered.',
  replyRequired: 'Please write a reply message.',
  loading: 'Loading quotes data...',
  noReceived: 'No quote requests received yet.',
  noSent: 'No quotes sent yet.',
  replied: 'Reply sent',
  declined: 'Quote declined',
} as const;
