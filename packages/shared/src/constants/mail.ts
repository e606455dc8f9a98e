/** The durable outbox (decision 0470): its statuses and the admin Mail tab's texts. */

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** What the Mail tab lists: mail with a problem (failed, or pending after a failed attempt), or the newest of all. */
export const OUTBOX_VIEWS = ['problems', 'all'] as const;
export type OutboxView = (typeof OUTBOX_VIEWS)[number];
export const OUTBOX_LIST_LIMIT = 200;

export const MAIL_MESSAGES = {
  tabTitle: 'Mail',
  intro: 'Every mail is written to the outbox with the change that causes it and delivered from there, retried for three days while the mail server is unreachable or answers "try later".',
  transportSmtp: 'Delivered to the SMTP server (SMTP_URL).',
  transportFiles: 'No SMTP server is configured: mail is delivered to the outbox files (npm run outbox).',
  noProblems: 'No mail is failing.',
  noMail: 'No mail yet.',
  retry: 'Retry',
  retried: 'The mail will be sent again.',
  retryFailed: 'Failed to retry the mail',
  fetchFailed: 'Failed to load the mail outbox',
  notFound: 'Mail not found',
  notFailed: 'Only failed mail can be retried',
  showProblems: 'Failing',
  showAll: 'All recent',
} as const;

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = { pending: 'Waiting', sent: 'Sent', failed: 'Failed' };
