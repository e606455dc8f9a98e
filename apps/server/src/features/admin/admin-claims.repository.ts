import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { providerClaims, providers, users, type ProviderClaimRow, type ProviderRow } from '../../db/schema/index';
import type { Db } from '../../db/client';

export type { ProviderClaimRow, ProviderRow };
export type ClaimStatus = ProviderClaimRow['status'];

const reviewer = alias(users, 'reviewer');

const claimColumns = {
  claim: providerClaims,
  providerName: providers.businessName,
  providerSlug: providers.slug,
  claimantName: users.name,
  claimantEmail: users.email,
  claimantEmailVerifiedAt: users.emailVerifiedAt,
  reviewerName: reviewer.name,
};
export type ClaimListRow = {
  claim: ProviderClaimRow;
  providerName: string;
  providerSlug: string;
  claimantName: string;
  claimantEmail: string;
  claimantEmailVerifiedAt: Date | null;
  reviewerName: string | null;
};

function claimsQuery(db: Db) {
  return db
    .select(claimColumns)
    .from(providerClaims)
    .innerJoin(providers, eq(providers.id, providerClaims.providerId))
    .innerJoin(users, eq(users.id, providerClaims.userId))
    .leftJoin(reviewer, eq(reviewer.id, providerClaims.reviewedBy));
}

/** Pending oldest first (a queue); reviewed ones most recently reviewed first. */
export async function listClaims(db: Db, status: ClaimStatus | undefined, page: number, pageSize: number) {
  const where = status ? eq(providerClaims.status, status) : undefined;
  const order =
    status === 'pending'
      ? [providerClaims.createdAt, providerClaims.id]
      : [sql`${providerClaims.reviewedAt} DESC NULLS LAST`, desc(providerClaims.createdAt), providerClaims.id];
  const [rows, counts] = await Promise.all([
    claimsQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ status: providerClaims.status, n: count() }).from(providerClaims).groupBy(providerClaims.status),
  ]);
  const byStatus = { pending: 0, approved: 0, rejected: 0 };
  for (const c of counts) byStatus[c.status] = c.n;
  return { rows: rows as ClaimListRow[], counts: byStatus, total: status ? byStatus[status] : byStatus.pending + byStatus.approved + byStatus.rejected };
}

export async function findClaim(db: Db, id: string): Promise<ClaimListRow | undefined> {
  const [row] = await claimsQuery(db).where(eq(providerClaims.id, id));
  return row as ClaimListRow | undefined;
}

/** The claim, locked for the rest of the review. */
export async function lockClaim(tx: Db, id: string): Promise<ProviderClaimRow | undefined> {
  const [row] = await tx.select().from(providerClaims).where(eq(providerClaims.id, id)).for('update');
  return row;
}

/** When the claimant verified their address (null: not yet), read under a share lock for the review. */
export async function claimantVerifiedAt(tx: Db, userId: string): Promise<Date | null> {
  const [row] = await tx.select({ emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).for('share');
  return row?.emailVerifiedAt ?? null;
}

export async function lockClaimedProvider(tx: Db, providerId: string): Promise<ProviderRow | undefined> {
  const [row] = await tx.select().from(providers).where(eq(providers.id, providerId)).for('update');
  return row;
}

export async function recordReview(
  tx: Db,
  id: string,
  review: { status: 'approved' | 'rejected'; reviewedBy: string; reviewMessage: string | null },
  now: Date,
) {
  await tx
    .update(providerClaims)
    .set({ ...review, reviewedAt: now, updatedAt: now })
    .where(eq(providerClaims.id, id));
}

/** Rejects the profile's other pending claims; their ids and claimants. */
export function rejectOtherPendingClaims(
  tx: Db,
  providerId: string,
  approvedId: string,
  review: { reviewedBy: string; reviewMessage: string },
  now: Date,
): Promise<Array<{ id: string; userId: string }>> {
  return tx
    .update(providerClaims)
    .set({ status: 'rejected', ...review, reviewedAt: now, updatedAt: now })
    .where(and(eq(providerClaims.providerId, providerId), eq(providerClaims.status, 'pending'), ne(providerClaims.id, approvedId)))
    .returning({ id: providerClaims.id, userId: providerClaims.userId });
}

export async function countPendingClaims(tx: Db, providerId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(providerClaims)
    .where(and(eq(providerClaims.providerId, providerId), eq(providerClaims.status, 'pending')));
  return row?.n ?? 0;
}

export async function setProviderOwnership(
  tx: Db,
  providerId: string,
  ownership: Partial<Pick<ProviderRow, 'userId' | 'claimed' | 'claimApproved'>>,
  now: Date,
): Promise<ProviderRow> {
  const [row] = await tx
    .update(providers)
    .set({ ...ownership, updatedAt: now })
    .where(eq(providers.id, providerId))
    .returning();
  return row!;
}
