import { CLAIM_STATUS_MESSAGES } from '@solar/shared/constants/admin';
import type { MailMessage } from '../../platform/mail';

/** Mail texts of the admin feature. Links are built from PUBLIC_URL, never the Host header. */
export const adminMails = {
  claimOutcome: (
    to: { email: string; name: string },
    claim: { status: 'approved' | 'rejected'; providerName: string; providerSlug: string; note?: string | null },
    publicUrl: string,
  ): MailMessage => ({
    to: to.email,
    subject: claim.status === 'approved' ? 'Your business claim has been approved' : 'Your business claim was not approved',
    text: [
      `Hi ${to.name},`,
      '',
      `Your claim on ${claim.providerName}:`,
      '',
      CLAIM_STATUS_MESSAGES[claim.status],
      ...(claim.note ? ['', `Note from our team: ${claim.note}`] : []),
      '',
      claim.status === 'approved' ? `Edit your profile: ${publicUrl}/providers/${claim.providerSlug}` : `Your dashboard: ${publicUrl}/dashboard`,
      '',
      'The Solar Marketplace team',
    ].join('\n'),
  }),

  /** A tender invitation forwarded to an unclaimed company's public address (decision 0234). */
  forwardedInvitation: (
    to: string,
    item: { providerName: string; providerSlug: string; title: string; senderName: string | null; senderCompany: string | null; tenderId: string },
    publicUrl: string,
  ): MailMessage => ({
    to,
    subject: `A tender invitation for ${item.providerName} on Solar Marketplace`,
    text: [
      'Hello,',
      '',
      `${item.senderName ? `${item.senderName}${item.senderCompany ? ` of ${item.senderCompany}` : ''}` : 'A buyer'} invited ${item.providerName} to a tender on Solar Marketplace:`,
      '',
      item.title,
      '',
      `Your business has a profile in our directory that has not been claimed yet. Claim it to see the tender and reply: ${publicUrl}/providers/${item.providerSlug}`,
      '',
      `The tender: ${publicUrl}/tender/${item.tenderId}`,
      '',
      'The Solar Marketplace team',
    ].join('\n'),
  }),

  /** A quote request forwarded to an unclaimed company's public address: no sender contact details. */
  forwardedQuote: (
    to: string,
    item: { providerName: string; providerSlug: string; title: string; description: string; senderName: string | null; senderCompany: string | null },
    publicUrl: string,
  ): MailMessage => ({
    to,
    subject: `A quote request for ${item.providerName} on Solar Marketplace`,
    text: [
      'Hello,',
      '',
      `${item.senderName ? `${item.senderName}${item.senderCompany ? ` of ${item.senderCompany}` : ''}` : 'A buyer'} asked ${item.providerName} for a quote on Solar Marketplace:`,
      '',
      item.title,
      ...(item.description ? ['', item.description.slice(0, 1000)] : []),
      '',
      `Your business has a profile in our directory that has not been claimed yet. Claim it to see the request and reply: ${publicUrl}/providers/${item.providerSlug}`,
      '',
      'The Solar Marketplace team',
    ].join('\n'),
  }),
};
