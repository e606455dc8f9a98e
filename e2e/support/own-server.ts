import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, lookAt } from './fixtures';
import { endWithWorker, stopProcess } from './processes';

/**
 * A journey's own server: a copy of the journeys' seeded snapshot in its own data folder, with
 * settings the main journey server does not have (a feed, a faster alerts job). `prepare` runs on
 * that folder before the server starts (one process per PGlite folder), e.g. an import command.
 * Its mail is read from its own outbox folder. (trust.spec.ts and repd-history.spec.ts do the same inline.)
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const mainPort = process.env.E2E_PORT ?? '3100';

export const waitFor = async (check: () => Promise<boolean>, ms: number, what: string) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${what}`);
};

export interface OwnServer {
  base: string;
  dataDir: string;
  stop(): Promise<void>;
  /** The newest mail to `address` whose subject matches, waiting up to `ms`. */
  mailTo(address: string, subject: RegExp, ms?: number): Promise<string>;
  /** Verifies an address with the link this server mailed (decision 0337). */
  verifyEmail(request: APIRequestContext, address: string): Promise<void>;
}

export async function startOwnServer(options: { port: number; name: string; env?: NodeJS.ProcessEnv; prepare?(dataDir: string): void | Promise<void> }): Promise<OwnServer> {
  const base = `http://localhost:${options.port}`;
  const snapshot = path.join(root, `.tmp/e2e-snapshot-${mainPort}`);
  if (!existsSync(path.join(snapshot, 'pgdata'))) throw new Error(`no journey snapshot at ${snapshot}: the main server seeds it`);
  const dataDir = path.join(root, `.tmp/e2e-${options.name}-data-${options.port}`);
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(snapshot, dataDir, { recursive: true });
  await options.prepare?.(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(options.port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin.e2e@example.com',
    ADMIN_PASSWORD: 'AdminE2e2026!',
    ...options.env,
  };
  delete env.DATABASE_URL;
  const child: ChildProcess = endWithWorker(spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], { cwd: root, env, stdio: 'ignore' }));
  await waitFor(async () => (await fetch(`${base}/api/health/ready`)).ok, 90_000, `the ${options.name} server`).catch(async (error: unknown) => {
    await stopProcess(child);
    throw error;
  });

  const outbox = path.join(dataDir, 'outbox');
  const mailTo = async (address: string, subject: RegExp, ms = 15_000) => {
    let found: string | undefined;
    await waitFor(
      async () => {
        found = (existsSync(outbox) ? readdirSync(outbox) : [])
          .sort()
          .reverse()
          .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
          .find((text) => {
            const [, to, subj] = /^To: (.*)\nSubject: (.*)\n/.exec(text) ?? [];
            return to === address && subject.test(subj ?? '');
          });
        return Boolean(found);
      },
      ms,
      `a mail ${subject} to ${address}`,
    );
    return found!;
  };
  return {
    base,
    dataDir,
    stop: () => stopProcess(child),
    mailTo,
    async verifyEmail(request, address) {
      const token = /#token=([\w-]+)/.exec(await mailTo(address, /Confirm your email address/))?.[1];
      expect((await request.post(`${base}/api/auth/verify-email`, { data: { token } })).status()).toBe(200);
    },
  };
}

/**
 * Desktop (1280), tablet (1024) and phone (390): nothing wider than the window, a full-page
 * screenshot each (test-results/screenshots/<name>-desktop|tablet|mobile.png), axe clean at each.
 */
export async function atEveryWidth(page: Page, name: string) {
  for (const width of [1280, 1024, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(widths.client);
    await lookAt(page, `${name}-${width === 390 ? 'mobile' : width === 1024 ? 'tablet' : 'desktop'}`, { fullPage: true });
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
