import { and, asc, count, desc, eq, inArray, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providerAccreditations, providers, users, type AccreditationRow } from '../../db/schema/index';
import { recordStoredFiles } from '../../platform/stored-files';

export type { AccreditationRow };

export function listOfProvider(db: Db, providerId: string): Promise<AccreditationRow[]> {
  return db.select().from(providerAccreditations).where(eq(providerAccreditations.providerId, providerId)).orderBy(asc(providerAccreditations.createdAt), asc(providerAccreditations.id));
}

export async function countOfProvider(db: Db, providerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(providerAccreditations).where(eq(providerAccreditations.providerId, providerId));
  return row?.n ?? 0;
}

export async function findAccreditation(db: Db, id: string): Promise<AccreditationRow | undefined> {
  const [row] = await db.select().from(providerAccreditations).where(eq(providerAccreditations.id, id));
  return row;
}

export async function lockAccreditation(tx: Db, id: string): Promise<AccreditationRow | undefined> {
  const [row] = await tx.select().from(providerAccreditations).where(eq(providerAccreditations.id, id)).for('update');
  return row;
}

/** Inserts the accreditation and, in the same transaction, the owner record of its evidence file. */
export async function insertAccreditation(tx: Db, values: typeof providerAccreditations.$inferInsert, uploadedBy: string): Promise<AccreditationRow> {
  const [row] = await tx.insert(providerAccreditations).values(values).returning();
  if (row!.evidenceKey) {
    await recordStoredFiles(tx, [
      { storageClass: 'private', key: row!.evidenceKey, kind: 'accreditation-evidence', accreditationId: row!.id, uploadedBy, sizeBytes: row!.evidenceSize ?? 0 },
    ]);
  }
  return row!;
}

export async function deleteAccreditation(tx: Db, id: string) {
  await tx.delete(providerAccreditations).where(eq(providerAccreditations.id, id));
}

export async function setStatus(
  tx: Db,
  id: string,
  values: Partial<Pick<AccreditationRow, 'status' | 'verifiedAt' | 'verifiedBy' | 'reviewNote' | 'expiredAt' | 'remindedAt'>> & { updatedAt: Date },
): Promise<AccreditationRow> {
  const [row] = await tx.update(providerAccreditations).set(values).where(eq(providerAccreditations.id, id)).returning();
  return row!;
}

/**
 * `providers.verified_accreditations` from the rows: the schemes verified and not expired (the
 * directory filter reads this one indexed column; decision 0482).
 */
export async function refreshVerifiedSchemes(tx: Db, providerIds: string[]) {
  if (providerIds.length === 0) return;
  await tx
    .update(providers)
    .set({
      verifiedAccreditations: sql`(SELECT coalesce(array_agg(DISTINCT a.scheme ORDER BY a.scheme), '{}'::text[]) FROM provider_accreditations a
                                    WHERE a.provider_id = ${providers.id} AND a.status = 'verified')`,
    })
    .where(inArray(providers.id, providerIds));
}

/** The admin queue: with evidence and still self-declared, oldest first; or every one of a state. */
export async function listForAdmin(db: Db, status: 'waiting' | AccreditationRow['status'], page: number, pageSize: number) {
  const where =
    status === 'waiting'
      ? and(eq(providerAccreditations.status, 'self-declared'), isNotNull(providerAccreditations.evidenceKey))
      : eq(providerAccreditations.status, status);
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: providerAccreditations, provider: { id: providers.id, slug: providers.slug, name: providers.businessName } })
      .from(providerAccreditations)
      .innerJoin(providers, eq(providers.id, providerAccreditations.providerId))
      .where(where)
      .orderBy(status === 'waiting' ? asc(providerAccreditations.createdAt) : desc(providerAccreditations.updatedAt), asc(providerAccreditations.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(providerAccreditations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Accreditations past their expiry date (`expires_on` before today, UK date) that have not changed state yet. */
export async function expire(tx: Db, today: string, at: Date): Promise<Array<{ id: string; providerId: string }>> {
  return tx
    .update(providerAccreditations)
    .set({ status: 'expired', expiredAt: at, verifiedAt: null, updatedAt: at })
    .where(and(ne(providerAccreditations.status, 'expired'), isNotNull(providerAccreditations.expiresOn), lt(providerAccreditations.expiresOn, today)))
    .returning({ id: providerAccreditations.id, providerId: providerAccreditations.providerId });
}

/** Due a reminder: expiring on or before `by`, not expired, not reminded yet; with the owner's address. */
export async function dueReminders(db: Db, by: string) {
  return db
    .select({ a: providerAccreditations, provider: { id: providers.id, slug: providers.slug, name: providers.businessName }, owner: { email: users.email, name: users.name } })
    .from(providerAccreditations)
    .innerJoin(providers, eq(providers.id, providerAccreditations.providerId))
    .innerJoin(users, and(eq(users.id, providers.userId), eq(providers.claimApproved, true)))
    .where(
      and(
        ne(providerAccreditations.status, 'expired'),
        isNotNull(providerAccreditations.expiresOn),
        lte(providerAccreditations.expiresOn, by),
        sql`${providerAccreditations.remindedAt} IS NULL`,
      ),
    )
    .limit(500);
}
