import { useMutation, useQueryClient } from '@tanstack/react-query';
import { replyToReview } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { trustKeys } from './keys';

/** The provider's one public reply. */
export function useReplyToReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reply }: { id: string; reply: string }) => (await api.call(replyToReview, { params: { id }, body: { reply } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: trustKeys.all }),
  });
}
