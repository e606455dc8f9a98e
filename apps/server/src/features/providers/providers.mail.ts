import type { MailMessage } from '../../platform/mail';

/** Mail texts of the providers feature. Links are built from PUBLIC_URL, never the Host header. */

/** Subjects are single lines (docs/security.md#input-output-uploads: no CR/LF in mail headers). */
const oneLine = (text: string, max = 100) =>
  text
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()
    .slice(0, max);

/** 'Invite a provider' (decision 0360): to the invited company, once per address in 30 days. */
export function invitationMail(
  invite: { name: string; email: string; message: string; service: string; location: string },
  from: { name: string; company: string },
  publicUrl: string,
): MailMessage {
  const sender = from.company ? `${from.name} (${from.company})` : from.name;
  const wanted = [invite.service && `for ${invite.service}`, invite.location && `near ${invite.location}`]
    .filter(Boolean)
    .join(' ');
  return {
    to: invite.email,
    subject: oneLine(`${sender} invites you to list your services on Solar Marketplace`),
    text: [
      `Hi ${invite.name},`,
      '',
      `${sender} is looking for a provider${wanted ? ` ${wanted}` : ''} on Solar Marketplace, the UK directory of solar and storage service providers, and suggested your company.`,
      ...(invite.message ? ['', 'Their message:', invite.message] : []),
      '',
      `List your services for free, so asset owners can find you and invite you to tenders: ${publicUrl}/services/list`,
      '',
      'You received this once because someone asked us to invite you; we will not email this address again for this request.',
      '',
      'The Solar Marketplace team',
    ].join('\n'),
  };
}
