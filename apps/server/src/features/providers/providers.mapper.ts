import type { MediaFile, Provider, ProviderSummary, UserClaim } from '@solar/shared/contracts/providers';
import type { ProviderTrust } from '@solar/shared/contracts/trust';
import { coordinatesOf } from '@solar/shared/domain/geo';
import type { ProviderClaimRow, ProviderMediaFileRow, ProviderRow } from '../../db/schema/index';

/** The one place a provider row becomes a public response: an explicit field list (docs/security.md#access-control). */
export function toProviderSummary(row: ProviderRow): ProviderSummary {
  return {
    id: row.id,
    slug: row.slug,
    userId: row.userId,
    businessName: row.businessName,
    description: row.description,
    type: row.type,
    services: row.services,
    expertise: row.expertise,
    technologies: row.technologies,
    scale: row.scale,
    phase: row.phase,
    certifications: row.certifications,
    industryAssociations: row.industryAssociations,
    industry_associations: row.industryAssociations,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    coordinates: coordinatesOf(row.latitude, row.longitude),
    serviceRadius: row.serviceRadius,
    service_radius: row.serviceRadius,
    logo: row.logo,
    coverImage: row.coverImage,
    website: row.website,
    phone: row.phone,
    email: row.email,
    linkedin: row.linkedin,
    linkedin_url: row.linkedin,
    twitter: row.twitter,
    twitter_url: row.twitter,
    facebook: row.facebook,
    facebook_url: row.facebook,
    placeId: row.placeId,
    claimed: row.claimed,
    claimApproved: row.claimApproved,
    rating: row.reviewCount > 0 && row.reviewAverage !== null ? { average: Math.round(Number(row.reviewAverage) * 10) / 10, count: row.reviewCount } : null,
    verifiedAccreditations: row.verifiedAccreditations,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMediaFile(row: ProviderMediaFileRow, publicUrl: (key: string) => string): MediaFile {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    url: publicUrl(row.storageKey),
    thumbnailUrl: row.thumbnailKey ? publicUrl(row.thumbnailKey) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toProvider(
  row: ProviderRow,
  extras: {
    ownerName: string | null;
    mediaFiles: MediaFile[];
    claims: Array<{ claim: ProviderClaimRow; userName: string }>;
    viewerClaim: ProviderClaimRow | null;
    trust: ProviderTrust;
  },
): Provider {
  return {
    ...toProviderSummary(row),
    user: extras.ownerName === null ? null : { name: extras.ownerName },
    mediaFiles: extras.mediaFiles,
    claims: extras.claims.map(({ claim, userName }) => ({
      id: claim.id,
      userName,
      companyRole: claim.companyRole,
      message: claim.message,
      kind: claim.kind,
      status: claim.status,
      createdAt: claim.createdAt.toISOString(),
    })),
    trust: extras.trust,
    viewerClaim: extras.viewerClaim && {
      status: extras.viewerClaim.status,
      kind: extras.viewerClaim.kind,
      createdAt: extras.viewerClaim.createdAt.toISOString(),
    },
  };
}

export function toUserClaim(row: { claim: ProviderClaimRow; providerSlug: string; providerName: string }): UserClaim {
  const { claim } = row;
  return {
    id: claim.id,
    providerId: claim.providerId,
    providerSlug: row.providerSlug,
    providerName: row.providerName,
    companyRole: claim.companyRole,
    message: claim.message,
    kind: claim.kind,
    status: claim.status,
    reviewMessage: claim.reviewMessage,
    createdAt: claim.createdAt.toISOString(),
    reviewedAt: claim.reviewedAt ? claim.reviewedAt.toISOString() : null,
  };
}
