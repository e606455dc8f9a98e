import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn, signUp, unique } from '../../support/accounts';
import { openBell } from '../../support/bell';
import { startFeedFixture } from '../../support/feeds';
import { atEveryWidth, mainPort, root, startOwnServer, type OwnServer } from '../../support/own-server';
import { stopProcess } from '../../support/processes';

/**
 * Issue 30's Done-when with the tender feeds (fixture feeds): a user saves a tender-board search and
 * watches an imported notice; the next Find a Tender run brings a new notice that matches the search
 * and the watched notice's correction (a later closing date and value); the mail and the bell say
 * so, and the mail's one-click unsubscribe (RFC 8058, as a mail client sends it) stops the search's mails.
 *
 * The feed fixture (`npm run feeds:fixture`, apps/server/src/features/tenders/feeds/fixture-scenario.ts)
 * serves three days of Find a Tender releases ending at FEEDS_FIXTURE_END. Ending them 27.5 hours
 * from now puts the correction of notice 201 36 minutes ahead and generated notice 266 ("Inverter
 * replacement for Frome housing PV systems", the fifth of its template, the other four in the burst
 * of day 2) forty minutes ahead: the first run, at start-up, reads everything before them. The
 * server's clock (TEST_CLOCK_FILE, decision 0550) starts at noon UTC of today, so that the first run
 * reads from midnight (TENDER_FEEDS_SINCE is a date) twelve hours at Find a Tender's pace, not two
 * or three days; it is then moved an hour, and an admin's 'Run now' reads the hour the clock passed,
 * as a real run would half an hour later.
 */
const port = Number(process.env.E2E_FEED_ALERTS_PORT ?? Number(mainPort) + 20);
const fixturePort = Number(process.env.E2E_FEED_ALERTS_FIXTURE_PORT ?? Number(mainPort) + 21);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SEARCH = '"inverter replacement"';
const NEW_NOTICE = 'Inverter replacement for Frome housing PV systems (266)';
/** Earlier notices of the same template: they match the search's words but were there before it was saved. */
const OLDER_NOTICES = ['(26)', '(86)', '(146)', '(206)'].map(
  (n) => `Inverter replacement for Frome housing PV systems ${n}`,
);
/** Corrected by its buyer (fixture-scenario.ts `correction`): value £220,000 → £235,000 and a later closing date. */
const WATCHED = 'Photovoltaic array at Ashford water treatment works (201)';

interface Status {
  id: string;
  lastRunAt: string | null;
  nextRunAt: string | null;
}

/** Find a Tender's status as the admin tab reads it. */
async function findATenderStatus(admin: Page): Promise<Status> {
  const res = await admin.request.get('/api/admin/data-sources');
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: Status[] };
  return data.find((s) => s.id === 'find-a-tender')!;
}

/** A notice on the board by its title (the visitor's board search). */
async function noticeId(page: Page, title: string): Promise<string | undefined> {
  const res = await page.request.get(
    `/api/tenders/public?${new URLSearchParams({ keywords: `"${title.replace(/ \(\d+\)$/, '')}"`, status: 'all' })}`,
  );
  if (!res.ok()) return undefined;
  const { data } = (await res.json()) as { data: Array<{ id: string; title: string }> };
  return data.find((t) => t.title === title)?.id;
}

