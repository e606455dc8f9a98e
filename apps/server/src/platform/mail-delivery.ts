import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Listener } from '../db/client';
import type { Clock } from './clock';
import * as repo from './mail-outbox.repository';
import type { OutboxRow } from './mail-outbox.repository';

/**
 * Delivery of the durable outbox (decision 0470): a worker in every server process claims due mail
 * with a lease, sends it, and records the outcome. At least once: a process killed after the SMTP
 * server accepted a mail but before the row was marked sends it again when the lease runs out, with
 * the same Message-ID (the row's id), which receiving systems use to drop the copy.
 */
export const MAIL_DELIVERY = {
  /** Mails claimed at a time. */
  batch: 10,
  /** A claim's lease: longer than a batch takes with the transport's timeouts below. */
  leaseMs: 5 * 60_000,
  /** How often due mail is looked for when no commit said so (retries; another process's commit without LISTEN). */
  pollMs: 10_000,
  /** Retry n waits min(base × 2^(n-1), cap), ±20 %: 10 s, 20 s, 40 s, … 10 min. */
  retryBaseMs: 10_000,
  retryCapMs: 10 * 60_000,
  /** A mail still undelivered this long after its first attempt fails for good. */
  giveUpAfterMs: 3 * 86_400_000,
  /** SMTP timeouts (nodemailer's defaults are 2 and 10 minutes). */
  connectionTimeoutMs: 20_000,
  socketTimeoutMs: 60_000,
} as const;

export type DeliveryOptions = { [K in 'batch' | 'leaseMs' | 'pollMs' | 'retryBaseMs' | 'retryCapMs' | 'giveUpAfterMs']: number };

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

/** Where mail goes: an SMTP server, or files under DATA_DIR/outbox when none is configured. */
export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(mail: OutboxRow, messageId: string): Promise<void>;
  close(): void;
}

/** Mail servers name the recipient in their refusals: never in a log line or the stored reason. */
const EMAIL_ADDRESS = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+\.[a-z]{2,}/gi;
export const withoutAddresses = (text: string) => text.replace(EMAIL_ADDRESS, '[email]').slice(0, 500);

/**
 * A permanent failure stops the retries: a 5xx answer of the SMTP server about this mail (RFC 5321
 * §4.2.1), or a mail that cannot be built. A refused login (535, 'EAUTH') is the server's
 * configuration, not the mail: retried like a connection failure, so fixing SMTP_URL delivers it.
 * Everything else (4xx, refused or dropped connections, timeouts) is retried.
 */
export function classifyFailure(err: unknown): { permanent: boolean; reason: string } {
  const e = err as { responseCode?: unknown; code?: unknown; response?: unknown; message?: unknown } | null;
  const code = typeof e?.responseCode === 'number' ? e.responseCode : null;
  const text = typeof e?.response === 'string' && e.response ? e.response : typeof e?.message === 'string' ? e.message : String(err);
  const reason = withoutAddresses(text.replace(/\s+/g, ' ').trim());
  if (e?.code === 'EAUTH') return { permanent: false, reason };
  if (e?.code === 'EMESSAGE' || (err instanceof Error && /line break/.test(err.message))) return { permanent: true, reason };
  return { permanent: code !== null && code >= 500 && code < 600, reason };
}

export function retryDelayMs(attempts: number, options: Pick<DeliveryOptions, 'retryBaseMs' | 'retryCapMs'>, random = Math.random): number {
  const plain = Math.min(options.retryBaseMs * 2 ** Math.max(0, attempts - 1), options.retryCapMs);
  return Math.round(plain * (0.8 + 0.4 * random()));
}

/** The domain of the sender's address, for Message-IDs. */
export function messageIdDomain(from: string, publicUrl: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.includes('@') ? address.split('@').pop()!.trim() : '';
  return /^[\w.-]+$/.test(domain) ? domain : new URL(publicUrl).hostname;
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: MAIL_DELIVERY.connectionTimeoutMs,
    greetingTimeout: MAIL_DELIVERY.connectionTimeoutMs,
    socketTimeout: MAIL_DELIVERY.socketTimeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    async send(mail, messageId) {
      const info = await transporter.sendMail({
        from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        ...(mail.html_body && { html: mail.html_body }),
        headers: mail.headers ?? {},
        messageId,
      });
      if (info.rejected.length > 0) throw Object.assign(new Error(String(info.response ?? 'recipient rejected')), { responseCode: 550 });
    },
    close: () => transporter.close(),
  };
}

