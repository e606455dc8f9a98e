import { and, count, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  accountDeletionRequests,
  adminAuditLog,
  adminWaitingActions,
  providerClaims,
  providers,
  users,
  type UserRow,
} from '../../db/schema/index';
import type { Db } from '../../db/client';
import { containsPattern, isoDateColumn, rowsOf } from '../../db/sql-helpers';

/** `column IN ids`, false for an empty list. */
export const inIds = (column: AnyColumn, ids: string[]): SQL => (ids.length ? inArray(column, ids) : sql`false`);

/** The same expression as the trigram index users_admin_search_trgm_idx (migration 0008). */
const USER_SEARCH = sql`(lower(${users.name}) || ' ' || lower(${users.email}) || ' ' || lower(${users.company}))`;

export async function listUsers(db: Db, q: string | undefined, page: number, pageSize: number) {
  const where: SQL | undefined = q ? sql`${USER_SEARCH} LIKE ${containsPattern(q.toLowerCase())}` : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, deletionDueAt: accountDeletionRequests.dueAt })
      .from(users)
      .leftJoin(accountDeletionRequests, and(eq(accountDeletionRequests.userId, users.id), eq(accountDeletionRequests.status, 'pending')))
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findUserWithDeletion(db: Db, id: string) {
  const [row] = await db
    .select({ user: users, deletionDueAt: accountDeletionRequests.dueAt })
    .from(users)
    .leftJoin(accountDeletionRequests, and(eq(accountDeletionRequests.userId, users.id), eq(accountDeletionRequests.status, 'pending')))
    .where(eq(users.id, id));
  return row;
}

/** Locks the user row for the rest of the transaction. */
export async function lockUser(tx: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Locks every admin row, so two concurrent revocations cannot both see "another admin left". */
export async function lockAdmins(tx: Db): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for('update');
  return rows.map((r) => r.id);
}

export async function emailTakenByOther(tx: Db, email: string, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`${users.id} <> ${userId}`))
    .limit(1);
  return rows.length > 0;
}

// ---- Claims ----

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
  claim: typeof providerClaims.$inferSelect;
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
export async function listClaims(db: Db, status: 'pending' | 'approved' | 'rejected' | undefined, page: number, pageSize: number) {
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

// ---- Audit log ----

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

// ---- Analytics ----

export async function pageViewsPerDay(db: Db, since: Date) {
  const rows = await db.execute<{ day: string; views: number }>(
    sql`SELECT ${sql.raw(isoDateColumn("date_trunc('day', created_at AT TIME ZONE 'UTC')", 'day'))}, count(*)::int AS views
        FROM page_views WHERE created_at >= ${since.toISOString()}::timestamptz GROUP BY 1 ORDER BY 1`,
  );
  return rowsOf<{ day: string; views: number }>(rows);
}

export async function topPaths(db: Db, since: Date, limit: number) {
  const rows = await db.execute<{ path: string; views: number }>(
    sql`SELECT path, count(*)::int AS views FROM page_views WHERE created_at >= ${since.toISOString()}::timestamptz
        GROUP BY path ORDER BY views DESC, path LIMIT ${limit}`,
  );
  return rowsOf<{ path: string; views: number }>(rows);
}

// ---- Waiting list ----

/** The columns every Waiting row shares: who sent it, the provider, and the admin's action. */
export interface WaitingRowBase {
  provider_id: string;
  sent_at: Date | string;
  sender_name: string | null;
  sender_company: string | null;
  provider_name: string;
  provider_slug: string;
  provider_email: string | null;
  provider_phone: string | null;
  provider_website: string | null;
  claim_approved: boolean;
  status: 'forwarded' | 'closed' | 'resolved' | null;
  acted_at: Date | string | null;
  forwarded_to: string | null;
}

export interface WaitingInvitationRow extends WaitingRowBase {
  tender_id: string;
  title: string;
}

/**
 * Tender invitations to providers without an approved owner, plus forwarded ones whose provider has
 * since been claimed (ready to resolve). `all` adds closed and resolved ones (decision 0234).
 */
export async function listWaitingInvitations(db: Db, show: 'open' | 'all', only?: { tenderId: string; providerId: string }) {
  const open = sql`((p.claim_approved = false AND (w.status IS NULL OR w.status = 'forwarded')) OR (p.claim_approved = true AND w.status = 'forwarded'))`;
  const everything = sql`(p.claim_approved = false OR w.status IS NOT NULL)`;
  const filter = only ? sql`i.tender_id = ${only.tenderId}::uuid AND i.provider_id = ${only.providerId}::uuid` : show === 'all' ? everything : open;
  const rows = await db.execute(sql`
    SELECT i.tender_id, i.provider_id, t.title, i.created_at AS sent_at, u.name AS sender_name, u.company AS sender_company,
           p.business_name AS provider_name, p.slug AS provider_slug, p.email AS provider_email, p.phone AS provider_phone,
           p.website AS provider_website, p.claim_approved, w.status, w.acted_at, w.forwarded_to
      FROM tender_invitations i
      JOIN tenders t ON t.id = i.tender_id
      JOIN providers p ON p.id = i.provider_id
      LEFT JOIN users u ON u.id = t.user_id
      LEFT JOIN ${adminWaitingActions} w ON w.kind = 'invitation' AND w.ref_id = i.tender_id::text || ':' || i.provider_id::text
     WHERE ${filter}
     ORDER BY i.created_at DESC, i.tender_id, i.provider_id
     LIMIT 500`);
  return rowsOf<WaitingInvitationRow>(rows);
}

export interface WaitingQuoteRow extends WaitingRowBase {
  quote_id: string;
  service: string;
  location: string;
  description: string;
}

/**
 * Quotes the quotes feature routed to the marketplace team because the provider was unclaimed
 * (migration 0009 `routed_to = 'marketplace'`), still pending, with the same open / all rule.
 */
export async function listWaitingQuotes(db: Db, show: 'open' | 'all', onlyId?: string) {
  const open = sql`q.status = 'pending' AND ((p.claim_approved = false AND (w.status IS NULL OR w.status = 'forwarded')) OR (p.claim_approved = true AND w.status = 'forwarded'))`;
  const filter = onlyId ? sql`q.id = ${onlyId}::uuid` : show === 'all' ? sql`true` : open;
  const rows = await db.execute(sql`
    SELECT q.id AS quote_id, q.provider_id, q.service, q.location, q.description, q.created_at AS sent_at,
           u.name AS sender_name, u.company AS sender_company,
           p.business_name AS provider_name, p.slug AS provider_slug, p.email AS provider_email, p.phone AS provider_phone,
           p.website AS provider_website, p.claim_approved, w.status, w.acted_at, w.forwarded_to
      FROM quotes q
      JOIN providers p ON p.id = q.provider_id
      LEFT JOIN users u ON u.id = q.sender_id
      LEFT JOIN ${adminWaitingActions} w ON w.kind = 'quote' AND w.ref_id = q.id::text
     WHERE q.routed_to = 'marketplace' AND ${filter}
     ORDER BY q.created_at DESC, q.id
     LIMIT 500`);
  return rowsOf<WaitingQuoteRow>(rows);
}

export async function tableExists(db: Db, name: string): Promise<boolean> {
  const rows = rowsOf<{ ok: boolean }>(await db.execute(sql`SELECT to_regclass(${name}) IS NOT NULL AS ok`));
  return Boolean(rows[0]?.ok);
}

export { providers, providerClaims, users, adminAuditLog, adminWaitingActions };