test.describe('alerts from the tender feeds (issue 30, fixture feeds)', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;
  let fixture: ChildProcess | undefined;
  const clockFile = path.join(root, `.tmp/e2e-feed-alerts-clock-${port}`);
  /** The server's clock: the real time moved by this many milliseconds. */
  let offset = 0;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const midnight = Math.floor(Date.now() / DAY) * DAY;
    const now = midnight + 12 * HOUR;
    offset = now - Date.now();
    fixture = await startFeedFixture(fixturePort, new Date(now + 27.5 * HOUR));
    mkdirSync(path.dirname(clockFile), { recursive: true });
    writeFileSync(clockFile, String(offset));
    server = await startOwnServer({
      port,
      name: 'feed-alerts',
      env: {
        TENDER_FEEDS: 'find-a-tender',
        FIND_A_TENDER_URL: `http://127.0.0.1:${fixturePort}`,
        // The day-2 burst (the older notices, the watched one) is from 11.5 hours before the server's noon on.
        TENDER_FEEDS_SINCE: new Date(midnight).toISOString().slice(0, 10),
        ALERTS_EVERY_MS: '2000',
        TEST_CLOCK_FILE: clockFile,
      },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await stopProcess(fixture);
    rmSync(clockFile, { force: true });
  });

  test('a new notice from Find a Tender matches a saved search and a watched notice is corrected: mail, bell, one-click unsubscribe', async ({
    browser,
  }) => {
    test.setTimeout(360_000);
    const u = unique();
    const context = () => browser.newContext({ baseURL: server.base });
    const admin = await (await context()).newPage();
    await signIn(admin, DEMO.admin);

    // The start-up run reads the fixture up to now (paced at Find a Tender's documented limit, so it may take a few ticks).
    await expect
      .poll(
        async () => {
          const s = await findATenderStatus(admin);
          // Caught up: the next run is a period (30 minutes) after the last, not the next tick.
          return (
            s.lastRunAt !== null &&
            s.nextRunAt !== null &&
            Date.parse(s.nextRunAt) - Date.parse(s.lastRunAt) > 10 * 60_000
          );
        },
        { timeout: 240_000, intervals: [2_000] },
      )
      .toBe(true);

    // A provider saves a board search for an exact phrase, mailed as matches happen; the board already lists the older notices.
    const user = await (await context()).newPage();
    const email = `feed.alerts.${u}@example.com`;
    await signUp(user.request, { email, name: 'Frankie Feeds' });
    await server.verifyEmail(user.request, email);
    await user.goto(`/explore-tenders?${new URLSearchParams({ keywords: SEARCH })}`);
    for (const title of OLDER_NOTICES) await expect(user.getByRole('link', { name: title })).toBeVisible();
    await expect(user.getByRole('link', { name: NEW_NOTICE })).toHaveCount(0);
    await user.getByRole('button', { name: 'Save search' }).click();
    const dialog = user.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByLabel('Name').fill(`Inverter replacements ${u}`);
    await dialog.getByLabel('Email me').selectOption({ label: 'As they happen (within 15 minutes)' });
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(user.getByText('Search saved').first()).toBeVisible();

    // …and watches an imported notice.
    const watchedId = await noticeId(user, WATCHED);
    expect(watchedId, `${WATCHED} on the board`).toBeTruthy();
    await user.goto(`/tender/${watchedId}`);
    await expect(user.getByRole('heading', { level: 1, name: WATCHED })).toBeVisible();
    await user.getByRole('button', { name: 'Watch', exact: true }).click();
    await expect(user.getByRole('button', { name: 'Watching' })).toHaveAttribute('aria-pressed', 'true');
    expect(await noticeId(user, NEW_NOTICE)).toBeUndefined();

    // An hour passes on the server's clock; the admin runs Find a Tender now from the Data sources tab.
    const before = await findATenderStatus(admin);
    writeFileSync(clockFile, String(offset + HOUR));
    await admin.goto('/admin?tab=data-sources');
    const source = admin.getByRole('listitem', { name: 'Find a Tender' });
    await source.getByRole('button', { name: 'Run now' }).click();
    await expect
      .poll(async () => (await findATenderStatus(admin)).lastRunAt !== before.lastRunAt, { timeout: 60_000 })
      .toBe(true);

    // The match mail lists the new notice only (the older four were there before the search), with its one-click headers.
    const subject = new RegExp(`^1 new match for "Inverter replacements ${u}"$`);
    const matchMail = await server.mailTo(email, subject, 60_000);
    expect(matchMail).toContain(`- ${NEW_NOTICE}`);
    for (const title of OLDER_NOTICES) expect(matchMail).not.toContain(title);
    const newId = await noticeId(user, NEW_NOTICE);
    expect(newId, `${NEW_NOTICE} on the board`).toBeTruthy();
    expect(matchMail).toContain(`${server.base}/tender/${newId}`);
    const unsubscribeUrl = /^List-Unsubscribe: <(https?:\/\/\S+)>/m.exec(matchMail)?.[1];
    expect(unsubscribeUrl).toBeTruthy();
    expect(matchMail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // The watched notice's correction, from the same run.
    const watchMail = await server.mailTo(
      email,
      new RegExp(`^A tender you watch has changed: ${WATCHED.replace(/[()]/g, '\\$&')}$`),
      60_000,
    );
    expect(watchMail).toMatch(/The closing date changed from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}\./);
    expect(watchMail).toMatch(/The notice was corrected: [a-z, ]*value/);

    // The bell has both; the match opens the search with its last matches.
    const panel = await openBell(user, 2);
    const changed = panel.getByRole('link', { name: new RegExp(`^"${WATCHED.replace(/[()]/g, '\\$&')}" changed`) });
    await expect(changed).toContainText('The closing date changed');
    await atEveryWidth(user, 'feed-alerts-bell');
    // The watched notice reads as corrected.
    await changed.click();
    await expect(user.getByRole('heading', { level: 1, name: WATCHED })).toBeVisible();
    await expect(user.getByText('£235,000').first()).toBeVisible();
    await user.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await panel.getByRole('link', { name: new RegExp(`^1 new match for "Inverter replacements ${u}"`) }).click();
    const search = user.getByRole('listitem', { name: `Inverter replacements ${u}` });
    await expect(search).toContainText('1 match so far');
    await search.getByRole('link', { name: NEW_NOTICE }).click();
    await expect(user.getByRole('heading', { level: 1, name: NEW_NOTICE })).toBeVisible();
    await atEveryWidth(user, 'feed-alerts-new-notice');

    // The mail client's one-click unsubscribe (RFC 8058: a POST of List-Unsubscribe=One-Click, no cookie, no page).
    const oneClick = await fetch(unsubscribeUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    await user.goto('/dashboard?tab=searches');
    await expect(user.getByRole('listitem', { name: `Inverter replacements ${u}` })).toContainText('Off (no emails)');

    for (const p of [admin, user]) await p.context().close();
  });
});
