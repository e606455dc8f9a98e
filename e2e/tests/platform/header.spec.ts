import { DEMO, NEW_PASSWORD, signIn, signUp, unique, type Account } from '../../support/accounts';
import { chromiumLaunch } from '../../support/chromium';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { expect, test } from '../../support/users';

/** The header at tablet widths (decisions 0350, 0500). */
// A desktop browser's classic scrollbar: the page keeps its 15 px gutter (`scrollbar-gutter: stable`),
// which headless Chromium hides unless told not to; the admin's header overflowed only with it.
test.use({ launchOptions: { ...chromiumLaunch, ignoreDefaultArgs: ['--hide-scrollbars'] } });

test('stays on one line inside the window at 768, 900 and 1024 px in every role', async ({ page, provider, representative }) => {
  test.setTimeout(120_000);
  const user = `header-user-${unique()}@example.com`;
  await signUp(page.request, { email: user, name: 'Header User' });
  const roles: Array<[string, Account | null]> = [
    ['visitor', null],
    ['user', { email: user, password: NEW_PASSWORD }],
    ['provider-owner', provider],
    ['representative', representative],
    // The admin the e2e server makes at its start (ADMIN_EMAIL): no route makes an admin.
    ['admin', DEMO.admin],
  ];
  const problems: string[] = [];
  for (const [role, account] of roles) {
    if (account) await signIn(page, account);
    else await page.context().clearCookies();
    for (const width of [768, 900, 1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/providers');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('header').getByRole('button', { name: 'Loading...' })).toHaveCount(0);
      const bar = await page.evaluate(() => {
        const row = document.querySelector('header > div')!;
        const style = getComputedStyle(row);
        const right = row.getBoundingClientRect().right - parseFloat(style.paddingRight);
        const items = Array.from(row.querySelectorAll('a, button'))
          .filter((e) => (e as HTMLElement).offsetParent !== null)
          .map((e) => {
            const box = e.getBoundingClientRect();
            return { text: e.textContent!.trim() || e.getAttribute('aria-label')!, right: box.right, height: box.height };
          });
        return { height: row.getBoundingClientRect().height, right, window: document.documentElement.clientWidth, items };
      });
      const where = `${role} at ${width} px`;
      if (bar.height > 64) problems.push(`${where}: the bar is ${bar.height} px high`);
      for (const item of bar.items) {
        if (item.height > 44) problems.push(`${where}: '${item.text}' wraps (${item.height} px high)`);
        if (item.right > bar.right + 0.5) problems.push(`${where}: '${item.text}' ends at ${Math.round(item.right)} px, past the header's edge at ${Math.round(bar.right)} px (window ${bar.window} px)`);
      }
      if (width === 1024 || width === 768 || (width === 1280 && role === 'admin')) {
        await lookAt(page, `header-${width}-${role}`, { clip: { x: 0, y: 0, width, height: 140 } });
      }
    }
  }
  expect(problems).toEqual([]);
  await expectAccessible(page);
});
