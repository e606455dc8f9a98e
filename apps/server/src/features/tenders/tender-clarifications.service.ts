import type { z } from 'zod';
import { clarificationReference, TENDER_RECORDS_MESSAGES as M } from '@solar/shared/constants/tender-records';
import type { TenderLogEntry, replyTenderClarificationBody } from '@solar/shared/contracts/tender-records';
import type { Tender } from '@solar/shared/contracts/tenders';
import type { UserRow } from '../../db/rows';
import { isUuid, toIsoTimestamp, toIsoTimestampOrNull } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { requireVerifiedEmail } from '../../plugins/auth';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../platform/mail';
import type { Recipient } from './tender-lifecycle.mail';
import { tenderRecordsMails as mails } from './tender-records.mail';
import { insertEvent } from './tender-events.repository';
import { mayBeTold } from './tender-participants.service';
import * as participants from './tender-participants.repository';
import { getTender, tenderForOwner } from './tender-read.service';
import { findOwnerContact } from './tenders.repository';
import * as repo from './tender-clarifications.repository';

/**
 * The clarification log (issue 27 part C, decision 0524): questions, clarifications asked of one
 * bidder and the owner's notices as one numbered log with threads. An entry is private to the owner
 * and its one bidder until the owner publishes it; published entries are read by everyone who may
 * see the tender, and the bidder who asked is never named to anyone else (decision 0401). Every
 * mail is written to the outbox in the transaction of the change.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'env' | 'log'>;

const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

interface ThreadMessage {
  id: string;
  fromOwner: boolean;
  authorId: string | null;
  body: string;
  at: Date | string;
}

function threadOf(entry: repo.LogEntryRecord, messages: repo.LogMessageRecord[]): ThreadMessage[] {
  const opening: ThreadMessage = {
    id: `${entry.id}-0`,
    fromOwner: entry.kind !== 'question',
    authorId: entry.kind === 'question' ? entry.bidder_id : null,
    body: entry.opening,
    at: entry.created_at,
  };
  const answer: ThreadMessage[] = entry.answer != null ? [{ id: `${entry.id}-a`, fromOwner: true, authorId: null, body: entry.answer, at: entry.answered_at ?? entry.created_at }] : [];
  const replies = messages
    .filter((m) => m.entry_id === entry.id)
    .map((m) => ({ id: String(m.id), fromOwner: m.from_owner, authorId: m.author_id, body: m.body, at: m.created_at }));
  return [opening, ...answer, ...replies].sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime());
}

const mayRead = (entry: repo.LogEntryRecord, user: UserRow, tender: Tender) =>
  tender.userId === user.id || user.isAdmin || entry.published_at != null || (entry.bidder_id != null && entry.bidder_id === user.id);

function toEntry(entry: repo.LogEntryRecord, messages: repo.LogMessageRecord[], user: UserRow, tender: Tender): TenderLogEntry {
  const owner = tender.userId === user.id;
  const manager = owner || user.isAdmin;
  const mine = !owner && entry.kind !== 'notice' && entry.bidder_id === user.id;
  const active = tender.stage === 'active';
  const author = (m: ThreadMessage) => {
    if (m.fromOwner) return owner ? 'You' : 'The buyer';
    if (m.authorId === user.id) return 'You';
    // The owner knows whom it asked to clarify; a bidder who asked a question stays anonymous.
    return manager && entry.kind === 'clarification' && entry.provider_name ? entry.provider_name : 'A bidder';
  };
  return {
    id: String(entry.id),
    number: Number(entry.number),
    reference: clarificationReference(Number(entry.number)),
    kind: entry.kind,
    published: entry.published_at != null,
    publishedAt: toIsoTimestampOrNull(entry.published_at),
    withProvider: manager && entry.kind === 'clarification' ? entry.provider_name : null,
    mine,
    canReply: active && (owner || mine),
    canPublish: active && owner && entry.published_at == null,
    createdAt: toIsoTimestamp(entry.created_at),
    messages: threadOf(entry, messages).map((m) => ({
      id: m.id,
      fromOwner: m.fromOwner,
      author: author(m),
      mine: m.fromOwner ? owner : m.authorId === user.id,
      body: m.body,
      createdAt: toIsoTimestamp(m.at),
    })),
  };
}

export async function listClarifications(ctx: Ctx, user: UserRow, id: string) {
  const tender = await getTender(ctx, id, user);
  const [entries, messages] = await Promise.all([repo.listEntries(ctx.database, id), repo.listMessages(ctx.database, id)]);
  return entries.filter((e) => mayRead(e, user, tender)).map((e) => toEntry(e, messages, user, tender));
}

async function entryFor(ctx: Ctx, user: UserRow, tender: Tender, entryId: string) {
  const [entry, messages] = await Promise.all([repo.findEntry(ctx.database, tender.id, entryId), repo.listMessages(ctx.database, tender.id)]);
  if (!entry) throw new AppError('NOT_FOUND', M.logEntryNotFound);
  return toEntry(entry, messages, user, tender);
}

/** Everyone with a stake who may see the tender now (decision 0441): participants' accounts, then addresses invited by email. */
export async function everyoneTakingPart(ctx: Pick<Ctx, 'database'>, tenderId: string): Promise<Recipient[]> {
  const people = await participants.listParticipants(ctx.database, tenderId);
  const told = new Set(people.map((p) => p.email.toLowerCase()));
  const invitees = (await participants.listPendingInvitees(ctx.database, tenderId)).filter((i) => !told.has(i.email.toLowerCase()));
  return [...people.map((p) => ({ email: p.email, name: p.name })), ...invitees.map((i) => ({ email: i.email, name: '' }))];
}

