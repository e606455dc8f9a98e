import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewClaimInput } from '@solar/shared/contracts/admin';
import { reviewClaim } from '@solar/shared/contracts/routes';
import { ADMIN_MESSAGES } from '@solar/shared/constants/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export function useReviewClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: ReviewClaimInput & { id: string }) => (await api.call(reviewClaim, { params: { id }, body }, { fallback: ADMIN_MESSAGES.reviewClaimFailed })).data,
    // Ownership changed: provider pages and the claimant's dashboard read it again.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.all }), queryClient.invalidateQueries({ queryKey: ['providers'] })]),
  });
}
