import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client';
import type { Clock } from './clock';
import { fileTransport, MAIL_DELIVERY, MailWorker, messageIdDomain, smtpTransport, type DeliveryOptions, type DeliveryReport } from './mail-delivery';
import { insertMail } from './mail-outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** Refuses header injection (docs/security.md#input-output-uploads: CR/LF refused in names and emails used in mail headers). */
function assertHeaderSafe(message: MailMessage) {
  const values = [message.to, message.subject, ...Object.entries(message.headers ?? {}).flat()];
  if (values.some((v) => /[\r\n]/.test(v))) throw new Error('Mail header contains a line break');
}

/**
 * **The way to send mail** (decision 0470): writes it to the durable outbox inside the transaction
 * of the change that causes it, so the mail exists exactly when the change does; the outbox worker
 * delivers it after the commit, retrying until the SMTP server takes it. `kind` names the mail in
 * logs and the admin Mail tab (never the recipient). Returns the outbox id (the Message-ID's left part).
 *
 *   await db.transaction(async (tx) => { …the change…; await queueMail(tx, mails.award(…), 'tender-outcome'); });
 */
export async function queueMail(tx: Db, message: MailMessage, kind: string): Promise<string> {
  assertHeaderSafe(message);
  return insertMail(tx, { ...message, kind });
}

export interface Mailer {
  /** Where delivered mail goes: an SMTP server, or the outbox's files (`npm run outbox`). */
  readonly transport: 'smtp' | 'outbox';
  /** Writes one mail to the outbox now, outside any transaction (a change with no transaction of its own, e.g. a contact message). */
  send(message: MailMessage, kind?: string): Promise<{ id: string }>;
  /** One delivery pass now (tests, and an admin's Retry). */
  deliverDue(): Promise<DeliveryReport>;
  /** Starts the outbox worker (after migrations): on every commit that writes mail, and every few seconds. */
  start(): Promise<void>;
  /** Stops starting deliveries (shutdown); `idle` then waits for the pass running. */
  stop(): Promise<void>;
  /** Settles when every mail written so far through `send` is in the outbox and no delivery pass is running; while started, it first delivers what is due. */
  idle(): Promise<void>;
  close(): void;
}

/**
 * The outbox and its worker. Delivery goes to SMTP when `SMTP_URL` is set, otherwise to a text file
 * per mail in `outboxDir` (readable while the server holds PGlite), so password reset works offline.
 * Logs name the outbox id and the kind of mail only.
 */
export function createMailer(options: {
  database: Database;
  clock: Clock;
  smtpUrl?: string;
  from: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  outboxDir: string;
  delivery?: Partial<DeliveryOptions>;
}): Mailer {
  const { database, smtpUrl, log } = options;
  const transport = smtpUrl ? smtpTransport(smtpUrl, options.from) : fileTransport(options.outboxDir);
  const worker = new MailWorker(database, options.clock, log, transport, messageIdDomain(options.from, options.publicUrl), {
    ...MAIL_DELIVERY,
    ...options.delivery,
  });
  const writing = new Set<Promise<unknown>>();
  return {
    transport: smtpUrl ? 'smtp' : 'outbox',
    send(message, kind = 'mail') {
      const written = (async () => {
        assertHeaderSafe(message);
        const id = await insertMail(database.db, { ...message, kind });
        log.info({ mailId: id, kind }, 'mail queued');
        return { id };
      })();
      const settled = written.then(
        () => undefined,
        () => undefined,
      );
      writing.add(settled);
      void settled.then(() => writing.delete(settled));
      return written;
    },
    deliverDue: () => worker.deliverDue(),
    start: () => worker.start(),
    stop: () => worker.stop(),
    async idle() {
      while (writing.size) await Promise.all(writing);
      await worker.idle();
    },
    close: () => worker.close(),
  };
}