/** The thread as a mail tells it to all: nobody on the bidder's side is named. */
const publicThread = (thread: ThreadMessage[]) => thread.map((m) => `${m.fromOwner ? 'Buyer' : 'Bidder'}: ${m.body}`);

/** The owner publishes a clarification to everyone taking part: a new entry of the log. */
export async function publishNotice(ctx: Ctx, user: UserRow, id: string, message: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage !== 'active') throw new AppError('CONFLICT', M.logClosed);
  const recipients = await everyoneTakingPart(ctx, id);
  const now = ctx.clock.now();
  const entryId = await ctx.database.db.transaction(async (tx) => {
    if ((await repo.lockStage(tx, id)) !== 'active') throw new AppError('CONFLICT', M.logClosed);
    const row = await repo.insertNotice(tx, { tenderId: id, authorId: user.id, notice: message, at: now });
    const reference = clarificationReference(Number(row.number));
    await insertEvent(tx, { tenderId: id, actorId: user.id, kind: 'clarification-published', subject: `${reference}: ${cut(message)}`, at: now });
    for (const to of recipients) {
      await queueMail(tx, mails.clarificationPublished(to, tender, reference, [`Buyer: ${message}`], ctx.env.PUBLIC_URL), 'tender-clarification-published');
    }
    return String(row.id);
  });
  return { message: M.logNoticePublished, data: await entryFor(ctx, user, tender, entryId) };
}

/**
 * A reply in an entry's thread, from the owner or the entry's bidder, while the tender is live (not
 * awarded or cancelled). The owner may publish the entry with its reply: everyone taking part is
 * told; a private reply is mailed to the other side only.
 */
