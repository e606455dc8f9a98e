import { MAIL_MESSAGES as M, OUTBOX_LIST_LIMIT, type OutboxView } from '@solar/shared/constants/mail';
import type { MailOverview, OutboxMail } from '@solar/shared/contracts/mail';
import type { UserRow } from '../../db/rows';
import { isUuid, toIsoTimestamp, toIsoTimestampOrNull } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import * as outbox from '../../platform/mail-outbox.repository';
import { writeAudit } from './admin-audit.service';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'mailer' | 'log'>;

const DAY_MS = 86_400_000;

const toOutboxMail = (row: outbox.OutboxListRow): OutboxMail => ({
  id: row.id,
  kind: row.kind,
  to: row.to_address,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  createdAt: toIsoTimestamp(row.created_at),
  nextAttemptAt: toIsoTimestampOrNull(row.next_attempt_at),
  sentAt: toIsoTimestampOrNull(row.sent_at),
  lastError: row.last_error,
});

/** The admin Mail tab (decision 0470): where mail goes, the outbox's counts, and the mail to look at. */
export async function getMailOverview(ctx: Ctx, show: OutboxView): Promise<MailOverview> {
  const [counts, rows] = await Promise.all([
    outbox.outboxCounts(ctx.database, new Date(ctx.clock.now().getTime() - DAY_MS)),
    outbox.listOutbox(ctx.database, show, OUTBOX_LIST_LIMIT),
  ]);
  return {
    transport: ctx.mailer.transport,
    counts: { pending: counts.pending, failed: counts.failed, sentLastDay: counts.sent_last_day },
    mail: rows.map(toOutboxMail),
  };
}

/** Sends a failed mail again (after the address or the mail server was put right), audited. */
export async function retryMail(ctx: Ctx, actor: UserRow, id: string): Promise<OutboxMail> {
  const found = isUuid(id) ? await outbox.findOutboxMail(ctx.database, id) : undefined;
  if (!found) throw new AppError('NOT_FOUND', M.notFound);
  const now = ctx.clock.now();
  const row = await ctx.database.db.transaction(async (tx) => {
    const requeued = await outbox.requeueFailed(tx, id);
    if (!requeued) throw new AppError('CONFLICT', M.notFailed);
    await writeAudit(tx, actor, now, {
      action: 'mail.retry',
      targetType: 'mail',
      targetId: id,
      summary: `${actor.name} sent a failed ${found.kind} mail again`,
      before: { status: 'failed', lastError: found.last_error },
      after: { status: 'pending' },
    });
    return requeued;
  });
  void ctx.mailer.deliverDue().catch((err: unknown) => ctx.log.error({ err }, 'mail delivery pass failed'));
  return toOutboxMail(row);
}
