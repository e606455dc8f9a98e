import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { API_KEY_LIMITS } from '@solar/shared/constants/developers';
import type { Database } from '../db/client';
import { apiKeys, users, type ApiKeyRow, type UserRow } from '../db/schema/index';

/**
 * What the API-key check needs of the keys (decision 0492): the key's row and its account by the
 * key's SHA-256, and its 'last used' time. Key management (create, list, revoke) is the developers
 * feature's; this is what plugins/api-keys.ts reads on every keyed request.
 */

/** The stored form of a key. Keys are 192 random bits: a fast hash is enough (as for session ids). */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export async function findApiKey(database: Database, keyHash: string): Promise<{ key: ApiKeyRow; user: UserRow } | undefined> {
  const [row] = await database.db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return row;
}

/** When each key's 'last used' was last written by this process. */
const written = new WeakMap<Database, Map<string, number>>();

/**
 * Records that a key was used, at most once a minute per key and process: a read stays a read.
 * The list shows the time to the minute.
 */
export async function keyUsed(database: Database, key: Pick<ApiKeyRow, 'id' | 'lastUsedAt'>, now: Date): Promise<void> {
  let byKey = written.get(database);
  if (!byKey) written.set(database, (byKey = new Map()));
  const last = Math.max(byKey.get(key.id) ?? 0, key.lastUsedAt?.getTime() ?? 0);
  if (now.getTime() - last < API_KEY_LIMITS.lastUsedEveryMs) return;
  byKey.set(key.id, now.getTime());
  if (byKey.size > 10_000) byKey.clear();
  await database.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, key.id));
}
