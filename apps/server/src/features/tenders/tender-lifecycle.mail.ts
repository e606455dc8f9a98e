import type { MailMessage } from '../../platform/mail';

/**
 * Mail texts of the tender lifecycle (issue 18). Links are built from PUBLIC_URL, never the Host
 * header; subjects are single lines. The owner's email never appears in a mail to a provider, and
 * an asker is never named in a published answer.
 */

const oneLine = (text: string, max = 120) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, max);
const link = (publicUrl: string, tenderId: string, tail = '') => `${publicUrl}/tender/${tenderId}${tail}`;
const londonTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'long', timeStyle: 'short' });
const londonDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric' });

export interface Recipient {
  email: string;
  name: string;
}

interface TenderRef {
  id: string;
  title: string;
}

const hello = (to: Recipient) => (to.name ? `Hello ${to.name},` : 'Hello,');

export const tenderLifecycleMails = {
  /**
   * To an address outside the directory (or an unclaimed profile's address): the signed link. The
   * owner's words (the title) stay out of the subject, and the mail says who sent it and where to
   * report it (decision 0442): the address was typed by another user, so this is not a relay.
   */
  emailInvitation: (
    to: string,
    tender: TenderRef & { closingDate: string | null },
    owner: { name: string; company: string },
    url: string,
    reportUrl: string,
  ): MailMessage => ({
    to,
    subject: 'You are invited to respond to a tender on Solar Manager',
    text: [
      'Hello,',
      '',
      `${owner.name} of ${owner.company}, a user of Solar Manager, invites you to respond to a tender they listed:`,
      '',
      `  "${tender.title}"`,
      tender.closingDate ? `  Responses close on ${londonTime(tender.closingDate)} (UK time).` : '',
      '',
      'Open the tender and respond (create an account, or sign in, first; the link works for one account):',
      url,
      '',
      `Why you received this: ${owner.name} entered your address when inviting providers. Solar Manager does not add it to any list.`,
      `If you did not expect this invitation, or it looks like spam, report it to us: ${reportUrl} (quote tender ${tender.id}).`,
    ].join('\n'),
  }),

  /** To the approved owner of a provider invited from the directory: the tender's title and closing date in the subject. */
  directoryInvitation: (
    to: Recipient,
    provider: string,
    tender: TenderRef & { closingDate: string | null },
    owner: { name: string; company: string },
    publicUrl: string,
  ): MailMessage => ({
    to: to.email,
    subject: oneLine(`Invitation to tender: ${tender.title}${tender.closingDate ? `, closes ${londonDate(tender.closingDate)}` : ''}`),
    text: [
      hello(to),
      '',
      `${owner.name} (${owner.company}) has invited ${provider} to a private tender: "${tender.title}".`,
      tender.closingDate ? `Responses close on ${londonTime(tender.closingDate)} (UK time).` : '',
      '',
      `View the tender and respond: ${link(publicUrl, tender.id)}`,
      '',
      'You can also find it under Tenders in your dashboard.',
    ].join('\n'),
  }),

  /** After an edit following publication: what changed, field by field. */
  edited: (to: Recipient, tender: TenderRef, changes: string[], publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`A tender you are taking part in has changed: ${tender.title}`),
    text: [hello(to), '', `The owner of "${tender.title}" changed the brief:`, '', ...changes.map((c) => `- ${c}`), '', `View the tender: ${link(publicUrl, tender.id)}`].join('\n'),
  }),

  extended: (to: Recipient, tender: TenderRef, closingDate: string, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`Closing date extended: ${tender.title}`),
    text: [hello(to), '', `"${tender.title}" now closes on ${londonTime(closingDate)} (UK time).`, '', `View the tender: ${link(publicUrl, tender.id)}`].join('\n'),
  }),

  closedEarly: (to: Recipient, tender: TenderRef, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`Tender closed: ${tender.title}`),
    text: [hello(to), '', `The owner of "${tender.title}" has closed it to new responses.`, '', `View the tender: ${link(publicUrl, tender.id)}`].join('\n'),
  }),

  cancelled: (to: Recipient, tender: TenderRef, reason: string, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`Tender cancelled: ${tender.title}`),
    text: [hello(to), '', `The owner of "${tender.title}" has cancelled it.`, '', 'Reason given:', reason, '', `View the tender: ${link(publicUrl, tender.id)}`].join('\n'),
  }),

  /** To each responder: won, or the outcome without the winner's price. */
  outcome: (to: Recipient, tender: TenderRef, provider: string, won: boolean, winner: string, publicUrl: string, more: string[] = []): MailMessage => ({
    to: to.email,
    subject: oneLine(won ? `Your response won the tender: ${tender.title}` : `Tender outcome: ${tender.title}`),
    text: [
      hello(to),
      '',
      won
        ? `Good news: the owner of "${tender.title}" has awarded it to ${provider}. They will be in touch to agree next steps.`
        : `The owner of "${tender.title}" has awarded it to ${winner}. Thank you for the response from ${provider}.`,
      '',
      // The standstill, the feedback and the letter (issue 27 part C, decisions 0526, 0527).
      ...(more.length > 0 ? [...more, ''] : []),
      `View the tender: ${link(publicUrl, tender.id)}`,
    ].join('\n'),
  }),

  // The owner's mails of arrivals and withdrawals are sealed ones: tender-bidders.mail.ts (decision 0512).

  /**
   * A clarification is asked only once responses have closed (decision 0512), so the response can
   * no longer be edited: the bidder replies in the clarification log, privately to the buyer, until
   * the award (decision 0524).
   */
  clarification: (to: Recipient, tender: TenderRef, provider: string, message: string, reference: string | null, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`Clarification requested${reference ? ` (${reference})` : ''}: ${tender.title}`),
    text: [
      hello(to),
      '',
      `The owner of "${tender.title}" asks ${provider} to clarify its response:`,
      '',
      message,
      '',
      'Responses have closed, so your response itself can no longer be changed.',
      `Reply to this request${reference ? `, ${reference},` : ''} in the clarification log on the tender's page, before the tender is awarded: ${link(publicUrl, tender.id, '#clarification-log')}`,
      'Your reply is seen by the buyer alone, unless the buyer publishes the thread to every bidder.',
    ].join('\n'),
  }),

  questionAsked: (to: Recipient, tender: TenderRef, question: string, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`New question about your tender: ${tender.title}`),
    text: [hello(to), '', `A participant asked about "${tender.title}":`, '', question, '', `Answer it on the tender page: ${link(publicUrl, tender.id)}`].join('\n'),
  }),

  /** The asker is not named: the answer goes to every participant alike. */
  answerPublished: (to: Recipient, tender: TenderRef, question: string, answer: string, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`Question answered: ${tender.title}`),
    text: [hello(to), '', `The owner of "${tender.title}" answered a question:`, '', `Q: ${question}`, `A: ${answer}`, '', `View the tender: ${link(publicUrl, tender.id)}`].join('\n'),
  }),
};
