import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providerCompanyChecks, providers, users, type CompanyCheckRow } from '../../db/schema/index';

export type { CompanyCheckRow };

export async function findCheck(db: Db, providerId: string): Promise<CompanyCheckRow | undefined> {
  const [row] = await db.select().from(providerCompanyChecks).where(eq(providerCompanyChecks.providerId, providerId));
  return row;
}

/** The company number and PPON on the profile; a number another profile holds is a unique violation. */
export async function setCompanyIdentifiers(db: Db, providerId: string, values: { companyNumber: string | null; pponId?: string | null }, at: Date) {
  await db
    .update(providers)
    .set({ companyNumber: values.companyNumber, ...(values.pponId !== undefined && { pponId: values.pponId }), updatedAt: at })
    .where(eq(providers.id, providerId));
  // A check of another number no longer describes this profile.
  await db
    .delete(providerCompanyChecks)
    .where(and(eq(providerCompanyChecks.providerId, providerId), sql`${providerCompanyChecks.companyNumber} IS DISTINCT FROM ${values.companyNumber}`));
}

export type CheckWrite =
  | { kind: 'checked'; providerId: string; companyNumber: string; at: Date; next: Date; checks: CompanyCheckRow['checks']; company: CompanyCheckRow['company']; officers: string[] }
  | { kind: 'failed'; providerId: string; companyNumber: string; at: Date; next: Date; failure: string };

/** Saves a check: a made one replaces the results; a failed one keeps them and says what failed. */
export async function saveCheck(db: Db, w: CheckWrite) {
  if (w.kind === 'checked') {
    const values = { companyNumber: w.companyNumber, checkedAt: w.at, checks: w.checks, company: w.company, officers: w.officers, failedAt: null, failure: null, nextCheckAt: w.next };
    await db.insert(providerCompanyChecks).values({ providerId: w.providerId, ...values }).onConflictDoUpdate({ target: providerCompanyChecks.providerId, set: values });
    return;
  }
  await db
    .insert(providerCompanyChecks)
    .values({ providerId: w.providerId, companyNumber: w.companyNumber, failedAt: w.at, failure: w.failure, nextCheckAt: w.next })
    .onConflictDoUpdate({ target: providerCompanyChecks.providerId, set: { failedAt: w.at, failure: w.failure, nextCheckAt: w.next } });
}

/** Profiles with a company number whose check is due (never checked, or its next time has come). */
export async function dueForCheck(db: Db, now: Date, limit: number) {
  return db
    .select({ id: providers.id })
    .from(providers)
    .leftJoin(providerCompanyChecks, eq(providerCompanyChecks.providerId, providers.id))
    .where(and(isNotNull(providers.companyNumber), sql`(${providerCompanyChecks.nextCheckAt} IS NULL OR ${lte(providerCompanyChecks.nextCheckAt, now)})`))
    .orderBy(asc(sql`coalesce(${providerCompanyChecks.nextCheckAt}, '-infinity'::timestamptz)`))
    .limit(limit);
}

export async function ownerName(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}
