import { accreditationLabel, type AccreditationScheme } from '@solar/shared/constants/trust';
import type { Accreditation, AdminAccreditation, AdminReview, PublicAccreditation, Review } from '@solar/shared/contracts/trust';
import { overallRating, workLabel } from '@solar/shared/domain/trust';
import type { AccreditationRow, ReviewRow } from '../../db/schema/index';

/** Rows → the trust feature's response shapes, each from an explicit field list (docs/security.md#access-control). */

export const evidenceUrl = (providerId: string, id: string) => `/api/providers/${providerId}/accreditations/${id}/evidence`;

export function toPublicAccreditation(row: AccreditationRow): PublicAccreditation {
  return {
    id: row.id,
    scheme: row.scheme as AccreditationScheme,
    label: accreditationLabel(row.scheme, row.otherName),
    number: row.number,
    scope: row.scope,
    expiresOn: row.expiresOn,
    status: row.status,
    verifiedAt: row.status === 'verified' ? (row.verifiedAt?.toISOString() ?? null) : null,
  };
}

export function toAccreditation(row: AccreditationRow): Accreditation {
  return {
    ...toPublicAccreditation(row),
    otherName: row.otherName,
    evidence:
      row.evidenceKey && row.evidenceFilename && row.evidenceMime
        ? { filename: row.evidenceFilename, mimeType: row.evidenceMime, size: row.evidenceSize ?? 0, url: evidenceUrl(row.providerId, row.id) }
        : null,
    reviewNote: row.reviewNote,
    createdAt: row.createdAt.toISOString(),
  };
}

export const toAdminAccreditation = (row: AccreditationRow, provider: { id: string; slug: string; name: string }): AdminAccreditation => ({
  ...toAccreditation(row),
  provider,
});

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    providerId: row.providerId,
    authorName: row.authorName,
    workLabel: workLabel(row.workKind, row.workDate),
    workKind: row.workKind,
    quality: row.quality,
    value: row.value,
    reliability: row.reliability,
    overall: overallRating(row),
    body: row.body,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export const toAdminReview = (row: ReviewRow, provider: { id: string; slug: string; name: string }): AdminReview => ({
  ...toReview(row),
  status: row.status,
  provider,
  flaggedAt: row.flaggedAt?.toISOString() ?? null,
  flagReason: row.flagReason,
  removedAt: row.removedAt?.toISOString() ?? null,
  removalReason: row.removalReason,
});
