import type { Readable } from 'node:stream';
import { QUOTE_MESSAGES as M, type QuoteStatus } from '@solar/shared/constants/quotes';
import { TRUST_MESSAGES as TRUST } from '@solar/shared/constants/trust';
import type { Quote, QuoteList } from '@solar/shared/contracts/quotes';
import type { UserRow } from '../../db/rows';
import type { AppContext } from '../../plugins/context';
import type { MailMessage } from '../../platform/mail';
import { AppError } from '../../platform/errors';
import { quoteOwnsFile } from '../../platform/stored-files';
import { canComplete, canReply, canSee, ownsProvider, toQuote } from './quotes.mapper';
import { quoteMails } from './quotes.mail';
import * as repo from './quotes.repository';
import type { QuoteUpload } from './quotes.uploads';

type Ctx = Pick<AppContext, 'database' | 'storage' | 'mailer' | 'clock' | 'env' | 'log'>;

/**
 * Mail is sent after the quote is committed. A mail failure is logged and does not undo the request:
 * the quote is stored and shown in both dashboards either way (docs/decisions/0252).
 */
async function sendAll(ctx: Ctx, messages: MailMessage[], context: Record<string, unknown>) {
  for (const message of messages) {
    try {
      await ctx.mailer.send(message);
    } catch (err) {
      // Not the subject: it carries what the sender typed (personal values never reach a log line).
      ctx.log.error({ err, ...context }, 'quote mail failed');
    }
  }
}

export async function createQuote(ctx: Ctx, sender: UserRow, upload: QuoteUpload): Promise<{ quote: Quote; message: string }> {
  const input = upload.fields;
  const db = ctx.database.db;
  const provider = await repo.findQuoteProvider(db, input.providerId);
  if (!provider) throw new AppError('NOT_FOUND', M.providerNotFound);
  const nda = upload.files.find((f) => f.kind === 'nda');
  if (input.requiresNDA && !nda) throw new AppError('BAD_REQUEST', M.ndaRequired);
  if (!input.requiresNDA && nda) throw new AppError('BAD_REQUEST', M.ndaWithoutSwitch);

  const routedTo = provider.userId && provider.claimApproved ? 'provider' : 'marketplace';
  const written: string[] = [];
  let id: string;
  try {
    const attachments: repo.NewAttachment[] = [];
    for (const file of upload.files) {
      const stored = await ctx.storage.put('private', file.bytes, file.extension);
      written.push(stored.key);
      attachments.push({ kind: file.kind, filename: file.filename, mimeType: file.mime, storageKey: stored.key, sizeBytes: stored.size });
    }
    const now = ctx.clock.now();
    id = await repo.insertQuote(
      db,
      {
        providerId: provider.id,
        senderId: sender.id,
        service: input.service,
        location: input.location,
        timePreference: input.timePreference,
        description: input.description,
        contactName: input.name,
        contactEmail: input.email,
        contactPhone: input.phone,
        requiresNda: input.requiresNDA,
        useDefaultContract: input.useDefaultContract,
        selectedContract: input.selectedContract,
        routedTo,
        createdAt: now,
        updatedAt: now,
      },
      attachments,
    );
  } catch (error) {
    // Never a file without its row.
    await Promise.all(written.map((key) => ctx.storage.delete('private', key).catch(() => undefined)));
    throw error;
  }

  const record = (await repo.findQuote(db, id))!;
  const publicUrl = ctx.env.PUBLIC_URL;
  const messages: MailMessage[] = [];
  if (routedTo === 'provider') {
    const owner = await repo.ownerEmail(db, provider);
    if (owner) messages.push(quoteMails.toProvider(record, owner, publicUrl));
  } else {
    const team = await repo.adminEmails(db);
    if (team.length === 0) ctx.log.warn({ quoteId: id }, 'quote to an unclaimed provider but no admin account to tell');
    for (const admin of team) messages.push(quoteMails.toMarketplace(record, admin, publicUrl));
  }
  messages.push(quoteMails.confirmation(record, publicUrl));
  await sendAll(ctx, messages, { quoteId: id });
  ctx.log.info({ quoteId: id, providerId: provider.id, routedTo, attachments: record.attachments.length }, 'quote requested');
  return { quote: toQuote(record, sender), message: routedTo === 'provider' ? M.sent : M.sentToMarketplace };
}

