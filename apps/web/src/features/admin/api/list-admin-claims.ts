import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAdminClaims } from '@solar/shared/contracts/routes';
import { ADMIN_MESSAGES, type ClaimStatus } from '@solar/shared/constants/admin';
import { apiFor } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const adminClaimsQuery = (status: ClaimStatus) =>
  queryOptions({
    queryKey: adminKeys.claims(status),
    queryFn: ({ client }) => apiFor(client).call(listAdminClaims, { query: { status, pageSize: 200 } }, { fallback: ADMIN_MESSAGES.fetchClaimsFailed }),
  });

export const useAdminClaims = (status: ClaimStatus) => useQuery(adminClaimsQuery(status));
