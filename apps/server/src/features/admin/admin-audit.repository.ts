import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { adminAuditLog, type AdminAuditRow } from '../../db/schema/index';
import type { Db } from '../../db/client';

export type { AdminAuditRow };
export type NewAuditEntry = typeof adminAuditLog.$inferInsert;

export async function insertAuditEntry(tx: Db, entry: NewAuditEntry) {
  await tx.insert(adminAuditLog).values(entry);
}

export async function listAudit(db: Db, filter: { targetType?: string; targetId?: string }, page: number, pageSize: number) {
  const conditions = [
    filter.targetType ? eq(adminAuditLog.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(adminAuditLog.targetId, filter.targetId) : undefined,
  ].filter((c): c is SQL => Boolean(c));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(adminAuditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
