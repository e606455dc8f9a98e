import type { ClaimChecks } from '@solar/shared/contracts/trust';
import type { AdminClaim, AdminUser, AuditEntry, WaitingItem } from '@solar/shared/contracts/admin';
import type { UserRow } from '../../db/rows';
import type { AuditLogRow } from './admin-audit.repository';
import { toIsoTimestamp, toIsoTimestampOrNull as iso } from '../../db/sql-helpers';
import type { ClaimListRow } from './admin-claims.repository';
import type { WaitingInvitationRow, WaitingQuoteRow, WaitingRowBase } from './admin-waiting.repository';

/** The pagination block of every admin list. */
export const pageOf = (page: number, pageSize: number, total: number) => ({ page, pageSize, total, pages: Math.max(1, Math.ceil(total / pageSize)) });

/** Admins see emails; never the password hash (explicit field list). `activeAdmins`: how many admins can act (decision 0424). */
export function toAdminUser(row: { user: UserRow; deletionDueAt: Date | null }, activeAdmins: number): AdminUser {
  const { user } = row;
  const active = user.isAdmin && !user.suspendedAt && !user.deletionRequestedAt;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    company: user.company,
    type: user.type,
    is_admin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
    deletionRequestedAt: iso(user.deletionRequestedAt),
    deletionDueAt: iso(row.deletionDueAt),
    emailVerified: user.emailVerifiedAt !== null,
    lastSignInAt: iso(user.lastSignInAt),
    suspendedAt: iso(user.suspendedAt),
    onlyAdmin: active && activeAdmins <= 1,
  };
}

/** The audit log's picture of a user: the editable fields only. */
export const auditUser = (u: UserRow) => ({ name: u.name, email: u.email, company: u.company, type: u.type, is_admin: u.isAdmin });

export function toAdminClaim(row: ClaimListRow, checks: ClaimChecks): AdminClaim {
  const { claim } = row;
  return {
    id: claim.id,
    status: claim.status,
    kind: claim.kind,
    companyRole: claim.companyRole,
    message: claim.message,
    reviewMessage: claim.reviewMessage,
    requestedAt: claim.createdAt.toISOString(),
    reviewedAt: iso(claim.reviewedAt),
    provider: { id: claim.providerId, name: row.providerName, slug: row.providerSlug },
    claimant: { id: claim.userId, name: row.claimantName, email: row.claimantEmail, emailVerified: row.claimantEmailVerifiedAt !== null },
    reviewedBy: row.reviewerName ? { name: row.reviewerName } : null,
    checks,
  };
}

type AuditChange = AuditEntry['changes'][number];

/** An admin action's before and after, field by field; a provider owner's user id becomes their name. */
function adminChanges(row: AuditLogRow): AuditChange[] {
  const before = row.before ?? {};
  const after = row.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) =>
    field === 'userId'
      ? { field: 'owner', from: before.userId ? (row.before_owner ?? 'a deleted account') : null, to: after.userId ? (row.after_owner ?? 'a deleted account') : null }
      : { field, from: before[field] ?? null, to: after[field] ?? null },
  );
}

/** A tender event's recorded changes (`{field: {from, to}}`); an award names the winner, not the response id. */
function tenderChanges(row: AuditLogRow): AuditChange[] {
  if (row.action === 'tender.awarded') return row.winner ? [{ field: 'winner', from: null, to: row.winner }] : [];
  const changes = (row.after ?? {}) as Record<string, { from?: unknown; to?: unknown } | undefined>;
  return Object.entries(changes).map(([field, c]) => ({ field, from: c?.from ?? null, to: c?.to ?? null }));
}

export function toAuditEntry(row: AuditLogRow): AuditEntry {
  const tender = row.source === 'tender';
  return {
    id: `${row.source}-${row.id}`,
    source: row.source,
    actor: { id: row.actor_id, name: row.actor_name ?? 'A deleted account' },
    action: row.action,
    targetType: row.target_type as AuditEntry['targetType'],
    targetId: row.target_id,
    target: { name: row.target_name, detail: row.target_detail },
    summary: row.summary,
    reason: row.reason,
    changes: tender ? tenderChanges(row) : adminChanges(row),
    before: tender ? null : (row.before ?? null),
    after: tender ? null : (row.after ?? null),
    createdAt: toIsoTimestamp(row.created_at),
  };
}

function waitingCommon(row: WaitingRowBase) {
  return {
    sentAt: toIsoTimestamp(row.sent_at),
    sender: row.sender_name ? { name: row.sender_name, company: row.sender_company ?? '' } : null,
    provider: {
      id: row.provider_id,
      name: row.provider_name,
      slug: row.provider_slug,
      email: row.provider_email || null,
      phone: row.provider_phone || null,
      website: row.provider_website || null,
      claimApproved: row.claim_approved,
    },
    status: row.status ?? ('waiting' as const),
    actedAt: iso(row.acted_at),
    forwardedTo: row.forwarded_to,
  };
}

export function toWaitingInvitation(row: WaitingInvitationRow): WaitingItem {
  return {
    kind: 'invitation',
    refId: `${row.tender_id}:${row.provider_id}`,
    title: row.title,
    ...waitingCommon(row),
  };
}

export function toWaitingQuote(row: WaitingQuoteRow): WaitingItem {
  const what = [row.service, row.location].filter(Boolean).join(' in ');
  return {
    kind: 'quote',
    refId: row.quote_id,
    title: what ? `Quote request: ${what}` : 'Quote request',
    ...waitingCommon(row),
  };
}
