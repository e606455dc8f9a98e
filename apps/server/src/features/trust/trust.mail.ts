import { accreditationLabel } from '@solar/shared/constants/trust';
import { formatDate } from '@solar/shared/domain/format';
import type { MailMessage } from '../../platform/mail';

/** Mail texts of the trust feature. Links are built from PUBLIC_URL, never the Host header. */

const oneLine = (text: string, max = 100) =>
  text
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()
    .slice(0, max);

/** 30 days before an accreditation expires (decision 0482), once. */
export function expiryReminderMail(
  to: { email: string; name: string },
  a: { scheme: string; otherName: string | null; number: string; expiresOn: string },
  provider: { name: string; slug: string },
  publicUrl: string,
): MailMessage {
  const label = accreditationLabel(a.scheme, a.otherName);
  return {
    to: to.email,
    subject: oneLine(`${label} for ${provider.name} expires on ${formatDate(a.expiresOn)}`),
    text: [
      `Hi ${to.name},`,
      '',
      `The ${label} accreditation (number ${a.number}) on ${provider.name}'s profile expires on ${formatDate(a.expiresOn)}.`,
      'After that day the profile shows it as Expired and it no longer counts in the directory’s verified accreditations filter.',
      '',
      `Add the renewed certificate here, and we will verify it: ${publicUrl}/providers/${provider.slug}/trust`,
      '',
      'The Solar Marketplace team',
    ].join('\n'),
  };
}
