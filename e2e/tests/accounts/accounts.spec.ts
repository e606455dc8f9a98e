import type { Page } from '@playwright/test';
import { DEMO, NEW_PASSWORD as PASSWORD, signUp, unique } from '../../support/accounts';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { mailTo, verificationLink } from '../../support/outbox';
import { expect, test } from '../../support/users';

async function signUpViaApi(page: Page, email: string, name = 'Reset Tester') {
  await signUp(page.request, { email, name });
  await page.context().clearCookies();
}

/** Signs in through the form on the page (the journey under test), not the API. */
async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('accounts journeys', () => {
  test('sign up → welcome mail → sign in → dashboard → edit name → change type → log out', async ({ page }) => {
    // The longest journey (with the representative dashboard and a deletion request): 30 s is tight on a shared machine.
    test.setTimeout(90_000);
    const email = `ada.${unique()}@acme-solar.co.uk`;
    await page.goto('/register?redirect=/dashboard');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByLabel('Account type')).toHaveValue('provider');
    await page.getByLabel('Business email').fill('ada@gmail.com');
    await expect(page.getByText('Business email required')).toBeVisible();
    await page.getByLabel('Business email').fill(email);
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Company name').fill('Acme Solar Ltd');
    await page.getByLabel('Password', { exact: true }).fill('password');
    await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill('Mismatch42x');
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    // A right-to-left override would make the name display reversed in lists (decision 0338).
    await page.getByLabel('Full name').fill('Ada \u202Eecalevol');
    await expect(page.getByText('Name must not contain invisible or control characters (such as text direction overrides or zero-width spaces)')).toBeVisible();
    await lookAt(page, 'accounts-register-errors', { fullPage: true });
    await expectAccessible(page);
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Registration successful').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();
    await expect(page.getByText('Manage your services')).toBeVisible();
    const welcome = await mailTo(email, /Welcome/);
    expect(welcome).toContain('Hi Ada Lovelace');

    // Unverified (decision 0337): the banner on every page, a new link on request, and no claim yet.
    const banner = page.getByRole('region', { name: 'Email confirmation' });
    await expect(banner).toContainText(`Please confirm your email address: open the link we sent to ${email}.`);
    await banner.getByRole('button', { name: 'Send a new link' }).click();
    await expect(banner.getByRole('status')).toHaveText(`We have sent a new confirmation link to ${email}.`);
    await lookAt(page, 'accounts-verify-banner', { fullPage: false });
    await expectAccessible(page);
    await page.goto('/providers/lark-energy');
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: 'Claim this profile' }).click();
    await page.getByLabel('Your role at the company').fill('Director');
    await page.getByRole('button', { name: 'Submit claim' }).click();
    await expect(page.getByText('Please confirm your email address before claiming a profile').first()).toBeVisible();
    await page.keyboard.press('Escape');

    // The link from the outbox confirms the address and returns to the page the new link was
    // asked from (the dashboard, issue 28 item 7); the banner goes.
    const link = await verificationLink(email);
    expect(link).toMatch(/&next=%2Fdashboard$/);
    await page.goto(link);
    await expect(page.getByText('Your email address is confirmed. Thank you.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/); // the token is gone from the address
    await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await lookAt(page, 'accounts-verified', { fullPage: true });
    await expectAccessible(page);

    // Log out, then sign in again.
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('You have been logged out successfully.').first()).toBeVisible();
    await page.goto('/login?redirect=/dashboard');
    await signInWithForm(page, email.toUpperCase(), PASSWORD);
    await expect(page.getByText('You have been logged in successfully.').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create New Profile' })).toHaveAttribute('href', '/provider-create');
    await lookAt(page, 'accounts-dashboard-profile', { fullPage: true });
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Quotes' }).click();
    await expect(page.getByText('No quote requests received yet.')).toBeVisible();

    // Settings: edit the name inline.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    await page.getByRole('button', { name: 'Edit Full Name' }).click();
    await page.getByLabel('Full Name').fill('A');
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await page.getByLabel('Full Name').fill('Ada King');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Ada King' })).toBeVisible();
    await lookAt(page, 'accounts-dashboard-settings', { fullPage: true });
    await expectAccessible(page);

    // Change type with confirmation.
    await page.getByLabel('User Type').selectOption('representative');
    const dialog = page.getByRole('dialog', { name: 'Change account type?' });
    await expect(dialog).toBeVisible();
    await lookAt(page, 'accounts-type-dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Manage your solar assets')).toBeVisible();
    await expect(page.getByLabel('User Type')).toHaveValue('representative');

    // A representative sees what applies to them: no business-profile content, alerts or invitations (issue 19).
    await page.getByRole('tab', { name: 'Manage Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await expect(page.getByText('Active Business Profiles')).toHaveCount(0);
    await lookAt(page, 'accounts-dashboard-representative', { fullPage: true });
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Tenders' }).click();
    await expect(page.getByRole('heading', { name: 'My Tenders' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'New tender alerts' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Invitations' })).toHaveCount(0);
    await lookAt(page, 'accounts-dashboard-representative-tenders', { fullPage: true });
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Settings' }).click();

    // Danger Zone: cancel once, then request deletion; 'Contact support' is a link (issue 19).
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
    await lookAt(page, 'accounts-delete-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Request deletion' }).click();
    const support = page.getByRole('link', { name: /Contact support/ });
    await expect(support).toHaveAttribute('href', /^https?:\/\//);
    await expect(support).toHaveAttribute('target', '_blank');
    await lookAt(page, 'accounts-deletion-requested', { fullPage: true });
    await expectAccessible(page);

    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test('forgot password → token from the mail → new password → sign in', async ({ page }) => {
    const email = `reset.${unique()}@acme-solar.co.uk`;
    await signUpViaApi(page, email);
    const res = await page.goto('/reset-password');
    expect(res!.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await lookAt(page, 'accounts-reset-request', { fullPage: true });
    await expectAccessible(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset instructions' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your reset token' })).toBeVisible();
    await expect(page.getByText('If an account exists with this email, you will receive password reset instructions.').first()).toBeVisible();

    // Back goes one step back, and forward again.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset instructions' }).click();

    const mail = await mailTo(email, /Reset/);
    const token = /#token=([\w-]+)/.exec(mail)![1]!;
    await page.getByLabel('Reset token').fill('wrong-token');
    await page.getByRole('button', { name: 'Verify token' }).click();
    await expect(page.getByText('Invalid Token').first()).toBeVisible();
    await page.getByLabel('Reset token').fill(token);
    await lookAt(page, 'accounts-reset-token', { fullPage: true });
    await page.getByRole('button', { name: 'Verify token' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('NewSolar2027z');
    await page.getByLabel('Confirm new password').fill('NewSolar2027');
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm new password').fill('NewSolar2027z');
    await lookAt(page, 'accounts-reset-new-password', { fullPage: true });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Redirecting you to sign in...')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

    await signInWithForm(page, email, PASSWORD);
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    await signInWithForm(page, email, 'NewSolar2027z');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  });

  test('wrong passwords slow the guessing client with a clear wait, and the right password works once it is over', async ({ page }) => {
    const email = `throttle.${unique()}@acme-solar.co.uk`;
    await signUpViaApi(page, email, 'Throttle Tester');
    await page.goto('/login?redirect=/dashboard');
    // Five wrong passwords are free (decision 0336); then the client is told how long to wait.
    const statuses: number[] = [];
    let seconds = 0;
    for (let i = 0; i < 8 && !seconds; i++) {
      const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/auth/login')), signInWithForm(page, email, `WrongGuess${i}x`)]);
      statuses.push(res.status());
      if (res.status() === 429) seconds = Number(/try again in (\d+) seconds?\./.exec(((await res.json()) as { message: string }).message)![1]);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(seconds).toBeGreaterThan(0);
    await expect(page.getByText(`Too many failed sign-in attempts. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`).first()).toBeVisible();
    await lookAt(page, 'accounts-login-throttled', { fullPage: false });
    await page.waitForTimeout(seconds * 1000 + 200);
    await signInWithForm(page, email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Welcome, Throttle Tester' })).toBeVisible();
  });

  test('the reset link carries the token in its fragment and pre-fills the token step', async ({ page }) => {
    const email = `link.${unique()}@acme-solar.co.uk`;
    await signUpViaApi(page, email);
    await page.request.post('/api/auth/forgot-password', { data: { email } });
    const link = /(http\S+#token=[\w-]+)/.exec(await mailTo(email, /Reset/))![1]!;
    await page.goto(link.replace(/^http:\/\/localhost:\d+/, ''));
    await expect(page.getByRole('heading', { name: 'Enter your reset token' })).toBeVisible();
    await expect(page.getByLabel('Reset token')).toHaveValue(/^[\w-]{43}$/);
    await expect(page).toHaveURL(/\/reset-password$/); // the fragment is removed from the address
  });

  test('redirects are same-site only; guarded pages send visitors to sign in and back', async ({ page }) => {
    const email = `guard.${unique()}@acme-solar.co.uk`;
    await signUpViaApi(page, email, 'Guard Tester');
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/..//evil.example', '/%2F%2Fevil.example']) {
      await page.goto(`/auth?redirect=${encodeURIComponent(target)}`);
      await signInWithForm(page, email, PASSWORD);
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
      await page.context().clearCookies();
    }
    await page.goto('/dashboard?tab=settings');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%3Ftab%3Dsettings$/);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await lookAt(page, 'accounts-login', { fullPage: true });
    await expectAccessible(page);
    await signInWithForm(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\?tab=settings$/);
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

    // /admin is the not-found page for a non-admin.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });

  test('a representative who confirms their email from the tender form lands back on the tender form (issue 28 item 7)', async ({ page }) => {
    test.setTimeout(60_000);
    const email = `rita.${unique()}@acme-solar.co.uk`;
    // Where the tender form's 'Authentication Required' dialog sends a visitor who chooses Register.
    await page.goto('/register?redirect=%2Flist-a-tender');
    await page.getByLabel('Account type').selectOption('representative');
    await page.getByLabel('Business email').fill(email);
    await page.getByLabel('Full name').fill('Rita Representative');
    await page.getByLabel('Company name').fill('Fenland Solar Ltd');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/list-a-tender$/);
    await expect(page.getByRole('heading', { name: 'List a Tender' })).toBeVisible();
    const banner = page.getByRole('region', { name: 'Email confirmation' });
    await expect(banner).toBeVisible();

    // The link mailed at sign-up returns here, and so does a new one asked for from this page.
    expect(await verificationLink(email)).toMatch(/&next=%2Flist-a-tender$/);
    await banner.getByRole('button', { name: 'Send a new link' }).click();
    await expect(banner.getByRole('status')).toHaveText(`We have sent a new confirmation link to ${email}.`);
    const link = await verificationLink(email);
    expect(link).toMatch(/&next=%2Flist-a-tender$/);

    // Opened later, from somewhere else (a mail client opens a new page).
    await page.goto('/providers');
    await page.goto(link);
    await expect(page).toHaveURL(/\/list-a-tender$/);
    await expect(page.getByRole('heading', { name: 'List a Tender' })).toBeVisible();
    await expect(page.getByText('Your email address is confirmed. Thank you.').first()).toBeVisible();
    await expect(banner).toHaveCount(0);
    await lookAt(page, 'accounts-verified-back-on-tender-form', { fullPage: false });
    await expectAccessible(page);
  });

  test('admins get the admin dashboard on /dashboard and /admin, without a Danger Zone', async ({ page }) => {
    await page.goto('/auth/login?redirect=/dashboard');
    // The admin the e2e server makes at its start (ADMIN_EMAIL): no route makes an admin.
    await signInWithForm(page, DEMO.admin.email, DEMO.admin.password);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText('Danger Zone')).toHaveCount(0);
  });

  test('sign-up with type=provider fixes the type', async ({ page }) => {
    await page.goto('/auth/register?type=provider');
    await expect(page.getByLabel('Business email')).toBeVisible();
    await expect(page.getByLabel('Account type')).toHaveCount(0);
  });
});

test.describe('accounts on small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('sign-in, sign-up and dashboard fit a phone', async ({ page, provider }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await lookAt(page, 'accounts-login-mobile', { fullPage: true });
    await page.goto('/register');
    await lookAt(page, 'accounts-register-mobile', { fullPage: true });
    await page.goto('/login?redirect=/dashboard');
    await signInWithForm(page, provider.email, provider.password);
    await expect(page.getByRole('heading', { name: 'Welcome, Priya Provider' })).toBeVisible();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await lookAt(page, 'accounts-dashboard-mobile', { fullPage: true });
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });

  test('the email confirmation banner fits a phone', async ({ page }) => {
    const email = `phone.${unique()}@acme-solar.co.uk`;
    const res = await page.request.post('/api/auth/signup', { data: { email, name: 'Pat Phone', company: 'Acme Solar Ltd', password: PASSWORD, type: 'provider' } });
    expect(res.status()).toBe(201);
    await page.goto('/dashboard');
    const banner = page.getByRole('region', { name: 'Email confirmation' });
    await expect(banner).toContainText(email);
    await banner.getByRole('button', { name: 'Send a new link' }).click();
    await expect(banner.getByRole('status')).toBeVisible();
    await lookAt(page, 'accounts-verify-banner-mobile', { fullPage: false });
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  });
});
