import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { outbox } from '../db/schema/index';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<{ id: string }>;
  /** Settles when every send started so far has finished; shutdown waits for it before closing the database. */
  idle(): Promise<void>;
}

/**
 * Sends without holding up the caller (the response, the transaction's commit): a failure is only
 * logged, with `kind` and never the recipient or subject (docs/product/accounts.md#welcome-email).
 */
export function sendInBackground(ctx: { mailer: Mailer; log: Pick<FastifyBaseLogger, 'error'> }, message: MailMessage, kind: string): Promise<void> {
  return ctx.mailer.send(message).then(
    () => undefined,
    (err: unknown) => ctx.log.error({ err: err instanceof Error ? { message: err.message } : String(err), kind }, 'mail failed'),
  );
}

/** Keeps the sends in flight, so mail started in the background is not cut off by a shutdown. */
function tracked(transport: Mailer['transport'], send: Mailer['send']): Mailer {
  const inFlight = new Set<Promise<unknown>>();
  return {
    transport,
    send(message) {
      const sending = send(message);
      const settled = sending.then(
        () => undefined,
        () => undefined,
      );
      inFlight.add(settled);
      void settled.then(() => inFlight.delete(settled));
      return sending;
    },
    async idle() {
      while (inFlight.size) await Promise.all(inFlight);
    },
  };
}

/** Refuses header injection (docs/security.md#input-output-uploads: CR/LF refused in names and emails used in mail headers). */
function assertHeaderSafe(message: MailMessage) {
  if (/[\r\n]/.test(message.to) || /[\r\n]/.test(message.subject)) {
    throw new Error('Mail header contains a line break');
  }
}

/**
 * SMTP when `SMTP_URL` is set, otherwise the outbox table and files (`npm run outbox` reads them), so
 * password reset works offline. The log line records only id, recipient and subject.
 */
export function createMailer(options: {
  database: Database;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  /** Each outbox mail is also written here as a text file, readable while the server holds PGlite. */
  outboxDir?: string;
}): Mailer {
  const { database, smtpUrl, from, log, outboxDir } = options;
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl);
    return tracked('smtp', async (message) => {
      assertHeaderSafe(message);
      const info = await transporter.sendMail({ from, ...message });
      log.info({ mailId: info.messageId, to: message.to, subject: message.subject }, 'mail sent');
      return { id: String(info.messageId) };
    });
  }
  return tracked('outbox', async (message) => {
    assertHeaderSafe(message);
    const [row] = await database.db
      .insert(outbox)
      .values({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html })
      .returning({ id: outbox.id });
    const id = row!.id;
    if (outboxDir) {
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${id}.txt`);
      await writeFile(file, `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`, { mode: 0o600 });
    }
    log.info({ mailId: id, to: message.to, subject: message.subject }, 'mail written to outbox');
    return { id };
  });
}
