import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO, NEW_PASSWORD, signIn, signUp as signUpAccount, unique, verifyEmail } from '../../support/accounts';
import { expectAccessible, lookAt } from '../../support/fixtures';

const ADMIN = DEMO.admin;
const APPROVED = 'Your business claim has been approved. You can now edit your business profile.';
const REJECTED = 'Your claim request was not approved. Please contact support for more information.';
const PENDING = "Your claim request is being reviewed. We'll notify you once it's processed.";

/** A new account, signed in on `request`; claims need its email verified (decision 0337). */
async function signUp(request: APIRequestContext, name: string, opts: { verify?: boolean; providerId?: string } = {}) {
  const email = await signUpAccount(request, { email: `claimant.${unique()}@acme-solar.co.uk`, name, providerId: opts.providerId });
  if (opts.verify) await verifyEmail(request, email);
  return email;
}

/**
 * Unclaimed seeded profiles, so each test claims its own: each parallel worker reads a page of its
 * own, and the pick is random within it (two journeys claiming one profile at once race).
 */
async function unclaimedProviders(request: APIRequestContext, count: number) {
  const res = await request.get(`/api/providers/search?pageSize=48&sort=name&page=${3 + test.info().parallelIndex}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: Array<{ id: string; slug: string; businessName: string; claimed: boolean; claimApproved: boolean }> };
  const free = body.data.filter((p) => !p.claimed && !p.claimApproved);
  expect(free.length).toBeGreaterThanOrEqual(count);
  return free.sort(() => Math.random() - 0.5).slice(0, count);
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, ADMIN);
  return page;
}

test.describe('admin journeys', () => {
  test('a provider claims a profile, the admin approves it, the provider can edit it', async ({ page, browser }) => {
    // Two browsers, three pages with axe and screenshots at two widths: 30 s is tight on a shared machine.
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUp(page.request, 'Clara Claimant', { verify: true });
    const [profile] = await unclaimedProviders(page.request, 1);

    // The provider claims the unclaimed profile.
    await page.goto(`/providers/${profile!.slug}`);
    await page.getByRole('button', { name: 'Claim this profile' }).click();
    await page.getByLabel('Your role at the company').fill('Managing Director');
    await page.getByRole('button', { name: 'Submit claim' }).click();
    await expect(page.getByText('Claim Submitted', { exact: true })).toBeVisible();

    // The dashboard shows the pending claim and its message.
    await page.goto('/dashboard');
    const pendingClaim = page.getByRole('listitem', { name: `Claim on ${profile!.businessName}` });
    await expect(pendingClaim.getByText(PENDING)).toBeVisible();
    await expect(pendingClaim.getByText('Not reviewed yet')).toBeVisible();

    // The admin sees it pending and approves it.
    const admin = await adminPage(browser);
    await admin.goto('/admin?tab=claims');
    await expect(admin.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    const card = admin.getByRole('listitem', { name: `Claim on ${profile!.businessName} by Clara Claimant` });
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect(card.getByText('Role: Managing Director')).toBeVisible();
    await lookAt(admin, 'admin-claims-desktop', { fullPage: true });
    await expectAccessible(admin);
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByRole('dialog', { name: 'Approve this claim?' })).toBeVisible();
    await expectAccessible(admin);
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText('Claim approved', { exact: true })).toBeVisible();
    const approvedSection = admin.getByRole('region', { name: /Approved claims/ });
    await expect(approvedSection.getByRole('listitem', { name: `Claim on ${profile!.businessName} by Clara Claimant` })).toBeVisible();
    await admin.context().close();

    // The claimant sees the approval, the active profile, and can edit it.
    await page.goto('/dashboard');
    const claim = page.getByRole('listitem', { name: `Claim on ${profile!.businessName}` });
    await expect(claim.getByText(APPROVED)).toBeVisible();
    await expect(claim.getByText('Approved', { exact: true })).toBeVisible();
    await expect(claim.getByText(/Reviewed on \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    const active = page.getByRole('list', { name: 'Active Business Profiles' });
    await expect(active.getByText(profile!.businessName)).toBeVisible();
    await lookAt(page, 'manage-profile-approved-desktop', { fullPage: true });
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, 'manage-profile-approved-mobile', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await active.getByRole('link', { name: `Edit Profile: ${profile!.businessName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/providers/${profile!.slug}$`));
    await expect(page.getByRole('button', { name: 'Edit name and type' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Claim this profile' })).toHaveCount(0);
  });

  test('a claim filed at sign-up waits for the claimant to confirm their email before it can be approved', async ({ page, browser }) => {
    const [profile] = await unclaimedProviders(page.request, 1);
    const email = await signUp(page.request, 'Ursula Unconfirmed', { providerId: profile!.id });

    const admin = await adminPage(browser);
    await admin.goto('/admin?tab=claims');
    const card = admin.getByRole('listitem', { name: `Claim on ${profile!.businessName} by Ursula Unconfirmed` });
    await expect(card.getByText('Email not confirmed', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await expect(card.getByText('The claimant has not confirmed their email address yet.', { exact: false })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await lookAt(admin, 'admin-claim-unverified-desktop');
    await expectAccessible(admin);

    await verifyEmail(page.request, email);
    await admin.reload();
    await expect(card.getByText('Email confirmed', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Approve' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText('Claim approved', { exact: true })).toBeVisible();
    await admin.context().close();
  });

  test('a rejected claim shows its message', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUp(page.request, 'Rory Rejected', { verify: true });
    const [profile] = await unclaimedProviders(page.request, 1);
    const res = await page.request.post(`/api/providers/${profile!.id}/claim`, { data: { companyRole: 'Intern', message: '', force: true } });
    expect(res.ok()).toBe(true);

    const admin = await adminPage(browser);
    await admin.goto('/admin?tab=claims');
    const card = admin.getByRole('listitem', { name: `Claim on ${profile!.businessName} by Rory Rejected` });
    await card.getByRole('button', { name: 'Reject' }).click();
    await admin.getByLabel('Note for the claimant (optional)').fill('We could not verify your role.');
    await admin.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
    await expect(admin.getByText('Claim rejected', { exact: true })).toBeVisible();
    await expect(admin.getByRole('region', { name: /Rejected claims/ }).getByRole('listitem', { name: `Claim on ${profile!.businessName} by Rory Rejected` })).toBeVisible();
    await admin.context().close();

    await page.goto('/dashboard');
    const claim = page.getByRole('listitem', { name: `Claim on ${profile!.businessName}` });
    await expect(claim.getByText(REJECTED)).toBeVisible();
    await expect(claim.getByText('Note from our team: We could not verify your role.')).toBeVisible();
    await expect(claim.getByRole('link', { name: /Edit Profile/ })).toHaveCount(0);
    await expect(page.getByText('No active business profiles yet.', { exact: false })).toBeVisible();
    await lookAt(page, 'manage-profile-rejected-desktop', { fullPage: true });
    await expectAccessible(page);
  });

  test('users tab: search, inline edit, grant admin with confirmation, suspend and reinstate; other tabs render', async ({ browser }) => {
    // Every admin tab at three widths with axe: longer than the default 30 s on a shared machine.
    test.setTimeout(120_000);
    const admin = await adminPage(browser);
    const email = await signUp(admin.context().request, 'Edward Editable');
    // Signing up signed the context in as Edward: sign in as the admin again.
    await signIn(admin, ADMIN);
    await admin.goto('/admin');
    await expect(admin.getByRole('heading', { name: /^Users/ })).toBeVisible();
    await admin.getByLabel('Search users').fill('zzzz-nobody-here');
    await expect(admin.getByText('No users found')).toBeVisible();
    await admin.getByLabel('Search users').fill(email);
    const row = admin.getByRole('listitem', { name: 'Edward Editable' });
    await expect(row).toBeVisible();
    await lookAt(admin, 'admin-users-desktop', { fullPage: true });
    await expectAccessible(admin);

    await row.getByRole('button', { name: 'Edit Edward Editable' }).click();
    const form = admin.getByRole('form', { name: 'Edit Edward Editable' });
    await form.getByLabel('Name').fill('E');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
    await form.getByLabel('Name').fill('Edwina Edited');
    await form.getByLabel('Company').fill('Edited Solar Ltd');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('User updated', { exact: true })).toBeVisible();
    // By the unique email, so a retry of this test never sees an earlier run's row.
    await admin.getByLabel('Search users').fill(email);
    const edited = admin.getByRole('listitem', { name: 'Edwina Edited' });
    await expect(edited.getByText(/Edited Solar Ltd/)).toBeVisible();

    await edited.getByRole('button', { name: 'Grant admin' }).click();
    await expect(admin.getByRole('dialog', { name: 'Grant admin access?' })).toBeVisible();
    await admin.getByRole('dialog').getByRole('button', { name: 'Grant admin' }).click();
    await expect(edited.getByText('Admin', { exact: true })).toBeVisible();
    await edited.getByRole('button', { name: 'Revoke admin' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Revoke admin' }).click();
    await expect(edited.getByRole('button', { name: 'Grant admin' })).toBeVisible();

    // Issue 28 item 8: the columns, and suspension (decision 0424).
    await expect(edited.getByText('Email address')).toBeVisible();
    await expect(edited.getByText('Email not confirmed', { exact: true })).toBeVisible();
    await expect(edited.getByText('Last sign-in')).toBeVisible();
    await edited.getByRole('button', { name: 'Suspend' }).click();
    const suspendDialog = admin.getByRole('dialog', { name: 'Suspend this account?' });
    await expect(suspendDialog).toBeVisible();
    await expectAccessible(admin);
    await suspendDialog.getByRole('button', { name: 'Suspend account' }).click();
    await expect(admin.getByText('Account suspended', { exact: true })).toBeVisible();
    await expect(edited.getByText('Suspended', { exact: true })).toBeVisible();
    const elsewhere = await browser.newContext();
    const blocked = await elsewhere.request.post(new URL('/api/auth/login', admin.url()).href, { data: { email, password: NEW_PASSWORD } });
    expect(blocked.status()).toBe(403);
    await elsewhere.close();
    await edited.getByRole('button', { name: 'Reinstate' }).click();
    await admin.getByRole('dialog', { name: 'Reinstate this account?' }).getByRole('button', { name: 'Reinstate' }).click();
    await expect(edited.getByRole('button', { name: 'Suspend' })).toBeVisible();
    // The admin's own row: no suspending oneself, said in words.
    await admin.getByLabel('Search users').fill(ADMIN.email);
    const self = admin.getByRole('listitem').filter({ hasText: ADMIN.email });
    await expect(self.getByRole('button', { name: 'Suspend' })).toBeDisabled();
    await expect(self.getByText(/You cannot suspend your own account|The only admin/)).toBeVisible();
    await admin.getByLabel('Search users').fill(email);
    await expect(edited).toBeVisible();
    for (const [width, name] of [[1280, 'desktop'], [1024, 'tablet'], [390, 'mobile']] as const) {
      await admin.setViewportSize({ width, height: 900 });
      await lookAt(admin, `admin-users-${name}`, { fullPage: true });
      expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scrolling at ${width}px`).toBe(true);
    }
    await expectAccessible(admin);
    await admin.setViewportSize({ width: 1280, height: 900 });

    await admin.getByRole('tab', { name: 'Tenders' }).click();
    await expect(admin.getByRole('heading', { name: /^Open tenders/ })).toBeVisible();
    await expect(admin.getByRole('heading', { name: /^Drafts/ })).toBeVisible();
    await expect(admin.getByRole('heading', { name: /^Cancelled tenders/ })).toBeVisible();
    await expectAccessible(admin);
    for (const [width, name] of [[1280, 'desktop'], [1024, 'tablet'], [390, 'mobile']] as const) {
      await admin.setViewportSize({ width, height: 900 });
      await lookAt(admin, `admin-tenders-${name}`);
    }
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.getByRole('tab', { name: 'Analytics' }).click();
    await expect(admin.getByText('Page views per day')).toBeVisible();
    await expectAccessible(admin);
    await lookAt(admin, 'admin-analytics-desktop', { fullPage: true });
    await admin.getByRole('tab', { name: 'Waiting' }).click();
    await expect(admin.getByRole('heading', { name: 'Waiting on unclaimed providers' })).toBeVisible();
    await expectAccessible(admin);
    await lookAt(admin, 'admin-waiting-desktop', { fullPage: true });
    await admin.getByRole('tab', { name: 'Audit Log' }).click();
    await expect(admin.getByText(/suspended Edwina Edited$/).first()).toBeVisible();
    await expect(admin.getByText(/reinstated Edwina Edited$/).first()).toBeVisible();
    await expect(admin.getByText(/UK time/).first()).toBeVisible();
    await expectAccessible(admin);
    for (const [width, name] of [[1280, 'desktop'], [1024, 'tablet'], [390, 'mobile']] as const) {
      await admin.setViewportSize({ width, height: 900 });
      await lookAt(admin, `admin-audit-${name}`);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scrolling at ${width}px`).toBe(true);
    }
    await admin.context().close();
  });

  test('a non-admin sees the not-found page on /admin and the account dashboard on /dashboard', async ({ page }) => {
    await signUp(page.request, 'Norma Nonadmin');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Admin Dashboard')).toHaveCount(0);
    expect((await page.request.get('/api/admin/users')).status()).toBe(403);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Norma Nonadmin' })).toBeVisible();
    await expect(page.getByText('No active business profiles yet.', { exact: false })).toBeVisible();
    await expectAccessible(page);
  });
});
