import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e server writes each outbox mail as a file: To, Subject, then the body. */
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), `../../.tmp/e2e-data-${process.env.E2E_PORT ?? '3100'}/outbox`);

/** Every mail in the outbox, oldest file name first. */
export function outbox(): string[] {
  try {
    return readdirSync(dir)
      .sort()
      .map((file) => readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    return [];
  }
}

export const mailsTo = (to: string) => outbox().filter((text) => text.startsWith(`To: ${to}\n`));

/** Waits (up to 10 s) for the newest mail to `address` whose subject matches. */
export async function mailTo(address: string, subject: RegExp): Promise<string> {
  for (let i = 0; i < 50; i++) {
    for (const text of outbox().reverse()) {
      const [, to, subj] = /^To: (.*)\nSubject: (.*)\n/.exec(text) ?? [];
      if (to === address && subject.test(subj ?? '')) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail ${subject} to ${address}`);
}

/** The newest verification link mailed to `address` (decision 0337), as a path on this server, with its return path if any. */
export async function verificationLink(address: string): Promise<string> {
  const mail = await mailTo(address, /Confirm your email address/);
  return /https?:\/\/[^/\s]+(\/verify-email#token=[\w-]+(?:&next=\S+)?)/.exec(mail)![1]!;
}
