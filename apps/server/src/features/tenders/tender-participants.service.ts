import type { AppContext } from '../../plugins/context';
import { sendInBackground, type MailMessage } from '../../platform/mail';
import type { Recipient } from './tender-lifecycle.mail';
import * as repo from './tender-participants.repository';

/** Who is told of a tender's changes, and how (decisions 0401, 0441). */

type Ctx = Pick<AppContext, 'database' | 'mailer' | 'log'>;

/** Mail is sent after the commit, in the background; a failure is logged and undoes nothing. */
export function sendAll(ctx: Pick<Ctx, 'mailer' | 'log'>, messages: MailMessage[], kind: string) {
  for (const message of messages) void sendInBackground(ctx, message, kind);
}

/**
 * Mails everyone with a stake who may see the tender now the message `build` makes for them: the
 * participants' accounts, then the addresses invited by email that have not redeemed their link
 * (no name; an address that is also a participant's is mailed once).
 */
export async function tellParticipants(ctx: Ctx, id: string, kind: string, build: (to: Recipient) => MailMessage) {
  const people = await repo.listParticipants(ctx.database, id);
  const told = new Set(people.map((p) => p.email.toLowerCase()));
  const invitees = (await repo.listPendingInvitees(ctx.database, id)).filter((i) => !told.has(i.email.toLowerCase()));
  sendAll(ctx, [...people.map(build), ...invitees.map((i) => build({ email: i.email, name: '' }))], kind);
}

/** Keeps the recipients (with the account `id`) who may see the tender now. */
export async function mayBeTold<T extends { id: string }>(ctx: Pick<Ctx, 'database'>, tenderId: string, recipients: T[]): Promise<T[]> {
  const allowed = await repo.whoMaySee(ctx.database, tenderId, recipients.map((r) => r.id));
  return recipients.filter((r) => allowed.has(r.id));
}
