import AxeBuilder from '@axe-core/playwright';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Axe scan of the current page: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Where screenshots that a person looks at are written (kept out of git). */
export const shot = (name: string) =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/screenshots', `${name}.png`);

const outboxDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), `../../.tmp/e2e-data-${process.env.E2E_PORT ?? '3100'}/outbox`);

/** The server writes each outbox mail as a file (To, Subject, body); waits for the newest matching one. */
export async function mailTo(address: string, subject: RegExp): Promise<string> {
  for (let i = 0; i < 50; i++) {
    let files: string[] = [];
    try {
      files = readdirSync(outboxDir);
    } catch {
      /* not created yet */
    }
    for (const file of files.sort().reverse()) {
      const text = readFileSync(path.join(outboxDir, file), 'utf8');
      const [, to, subj] = /^To: (.*)\nSubject: (.*)\n/.exec(text) ?? [];
      if (to === address && subject.test(subj ?? '')) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail ${subject} to ${address}`);
}

/** The verification link mailed at sign-up (decision 0337), as a path on this server. */
export async function verificationLink(address: string): Promise<string> {
  const mail = await mailTo(address, /Confirm your email address/);
  return /https?:\/\/[^/\s]+(\/verify-email#token=[\w-]+)/.exec(mail)![1]!;
}

/** Follows the verification link through the API, for journeys about something else. */
export async function verifyEmail(request: APIRequestContext, address: string) {
  const token = /#token=([\w-]+)/.exec(await verificationLink(address))![1]!;
  const res = await request.post('/api/auth/verify-email', { data: { token } });
  expect(res.status()).toBe(200);
}
