import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminClaim } from '@solar/shared/contracts/admin';
import type { ClaimStatus } from '@solar/shared/constants/admin';
import { getJson, toQueryString } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface AdminClaimList {
  data: AdminClaim[];
  pagination: { page: number; pages: number; total: number; pageSize: number };
  counts: Record<ClaimStatus, number>;
}

export const adminClaimsQuery = (status: ClaimStatus) =>
  queryOptions({
    queryKey: adminKeys.claims(status),
    queryFn: () => getJson<AdminClaimList>(`/api/admin/claims${toQueryString({ status, pageSize: 200 })}`),
  });

export const useAdminClaims = (status: ClaimStatus) => useQuery(adminClaimsQuery(status));
