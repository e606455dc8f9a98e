import { z } from 'zod';
import { ACCOUNT_MESSAGES as M, BLOCKED_EMAIL_DOMAINS, PASSWORD_MAX_LENGTH, USER_TYPES } from '../constants/accounts';
import { isCommonPassword } from '../constants/common-passwords';
import { defineContract } from './contract';
import { errors, idParam, okBody, successEnvelope, visibleName } from './common';
import { about } from './fields';
import { emailField } from './email';

export { emailField };

/** Current user (docs/product/accounts.md#current-user): never a hash or a token. */
export const currentUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string(),
  type: z.enum(USER_TYPES),
  is_admin: z.boolean(),
  createdAt: z.string(),
  /** Set while an account deletion request is pending (decision 0105). */
  deletionRequestedAt: z.string().nullable().optional(),
  /** The account followed the link mailed to its address (decision 0337). */
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

// ---- Field rules (docs/product/accounts.md#validation): one schema per rule, used by the forms and the server alike ----

/** Trimmed and lower-cased before validation, on both sides (docs/product/accounts.md#validation). */

export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
/** A free-mail domain or any subdomain of one (`x@sub.gmail.com`), decision 0337. */
export const isBlockedEmail = (email: string) => {
  const domain = emailDomain(email.trim()).replace(/\.$/, '');
  return BLOCKED_EMAIL_DOMAINS.some((blocked) => domain === blocked || domain.endsWith(`.${blocked}`));
};

export const businessEmailField = emailField.refine((email) => !isBlockedEmail(email), M.businessEmail);

/** Names end up in lists and mail: no control or invisible characters (decision 0338). */
export const nameField = visibleName(z.string({ error: M.nameMin }).trim().min(2, M.nameMin).max(100, 'Name must be at most 100 characters'), 'Name');

export const companyField = visibleName(
  z.string({ error: M.companyMin }).trim().min(2, M.companyMin).max(150, 'Company name must be at most 150 characters'),
  'Company name',
);

/** Compared exactly as typed (never trimmed); long passphrases allowed (docs/security.md#authentication-passwords-sessions). */
export const newPasswordField = z
  .string({ error: M.passwordMin })
  .min(8, M.passwordMin)
  .max(PASSWORD_MAX_LENGTH, M.passwordMax)
  .regex(/[A-Z]/, M.passwordUpper)
  .regex(/[a-z]/, M.passwordLower)
  .regex(/[0-9]/, M.passwordDigit)
  .refine((p) => !isCommonPassword(p), M.passwordTooCommon);

export const userTypeField = z.enum(USER_TYPES, { error: M.accountType });

export const tokenField = z.string({ error: M.tokenRequired }).trim().min(1, M.tokenRequired).max(200, M.invalidToken);

const verificationTokenField = z.string({ error: M.verificationInvalid }).trim().min(1, M.verificationInvalid).max(200, M.verificationInvalid);

// ---- Bodies ----

export const signupBody = z.strictObject({
  email: businessEmailField,
  name: nameField,
  company: companyField,
  password: newPasswordField,
  type: userTypeField,
  /** Decision 0102: the new account files a pending claim on this provider. */
  providerId: z.string({ error: about('The profile to claim') }).trim().min(1).max(200).optional(),
  /** Issue 28 item 7: the page the verification link returns to (kept only if `safeRedirect` accepts it). */
  returnTo: z.string({ error: about('The page to return to') }).max(2048).optional(),
});
export type SignupBody = z.input<typeof signupBody>;

/** Checked even while other fields are still invalid, so the message shows as the user types. */
const mismatch = {
  path: ['confirmPassword'],
  message: M.passwordsDontMatch,
  when: (payload: { value: unknown }) => {
    const v = payload.value as { confirmPassword?: unknown } | null;
    return typeof v?.confirmPassword === 'string';
  },
};

/** The sign-up form (docs/product/accounts.md#sign-up): confirmPassword is checked here and never sent. */
export const signupFormSchema = signupBody
  .omit({ providerId: true, returnTo: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, mismatch);
export type SignupFormValues = z.input<typeof signupFormSchema>;

export const loginBody = z.strictObject({
  email: emailField,
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(1024, M.invalidCredentials),
});
export type LoginBody = z.input<typeof loginBody>;

export const forgotPasswordBody = z.strictObject({ email: emailField });
export const validateTokenBody = z.strictObject({ token: tokenField });
export const resetPasswordBody = z.strictObject({ token: tokenField, newPassword: newPasswordField });

export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordField, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, mismatch);

/**
 * The call lists email, name and company (docs/product/accounts.md#welcome-email); the server mails only the caller's own address and
 * ignores these fields (decision 0104), so the call can never become an open mail relay.
 */
export const welcomeEmailBody = z
  .object({ email: z.string().max(300).optional(), name: z.string().max(300).optional(), company: z.string().max(300).optional() })
  .nullish();

/** Email can never change here (docs/product/accounts.md#settings): unknown fields are refused. */
export const updateDetailsBody = z
  .strictObject({ name: nameField.optional(), company: companyField.optional() })
  .refine((v) => v.name !== undefined || v.company !== undefined, 'Nothing to update');

export const updateTypeBody = z.strictObject({ type: userTypeField });