export async function replyToClarification(ctx: Ctx, user: UserRow, id: string, entryId: string, body: z.output<typeof replyTenderClarificationBody>) {
  const tender = await getTender(ctx, id, user);
  const entry = isUuid(entryId) ? await repo.findEntry(ctx.database, id, entryId) : undefined;
  if (!entry || !mayRead(entry, user, tender)) throw new AppError('NOT_FOUND', M.logEntryNotFound);
  const owner = tender.userId === user.id;
  const bidder = !owner && entry.kind !== 'notice' && entry.bidder_id === user.id;
  if (!owner && !bidder) throw new AppError('FORBIDDEN', M.logNotYours);
  if (body.publish && !owner) throw new AppError('FORBIDDEN', M.logOnlyOwnerPublishes);
  if (tender.stage !== 'active') throw new AppError('CONFLICT', M.logClosed);
  if (bidder) requireVerifiedEmail(user, 'tender-response');

  const reference = clarificationReference(Number(entry.number));
  const publishing = owner && body.publish === true && entry.published_at == null;
  const now = ctx.clock.now();
  const thread = threadOf(entry, await repo.listMessages(ctx.database, id));
  // Publishing makes the whole thread public: only the thread the owner was shown and confirmed (decision 0558).
  if (publishing && body.confirmedMessages !== thread.length) throw new AppError('CONFLICT', M.logPublishChanged);
  const replies = thread.filter((m) => !m.id.startsWith(`${entry.id}-`)).length;
  const newMessage: ThreadMessage = { id: 'new', fromOwner: owner, authorId: user.id, body: body.message, at: now };

  // Who is told, read before the transaction by the visibility rule as it stands now (decision 0441).
  let outgoing: Array<{ to: Recipient; kind: 'all' | 'bidder' | 'owner' }> = [];
  if (owner && (publishing || entry.published_at != null)) {
    outgoing = (await everyoneTakingPart(ctx, id)).map((to) => ({ to, kind: 'all' as const }));
  } else if (owner) {
    const to = entry.bidder_id && entry.bidder_email ? [{ id: entry.bidder_id, email: entry.bidder_email, name: entry.bidder_name ?? '' }] : [];
    outgoing = (await mayBeTold(ctx, id, to)).map((r) => ({ to: { email: r.email, name: r.name }, kind: 'bidder' as const }));
  } else {
    const contact = await findOwnerContact(ctx.database, id);
    if (contact) outgoing = [{ to: contact, kind: 'owner' }];
  }
  const from = entry.kind === 'clarification' && entry.provider_name ? entry.provider_name : 'A bidder';

  await ctx.database.db.transaction(async (tx) => {
    if ((await repo.lockStage(tx, id)) !== 'active') throw new AppError('CONFLICT', M.logClosed);
    // A reply that arrived since the thread was read (replies wait on the same lock) is not published unseen.
    if (publishing && (await repo.countMessages(tx, entry.id)) !== replies) throw new AppError('CONFLICT', M.logPublishChanged);
    if (publishing && entry.kind === 'question' && entry.answer == null) {
      // The question's answer, as the Q&A path records it: counts of unanswered questions read it.
      await repo.publishEntry(tx, entry.id, now);
      await repo.answerQuestionOf(tx, entry.id, body.message, now);
    } else {
      await repo.insertMessage(tx, { entryId: entry.id, authorId: user.id, fromOwner: owner, body: body.message, at: now });
      if (publishing && !(await repo.publishEntry(tx, entry.id, now))) throw new AppError('CONFLICT', M.logAlreadyPublished);
    }
    await insertEvent(tx, {
      tenderId: id,
      // A bidder who asked a question is not named, not even in the owner's History (decision 0401).
      actorId: owner || entry.kind === 'clarification' ? user.id : null,
      kind: publishing ? 'clarification-published' : 'clarification-replied',
      subject: `${reference}: ${cut(body.message)}`,
      at: now,
    });
    for (const { to, kind } of outgoing) {
      const message =
        kind === 'all'
          ? mails.clarificationPublished(to, tender, reference, publicThread([...thread, newMessage]), ctx.env.PUBLIC_URL)
          : kind === 'bidder'
            ? mails.clarificationReplyToBidder(to, tender, reference, body.message, ctx.env.PUBLIC_URL)
            : mails.clarificationReplyToOwner(to, tender, reference, from, body.message, ctx.env.PUBLIC_URL);
      await queueMail(tx, message, kind === 'all' ? 'tender-clarification-published' : 'tender-clarification-reply');
    }
  });
  return { message: publishing ? M.logReplyPublished : M.logReplySent, data: await entryFor(ctx, user, tender, entry.id) };
}

