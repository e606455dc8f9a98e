import { adminAuditLog, type AdminAuditRow } from '../../db/schema/index';
import type { Database, Db } from '../../db/client';

export type { AdminAuditRow };
export type NewAuditEntry = typeof adminAuditLog.$inferInsert;

export async function insertAuditEntry(tx: Db, entry: NewAuditEntry) {
  await tx.insert(adminAuditLog).values(entry);
}

/** One line of the audit log as read: an admin action or a tender lifecycle event, with the names it refers to. */
export interface AuditLogRow {
  source: 'admin' | 'tender';
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: string;
  target_name: string | null;
  target_detail: string | null;
  summary: string;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** Names for user ids in before/after (`userId`: a provider's owner). */
  before_owner: string | null;
  after_owner: string | null;
  /** An award's winning provider. */
  winner: string | null;
  created_at: Date | string;
}

/** A response's entry while the tender's responses are sealed: its actor is the bidder. */
const SEALED_RESPONSE = `(e.kind IN ('response-submitted', 'response-updated', 'response-withdrawn') AND (t.closing_date IS NULL OR t.closing_date > $5::timestamptz))`;

/**
 * Admin actions (`admin_audit_log`, decision 0230) and tender lifecycle events (`tender_events`,
 * the tender's own history, decision 0401: written by the tender services, only read here), as one
 * list newest first, with the names of whom and what they concern as they are now.
 */
const ENTRIES = `
  SELECT 'admin' AS source, a.id::text AS id, a.actor_id::text AS actor_id, a.actor_name, a.action, a.target_type, a.target_id,
         CASE a.target_type WHEN 'user' THEN tu.name WHEN 'provider' THEN tp.business_name WHEN 'claim' THEN cp.business_name
              WHEN 'waiting' THEN coalesce(qp.business_name, ip.business_name) END AS target_name,
         CASE a.target_type WHEN 'claim' THEN cu.name WHEN 'user' THEN tu.email END AS target_detail,
         a.summary, NULL::text AS reason, a.before, a.after, bo.name AS before_owner, ao.name AS after_owner, NULL::text AS winner, a.created_at, a.id AS ord
    FROM admin_audit_log a
    LEFT JOIN users tu ON a.target_type = 'user' AND tu.id::text = a.target_id
    LEFT JOIN providers tp ON a.target_type = 'provider' AND tp.id::text = a.target_id
    LEFT JOIN provider_claims c ON a.target_type = 'claim' AND c.id::text = a.target_id
    LEFT JOIN providers cp ON cp.id = c.provider_id
    LEFT JOIN users cu ON cu.id = c.user_id
    LEFT JOIN quotes q ON a.target_type = 'waiting' AND a.target_id LIKE 'quote:%' AND q.id::text = split_part(a.target_id, ':', 2)
    LEFT JOIN providers qp ON qp.id = q.provider_id
    LEFT JOIN providers ip ON a.target_type = 'waiting' AND a.target_id LIKE 'invitation:%' AND ip.id::text = split_part(a.target_id, ':', 3)
    LEFT JOIN users bo ON bo.id::text = a.before->>'userId'
    LEFT JOIN users ao ON ao.id::text = a.after->>'userId'
   WHERE ($1::text IS NULL OR a.target_type = $1) AND ($2::text IS NULL OR a.target_id = $2)
  UNION ALL
  SELECT 'tender', e.id::text,
         -- Who responded stays sealed until the tender's closing time by the server's clock ($5; decision 0512).
         CASE WHEN ${SEALED_RESPONSE} THEN NULL ELSE e.actor_id::text END, CASE WHEN ${SEALED_RESPONSE} THEN NULL ELSE u.name END,
         'tender.' || e.kind, 'tender', e.tender_id::text,
         t.title, NULL, '', e.reason, NULL, e.changes, NULL, NULL, wp.business_name, e.created_at, e.seq
    FROM tender_events e
    JOIN tenders t ON t.id = e.tender_id
    LEFT JOIN users u ON u.id = e.actor_id
    LEFT JOIN tender_responses r ON e.kind = 'awarded' AND r.id::text = e.changes->>'responseId'
    LEFT JOIN providers wp ON wp.id = r.provider_id
   WHERE ($1::text IS NULL OR $1 = 'tender') AND ($2::text IS NULL OR e.tender_id::text = $2)`;

export async function listAudit(database: Database, filter: { targetType?: string; targetId?: string }, page: number, pageSize: number, now: Date) {
  const params = [filter.targetType ?? null, filter.targetId ?? null];
  const [rows, [total]] = await Promise.all([
    database.query<AuditLogRow>(`SELECT * FROM (${ENTRIES}) x ORDER BY x.created_at DESC, x.source, x.ord DESC LIMIT $3 OFFSET $4`, [...params, pageSize, (page - 1) * pageSize, now.toISOString()]),
    database.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM admin_audit_log a WHERE ($1::text IS NULL OR a.target_type = $1) AND ($2::text IS NULL OR a.target_id = $2))::int
            + (SELECT count(*) FROM tender_events e WHERE ($1::text IS NULL OR $1 = 'tender') AND ($2::text IS NULL OR e.tender_id::text = $2))::int AS n`,
      params,
    ),
  ]);
  return { rows, total: total?.n ?? 0 };
}
