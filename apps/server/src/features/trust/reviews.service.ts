import { RATING_ASPECTS, RESPONSE_TIME, REVIEW_LIMITS as L, TRUST_MESSAGES as M, type RatingAspect } from '@solar/shared/constants/trust';
import type { AdminReview, RatingSummary, Review, ReviewableWork } from '@solar/shared/contracts/trust';
import type { z } from 'zod';
import type { createReviewBody } from '@solar/shared/contracts/trust';
import { responseTimeText, workLabel } from '@solar/shared/domain/trust';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { isUniqueViolation, isUuid } from '../../db/sql-helpers';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../../plugins/context';
import { requireVerifiedEmail } from '../../plugins/auth';
import { writeAudit } from '../admin/admin-audit.service';
import { requireLocked, requireProvider } from '../providers/provider-access.service';
import * as repo from './reviews.repository';
import type { TrustFacts } from './trust-profile.repository';
import { toAdminReview, toReview } from './trust.mapper';

/** Reviews only from real work (docs/product/trust.md#reviews, decision 0480). */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'log'>;

const DAY = 86_400_000;
const toWork = (w: repo.WorkRow): ReviewableWork => ({
  workKind: w.work_kind,
  workId: w.work_id,
  workLabel: workLabel(w.work_kind, new Date(w.work_date)),
  title: w.title,
  provider: { id: w.provider_id, slug: w.provider_slug, name: w.provider_name },
});

export async function listReviewableWork(ctx: Ctx, user: UserRow): Promise<ReviewableWork[]> {
  const rows = await repo.reviewableWork(ctx.database.db, user.id);
  // A provider's own people do not review it.
  return rows.filter((w) => w.provider_owner !== user.id).map(toWork);
}

/**
 * Only the other party of a completed piece of work may review it, once: the requester of a quote
 * its provider marked completed, or the owner of a tender awarded to the provider. Anything else
 * is 404, so a caller cannot learn of work that is not theirs. Published at once, whatever the
 * rating: moderation acts on reports against the policy, never on a low score.
 */
