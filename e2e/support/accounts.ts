import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { verificationLink } from './outbox';

export interface Account {
  email: string;
  password: string;
}

/**
 * The one account journeys share: the admin the e2e server makes at its start from ADMIN_EMAIL
 * (e2e/scripts/serve.mjs), as production does; no route makes an admin. Every other user a journey
 * makes for itself (e2e/support/users.ts); none signs in as a seeded demo account (decision 0595).
 */
export const DEMO = {
  admin: { email: 'admin.e2e@example.com', password: 'AdminE2e2026!' },
} as const satisfies Record<string, Account>;

/** The password of the accounts journeys create for themselves. */
export const NEW_PASSWORD = 'SolarPanel42x';

/** A short unique suffix for names and emails, so runs never collide. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Signs the page in through the API (its request context shares the page's cookies), starting from
 * no session so a second sign-in in one journey switches accounts cleanly.
 */
export async function signIn(page: Page, account: Account) {
  await page.context().clearCookies();
  const res = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(res.ok(), `sign in as ${account.email}`).toBe(true);
}

/** A random documentation-range address (TEST-NET-3, RFC 5737) for one visitor. */
const clientAddress = () => `203.0.113.${1 + Math.floor(Math.random() * 254)}`;

/**
 * Creates an account (provider-type unless `type` says otherwise) through the API (which also signs that request context in); with
 * `providerId`, the sign-up claims that profile. Returns its email, not yet verified.
 */
export async function signUp(
  request: APIRequestContext,
  { email, name, providerId, type = 'provider' }: { email: string; name: string; providerId?: string; type?: 'provider' | 'representative' },
) {
  const res = await request.post('/api/auth/signup', {
    data: { email, name, company: 'Acme Solar Ltd', password: NEW_PASSWORD, type, ...(providerId && { providerId }) },
    // Each new user signs up from an address of their own, as real users do: the suite makes more
    // accounts in an hour than one address may (signupPerIp); the e2e server trusts loopback as its proxy.
    headers: { 'X-Forwarded-For': clientAddress() },
  });
  expect(res.status(), `sign up ${email}`).toBe(201);
  return email;
}

/** Follows the verification link through the API, for journeys about something else (decision 0337). */
export async function verifyEmail(request: APIRequestContext, address: string) {
  const token = /#token=([\w-]+)/.exec(await verificationLink(address))![1]!;
  // From the user's own address too: the suite verifies more accounts in an hour than one address may (verifyEmailPerIp).
  const res = await request.post('/api/auth/verify-email', { data: { token }, headers: { 'X-Forwarded-For': clientAddress() } });
  expect(res.status(), `verify ${address}`).toBe(200);
}
