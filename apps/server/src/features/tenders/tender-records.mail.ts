import type { MailMessage } from '../../platform/mail';
import type { Recipient } from './tender-lifecycle.mail';

/**
 * Mail texts of issue 27 part C (decisions 0524–0527): the clarification log, addenda, the
 * contract. Links from PUBLIC_URL; subjects are single lines; a bidder who asked is never named to
 * anyone else.
 */

const oneLine = (text: string, max = 120) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, max);
const link = (publicUrl: string, tenderId: string, tail = '') => `${publicUrl}/tender/${tenderId}${tail}`;
const hello = (to: Recipient) => (to.name ? `Hello ${to.name},` : 'Hello,');
export const londonDateTime = (iso: string | Date) =>
  new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'long', timeStyle: 'short' });

interface TenderRef {
  id: string;
  title: string;
}

export const tenderRecordsMails = {
  /** To everyone taking part: an entry published to all (the owner's notice, or a bidder's question made public). */
  clarificationPublished: (to: Recipient, tender: TenderRef, reference: string, thread: string[], publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`Clarification ${reference} published: ${tender.title}`),
    text: [
      hello(to),
      '',
      `The owner of "${tender.title}" published ${reference} in the clarification log to everyone taking part:`,
      '',
      ...thread,
      '',
      `Read the clarification log: ${link(publicUrl, tender.id, '#clarification-log')}`,
    ].join('\n'),
  }),

  /** To the one bidder of a private entry: the owner replied. */
  clarificationReplyToBidder: (to: Recipient, tender: TenderRef, reference: string, message: string, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`Reply to ${reference}: ${tender.title}`),
    text: [hello(to), '', `The owner of "${tender.title}" replied to ${reference} (only you see this):`, '', message, '', `Reply in the clarification log: ${link(publicUrl, tender.id, '#clarification-log')}`].join('\n'),
  }),

  /** To the owner: a bidder replied (not named when the entry began as a question). */
  clarificationReplyToOwner: (to: Recipient, tender: TenderRef, reference: string, from: string, message: string, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`New reply to ${reference}: ${tender.title}`),
    text: [hello(to), '', `${from} replied to ${reference} of "${tender.title}":`, '', message, '', `Reply or publish it: ${link(publicUrl, tender.id, '#clarification-log')}`].join('\n'),
  }),

  /** To everyone taking part: the documents changed. */
  documentsChanged: (to: Recipient, tender: TenderRef, addendum: number, note: string, files: string[], publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`Documents changed (addendum ${addendum}): ${tender.title}`),
    text: [
      hello(to),
      '',
      `The owner of "${tender.title}" issued addendum ${addendum} to its documents:`,
      '',
      note,
      '',
      ...files.map((f) => `- ${f}`),
      '',
      `Read the current documents: ${link(publicUrl, tender.id, '#tender-documents')}`,
    ].join('\n'),
  }),

  /** To each responder once the owner confirms the contract. */
  contractConfirmed: (to: Recipient, tender: TenderRef, won: boolean, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`Contract confirmed: ${tender.title}`),
    text: [
      hello(to),
      '',
      won
        ? `The owner of "${tender.title}" has confirmed the contract with you now that the standstill period has ended.`
        : `The standstill period of "${tender.title}" has ended and the owner has confirmed the contract with the winning bidder.`,
      '',
      `View the tender: ${link(publicUrl, tender.id)}`,
    ].join('\n'),
  }),
};
