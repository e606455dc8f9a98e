import { useMutation, useQueryClient } from '@tanstack/react-query';
import { completeQuote } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { quoteKeys } from './keys';

/** The provider marks a replied quote as completed work (decision 0480): its requester may then review it. */
export function useCompleteQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(completeQuote, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
