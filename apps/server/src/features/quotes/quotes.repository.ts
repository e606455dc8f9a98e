import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { QuoteStatus } from '@solar/shared/constants/quotes';
import { providers, quoteAttachments, quotes, users, type QuoteAttachmentRow, type QuoteRow } from '../../db/schema/index';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/sql-helpers';
import { recordStoredFiles } from '../../platform/stored-files';

/** The provider fields a quote needs (never the whole row in a response). */
export interface QuoteProvider {
  id: string;
  slug: string;
  businessName: string;
  userId: string | null;
  claimed: boolean;
  claimApproved: boolean;
}

const providerColumns = {
  id: providers.id,
  slug: providers.slug,
  businessName: providers.businessName,
  userId: providers.userId,
  claimed: providers.claimed,
  claimApproved: providers.claimApproved,
};

/** A profile by id or slug (docs/product/platform.md#routes). */
export async function findQuoteProvider(db: Db, idOrSlug: string): Promise<QuoteProvider | undefined> {
  const where = isUuid(idOrSlug) ? or(eq(providers.id, idOrSlug), eq(providers.slug, idOrSlug)) : eq(providers.slug, idOrSlug.toLowerCase());
  const [row] = await db.select(providerColumns).from(providers).where(where).limit(1);
  return row;
}

/** Email of the provider's approved owner, when it has one. */
export async function ownerEmail(db: Db, provider: QuoteProvider): Promise<{ email: string; name: string } | undefined> {
  if (!provider.userId || !provider.claimApproved) return undefined;
  const [row] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, provider.userId)).limit(1);
  return row;
}

/** The marketplace team: every admin account (docs/decisions/0252). */
export async function adminEmails(db: Db): Promise<Array<{ email: string; name: string }>> {
  return db.select({ email: users.email, name: users.name }).from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.createdAt)).limit(20);
}

export interface QuoteRecord {
  quote: QuoteRow;
  provider: QuoteProvider;
  sender: { name: string; company: string; email: string };
  attachments: QuoteAttachmentRow[];
}

const selection = {
  quote: quotes,
  provider: providerColumns,
  sender: { name: users.name, company: users.company, email: users.email },
};

async function withAttachments(db: Db, rows: Array<Omit<QuoteRecord, 'attachments'>>): Promise<QuoteRecord[]> {
  if (rows.length === 0) return [];
  const files = await db
    .select()
    .from(quoteAttachments)
    .where(
      inArray(
        quoteAttachments.quoteId,
        rows.map((r) => r.quote.id),
      ),
    )
    .orderBy(asc(quoteAttachments.kind));
  return rows.map((r) => ({ ...r, attachments: files.filter((f) => f.quoteId === r.quote.id) }));
}

export async function findQuote(db: Db, id: string): Promise<QuoteRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db
    .select(selection)
    .from(quotes)
    .innerJoin(providers, eq(providers.id, quotes.providerId))
    .innerJoin(users, eq(users.id, quotes.senderId))
    .where(eq(quotes.id, id))
    .limit(1);
  return (await withAttachments(db, rows))[0];
}

export type QuoteListKind = { kind: 'received'; userId: string } | { kind: 'sent'; userId: string } | { kind: 'waiting' };

/** One page of a list, filtered and ordered in SQL (indexes in 0009_quotes.sql). */
export async function listQuotes(
  db: Db,
  list: QuoteListKind,
  options: { page: number; pageSize: number; status?: QuoteStatus },
): Promise<{ records: QuoteRecord[]; total: number }> {
  const conditions: SQL[] = [];
  if (list.kind === 'received') conditions.push(eq(providers.userId, list.userId), eq(providers.claimApproved, true));
  if (list.kind === 'sent') conditions.push(eq(quotes.senderId, list.userId));
  // Waiting: requests still pending on a profile that has no approved owner yet.
  if (list.kind === 'waiting') conditions.push(eq(quotes.status, 'pending'), sql`NOT (${providers.claimApproved} AND ${providers.userId} IS NOT NULL)`);
  if (options.status) conditions.push(eq(quotes.status, options.status));
  const where = and(...conditions);
  const order = list.kind === 'waiting' ? [asc(quotes.createdAt), asc(quotes.id)] : [desc(quotes.createdAt), desc(quotes.id)];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(selection)
      .from(quotes)
      .innerJoin(providers, eq(providers.id, quotes.providerId))
      .innerJoin(users, eq(users.id, quotes.senderId))
      .where(where)
      .orderBy(...order)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(quotes).innerJoin(providers, eq(providers.id, quotes.providerId)).where(where),
  ]);
  return { records: await withAttachments(db, rows), total: totalRow?.total ?? 0 };
}

export type NewQuote = typeof quotes.$inferInsert;
export type NewAttachment = Omit<typeof quoteAttachments.$inferInsert, 'quoteId'>;

/**
 * The quote, its attachments and their ownership records (the quote owns its files; decision 0330)
 * in one transaction: never a partial write.
 */
export async function insertQuote(db: Db, values: NewQuote, attachments: NewAttachment[]): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(quotes).values(values).returning({ id: quotes.id });
    if (attachments.length > 0) {
      await tx.insert(quoteAttachments).values(attachments.map((a) => ({ ...a, quoteId: row!.id })));
      await recordStoredFiles(
        tx,
        attachments.map((a) => ({
          storageClass: 'private' as const,
          key: a.storageKey,
          kind: 'quote-attachment' as const,
          quoteId: row!.id,
          uploadedBy: values.senderId,
          sizeBytes: a.sizeBytes,
        })),
      );
    }
    return row!.id;
  });
}

/** Records the reply only while the quote is pending, so two replies cannot both win. */
export async function saveReply(
  db: Db,
  id: string,
  values: { status: 'responded' | 'declined'; replyMessage: string; repliedBy: string; at: Date },
): Promise<boolean> {
  const updated = await db
    .update(quotes)
    .set({ status: values.status, replyMessage: values.replyMessage, repliedBy: values.repliedBy, repliedAt: values.at, updatedAt: values.at })
    .where(and(eq(quotes.id, id), eq(quotes.status, 'pending')))
    .returning({ id: quotes.id });
  return updated.length > 0;
}

/** Replied → completed, once (decision 0480); false when the quote was not in the replied state. */
export async function markCompleted(db: Db, id: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(quotes)
    .set({ status: 'completed', completedAt: at, updatedAt: at })
    .where(and(eq(quotes.id, id), eq(quotes.status, 'responded')))
    .returning({ id: quotes.id });
  return updated.length > 0;
}
