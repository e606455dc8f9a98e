import type { MailMessage } from '../../platform/mail';
import type { TenderReceipt } from '@solar/shared/contracts/tender-receipts';
import { TENDER_RECEIPT_KIND_LABELS } from '@solar/shared/constants/tender-sealed';
import { formatUkDateTimeSeconds } from '@solar/shared/domain/tender-deadline';
import type { Recipient } from './tender-lifecycle.mail';

/**
 * Mails of sealed responses and bidder management (issue 27 part A; decisions 0512–0515). While
 * responses are sealed the owner's mails say that one arrived and how many there are, never who
 * sent it or what it says. Links from PUBLIC_URL; subjects are single lines.
 */

const oneLine = (text: string, max = 120) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, max);
const link = (publicUrl: string, tenderId: string, tail = '') => `${publicUrl}/tender/${tenderId}${tail}`;
const hello = (to: Recipient) => (to.name ? `Hello ${to.name},` : 'Hello,');
const sealedLine = (closingDate: string | null) =>
  `Responses stay sealed until the closing time${closingDate ? `, ${formatUkDateTimeSeconds(closingDate)}` : ''}: you will see who responded and what they offer then.`;

interface TenderRef {
  id: string;
  title: string;
  closingDate: string | null;
}

export const tenderBidderMails = {
  /** To the owner when a response arrives, changes or is withdrawn: the count, never the bidder or the price. */
  responseActivity: (to: Recipient, tender: TenderRef, kind: 'submitted' | 'updated' | 'withdrawn', count: number, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`${kind === 'submitted' ? 'New response' : kind === 'updated' ? 'Response updated' : 'Response withdrawn'}: ${tender.title}`),
    text: [
      hello(to),
      '',
      `${kind === 'submitted' ? 'A response has arrived for' : kind === 'updated' ? 'A bidder has changed its response to' : 'A bidder has withdrawn its response to'} "${tender.title}".`,
      `Responses received so far: ${count}.`,
      '',
      sealedLine(tender.closingDate),
      '',
      `See the responses received: ${link(publicUrl, tender.id, '/responses')}`,
    ].join('\n'),
  }),

  /** The bidder's e-receipt (decision 0513). */
  receipt: (to: Recipient, tender: Pick<TenderRef, 'id' | 'title'>, receipt: TenderReceipt, attachments: string[], publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`Receipt ${receipt.reference}: ${TENDER_RECEIPT_KIND_LABELS[receipt.kind].toLowerCase()}, ${tender.title}`),
    text: [
      hello(to),
      '',
      `This is your receipt for "${tender.title}".`,
      '',
      `Reference: ${receipt.reference}`,
      `What: ${TENDER_RECEIPT_KIND_LABELS[receipt.kind]} for ${receipt.providerName}`,
      `When: ${receipt.ukTime} (UK time, by our server's clock)`,
      `SHA-256: ${receipt.sha256}`,
      attachments.length ? `Attachments: ${attachments.join(', ')}` : 'Attachments: none',
      '',
      'The SHA-256 is a fingerprint of what was submitted: the message, prices, lead time and each attachment. Responses stay sealed from the buyer until the closing time.',
      '',
      `Your response and every receipt: ${link(publicUrl, tender.id, '/respond')}`,
    ].join('\n'),
  }),
};

/** To an invitee who has neither responded nor declined, 3 days and 24 hours before the closing time (decision 0515). */
export const reminderMail = (to: Recipient, tender: { id: string; title: string; closing_date: Date | string }, words: string, publicUrl: string): MailMessage => ({
  to: to.email,
  subject: oneLine(`Closes in ${words}: ${tender.title}`),
  text: [
    hello(to),
    '',
    `"${tender.title}", a tender you are invited to, closes in ${words}: ${formatUkDateTimeSeconds(new Date(tender.closing_date))} (UK time).`,
    'You have not responded yet.',
    '',
    `Respond: ${link(publicUrl, tender.id, '/respond')}`,
    '',
    `Not taking part? Tell the buyer on the tender's page, so you are not reminded again: ${link(publicUrl, tender.id)}`,
  ].join('\n'),
});
