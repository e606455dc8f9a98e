import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flagReview } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { trustKeys } from './keys';

/** The provider reports a review against the policy. */
export function useFlagReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api.call(flagReview, { params: { id }, body: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: trustKeys.all }),
  });
}
