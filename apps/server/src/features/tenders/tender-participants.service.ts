import type { Db } from '../../db/client';
import type { AppContext } from '../../plugins/context';
import { queueMail, type MailMessage } from '../../platform/mail';
import type { Recipient } from './tender-lifecycle.mail';
import * as repo from './tender-participants.repository';

/** Who is told of a tender's changes, and how (decisions 0401, 0441). */

type Ctx = Pick<AppContext, 'database'>;

/**
 * Writes the mails to the durable outbox inside the transaction of the change that causes them
 * (decision 0470): they exist exactly when the change does, and are delivered after the commit.
 */
export async function queueAll(tx: Db, messages: MailMessage[], kind: string) {
  for (const message of messages) await queueMail(tx, message, kind);
}

/**
 * The mail `build` makes for everyone with a stake who may see the tender now: the participants'
 * accounts, then the addresses invited by email that have not redeemed their link (no name; an
 * address that is also a participant's is mailed once). Read just before the change's
 * transaction, which queues them (`queueAll`).
 */
export async function participantMails(ctx: Ctx, id: string, build: (to: Recipient) => MailMessage): Promise<MailMessage[]> {
  const people = await repo.listParticipants(ctx.database, id);
  const told = new Set(people.map((p) => p.email.toLowerCase()));
  const invitees = (await repo.listPendingInvitees(ctx.database, id)).filter((i) => !told.has(i.email.toLowerCase()));
  return [...people.map(build), ...invitees.map((i) => build({ email: i.email, name: '' }))];
}

/** Keeps the recipients (with the account `id`) who may see the tender now. */
export async function mayBeTold<T extends { id: string }>(ctx: Ctx, tenderId: string, recipients: T[]): Promise<T[]> {
  const allowed = await repo.whoMaySee(ctx.database, tenderId, recipients.map((r) => r.id));
  return recipients.filter((r) => allowed.has(r.id));
}
