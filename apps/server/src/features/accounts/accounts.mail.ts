import { DELETION_GRACE_DAYS, EMAIL_VERIFICATION_TTL_MS, USER_TYPE_LABELS } from '@solar/shared/constants/accounts';
import type { MailMessage } from '../../platform/mail';
import type { UserRow } from '../../db/schema/index';

/** Mail texts of the accounts feature. Links are built from PUBLIC_URL, never the Host header. */
export const accountMails = {
  welcome: (user: Pick<UserRow, 'email' | 'name' | 'company' | 'type'>, publicUrl: string): MailMessage => ({
    to: user.email,
    subject: 'Welcome to Solar Marketplace',
    text: [
      `Hi ${user.name},`,
      '',
      `Welcome to Solar Marketplace. Your ${USER_TYPE_LABELS[user.type]} account for ${user.company} is ready.`,
      '',
      user.type === 'provider'
        ? 'List your services for free and keep your business profile up to date so asset owners can find you.'
        : 'List tenders, find service providers and explore solar asset intelligence.',
      '',
      `Your dashboard: ${publicUrl}/dashboard`,
      '',
      'The Solar Marketplace team',
    ].join('\n'),
  }),

  /**
   * Decision 0337: the link carries the token in its fragment, like the reset link (decision 0106),
   * and the same-site page to return to after confirming (issue 28 item 7), already checked by
   * `safeRedirect`.
   */
  verifyEmail: (user: Pick<UserRow, 'email' | 'name'>, token: string, publicUrl: string, returnTo = ''): MailMessage => ({
    to: user.email,
    subject: 'Confirm your email address for Solar Marketplace',
    text: [
      `Hi ${user.name},`,
      '',
      'Please confirm that this is your email address by opening this link:',
      '',
      `${publicUrl}/verify-email#token=${token}${returnTo ? `&next=${encodeURIComponent(returnTo)}` : ''}`,
      '',
      ...(returnTo ? ['It takes you back to the page you were on.', ''] : []),
      `The link works once and for ${EMAIL_VERIFICATION_TTL_MS / 86_400_000} days. Until you confirm, you can use your account but`,
      'cannot claim a business profile or launch a tender. If you did not create an account, you can ignore this email.',
    ].join('\n'),
  }),

  /** The token is in the fragment: browsers never send it to a server or in a Referer header. */
  passwordReset: (user: Pick<UserRow, 'email' | 'name'>, token: string, publicUrl: string): MailMessage => ({
    to: user.email,
    subject: 'Reset your Solar Marketplace password',
    text: [
      `Hi ${user.name},`,
      '',
      'We received a request to reset the password of your Solar Marketplace account.',
      'Open this link within 1 hour to choose a new password:',
      '',
      `${publicUrl}/reset-password#token=${token}`,
      '',
      'Or enter this reset token on the password reset page:',
      '',
      token,
      '',
      'The link can be used once. If you did not ask for a reset, you can ignore this email: your password stays the same.',
    ].join('\n'),
  }),

  passwordChanged: (user: Pick<UserRow, 'email' | 'name'>, publicUrl: string): MailMessage => ({
    to: user.email,
    subject: 'Your Solar Marketplace password was changed',
    text: [
      `Hi ${user.name},`,
      '',
      'The password of your Solar Marketplace account was just changed, and every signed-in device was signed out.',
      `If this was not you, reset your password at once: ${publicUrl}/reset-password`,
    ].join('\n'),
  }),

  deletionRequested: (user: Pick<UserRow, 'email' | 'name'>, dueAt: Date): MailMessage => ({
    to: user.email,
    subject: 'Your account deletion request',
    text: [
      `Hi ${user.name},`,
      '',
      `We received your request to delete your Solar Marketplace account. It will be deleted within ${DELETION_GRACE_DAYS} days`,
      `(on or after ${dueAt.toLocaleDateString('en-GB', { timeZone: 'Europe/London' })}).`,
      'If you change your mind, contact support before then and we will cancel the request.',
    ].join('\n'),
  }),
};
