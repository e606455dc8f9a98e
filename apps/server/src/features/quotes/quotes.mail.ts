import { START_TIME_LABELS, type StartTimePreference } from '@solar/shared/constants/tenders';
import { QUOTE_ATTACHMENT_LABELS, contractOf } from '@solar/shared/constants/quotes';
import type { MailMessage } from '../../platform/mail';
import type { QuoteRecord } from './quotes.repository';

/** Mail texts of the quotes feature. Links are built from PUBLIC_URL, never the Host header. */

/** Subjects are single lines (docs/security.md#input-output-uploads: no CR/LF in mail headers). */
const oneLine = (text: string, max = 80) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, max);

export const timePreferenceLabel = (value: string) => START_TIME_LABELS[value as StartTimePreference] ?? value;

function summary(record: QuoteRecord): string[] {
  const q = record.quote;
  const contract = contractOf(q.selectedContract);
  const lines = [
    `Provider: ${record.provider.businessName}`,
    `From: ${q.contactName} (${record.sender.company})`,
    `Email: ${q.contactEmail}`,
    `Phone: ${q.contactPhone}`,
    q.service && `Service: ${q.service}`,
    q.location && `Location: ${q.location}`,
    q.timePreference && `Preferred start time: ${timePreferenceLabel(q.timePreference)}`,
    `NDA required: ${q.requiresNda ? 'Yes' : 'No'}`,
    contract && `Proposed contract: ${contract.label}`,
    record.attachments.length > 0 && `Attachments: ${record.attachments.map((a) => `${QUOTE_ATTACHMENT_LABELS[a.kind]} (${a.filename})`).join(', ')}`,
    '',
    'Job description:',
    q.description || '(none given)',
  ];
  return lines.filter((l): l is string => typeof l === 'string');
}

export const quoteMails = {
  /** To the provider's approved owner. */
  toProvider: (record: QuoteRecord, to: { email: string; name: string }, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`New quote request${record.quote.service ? `: ${record.quote.service}` : ''}`),
    text: [
      `Hi ${to.name},`,
      '',
      `${record.quote.contactName} has requested a quote from ${record.provider.businessName} on Solar Marketplace.`,
      '',
      ...summary(record),
      '',
      `Read it, download the attachments and reply in your dashboard: ${publicUrl}/dashboard?tab=quotes`,
      '',
      'The Solar Marketplace team',
    ].join('\n'),
  }),

  /** To the marketplace team when the profile is unclaimed (the admin Waiting list). */
  toMarketplace: (record: QuoteRecord, to: { email: string; name: string }, publicUrl: string): MailMessage => ({
    to: to.email,
    subject: oneLine(`Quote request waiting: ${record.provider.businessName} (unclaimed profile)`),
    text: [
      `Hi ${to.name},`,
      '',
      `${record.quote.contactName} has requested a quote from ${record.provider.businessName}, whose profile is not claimed yet.`,
      'Please pass it on to the company and invite it to claim its profile.',
      '',
      ...summary(record),
      '',
      `The request in the admin dashboard: ${publicUrl}/admin`,
      `The profile: ${publicUrl}/providers/${record.provider.slug}`,
    ].join('\n'),
  }),

  /** Confirmation to the sender's account address. */
  confirmation: (record: QuoteRecord, publicUrl: string): MailMessage => ({
    to: record.sender.email,
    subject: oneLine(`Your quote request to ${record.provider.businessName}`),
    text: [
      `Hi ${record.sender.name},`,
      '',
      record.quote.routedTo === 'provider'
        ? `Your quote request has been sent to ${record.provider.businessName}. You will get an email when they reply.`
        : `${record.provider.businessName} has not claimed its profile yet, so your request has gone to the Solar Marketplace team, who will pass it on. It reaches the company directly once it claims its profile.`,
      '',
      ...summary(record),
      '',
      `Follow it under Sent Quotes in your dashboard: ${publicUrl}/dashboard?tab=quotes`,
      '',
      'The Solar Marketplace team',
    ].join('\n'),
  }),

  /** The provider's reply, to the sender's account address. */
  reply: (record: QuoteRecord, publicUrl: string): MailMessage => ({
    to: record.sender.email,
    subject: oneLine(
      record.quote.status === 'declined'
        ? `${record.provider.businessName} declined your quote request`
        : `${record.provider.businessName} replied to your quote request`,
    ),
    text: [
      `Hi ${record.sender.name},`,
      '',
      record.quote.status === 'declined'
        ? `${record.provider.businessName} has declined your quote request${record.quote.service ? ` for ${record.quote.service}` : ''}.`
        : `${record.provider.businessName} has replied to your quote request${record.quote.service ? ` for ${record.quote.service}` : ''}:`,
      '',
      record.quote.replyMessage || '(no message)',
      '',
      `See it under Sent Quotes in your dashboard: ${publicUrl}/dashboard?tab=quotes`,
      '',
      'The Solar Marketplace team',
    ].join('\n'),
  }),
};