/** No SMTP server: each mail becomes a text file (`npm run outbox` and the journeys read them). */
export function fileTransport(dir: string): MailTransport {
  return {
    kind: 'file',
    async send(mail, messageId) {
      await mkdir(dir, { recursive: true });
      const headers = Object.entries({ 'Message-ID': messageId, ...(mail.headers ?? {}) }).map(([k, v]) => `${k}: ${v}\n`);
      await writeFile(path.join(dir, `${Date.now()}-${mail.id}.txt`), `To: ${mail.to_address}\nSubject: ${mail.subject}\n${headers.join('')}\n${mail.text_body}\n`, {
        mode: 0o600,
      });
    },
    close: () => undefined,
  };
}

/**
 * The outbox worker of one process. A pass claims due mail in batches until none is left; one pass
 * runs at a time, and a pass asked for meanwhile runs after it. Passes start when a commit wrote mail
 * (the outbox trigger's notification), every `pollMs`, and when a test or shutdown asks.
 */
export class MailWorker {
  private running: Promise<DeliveryReport> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private listener: Listener | undefined;
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    private readonly transport: MailTransport,
    private readonly domain: string,
    private readonly options: DeliveryOptions = MAIL_DELIVERY,
  ) {}

  /** Runs a pass now (or after the one running); resolves with what that pass did. */
  deliverDue(): Promise<DeliveryReport> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = (async () => {
      const total: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
      try {
        do {
          this.again = false;
          for (;;) {
            const now = this.clock.now();
            if (!(await repo.anyDue(this.database, now))) break;
            const batch = await repo.claimDue(this.database, now, new Date(now.getTime() + this.options.leaseMs), this.options.batch);
            if (batch.length === 0) break;
            const outcomes = await Promise.all(batch.map((mail) => this.deliverOne(mail)));
            for (const outcome of outcomes) total[outcome]++;
          }
        } while (this.again);
      } finally {
        this.running = null;
      }
      return total;
    })();
    this.running = run;
    return run;
  }

  private async deliverOne(mail: OutboxRow): Promise<keyof DeliveryReport> {
    const messageId = `<${mail.id}@${this.domain}>`;
    try {
      await this.transport.send(mail, messageId);
      await repo.markSent(this.database, mail.id, this.transport.kind, this.clock.now());
      this.log.info({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts, transport: this.transport.kind }, 'mail delivered');
      return 'sent';
    } catch (err) {
      const { permanent, reason } = classifyFailure(err);
      const now = this.clock.now();
      const firstAttempt = mail.first_attempt_at ? new Date(mail.first_attempt_at) : now;
      const expired = now.getTime() - firstAttempt.getTime() >= this.options.giveUpAfterMs;
      if (permanent || expired) {
        const why = permanent ? reason : `Gave up after ${mail.attempts} attempts: ${reason}`;
        await repo.markFailed(this.database, mail.id, why);
        this.log.error({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts, reason: why }, 'mail failed for good');
        return 'failed';
      }
      const next = new Date(now.getTime() + retryDelayMs(mail.attempts, this.options));
      await repo.markRetry(this.database, mail.id, next, reason);
      this.log.warn({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts, reason, retryAt: next.toISOString() }, 'mail delivery failed; will retry');
      return 'retried';
    }
  }

  private kick = () => {
    if (!this.started) return;
    this.deliverDue().catch((err: unknown) => this.log.error({ err }, 'mail delivery pass failed'));
  };

  /** Starts delivering: mail left by a dead process first, then on every commit that writes mail and every poll. */
  async start() {
    if (this.started) return;
    this.started = true;
    if (this.database.kind === 'pglite') await repo.releaseAllLeases(this.database);
    await this.listen();
    this.timer = setInterval(this.kick, this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  private async listen() {
    try {
      this.listener = await this.database.listen('mail_outbox', this.kick, (error) => {
        this.listener = undefined;
        this.log.warn({ err: error }, 'mail notifications lost; polling until they are back');
        setTimeout(() => void (this.started && this.listen()), this.options.pollMs).unref();
      });
    } catch (err) {
      this.log.warn({ err }, 'mail notifications unavailable; polling');
    }
  }

  /** Stops starting passes (shutdown); `idle` then waits for the one running. */
  async stop() {
    this.started = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.listener?.close().catch(() => undefined);
    this.listener = undefined;
  }

  /** Settles when no pass is running; while started, it first runs one for what is due now. */
  async idle() {
    if (this.started) await this.deliverDue();
    while (this.running) await this.running.catch(() => undefined);
  }

  close() {
    this.transport.close();
  }
}
