import { and, desc, eq } from 'drizzle-orm';
import { providerClaims, providers, signupClaimIntents, users, type ProviderClaimRow } from '../../db/schema/index';
import type { Db } from '../../db/client';

export type { ProviderClaimRow };

/** A profile's claims with the claimants' names (never their emails). */
export function listClaimsOfProvider(db: Db, providerId: string) {
  return db
    .select({ claim: providerClaims, userName: users.name })
    .from(providerClaims)
    .innerJoin(users, eq(users.id, providerClaims.userId))
    .where(eq(providerClaims.providerId, providerId))
    .orderBy(desc(providerClaims.createdAt));
}

export function listClaimsOfUser(db: Db, userId: string) {
  return db
    .select({ claim: providerClaims, providerSlug: providers.slug, providerName: providers.businessName })
    .from(providerClaims)
    .innerJoin(providers, eq(providers.id, providerClaims.providerId))
    .where(eq(providerClaims.userId, userId))
    .orderBy(desc(providerClaims.createdAt));
}

export async function findPendingClaim(db: Db, providerId: string, userId: string): Promise<ProviderClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(providerClaims)
    .where(and(eq(providerClaims.providerId, providerId), eq(providerClaims.userId, userId), eq(providerClaims.status, 'pending')));
  return row;
}

export async function insertClaim(db: Db, values: typeof providerClaims.$inferInsert): Promise<ProviderClaimRow> {
  const [row] = await db.insert(providerClaims).values(values).returning();
  return row!;
}

export async function updateClaim(
  db: Db,
  id: string,
  values: Pick<ProviderClaimRow, 'companyRole' | 'message' | 'kind' | 'updatedAt'>,
): Promise<ProviderClaimRow> {
  const [row] = await db.update(providerClaims).set(values).where(eq(providerClaims.id, id)).returning();
  return row!;
}

/** Marks an unclaimed profile claimed (a claim has arrived). */
export async function markProviderClaimed(db: Db, providerId: string) {
  await db
    .update(providers)
    .set({ claimed: true })
    .where(and(eq(providers.id, providerId), eq(providers.claimed, false)));
}

const intentOf = (userId: string, providerId: string) =>
  and(eq(signupClaimIntents.userId, userId), eq(signupClaimIntents.providerId, providerId));

/** When the sign-up recorded its intent to claim (decision 0102). */
export async function signupIntentTime(tx: Db, userId: string, providerId: string): Promise<Date | undefined> {
  const [row] = await tx.select({ createdAt: signupClaimIntents.createdAt }).from(signupClaimIntents).where(intentOf(userId, providerId));
  return row?.createdAt;
}

export async function markSignupIntentProcessed(tx: Db, userId: string, providerId: string, at: Date) {
  await tx.update(signupClaimIntents).set({ processedAt: at }).where(intentOf(userId, providerId));
}
