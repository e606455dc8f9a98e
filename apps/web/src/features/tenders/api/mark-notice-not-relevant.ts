import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markNoticeNotRelevant } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** An admin's 'Not relevant' on an imported notice (decision 0462): off the board, dropped at its next import. */
export function useMarkNoticeNotRelevant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.call(markNoticeNotRelevant, { params: { id } }, { fallback: 'Failed to mark the notice not relevant' })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}
