import { expect, test, type Page } from '@playwright/test';
import { signUp, unique } from '../../support/accounts';
import { openBell } from '../../support/bell';
import { atEveryWidth, mainPort, startOwnServer, type OwnServer } from '../../support/own-server';

/**
 * Issue 30's loop in the browser, on a server of its own whose alerts job runs every two seconds
 * (ALERTS_EVERY_MS, decision 0536; five minutes by default): a user saves a tender-board search and
 * watches a tender; a new tender matches the search and the watched one's closing date moves; the
 * bell and the mail (this server's outbox files) say so; the mail's link stops the mails without
 * signing in.
 */
const port = Number(process.env.E2E_ALERTS_PORT ?? Number(mainPort) + 18);
const WHITSTABLE = { location: 'Whitstable', latitude: 51.3607, longitude: 1.0257 };

/** An open tender of the demo asset owner, through the API (creating tenders is tested in tenders). */
async function createTender(owner: Page, title: string) {
  const res = await owner.request.post('/api/tenders', {
    data: {
      service: 'Panel Cleaning',
      title,
      ...WHITSTABLE,
      description: `${title}: twice-yearly visits (alerts journey).`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string; closingDate: string } }).data;
}

/** The path and search of a link in a mail (links are built from PUBLIC_URL: this server). */
const linkAfter = (mail: string, label: string) => {
  const url = new RegExp(`${label} (https?://\\S+)`).exec(mail)?.[1];
  expect(url, `"${label}" link in the mail`).toBeTruthy();
  const { pathname, search } = new URL(url!);
  return pathname + search;
};

test.describe('alerts: saved searches, watched tenders, the bell and one-click unsubscribe (issue 30)', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer({ port, name: 'alerts', env: { ALERTS_EVERY_MS: '2000' } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a match and a change arrive in the bell and by mail; the mail stops in one click, signed out', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const u = unique();
    const context = () => browser.newContext({ baseURL: server.base });
    // A representative of their own on this server (the fixtures' users live on the main one).
    const owner = await (await context()).newPage();
    const ownerEmail = `alerts-owner.${u}@example.com`;
    await signUp(owner.request, { email: ownerEmail, name: 'Orla Owner', type: 'representative' });
    await server.verifyEmail(owner.request, ownerEmail);
    const watched = await createTender(owner, `Inverter servicing at Seasalter solar farm ${u}`);

    // A new user saves a tender-board search for a word, mailed as matches happen.
    const user = await (await context()).newPage();
    const email = `alerts.${u}@example.com`;
    await signUp(user.request, { email, name: 'Alex Alerts' });
    await server.verifyEmail(user.request, email);
    await user.goto('/explore-tenders?keywords=agrivoltaic');
    await user.getByRole('button', { name: 'Save search' }).click();
    const dialog = user.getByRole('dialog', { name: 'Save this search' });
    await expect(dialog).toContainText('Tender search:');
    await dialog.getByLabel('Name').fill(`Agrivoltaic work ${u}`);
    await dialog.getByLabel('Email me').selectOption({ label: 'As they happen (within 15 minutes)' });
    await atEveryWidth(user, 'alerts-save-search');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(user.getByText('Search saved').first()).toBeVisible();

    // …and watches a tender.
    await user.goto(`/tender/${watched.id}`);
    await user.getByRole('button', { name: 'Watch', exact: true }).click();
    await expect(user.getByRole('button', { name: 'Watching' })).toHaveAttribute('aria-pressed', 'true');

    // A new tender matches the search; the watched one's closing date moves a week later.
    const match = await createTender(owner, `Agrivoltaic array inspection at Hilltop Farm ${u}`);
    const later = new Date(new Date(watched.closingDate).getTime() + 7 * 86_400_000).toISOString();
    const extended = await owner.request.post(`/api/tenders/${watched.id}/extend`, { data: { closingDate: later } });
    expect(extended.status(), await extended.text()).toBe(200);

    // The mails, from this server's outbox: each with its one-click unsubscribe headers (RFC 8058).
    const matchMail = await server.mailTo(email, new RegExp(`^1 new match for "Agrivoltaic work ${u}"$`), 30_000);
    expect(matchMail).toContain(`- Agrivoltaic array inspection at Hilltop Farm ${u}`);
    expect(matchMail).toContain(`${server.base}/tender/${match.id}`);
    expect(matchMail).toMatch(/^List-Unsubscribe: <https?:\/\/\S+>/m);
    expect(matchMail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const watchMail = await server.mailTo(
      email,
      new RegExp(`^A tender you watch has changed: Inverter servicing at Seasalter solar farm ${u}$`),
      30_000,
    );
    expect(watchMail).toMatch(/The closing date changed from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}\./);

    const panel = await openBell(user, 2);
    await expect(
      panel.getByRole('link', { name: new RegExp(`^1 new match for "Agrivoltaic work ${u}"`) }),
    ).toBeVisible();
    await expect(
      panel.getByRole('link', { name: new RegExp(`^"Inverter servicing at Seasalter solar farm ${u}" changed`) }),
    ).toContainText('The closing date changed');
    await atEveryWidth(user, 'alerts-bell');
    // On a phone the list lies within the window (it hung off its left side).
    await user.setViewportSize({ width: 390, height: 844 });
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await user.setViewportSize({ width: 1280, height: 900 });

    // Opening the match reads it, and shows the search's last matches.
    await panel.getByRole('link', { name: new RegExp(`^1 new match for`) }).click();
    await expect(user).toHaveURL(/\/dashboard\?tab=searches&search=/);
    const search = user.getByRole('listitem', { name: `Agrivoltaic work ${u}` });
    await expect(search).toContainText('As they happen (within 15 minutes)');
    await expect(search).toContainText('1 match so far');
    await expect(search.getByRole('link', { name: `Agrivoltaic array inspection at Hilltop Farm ${u}` })).toBeVisible();
    await expect(user.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    await atEveryWidth(user, 'alerts-saved-searches');

    // The mail's 'Stop these emails' link, in a browser that is not signed in: it asks, then one click stops the mails.
    const visitor = await (await context()).newPage();
    await visitor.goto(linkAfter(matchMail, 'Stop these emails:'));
    await expect(visitor.getByText(`Stop the emails of your saved search "Agrivoltaic work ${u}"?`)).toBeVisible();
    await atEveryWidth(visitor, 'alerts-unsubscribe');
    await visitor.getByRole('button', { name: 'Stop emails' }).click();
    await expect(visitor.getByRole('status').filter({ hasText: 'You will no longer' })).toHaveText(
      `You will no longer get emails for the saved search "Agrivoltaic work ${u}". You can turn them on again under Saved searches in your dashboard.`,
    );
    await user.reload();
    await expect(user.getByRole('listitem', { name: `Agrivoltaic work ${u}` })).toContainText('Off (no emails)');

    // The watched tender's mail stops watching it the same way.
    await visitor.goto(linkAfter(watchMail, 'Stop watching it:'));
    await visitor.getByRole('button', { name: 'Stop emails' }).click();
    await expect(visitor.getByRole('status').filter({ hasText: 'You are no longer watching' })).toHaveText(
      `You are no longer watching "Inverter servicing at Seasalter solar farm ${u}".`,
    );
    await user.goto(`/tender/${watched.id}`);
    await expect(user.getByRole('button', { name: 'Watch', exact: true })).toHaveAttribute('aria-pressed', 'false');

    for (const p of [owner, user, visitor]) await p.context().close();
  });
});
