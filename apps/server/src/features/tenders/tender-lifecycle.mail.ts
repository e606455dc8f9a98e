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
  /** To an address outside the directory (or an unclaimed profile's address): the signed link. */
  emailInvitation: (to: string, tender: TenderRef & { closingDate: string | null }, owner: { name: string; company: string }, url: string): MailMessage => ({
    to,
    subject: oneLine(`You are invited to respond to a tender: ${tender.title}`),
    text: [
      'Hello,',
      '',
      `${owner.name} (${owner.company}) invites you to respond to the tender "${tender.title}" on Solar Manager.`,
      tender.closingDate ? `Responses close on ${londonTime(tender.closingDate)} (UK time).` : '',
      '',
      'Open the tender and respond (create an account, or sign in, first; the link works for one account):',
      url,
    ].join('\n'),
  }),

  published: (to: Recipient, tender: TenderRef, owner: { name: string; company: string }, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`You have been invited to a private tender: ${tender.title}`),
    text: [hello(to), '', `${owner.name} (${owner.company}) has invited you to a private tender: "${tender.title}".`, '', `View the tender: ${link(publicUrl, tender.id)}`].join('\n'),
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
  outcome: (to: Recipient, tender: TenderRef, provider: string, won: boolean, winner: string, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(won ? `Your response won the tender: ${tender.title}` : `Tender outcome: ${tender.title}`),
    text: [
      hello(to),
      '',
      won
        ? `Good news: the owner of "${tender.title}" has awarded it to ${provider}. They will be in touch to agree next steps.`
        : `The owner of "${tender.title}" has awarded it to ${winner}. Thank you for the response from ${provider}.`,
      '',
      `View the tender: ${link(publicUrl, tender.id)}`,
    ].join('\n'),
  }),

  /** To the owner, when a response arrives or changes. */
  responseReceived: (to: Recipient, tender: TenderRef, provider: string, updated: boolean, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`${updated ? 'Response updated' : 'New response'}: ${tender.title}`),
    text: [hello(to), '', `${provider} has ${updated ? 'updated its' : 'sent a'} response to "${tender.title}".`, '', `Compare the responses: ${link(publicUrl, tender.id, '/responses')}`].join('\n'),
  }),

  responseWithdrawn: (to: Recipient, tender: TenderRef, provider: string, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`Response withdrawn: ${tender.title}`),
    text: [hello(to), '', `${provider} has withdrawn its response to "${tender.title}".`, '', `Compare the responses: ${link(publicUrl, tender.id, '/responses')}`].join('\n'),
  }),

  clarification: (to: Recipient, tender: TenderRef, provider: string, message: string, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`Clarification requested: ${tender.title}`),
    text: [
      hello(to),
      '',
      `The owner of "${tender.title}" asks ${provider} to clarify its response:`,
      '',
      message,
      '',
      `Edit your response until the closing date: ${link(publicUrl, tender.id, '/respond')}`,
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