export const verifyEmailBody = z.strictObject({ token: verificationTokenField });

/** The page the new verification link returns to (issue 28 item 7). */
export const resendVerificationBody = z.strictObject({ returnTo: z.string({ error: about('The page to return to') }).max(2048).optional() }).nullish();

export const requestDeletionBody = z.strictObject({ reason: z.string({ error: about('Reason') }).trim().max(1000).optional() }).nullish();

const userEnvelope = successEnvelope(currentUser);
const messageBody = z.object({ success: z.literal(true), message: z.string() });

// ---- Calls (docs/product/accounts.md#calls) ----

export const getMe = defineContract({
  method: 'GET',
  path: '/api/auth/me',
  access: 'public',
  source: 'accounts §7',
  summary: 'The signed-in user; 401 when signed out',
  response: { 200: userEnvelope, 401: errors[401] },
});

export const signup = defineContract({
  method: 'POST',
  path: '/api/auth/signup',
  access: 'public',
  source: 'accounts §7',
  summary: 'Create an account and sign in; the welcome email is sent by the server',
  body: signupBody,
  response: { 201: userEnvelope, 400: errors[400], 409: errors[409], 429: errors[429] },
});

export const login = defineContract({
  method: 'POST',
  path: '/api/auth/login',
  access: 'public',
  source: 'accounts §7',
  summary: 'Sign in: a new session (and cookie) at every sign-in',
  body: loginBody,
  response: { 200: userEnvelope, 400: errors[400], 401: errors[401], 429: errors[429] },
});

export const logout = defineContract({
  method: 'POST',
  path: '/api/auth/logout',
  access: 'public',
  source: 'accounts §7',
  summary: 'End the session on the server and clear the cookie',
  response: { 200: okBody },
});

export const welcomeEmail = defineContract({
  method: 'POST',
  path: '/api/auth/welcome-email',
  access: 'user',
  source: 'accounts §7',
  summary: "Send the welcome email again, to the caller's own address only",
  body: welcomeEmailBody,
  response: { 200: messageBody, 400: errors[400], 401: errors[401], 429: errors[429] },
});

export const forgotPassword = defineContract({
  method: 'POST',
  path: '/api/auth/forgot-password',
  access: 'public',
  source: 'accounts §7',
  summary: 'Mail a single-use reset link; the same neutral answer whether or not the account exists',
  body: forgotPasswordBody,
  response: { 200: messageBody, 400: errors[400], 429: errors[429] },
});

export const validateToken = defineContract({
  method: 'POST',
  path: '/api/auth/validate-token',
  access: 'public',
  source: 'accounts §7',
  summary: 'Check a reset token without using it',
  body: validateTokenBody,
  response: { 200: successEnvelope(z.object({ valid: z.literal(true) })), 400: errors[400], 429: errors[429] },
});

export const resetPassword = defineContract({
  method: 'POST',
  path: '/api/auth/reset-password',
  access: 'public',
  source: 'accounts §7',
  summary: "Set a new password with a reset token; ends all the user's sessions",
  body: resetPasswordBody,
  response: { 200: messageBody, 400: errors[400], 429: errors[429] },
});

export const updateDetails = defineContract({
  method: 'PATCH',
  path: '/api/auth/update-details',
  access: 'user',
  source: 'directory §2',
  summary: "Change the caller's name and company (never the email)",
  body: updateDetailsBody,
  response: { 200: userEnvelope, 400: errors[400], 401: errors[401], 429: errors[429] },
});

export const updateType = defineContract({
  method: 'POST',
  path: '/api/auth/update-type',
  access: 'user',
  source: 'directory §2',
  summary: "Change the caller's account type",
  body: updateTypeBody,
  response: { 200: userEnvelope, 400: errors[400], 401: errors[401], 429: errors[429] },
});

export const requestDeletion = defineContract({
  method: 'POST',
  path: '/api/auth/request-deletion',
  access: 'user',
  source: 'directory §2',
  summary: 'Record a deletion request; the account is deleted after 30 days unless an admin cancels it',
  body: requestDeletionBody,
  response: { 200: userEnvelope, 401: errors[401], 403: errors[403], 409: errors[409], 429: errors[429] },
});

export const verifyEmail = defineContract({
  method: 'POST',
  path: '/api/auth/verify-email',
  access: 'public',
  source: 'project',
  summary: 'Follow the link mailed at sign-up: marks the address verified (single-use token, 7 days); no session needed',
  body: verifyEmailBody,
  response: { 200: messageBody, 400: errors[400], 429: errors[429] },
});

export const resendVerification = defineContract({
  method: 'POST',
  path: '/api/auth/resend-verification',
  access: 'user',
  source: 'project',
  summary: "Mail a new verification link to the caller's own address, returning to a same-site page; 409 once verified",
  body: resendVerificationBody,
  response: { 200: messageBody, 401: errors[401], 409: errors[409], 429: errors[429] },
});

export const cancelDeletion = defineContract({
  method: 'POST',
  path: '/api/admin/users/:id/cancel-deletion',
  access: 'admin',
  source: 'project',
  summary: "Cancel a user's pending deletion request (admin)",
  params: idParam,
  response: { 200: messageBody, 401: errors[401], 403: errors[403], 404: errors[404] },
});
