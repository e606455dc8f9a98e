import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminClaim, ReviewClaimInput } from '@solar/shared/contracts/admin';
import { sendJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

export function useReviewClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewClaimInput & { id: string }) =>
      sendJson<{ success: true; data: AdminClaim }>('POST', `/api/admin/claims/${encodeURIComponent(id)}/review`, body).then((b) => b.data),
    // Ownership changed: provider pages and the claimant's dashboard read it again.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.all }), queryClient.invalidateQueries({ queryKey: ['providers'] })]),
  });
}