type ListOptions = { page: number; pageSize: number; status?: QuoteStatus };

async function list(ctx: Ctx, viewer: UserRow, kind: repo.QuoteListKind, options: ListOptions): Promise<QuoteList> {
  const { records, total } = await repo.listQuotes(ctx.database.db, kind, options);
  return {
    success: true,
    data: records.map((r) => toQuote(r, viewer)),
    pagination: { page: options.page, pages: Math.max(1, Math.ceil(total / options.pageSize)), total },
  };
}

export const listReceivedQuotes = (ctx: Ctx, user: UserRow, options: ListOptions) => list(ctx, user, { kind: 'received', userId: user.id }, options);
export const listSentQuotes = (ctx: Ctx, user: UserRow, options: ListOptions) => list(ctx, user, { kind: 'sent', userId: user.id }, options);
/** The admin Waiting list (issue 6): pending requests to profiles without an approved owner. */
export const listWaitingQuotes = (ctx: Ctx, admin: UserRow, options: ListOptions) => list(ctx, admin, { kind: 'waiting' }, options);

/** A quote the caller may see; otherwise 404 so its existence is not revealed (docs/product/platform.md#access-and-visibility). */
async function requireVisible(ctx: Ctx, user: UserRow, id: string): Promise<repo.QuoteRecord> {
  const record = await repo.findQuote(ctx.database.db, id);
  if (!record || !canSee(user, record)) throw new AppError('NOT_FOUND', M.quoteNotFound);
  return record;
}

export async function getQuote(ctx: Ctx, user: UserRow, id: string): Promise<Quote> {
  return toQuote(await requireVisible(ctx, user, id), user);
}

export async function replyToQuote(
  ctx: Ctx,
  user: UserRow,
  id: string,
  input: { status: 'responded' | 'declined'; replyMessage: string },
): Promise<Quote> {
  const record = await requireVisible(ctx, user, id);
  if (!canReply(user, record)) throw new AppError('FORBIDDEN', M.notAllowedToReply);
  if (record.quote.status !== 'pending') throw new AppError('CONFLICT', M.alreadyAnswered);
  const saved = await repo.saveReply(ctx.database.db, id, { ...input, repliedBy: user.id, at: ctx.clock.now() });
  if (!saved) throw new AppError('CONFLICT', M.alreadyAnswered);
  const updated = (await repo.findQuote(ctx.database.db, id))!;
  await sendAll(ctx, [quoteMails.reply(updated, ctx.env.PUBLIC_URL)], { quoteId: id });
  return toQuote(updated, user);
}

/** The provider marks a replied quote as completed work; its requester may then review it (decision 0480). */
export async function completeQuote(ctx: Ctx, user: UserRow, id: string): Promise<Quote> {
  const record = await requireVisible(ctx, user, id);
  if (!ownsProvider(user, record.provider)) throw new AppError('FORBIDDEN', M.notAllowedToReply);
  if (!canComplete(user, record)) throw new AppError('CONFLICT', TRUST.quoteNotCompletable);
  if (!(await repo.markCompleted(ctx.database.db, id, ctx.clock.now()))) throw new AppError('CONFLICT', TRUST.quoteNotCompletable);
  return toQuote((await repo.findQuote(ctx.database.db, id))!, user);
}

export async function openAttachment(
  ctx: Ctx,
  user: UserRow,
  id: string,
  attachmentId: string,
): Promise<{ stream: Readable; size: number; filename: string; mimeType: string }> {
  const record = await requireVisible(ctx, user, id);
  const attachment = record.attachments.find((a) => a.id === attachmentId);
  if (!attachment) throw new AppError('NOT_FOUND', M.attachmentNotFound);
  // Served only when the records say this quote owns the file (decision 0330).
  if (!(await quoteOwnsFile(ctx.database.db, record.quote.id, attachment.storageKey))) throw new AppError('NOT_FOUND', M.attachmentNotFound);
  const file = await ctx.storage.open('private', attachment.storageKey);
  if (!file) throw new AppError('NOT_FOUND', M.attachmentNotFound);
  return { ...file, filename: attachment.filename, mimeType: attachment.mimeType };
}
