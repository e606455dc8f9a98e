import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { providers, reviews, type ReviewRow } from '../../db/schema/index';

export type { ReviewRow };

/** A piece of completed work on the platform and its two parties (decision 0480). */
export interface WorkRow {
  work_kind: 'quote' | 'tender';
  work_id: string;
  work_date: Date | string;
  title: string;
  provider_id: string;
  provider_slug: string;
  provider_name: string;
  provider_owner: string | null;
}

const WORK = sql`
  SELECT 'quote' AS work_kind, q.id::text AS work_id, q.completed_at AS work_date,
         coalesce(nullif(q.service, ''), 'Quote request') AS title, q.sender_id AS author_id,
         p.id::text AS provider_id, p.slug AS provider_slug, p.business_name AS provider_name, p.user_id::text AS provider_owner
    FROM quotes q JOIN providers p ON p.id = q.provider_id
   WHERE q.status = 'completed'
  UNION ALL
  SELECT 'tender', t.id::text, coalesce(t.award_date, (SELECT max(e.created_at) FROM tender_events e WHERE e.tender_id = t.id AND e.kind = 'awarded'), t.updated_at),
         t.title, t.user_id,
         p.id::text, p.slug, p.business_name, p.user_id::text
    FROM tenders t JOIN tender_responses r ON r.id = t.awarded_response_id JOIN providers p ON p.id = r.provider_id
   WHERE t.stage = 'awarded' AND t.source = 'Solar Manager'`;

/** The author's completed work not reviewed yet, newest first. */
export async function reviewableWork(db: Db, authorId: string): Promise<WorkRow[]> {
  const result = await db.execute(sql`
    SELECT w.* FROM (${WORK}) AS w
     WHERE w.author_id = ${authorId}
       AND NOT EXISTS (SELECT 1 FROM reviews v WHERE (w.work_kind = 'quote' AND v.quote_id::text = w.work_id) OR (w.work_kind = 'tender' AND v.tender_id::text = w.work_id))
     ORDER BY w.work_date DESC LIMIT 100`);
  return rowsOf<WorkRow>(result);
}

/** One piece of the author's completed work, whether reviewed or not; undefined when it is not theirs or not completed. */
export async function findWork(db: Db, authorId: string, kind: 'quote' | 'tender', id: string): Promise<WorkRow | undefined> {
  const result = await db.execute(sql`SELECT w.* FROM (${WORK}) AS w WHERE w.author_id = ${authorId} AND w.work_kind = ${kind} AND w.work_id = ${id}`);
  return rowsOf<WorkRow>(result)[0];
}

export async function insertReview(tx: Db, values: typeof reviews.$inferInsert): Promise<ReviewRow> {
  const [row] = await tx.insert(reviews).values(values).returning();
  return row!;
}

export async function findReview(db: Db, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row;
}

export async function lockReview(tx: Db, id: string): Promise<ReviewRow | undefined> {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  return row;
}

export async function updateReview(tx: Db, id: string, values: Partial<typeof reviews.$inferInsert>): Promise<ReviewRow> {
  const [row] = await tx.update(reviews).set(values).where(eq(reviews.id, id)).returning();
  return row!;
}

/** The provider's count and mean rating, from its published reviews, onto its row (cards read it). */
export async function refreshSummary(tx: Db, providerId: string) {
  await tx
    .update(providers)
    .set({
      reviewCount: sql`(SELECT count(*)::int FROM reviews v WHERE v.provider_id = ${providers.id} AND v.status = 'published')`,
      reviewAverage: sql`(SELECT round(avg((v.quality + v.value + v.reliability) / 3.0), 2) FROM reviews v WHERE v.provider_id = ${providers.id} AND v.status = 'published')`,
    })
    .where(eq(providers.id, providerId));
}

export async function listPublished(db: Db, providerId: string, page: number, pageSize: number) {
  const where = and(eq(reviews.providerId, providerId), eq(reviews.status, 'published'));
  const [rows, [total]] = await Promise.all([
    db.select().from(reviews).where(where).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listForAdmin(db: Db, status: 'flagged' | 'published' | 'removed', page: number, pageSize: number) {
  const where =
    status === 'flagged'
      ? and(eq(reviews.status, 'published'), isNotNull(reviews.flaggedAt))
      : status === 'published'
        ? and(eq(reviews.status, 'published'), isNull(reviews.flaggedAt))
        : eq(reviews.status, 'removed');
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: reviews, provider: { id: providers.id, slug: providers.slug, name: providers.businessName } })
      .from(reviews)
      .innerJoin(providers, eq(providers.id, reviews.providerId))
      .where(where)
      .orderBy(status === 'flagged' ? asc(reviews.flaggedAt) : desc(reviews.createdAt), asc(reviews.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
