import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottle, users, type UserRow } from '../../db/schema/index';

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1)
    .then((rows) => rows[0]);
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.id, id)).limit(1).then((rows) => rows[0]);
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values({ ...values, email: values.email.trim().toLowerCase() }).returning();
  return row!;
}

// ---- Sign-in throttling (decision 0336) ----

export function readThrottle(db: Db, keys: string[]) {
  return db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
}

/** One statement for every key: a count older than `forgetBefore` starts again at 1. */
export async function recordThrottleFailures(db: Db, keys: string[], now: Date, forgetBefore: Date) {
  await db
    .insert(loginThrottle)
    .values(keys.map((key) => ({ key, failures: 1, lastFailureAt: now })))
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${loginThrottle.lastFailureAt} < ${forgetBefore} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        lastFailureAt: sql`GREATEST(${loginThrottle.lastFailureAt}, excluded.last_failure_at)`,
      },
    });
}

export async function deleteThrottleKey(db: Db, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

export async function purgeThrottle(db: Db, forgetBefore: Date) {
  await db.delete(loginThrottle).where(lt(loginThrottle.lastFailureAt, forgetBefore));
}
