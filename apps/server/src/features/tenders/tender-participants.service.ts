import type { AppContext } from '../../plugins/context';
import { sendInBackground, type MailMessage } from '../../platform/mail';
import type { Recipient } from './tender-lifecycle.mail';
import * as repo from './tender-participants.repository';

/** Who is told of a tender's changes, and how (decision 0401). */

type Ctx = Pick<AppContext, 'database' | 'mailer' | 'log'>;

/** Mail is sent after the commit, in the background; a failure is logged and undoes nothing. */
export function sendAll(ctx: Pick<Ctx, 'mailer' | 'log'>, messages: MailMessage[], kind: string) {
  for (const message of messages) void sendInBackground(ctx, message, kind);
}

/** Mails every participant of the tender the message `build` makes for them. */
export async function tellParticipants(ctx: Ctx, id: string, kind: string, build: (to: Recipient) => MailMessage) {
  const people = await repo.listParticipants(ctx.database, id);
  sendAll(ctx, people.map(build), kind);
}