export async function createReview(ctx: Ctx, user: UserRow, input: z.output<typeof createReviewBody>): Promise<Review> {
  requireVerifiedEmail(user, 'review');
  if (!isUuid(input.workId)) throw new AppError('NOT_FOUND', M.workNotFound);
  const db = ctx.database.db;
  const work = await repo.findWork(db, user.id, input.workKind, input.workId);
  if (!work) throw new AppError('NOT_FOUND', M.workNotFound);
  if (work.provider_owner === user.id) throw new AppError('FORBIDDEN', M.ownProvider);
  const now = ctx.clock.now();
  try {
    const row = await db.transaction(async (tx) => {
      await requireLocked(tx, work.provider_id);
      const review = await repo.insertReview(tx, {
        providerId: work.provider_id,
        authorId: user.id,
        authorName: user.name,
        quoteId: work.work_kind === 'quote' ? work.work_id : null,
        tenderId: work.work_kind === 'tender' ? work.work_id : null,
        workKind: work.work_kind,
        workDate: new Date(work.work_date),
        quality: input.quality,
        value: input.value,
        reliability: input.reliability,
        body: input.body,
        createdAt: now,
        updatedAt: now,
      });
      await repo.refreshSummary(tx, work.provider_id);
      return review;
    });
    ctx.log.info({ reviewId: row.id, providerId: row.providerId, workKind: row.workKind }, 'review published');
    return toReview(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', M.alreadyReviewed);
    throw err;
  }
}

async function requirePublished(db: Db, id: string) {
  const row = isUuid(id) ? await repo.findReview(db, id) : undefined;
  if (!row || row.status !== 'published') throw new AppError('NOT_FOUND', M.reviewNotFound);
  return row;
}

/** The provider's approved owner. */
async function requireProviderOwner(ctx: Ctx, user: UserRow, providerId: string) {
  const provider = await requireProvider(ctx, providerId);
  if (!(provider.userId === user.id && provider.claimApproved)) throw new AppError('FORBIDDEN', M.notYours);
  return provider;
}

/** The provider's one public reply. */
export async function replyToReview(ctx: Ctx, user: UserRow, id: string, reply: string): Promise<Review> {
  const found = await requirePublished(ctx.database.db, id);
  await requireProviderOwner(ctx, user, found.providerId);
  return ctx.database.db.transaction(async (tx) => {
    const row = (await repo.lockReview(tx, found.id))!;
    if (row.reply !== null) throw new AppError('CONFLICT', M.alreadyReplied);
    const now = ctx.clock.now();
    return toReview(await repo.updateReview(tx, row.id, { reply, repliedAt: now, repliedBy: user.id, updatedAt: now }));
  });
}

/** The provider reports a review against the policy; it stays published while an admin looks. */
export async function flagReview(ctx: Ctx, user: UserRow, id: string, reason: string): Promise<void> {
  const found = await requirePublished(ctx.database.db, id);
  await requireProviderOwner(ctx, user, found.providerId);
  await ctx.database.db.transaction(async (tx) => {
    const row = (await repo.lockReview(tx, found.id))!;
    if (row.flaggedAt) throw new AppError('CONFLICT', M.alreadyFlagged);
    const now = ctx.clock.now();
    await repo.updateReview(tx, row.id, { flaggedAt: now, flagReason: reason, flaggedBy: user.id, updatedAt: now });
  });
}

export async function listProviderReviews(ctx: Ctx, idOrSlug: string, page: number) {
  const provider = await requireProvider(ctx, idOrSlug);
  const { rows, total } = await repo.listPublished(ctx.database.db, provider.id, page, L.pageSize);
  return { success: true as const, data: rows.map(toReview), pagination: { page, pages: Math.max(1, Math.ceil(total / L.pageSize)), total } };
}

export async function listForAdmin(ctx: Ctx, query: { page: number; status: 'flagged' | 'published' | 'removed' }) {
  const pageSize = 20;
  const { rows, total } = await repo.listForAdmin(ctx.database.db, query.status, query.page, pageSize);
  return { success: true as const, data: rows.map((r) => toAdminReview(r.r, r.provider)), pagination: { page: query.page, pages: Math.max(1, Math.ceil(total / pageSize)), total } };
}

/**
 * Moderation (the review policy, decision 0480): 'remove' takes a review that breaks the policy off
 * the profile and out of the rating, keeping its row; 'keep' clears a provider's flag. Both write
 * the admin log with the reason, and a removal copies the review into the log entry.
 */
export async function moderateReview(ctx: Ctx, admin: UserRow, id: string, input: { action: 'remove' | 'keep'; reason: string }): Promise<AdminReview> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', M.reviewNotFound);
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const row = await repo.lockReview(tx, id);
    if (!row) throw new AppError('NOT_FOUND', M.reviewNotFound);
    if (row.status === 'removed') throw new AppError('CONFLICT', M.alreadyRemoved);
    const provider = await requireLocked(tx, row.providerId);
    const updated =
      input.action === 'remove'
        ? await repo.updateReview(tx, row.id, { status: 'removed', removedAt: now, removedBy: admin.id, removalReason: input.reason, updatedAt: now })
        : await repo.updateReview(tx, row.id, { flaggedAt: null, flagReason: null, flaggedBy: null, updatedAt: now });
    if (input.action === 'remove') await repo.refreshSummary(tx, row.providerId);
    await writeAudit(tx, admin, now, {
      action: input.action === 'remove' ? 'review.remove' : 'review.keep',
      targetType: 'review',
      targetId: row.id,
      summary: `${admin.name} ${input.action === 'remove' ? 'removed' : 'kept'} a review of ${provider.businessName}: ${input.reason}`,
      before: { status: row.status, flagReason: row.flagReason, authorName: row.authorName, ratings: { quality: row.quality, value: row.value, reliability: row.reliability }, body: row.body },
      after: { status: updated.status, reason: input.reason },
    });
    return toAdminReview(updated, { id: provider.id, slug: provider.slug, name: provider.businessName });
  });
}

const mean = (v: string | null) => (v === null ? 0 : Math.round(Number(v) * 10) / 10);

/** The profile's rating from its published reviews' aggregates; null with none. */
export function ratingSummary(r: Pick<TrustFacts, 'count' | 'average' | RatingAspect>): RatingSummary | null {
  if (!r.count) return null;
  const out = { average: mean(r.average), count: r.count } as RatingSummary;
  for (const aspect of RATING_ASPECTS) out[aspect] = mean(r[aspect]);
  return out;
}

/** "usually replies within 1 day", from the provider's quote replies in the window; null with too few. */
export function responseTime({ replies, medianHours }: Pick<TrustFacts, 'replies' | 'medianHours'>) {
  if (replies < RESPONSE_TIME.minReplies || medianHours === null) return null;
  return { medianHours: Math.round(medianHours * 10) / 10, replies, text: responseTimeText(medianHours) };
}

/** Where the response time's window starts. */
export const repliesSince = (now: Date) => new Date(now.getTime() - RESPONSE_TIME.windowDays * DAY);
