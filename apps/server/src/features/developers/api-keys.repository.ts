import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, type ApiKeyRow } from '../../db/schema/index';

/** API keys of an account (decision 0492); the check of a keyed request reads platform/api-keys.ts. */

export function listApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function countActiveApiKeys(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return Number(row?.n ?? 0);
}

export async function insertApiKey(db: Db, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

/** Revokes the key if it is this user's (and not revoked already); the row as it is after, or undefined when it is not theirs. */
export async function revokeApiKey(db: Db, userId: string, id: string, now: Date): Promise<ApiKeyRow | undefined> {
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
  if (revoked) return revoked;
  const [already] = await db.select().from(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
  return already;
}
