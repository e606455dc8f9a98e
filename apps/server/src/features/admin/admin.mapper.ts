import type { ClaimChecks } from '@solar/shared/contracts/trust';
import type { AdminClaim, AdminUser, AuditEntry, WaitingItem } from '@solar/shared/contracts/admin';
import type { AdminAuditRow, UserRow } from '../../db/rows';
import { toIsoTimestamp, toIsoTimestampOrNull as iso } from '../../db/sql-helpers';
import type { ClaimListRow } from './admin-claims.repository';
import type { WaitingInvitationRow, WaitingQuoteRow, WaitingRowBase } from './admin-waiting.repository';

/** The pagination block of every admin list. */
export const pageOf = (page: number, pageSize: number, total: number) => ({ page, pageSize, total, pages: Math.max(1, Math.ceil(total / pageSize)) });

/** Admins see emails; never the password hash (explicit field list). */
export function toAdminUser(row: { user: UserRow; deletionDueAt: Date | null }): AdminUser {
  const { user } = row;
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

export function toAuditEntry(row: AdminAuditRow): AuditEntry {
  return {
    id: row.id,
    actor: { id: row.actorId, name: row.actorName },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
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
