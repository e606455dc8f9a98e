import { sql } from 'drizzle-orm';
import { adminWaitingActions } from '../../db/schema/index';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';

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
 * since been claimed (ready to resolve). `all` adds closed and resolved ones (decision 0234), and
 * those whose profile was mailed the signed link itself (decision 0404).
 */
export async function listWaitingInvitations(db: Db, show: 'open' | 'all', only?: { tenderId: string; providerId: string }) {
  // An unclaimed profile already sent the signed link at its public email (decision 0404) needs no forwarding.
  const mailed = sql`EXISTS (SELECT 1 FROM tender_email_invitations e WHERE e.tender_id = i.tender_id AND e.provider_id = i.provider_id)`;
  const open = sql`((p.claim_approved = false AND (w.status = 'forwarded' OR (w.status IS NULL AND NOT ${mailed}))) OR (p.claim_approved = true AND w.status = 'forwarded'))`;
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

export type WaitingKind = 'invitation' | 'quote';

/** Records the admin's action on a waiting request (one row per request, the latest action). */
export async function upsertWaitingAction(
  tx: Db,
  values: { kind: WaitingKind; refId: string; status: 'forwarded' | 'closed' | 'resolved'; forwardedTo: string | null; actedBy: string; actedAt: Date },
) {
  const { status, forwardedTo, actedBy, actedAt } = values;
  await tx
    .insert(adminWaitingActions)
    .values(values)
    .onConflictDoUpdate({ target: [adminWaitingActions.kind, adminWaitingActions.refId], set: { status, forwardedTo, actedBy, actedAt } });
}
